#!/usr/bin/env bash
# Reader v20: v16 taught forty-seven Debian font families more (models/README.md, "Reader v20");
# data, training, its folder and every figure.   bash models/candidates/v20/run.sh   (from the root)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v20; F=$C/figures; R=out/r20; mkdir -p $F/flags $R
# the new crops: most-train's families (train, more and extra), full racks among the layouts
date -u > $R/data-started
[ -d $R/most ] || $G $R/most --editions most-train --layouts rack=0.4,crowd=0.2,close=0.2,lying=0.1,table=0.1 --count 900 \
    --val 0 --seed 2001 --holdout rummy4 --jobs 2 > $R/most.log 2>&1
[ -f $R/most.npz ] || $T tile-crops $R/most.npz $R/most --mine-with models --holdout rummy4 > $R/most-crops.log 2>&1
# v16's own sets (drawn by ../v16/run.sh with their seeds) kept in the mix, so that it forgets nothing
date -u > $R/train-started
$T train $R/v20.pt $R/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz --init models/candidates/v16/v16.pt \
    --epochs 2 --lr 0.0005 --seed 0 --turned 0.5 > $R/train.log 2>&1
cp $R/v20.pt $C/v20.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
# its folder, calibrated on out/r12/calib before any pool is read with it
bash research/figures/reader_folder.sh $R/v20.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json
# fresh pools (seeds fixed with the rule, read by nothing before), the shipped folder and v20's side by side
bash research/figures/pools.sh l 104
for P in pool-editions-l pool-racks-l pool-wide-l pool-crowd-l; do
  for M in shipped=models v20=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json > $F/$P-${M%%=*}.json
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v20.json
done
python research/vision_flags.py --session rummy4 --models $R/models --json $F/flags/rummy4-v20.json > /dev/null
python research/vision_turned.py --session rummy4 --turn 180 --models $R/models --json $F/turned-rummy4-v20.json > /dev/null
(echo "== $R/models"; REMI_MODELS=$R/models python ../shared/calibration/digit_size.py) > $F/digit_size.txt
date -u > $R/figures-done
