#!/usr/bin/env bash
# Reader v16: v15 taught twenty-nine Debian font families more (models/README.md, "Reader v16");
# data, training, its folder and every figure.   bash models/candidates/v16/run.sh   (from the root)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v16; F=$C/figures; R=out/r16; mkdir -p $F/flags $R out/r12
L=rack=0.5,close=0.2,lying=0.2,table=0.1
# the new crops: wide-train's families and twenty-nine more, full racks among the layouts
date -u > $R/data-started
$G $R/more --editions more-train --layouts rack=0.4,crowd=0.2,close=0.2,lying=0.1,table=0.1 --count 900 --val 0 \
    --seed 1601 --holdout rummy4 --jobs 2 > $R/more.log 2>&1
# v12's wide and old sets drawn again with their seeds (what v15 learned, kept in the mix) and its calibration set
[ -d out/r12/wide ] || $G out/r12/wide --editions wide-train --layouts $L --count 600 --val 0 --seed 1205 --holdout rummy4 --jobs 2 > $R/wide.log 2>&1
[ -d out/r12/old ] || $G out/r12/old --editions train --layouts $L --count 300 --val 0 --seed 1207 --holdout rummy4 --jobs 2 > $R/old.log 2>&1
[ -d out/r12/calib ] || $G out/r12/calib --editions wide-train --layouts $L --count 0 --val 150 --seed 1206 --holdout rummy4 --jobs 2 > $R/calib.log 2>&1
for S in $R/more out/r12/wide out/r12/old; do
  [ -f $S.npz ] || $T tile-crops $S.npz $S --mine-with models --holdout rummy4 > $S-crops.log 2>&1
done
date -u > $R/train-started
$T train $R/v16.pt $R/more.npz out/r12/wide.npz out/r12/old.npz --init models/candidates/v15/v15.pt \
    --epochs 2 --lr 0.0005 --seed 0 --turned 0.5 > $R/train.log 2>&1
cp $R/v16.pt $C/v16.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
# its folder, calibrated on out/r12/calib before any pool is read with it
bash research/figures/reader_folder.sh $R/v16.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json
# fresh pools (seeds fixed with the rule, read by nothing before), the shipped folder and v16's side by side
P="remi vision generate"
[ -d out/pool-wide-e ] || $P out/pool-wide-e --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 --count 0 --val 120 --seed 9763 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-editions-e ] || $P out/pool-editions-e --layouts default --editions test --count 0 --val 120 --seed 9761 --jobs 2 > /dev/null
[ -d out/pool-racks-e ] || $P out/pool-racks-e --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 --seed 9762 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-crowd-e ] || $P out/pool-crowd-e --layouts crowd=1 --editions test --count 0 --val 120 --seed 9764 --largest 4032 --jobs 2 > /dev/null
for P in pool-wide-e pool-editions-e pool-racks-e pool-crowd-e; do
  python research/vision_loso.py --folder out/$P --fold v15=models --fold v16=$R/models --json $F/$P.json > /dev/null
  for M in v15=models v16=$R/models; do
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v16.json
  python research/vision_flags.py --session $S --models $R/models --json $F/flags/$S-v16.json > /dev/null
done
(echo "== $R/models"; REMI_MODELS=$R/models python ../shared/calibration/digit_size.py) > $F/digit_size.txt
date -u > $R/figures-done
