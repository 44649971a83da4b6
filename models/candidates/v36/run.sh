#!/usr/bin/env bash
# Reader v36 (models/README.md, "Reader v36"): v35's number part resumed 1 epoch on v35's sets and
# two fresh ones (900 scenes of most-train, 900 of many-turned, new seeds); paired with v16's
# orientation part and split with v20.1 (colours) as v35; then its figures beside v35's on fresh pools.
#   bash models/candidates/v36/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"; G="nice -n 19 remi vision generate"
MIX=rack=0.4,crowd=0.2,close=0.2,lying=0.1,table=0.1
C=models/candidates/v36; R=out/r36; mkdir -p $R out/r201
[ -f $R/v36p.pt ] || [ ! -f $C/v36p.pt ] || cp $C/v36p.pt $R/v36p.pt  # the committed stage: not trained again
draw() {  # folder, then remi vision generate's options (as research/figures/reader_sets.sh draws)
  local dir=$1; shift
  [ -d "$dir" ] || $G "$dir" --val 0 --holdout rummy4 --jobs 2 "$@" > "$dir.log" 2>&1
  [ -f "$dir.npz" ] || $T tile-crops "$dir.npz" "$dir" --mine-with models --holdout rummy4 > "$dir-crops.log" 2>&1
}
if [ ! -f $R/v36p.pt ]; then
  bash research/figures/reader_sets.sh
  [ -f out/r33/scenes.npz ] || STAGE=train bash models/candidates/v33/run.sh  # the J set (and v33, not used)
  draw $R/most --editions most-train --layouts $MIX --count 900 --seed 3601
  draw $R/turned --editions many-turned --layouts $MIX --count 900 --seed 3602
  date -u > $R/train-started
  [ -f $R/v36n.pt ] || $T train $R/v36n.pt $R/most.npz $R/turned.npz out/r32/scenes.npz out/r20/most.npz out/r16/more.npz \
      out/r12/wide.npz out/r12/old.npz --numbers-only out/r23/small.npz out/r33/scenes.npz \
      --init models/candidates/v35/v35p.pt --epochs 1 --lr 0.0003 --seed 8 --turned 0.5 > $R/train.log 2>&1
fi
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
[ -f $R/v36p.pt ] || python -m research.cards.pretrained_reader pair $R/v36p.pt $R/v36n.pt models/candidates/v16/v16.pt
[ -f $R/v36.pt ] || python -m research.cards.pretrained_reader split $R/v36.pt $R/v36p.pt out/r201/v201.pt
cmp -s $R/v36p.pt $C/v36p.pt || cp $R/v36p.pt $C/v36p.pt; [ ! -f $R/train.log ] || cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
SHIPPED=v35 bash research/figures/reader_candidate.sh v36 $R/v36.pt aj 128
python research/joker_faces.py --models $R/models --json $C/figures/joker-faces-v36.json > /dev/null
python research/samples_turned.py --models $R/models --out $C/figures/samples-v36.txt > /dev/null
python research/vision_flags.py --session rummy4 --models $R/models --json $C/figures/flags/rummy4-v36.json > /dev/null
