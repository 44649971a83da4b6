#!/usr/bin/env bash
# A tile reader's number part resumed (readers v34-v36, models/README.md and the diary): trained on
# v32's crop sets (research/figures/reader_sets.sh), the J set of v33 and any SETS given first,
# paired with v16's orientation part and split with v20.1 (colours); the stage committed under
# models/candidates/NAME is copied, not trained again; then its figures beside the shipped folder
# on four fresh pools (research/figures/reader_candidate.sh), the J's drawn alone, the sample photos
# both ways and rummy4's marks. STAGE=train stops after the weights; TRAIN_OPTS, options added to
# the training's (v37: --face-shapes 0.5).
#   bash research/figures/reader_resume.sh v35 models/candidates/v34/v34p.pt 7 2 v34 ai 127 [SETS.npz ...]
set -euo pipefail
N=${1:?the candidate name}; INIT=${2:?the number part it resumes}; SEED=${3:?}; EPOCHS=${4:?}
OLD=${5:?the shipped reader s name}; SET=${6:?the pools letter}; STEM=${7:?the seeds stem}; shift 7
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/$N; R=out/r${N#v}; mkdir -p $R out/r201
[ -f $R/${N}p.pt ] || [ ! -f $C/${N}p.pt ] || cp $C/${N}p.pt $R/${N}p.pt  # the committed stage: not trained again
if [ ! -f $R/${N}p.pt ]; then
  bash research/figures/reader_sets.sh
  [ -f out/r33/scenes.npz ] || STAGE=train bash models/candidates/v33/run.sh  # the J set (and v33, not used)
  date -u > $R/train-started
  [ -f $R/${N}n.pt ] || $T train $R/${N}n.pt "$@" out/r32/scenes.npz out/r20/most.npz out/r16/more.npz out/r12/wide.npz \
      out/r12/old.npz --numbers-only out/r23/small.npz out/r33/scenes.npz --init $INIT \
      --epochs $EPOCHS --lr 0.0003 --seed $SEED --turned 0.5 ${TRAIN_OPTS:-} > $R/train.log 2>&1
fi
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
[ -f $R/${N}p.pt ] || python -m research.cards.pretrained_reader pair $R/${N}p.pt $R/${N}n.pt models/candidates/v16/v16.pt
[ -f $R/$N.pt ] || python -m research.cards.pretrained_reader split $R/$N.pt $R/${N}p.pt out/r201/v201.pt
cmp -s $R/${N}p.pt $C/${N}p.pt || cp $R/${N}p.pt $C/${N}p.pt; [ ! -f $R/train.log ] || cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
SHIPPED=$OLD bash research/figures/reader_candidate.sh $N $R/$N.pt $SET $STEM
python research/joker_faces.py --models $R/models --json $C/figures/joker-faces-$N.json > /dev/null
python research/samples_turned.py --models $R/models --out $C/figures/samples-$N.txt > /dev/null
python research/vision_flags.py --session rummy4 --models $R/models --json $C/figures/flags/rummy4-$N.json > /dev/null
