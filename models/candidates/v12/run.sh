#!/usr/bin/env bash
# reader v12 (models/README.md, "Reader v12"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
G="nice -n 19 remi vision generate"; L=rack=0.5,close=0.2,lying=0.2,table=0.1
C="nice -n 19 python -m research.cards.pretrained_reader tile-crops"
date -u > out/r12/started
$G out/r12/wide --editions wide-train --layouts $L --count 600 --val 0 --seed 1205 --holdout rummy4 --jobs 2 > out/r12/wide.log 2>&1
$G out/r12/old --editions train --layouts $L --count 300 --val 0 --seed 1207 --holdout rummy4 --jobs 2 > out/r12/old.log 2>&1
$G out/r12/joker --editions joker-train --layouts $L --count 300 --val 0 --seed 1212 --holdout rummy4 --jobs 2 > out/r12/joker.log 2>&1
$C out/r12/wide.npz out/r12/wide --mine-with models --holdout rummy4 > out/r12/wide-crops.log 2>&1
$C out/r12/old.npz out/r12/old --mine-with models --holdout rummy4 > out/r12/old-crops.log 2>&1
$C out/r12/joker.npz out/r12/joker --mine-with models --edges 0.4 --blur 0.3 --seed 12 \
    --holdout rummy --holdout rummy2 --holdout rummy4 > out/r12/joker-crops.log 2>&1
date -u > out/r12/train-started
nice -n 19 python -m research.cards.pretrained_reader train out/r12/v12.pt out/r12/wide.npz out/r12/old.npz \
    out/r11/crops.npz out/r12/joker.npz --init models/tile-reader.pt --epochs 2 --lr 0.001 --seed 0 --turned 0.5 > out/r12/train.log 2>&1
date -u > out/r12/done
$G out/r12/calib --editions wide-train --layouts $L --count 0 --val 150 --seed 1206 --holdout rummy4 --jobs 2 > out/r12/calib.log 2>&1
CALIB=out/r12/calib nice -n 19 bash research/figures/reader.sh v12 > out/r12/figures.log 2>&1
date -u > out/r12/figures-done
