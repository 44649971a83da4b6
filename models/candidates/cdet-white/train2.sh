#!/usr/bin/env bash
# card index detector, fold white, stage 2 (models/README.md, "Stage 2" of fold white), run from /work/main; then its figures
set -euo pipefail
cd /work/main && source .venv/bin/activate
C=models/candidates/cdet-white; W=out/runs/cdet-white2
[ -d out/cards-white ] || nice -n 19 python -m research.cards.stage data out/cards-white --holdout white
mkdir -p out/cdet-white && cp $C/data-tile.yaml out/cdet-white/
date -u > out/cdet-white2-started
nice -n 19 remi vision train out/cdet-white/data-tile.yaml --stage detector --init $C/cdet-white.pt \
    --lr0 0.0005 --imgsz 640 --epochs 6 --name cdet-white2 --seed 0 --out out/runs
cp $W/weights/last.pt $C/cdet-white2.pt; cp $W/results.csv $C/results2.csv
date -u > out/cdet-white2-done
remi vision export $C/cdet-white2.pt models/candidates/cards11/reader11-white.pt --out out/cf-white2 --kind cards > /dev/null
nice -n 5 python -m research.cards.stage eval out/cf-white2 --fold white --json $C/figures/white2-reader11.json > /dev/null
date -u > out/cdet-white2-figures-done
