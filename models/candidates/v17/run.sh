#!/usr/bin/env bash
# Reader v17: v16 taught that a blank pale shape is no tile (models/README.md, "Reader v17"): data,
# training, its folder and every figure, from a checkout of ac9aef8 (blank-crops left the tree with
# v17's failure).   bash models/candidates/v17/run.sh   (from the root)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v17; F=$C/figures; R=out/r17; mkdir -p $F/flags $R
while [ ! -f out/cdet-win4-figures-done ]; do sleep 30; done   # one training at a time: fold win's detector first
date -u > $R/data-started
$T blank-crops $R/blanks.npz --count 6000 --seed 17 > $R/blanks.log 2>&1
date -u > $R/train-started
$T train $R/v17.pt out/r16/more.npz out/r12/wide.npz out/r12/old.npz $R/blanks.npz --init models/candidates/v16/v16.pt \
    --epochs 1 --lr 0.0003 --seed 1 --turned 0.5 > $R/train.log 2>&1
cp $R/v17.pt $C/v17.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
bash research/figures/reader_folder.sh $R/v17.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json
P="remi vision generate"
[ -d out/pool-wide-f ] || $P out/pool-wide-f --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 --count 0 --val 120 --seed 9863 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-editions-f ] || $P out/pool-editions-f --layouts default --editions test --count 0 --val 120 --seed 9861 --jobs 2 > /dev/null
[ -d out/pool-racks-f ] || $P out/pool-racks-f --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 --seed 9862 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-crowd-f ] || $P out/pool-crowd-f --layouts crowd=1 --editions test --count 0 --val 120 --seed 9864 --largest 4032 --jobs 2 > /dev/null
for P in pool-wide-f pool-editions-f pool-racks-f pool-crowd-f; do
  python research/vision_loso.py --folder out/$P --fold v16=models --fold v17=$R/models --json $F/$P.json > /dev/null
  for M in v16=models v17=$R/models; do
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
    remi vision eval out/$P --models ${M#*=} --json --errors $R/$P-${M%%=*}-errors.png > $F/$P-${M%%=*}-eval.json
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v17.json
  python research/vision_flags.py --session $S --models $R/models --json $F/flags/$S-v17.json > /dev/null
done
(echo "== $R/models"; REMI_MODELS=$R/models python ../shared/calibration/digit_size.py) > $F/digit_size.txt
date -u > $R/figures-done
