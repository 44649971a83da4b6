#!/usr/bin/env bash
# fold iphone's card detector, stage 4 (models/README.md, "Stage 4"), run from /work/main; then its figures
set -euo pipefail
cd /work/main && source .venv/bin/activate
while [ ! -f out/cards-r12/all-done ]; do sleep 20; done   # one training at a time: card reader 12 first
date -u > out/cdet4-train-started
nice -n 19 remi vision train out/cdet-iphone/data-tile.yaml --stage detector --init models/candidates/cdet-iphone/cdet-iphone3.pt \
    --lr0 0.0003 --imgsz 640 --epochs 6 --name cdet-iphone4 --seed 0 --out out/runs
C=models/candidates/cdet-iphone; W=out/runs/cdet-iphone4
cp $W/weights/last.pt $C/cdet-iphone4.pt; cp $W/results.csv $C/results4.csv
date -u > out/cdet4-train-done
remi vision export $C/cdet-iphone4.pt models/candidates/cards11/reader11-iphone.pt --out out/cf4-iphone --kind cards > /dev/null
nice -n 5 python -m research.cards.stage eval out/cf4-iphone --fold iphone --json $C/figures/iphone4-reader11.json > /dev/null
date -u > out/cdet4-figures-done
