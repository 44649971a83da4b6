#!/usr/bin/env bash
# fold iphone's card detector, stage 5: black decks (models/README.md, "Stage 5"), run from /work/main; then its figures
set -euo pipefail
cd /work/main && source .venv/bin/activate
C=models/candidates/cdet-iphone; W=out/runs/cdet-iphone5
[ -d out/cards-dark/scenes-iphone ] || nice -n 19 python -m research.cards.stage scenes out/cards-dark/scenes-iphone \
    --pool spread-train --count 300 --val 0 --seed 9321 --prints-without 1 --dark 0.5
mkdir -p out/cdet-iphone5 && cp $C/data-tile5.yaml out/cdet-iphone5/data-tile.yaml
while [ ! -f out/cdet-white-figures-done ]; do sleep 20; done   # one training at a time: fold white's detector first
date -u > out/cdet5-train-started
nice -n 19 remi vision train out/cdet-iphone5/data-tile.yaml --stage detector --init $C/cdet-iphone3.pt \
    --lr0 0.0003 --imgsz 640 --epochs 4 --name cdet-iphone5 --seed 0 --out out/runs
cp $W/weights/last.pt $C/cdet-iphone5.pt; cp $W/results.csv $C/results5.csv
date -u > out/cdet5-train-done
remi vision export $C/cdet-iphone5.pt models/candidates/cards11/reader11-iphone.pt --out out/cf5-iphone --kind cards > /dev/null
nice -n 5 python -m research.cards.stage eval out/cf5-iphone --fold iphone --json $C/figures/iphone5-reader11.json > /dev/null
date -u > out/cdet5-figures-done
