#!/usr/bin/env bash
# reader v14 (models/README.md, "Reader v14"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
G="nice -n 10 remi vision generate"
date -u > out/r14/pools-started
# the fresh pools, drawn once (as research/figures/fresh.sh draws them), while the card trainings run
[ -d out/pool-wide-b ] || $G out/pool-wide-b --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 \
    --count 0 --val 120 --seed 9463 --largest 4032 --jobs 2 > out/r14/pool-wide-b.log 2>&1
[ -d out/pool-editions-b ] || $G out/pool-editions-b --layouts default --editions test --count 0 --val 120 \
    --seed 9461 --jobs 2 > out/r14/pool-editions-b.log 2>&1
[ -d out/pool-racks-b ] || $G out/pool-racks-b --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 \
    --seed 9462 --largest 4032 --jobs 2 > out/r14/pool-racks-b.log 2>&1
date -u > out/r14/pools-done
while [ ! -f out/cards-r9/win-done ]; do sleep 30; done   # one training at a time: card reader 9 first
P="python -m research.cards.pretrained_reader"; C="out/r12/wide.npz out/r12/old.npz out/r11/crops.npz out/r12/joker.npz"
date -u > out/r14/teach-started
nice -n 19 $P teach out/r14/taught.npz out/r13/v13.pt $C > out/r14/teach.log 2>&1
date -u > out/r14/train-started
nice -n 19 $P train out/r14/v14.pt $C --init models/candidates/v12/v12.pt --epochs 1 --lr 0.0005 --seed 0 \
    --turned 0.5 --taught out/r14/taught.npz --taught-share 0.5 > out/r14/train.log 2>&1
date -u > out/r14/train-done
CALIB=out/r12/calib bash research/figures/reader.sh v14 > out/r14/figures.log 2>&1
bash research/figures/fresh.sh v14 > out/r14/fresh.log 2>&1
date -u > out/r14/figures-done
