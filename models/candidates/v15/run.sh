#!/usr/bin/env bash
# reader v15 (models/README.md, "Reader v15"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
G="nice -n 10 remi vision generate"
date -u > out/r15/pools-started
[ -d out/pool-wide-c ] || $G out/pool-wide-c --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 \
    --count 0 --val 120 --seed 9563 --largest 4032 --jobs 2 > out/r15/pool-wide-c.log 2>&1
[ -d out/pool-editions-c ] || $G out/pool-editions-c --layouts default --editions test --count 0 --val 120 \
    --seed 9561 --jobs 2 > out/r15/pool-editions-c.log 2>&1
[ -d out/pool-racks-c ] || $G out/pool-racks-c --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 \
    --seed 9562 --largest 4032 --jobs 2 > out/r15/pool-racks-c.log 2>&1
date -u > out/r15/pools-done
while [ ! -f out/cards-r10/win-done ]; do sleep 20; done   # one training at a time: card reader 10 first
P="python -m research.cards.pretrained_reader"; C="out/r12/wide.npz out/r12/old.npz out/r11/crops.npz out/r12/joker.npz"
date -u > out/r15/train-started
nice -n 19 $P train out/r15/v15.pt $C --init models/candidates/v14/v14.pt --epochs 1 --lr 0.0003 --seed 1 \
    --turned 0.5 --taught out/r14/taught.npz --taught-share 0.5 > out/r15/train.log 2>&1
date -u > out/r15/train-done
CALIB=out/r12/calib bash research/figures/reader.sh v15 > out/r15/figures.log 2>&1
SET=c bash research/figures/fresh.sh v15 > out/r15/fresh.log 2>&1
date -u > out/r15/figures-done
