#!/usr/bin/env bash
# A tile reader taught new faces (readers v31 and v32): v27's number part resumed 2 epochs on 900
# scenes of a tilefaces pool beside v27's five crop sets, paired with v16's orientation part and
# split with v20.1 (colours) as v27 was; its weights copied to models/candidates/NAME, then its
# figures beside v27's on four fresh pools (research/figures/reader_candidate.sh).
#   bash research/figures/reader_faces.sh v32 many-turned 3201 4 ae 123   (STAGE=train stops after the weights)
set -euo pipefail
N=${1:?name}; POOL=${2:?tilefaces pool}; SCENES=${3:?scene seed}; SEED=${4:?training seed}; SET=${5:?pools letter}; STEM=${6:?seeds stem}
source .venv/bin/activate
G="nice -n 19 remi vision generate"; T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/$N; R=out/r${N#v}; mkdir -p $R
[ -f out/r27/v27n.pt ] || STAGE=train bash models/candidates/v27/run.sh
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
date -u > $R/data-started
[ -d $R/scenes ] || $G $R/scenes --editions $POOL --layouts rack=0.4,crowd=0.2,close=0.2,lying=0.1,table=0.1 --count 900 \
    --val 0 --seed $SCENES --holdout rummy4 --jobs 2 > $R/scenes.log 2>&1
[ -f $R/scenes.npz ] || $T tile-crops $R/scenes.npz $R/scenes --mine-with models --holdout rummy4 > $R/scenes-crops.log 2>&1
date -u > $R/train-started
[ -f $R/${N}n.pt ] || $T train $R/${N}n.pt $R/scenes.npz out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz \
    --numbers-only out/r23/small.npz --init out/r27/v27n.pt --epochs 2 --lr 0.0005 --seed $SEED --turned 0.5 > $R/train.log 2>&1
[ -f $R/${N}p.pt ] || python -m research.cards.pretrained_reader pair $R/${N}p.pt $R/${N}n.pt models/candidates/v16/v16.pt
[ -f $R/$N.pt ] || python -m research.cards.pretrained_reader split $R/$N.pt $R/${N}p.pt out/r201/v201.pt
cp $R/${N}p.pt $C/${N}p.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
SHIPPED=v27 bash research/figures/reader_candidate.sh $N $R/$N.pt $SET $STEM
