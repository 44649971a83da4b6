#!/usr/bin/env bash
# card index detector, fold white, stage 3: close-ups (models/README.md, "Stage 3" of fold white), run from
# /work/main once detector p1s3 has ended (one training at a time); then its figures
set -euo pipefail
cd /work/main && source .venv/bin/activate
C=models/candidates/cdet-white; W=out/runs/cdet-white3
while [ ! -f out/p1s3-done ]; do sleep 30; done
[ -d out/cards-white ] || nice -n 19 python -m research.cards.stage data out/cards-white --holdout white
nice -n 19 python -m research.cards.stage scenes out/cards-close/scenes-white --pool close-train --count 300 --val 0 \
    --seed 9330 --prints-without 0
mkdir -p out/cdet-white && cat > out/cdet-white/data-tile3.yaml <<YAML
path: /work/main/out
train: [cards-white/images/train, cards-r9/scenes-white/images/train, cards-r10/scenes-white/images/train, cards-close/scenes-white/images/train]
val: cards-white/images/val
names:
  0: index
YAML
cp out/cdet-white/data-tile3.yaml $C/data-tile3.yaml
date -u > out/cdet-white3-started
nice -n 19 remi vision train out/cdet-white/data-tile3.yaml --stage detector --init $C/cdet-white.pt \
    --lr0 0.0005 --imgsz 640 --epochs 6 --name cdet-white3 --seed 0 --out out/runs
cp $W/weights/last.pt $C/cdet-white3.pt; cp $W/results.csv $C/results3.csv
date -u > out/cdet-white3-done
remi vision export $C/cdet-white3.pt models/candidates/cards11/reader11-white.pt --out out/cf-white3 --kind cards > /dev/null
nice -n 5 python -m research.cards.stage eval out/cf-white3 --fold white --json $C/figures/white3-reader11.json > /dev/null
nice -n 5 python -m research.cards.boxed_by_size white=out/cf-white3 --json $C/figures/white3-boxed-by-size.json > /dev/null
date -u > out/cdet-white3-figures-done
