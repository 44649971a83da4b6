#!/usr/bin/env bash
# Reader v33 (models/README.md, "Reader v33"): v32's number part resumed 2 epochs on 700 scenes of
# joker-turned (every joker a J, half the editions in the old faces, whose J has a bar), paired with
# v16's orientation part and split with v20.1 (colours) as v32; then its figures beside v32's on four
# fresh pools (research/figures/reader_candidate.sh).
#   bash models/candidates/v33/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v33; R=out/r33; mkdir -p $R
mkdir -p out/r201; [ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
# the calibration set, as models/candidates/v12/run.sh drew it
[ -d out/r12/calib ] || $G out/r12/calib --editions wide-train --layouts rack=0.5,close=0.2,lying=0.2,table=0.1 \
    --count 0 --val 150 --seed 1206 --holdout rummy4 --jobs 2 > /dev/null
date -u > $R/data-started
[ -d $R/scenes ] || $G $R/scenes --editions joker-turned --layouts rack=0.4,crowd=0.2,close=0.2,lying=0.1,table=0.1 \
    --count 700 --val 0 --seed 3301 --holdout rummy4 --jobs 2 > $R/scenes.log 2>&1
[ -f $R/scenes.npz ] || $T tile-crops $R/scenes.npz $R/scenes --mine-with models --holdout rummy4 > $R/scenes-crops.log 2>&1
date -u > $R/train-started
[ -f $R/v33n.pt ] || $T train $R/v33n.pt $R/scenes.npz --init models/candidates/v32/v32p.pt --epochs 2 --lr 0.0003 \
    --seed 5 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v33p.pt ] || python -m research.cards.pretrained_reader pair $R/v33p.pt $R/v33n.pt models/candidates/v16/v16.pt
[ -f $R/v33.pt ] || python -m research.cards.pretrained_reader split $R/v33.pt $R/v33p.pt out/r201/v201.pt
cp $R/v33p.pt $C/v33p.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
SHIPPED=v32 bash research/figures/reader_candidate.sh v33 $R/v33.pt ag 125
