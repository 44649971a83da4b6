#!/usr/bin/env bash
# reader v11 (models/README.md, "Reader v11"), run from /work/wt-v11 (out -> /work/main/out)
set -euo pipefail
cd /work/wt-v11 && source .venv/bin/activate
date -u > out/r11/started
nice -n 19 remi vision generate out/r11/scenes --editions thin-train --layouts rack=0.5,close=0.2,lying=0.2,table=0.1 \
    --count 400 --val 0 --seed 1101 --holdout rummy4 --jobs 2 > out/r11/scenes.log 2>&1
nice -n 19 python -m research.cards.pretrained_reader tile-crops out/r11/crops.npz out/r11/scenes --mine-with models \
    --edges 0.4 --blur 0.3 --seed 11 --holdout rummy --holdout rummy2 --holdout rummy4 > out/r11/crops.log 2>&1
date -u > out/r11/train-started
nice -n 19 python -m research.cards.pretrained_reader train out/r11/v11.pt out/r9/crops.npz out/r10/crops.npz \
    out/r11/crops.npz --init models/candidates/v10/v10.pt --epochs 1 --lr 0.0005 --seed 0 --turned 0.5 > out/r11/train.log 2>&1
date -u > out/r11/done
