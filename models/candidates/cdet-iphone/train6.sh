#!/usr/bin/env bash
# fold iphone's card detector, stage 6: close-ups (models/README.md, "Stage 6"), run from /work/main once fold
# white's stage 3 has its figures (one training at a time); then its figures
set -euo pipefail
cd /work/main && source .venv/bin/activate
C=models/candidates/cdet-iphone; W=out/runs/cdet-iphone6
[ -d out/cards-dark/scenes-iphone ] || nice -n 19 python -m research.cards.stage scenes out/cards-dark/scenes-iphone \
    --pool spread-train --count 300 --val 0 --seed 9321 --prints-without 1 --dark 0.5
nice -n 19 python -m research.cards.stage scenes out/cards-close/scenes-iphone --pool close-train --count 300 --val 0 \
    --seed 9331 --prints-without 1 --dark 0.5
mkdir -p out/cdet-iphone6 && cp $C/data-tile6.yaml out/cdet-iphone6/data-tile.yaml
[ -f $C/cdet-iphone3.pt ] || git show b554eb4:$C/cdet-iphone3.pt > $C/cdet-iphone3.pt   # stage 3 left the tree
while [ ! -f out/cdet-white3-figures-done ]; do sleep 20; done
date -u > out/cdet6-train-started
nice -n 19 remi vision train out/cdet-iphone6/data-tile.yaml --stage detector --init $C/cdet-iphone3.pt \
    --lr0 0.0003 --imgsz 640 --epochs 4 --name cdet-iphone6 --seed 0 --out out/runs
cp $W/weights/last.pt $C/cdet-iphone6.pt; cp $W/results.csv $C/results6.csv
date -u > out/cdet6-train-done
remi vision export $C/cdet-iphone6.pt models/candidates/cards11/reader11-iphone.pt --out out/cf6-iphone --kind cards > /dev/null
nice -n 5 python -m research.cards.stage eval out/cf6-iphone --fold iphone --json $C/figures/iphone6-reader11.json > /dev/null
nice -n 5 python -m research.cards.boxed_by_size iphone=out/cf6-iphone --json $C/figures/iphone6-boxed-by-size.json > /dev/null
date -u > out/cdet6-figures-done
