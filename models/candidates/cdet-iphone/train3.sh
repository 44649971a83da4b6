#!/usr/bin/env bash
# fold iphone's card detector, stage 3 (models/README.md, "Stage 3"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
while [ ! -f out/cdet3-data-done ]; do sleep 20; done
date -u > out/cdet3-train-started
nice -n 19 remi vision train out/cdet-iphone/data-tile.yaml --stage detector --init models/candidates/cdet-iphone/cdet-iphone.pt \
    --lr0 0.0005 --imgsz 640 --epochs 6 --name cdet-iphone3 --seed 0 --out out/runs
date -u > out/cdet3-train-done
