#!/usr/bin/env bash
# Reader v19: v16 taught upside-down 6s and 9s as seen (models/README.md, "Reader v19"); crops, training,
# its folder, four fresh pools and every figure.   bash models/candidates/v19/run.sh   (from the root)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"; C=models/candidates/v19; F=$C/figures; R=out/r19
mkdir -p $F $R
date -u > $R/data-started
# v16's three scene sets (out/r16/more, out/r12/wide, out/r12/old: candidates/v16/run.sh draws them) cut again
for S in out/r16/more out/r12/wide out/r12/old; do
  $T tile-crops $R/$(basename $S)-seen.npz $S --mine-with models --holdout rummy4 --seen > $R/$(basename $S)-crops.log 2>&1
done
date -u > $R/train-started
$T train $R/v19.pt $R/more-seen.npz $R/wide-seen.npz $R/old-seen.npz --init models/candidates/v16/v16.pt \
    --epochs 2 --lr 0.0003 --seed 0 --turned 0.5 > $R/train.log 2>&1
cp $R/v19.pt $C/v19.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
# its folder (the shipped one's settings, "turned_six_nine" among them), calibrated before any pool is read
bash research/figures/reader_folder.sh $R/v19.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json
bash research/figures/pools.sh k 103
for P in pool-editions-k pool-racks-k pool-wide-k pool-crowd-k; do
  for M in v16=models v19=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json --errors $R/$P-${M%%=*}-errors.png > $F/$P-${M%%=*}.json
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/$P-${M%%=*}-flags.json > /dev/null
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json --errors $R/$S-errors.png > $F/$S-v19.json
done
rm -f $F/digit_size.txt
for M in v16=models v19=$R/models; do
  python research/vision_turned.py --session rummy4 --turn 180 --models ${M#*=} --json $F/turned-rummy4-${M%%=*}.json > /dev/null
  (echo "== ${M%%=*}"; REMI_MODELS=${M#*=} python ../shared/calibration/digit_size.py) >> $F/digit_size.txt
done
date -u > $R/figures-done
