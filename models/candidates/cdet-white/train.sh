#!/usr/bin/env bash
# card index detector, fold white (models/README.md, "Card index detector, fold white"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
C=models/candidates/cdet-white
nice -n 19 python -m research.cards.stage data out/cards-white --holdout white
mkdir -p out/cdet-white && cp $C/data-tile.yaml out/cdet-white/
while [ ! -f out/cdet4-figures-done ]; do sleep 20; done   # one training at a time: fold iphone's stage 4 first
date -u > out/cdet-white-started
nice -n 19 remi vision train out/cdet-white/data-tile.yaml --stage detector --pretrained ../shared/pretrained/yolov5n-coco.pt \
    --imgsz 640 --epochs 6 --lr0 0.002 --name cdet-white --seed 0 --out out/runs
cp out/runs/cdet-white/weights/last.pt $C/cdet-white.pt; cp out/runs/cdet-white/results.csv $C/results.csv
date -u > out/cdet-white-done
remi vision export $C/cdet-white.pt models/candidates/cards11/reader11-white.pt --out out/cf-white --kind cards > /dev/null
mkdir -p $C/figures
nice -n 5 python -m research.cards.stage eval out/cf-white --fold white --json $C/figures/white-reader11.json > /dev/null
date -u > out/cdet-white-figures-done
