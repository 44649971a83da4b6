#!/usr/bin/env bash
# Reader v18: v16 taught by v15 and v16 reading together (models/README.md, "Reader v18"); data,
# training, its folder and every figure.   bash models/candidates/v18/run.sh   (from the root)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v18; F=$C/figures; R=out/r18; mkdir -p $F/flags $R
S="out/r16/more.npz out/r12/wide.npz out/r12/old.npz"
date -u > $R/teach-started
$T joint $R/teacher.pt models/candidates/v16/v16.pt models/candidates/v15/v15.pt > $R/joint.log 2>&1
$T teach $R/taught.npz $R/teacher.pt $S > $R/teach.log 2>&1
date -u > $R/train-started
$T train $R/v18.pt $S --init models/candidates/v16/v16.pt --epochs 1 --lr 0.0003 --seed 2 --turned 0.5 \
    --taught $R/taught.npz --taught-share 0.5 > $R/train.log 2>&1
cp $R/v18.pt $C/v18.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
bash research/figures/reader_folder.sh $R/v18.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json
P="remi vision generate"
[ -d out/pool-wide-h ] || $P out/pool-wide-h --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 --count 0 --val 120 --seed 10063 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-editions-h ] || $P out/pool-editions-h --layouts default --editions test --count 0 --val 120 --seed 10061 --jobs 2 > /dev/null
[ -d out/pool-racks-h ] || $P out/pool-racks-h --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 --seed 10062 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-crowd-h ] || $P out/pool-crowd-h --layouts crowd=1 --editions test --count 0 --val 120 --seed 10064 --largest 4032 --jobs 2 > /dev/null
for P in pool-wide-h pool-editions-h pool-racks-h pool-crowd-h; do
  python research/vision_loso.py --folder out/$P --fold v16=models --fold v18=$R/models --json $F/$P.json > /dev/null
  for M in v16=models v18=$R/models; do
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v18.json
  python research/vision_flags.py --session $S --models $R/models --json $F/flags/$S-v18.json > /dev/null
done
(echo "== $R/models"; REMI_MODELS=$R/models python ../shared/calibration/digit_size.py) > $F/digit_size.txt
date -u > $R/figures-done
