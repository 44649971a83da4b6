#!/usr/bin/env bash
# fold iphone's card detector, stage 3 (models/README.md, "Stage 3"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
while [ ! -f out/cdet3-data-done ]; do sleep 20; done
# stage 1's weights left the tree after stage 6: commit e642316 holds them
S1=out/cdet-iphone/cdet-iphone.pt; [ -f $S1 ] || git show e642316:models/candidates/cdet-iphone/cdet-iphone.pt > $S1
date -u > out/cdet3-train-started
nice -n 19 remi vision train out/cdet-iphone/data-tile.yaml --stage detector --init $S1 \
    --lr0 0.0005 --imgsz 640 --epochs 6 --name cdet-iphone3 --seed 0 --out out/runs
date -u > out/cdet3-train-done
