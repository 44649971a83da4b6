#!/usr/bin/env bash
# Reader v20.2 (models/README.md): v20.1's orientation part taught the way up from the scenes'
# outlines; its folder, the -o pools drawn and read with v20.1 (shipped) beside it.
#   bash models/candidates/v20/v202.sh      (from the root)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v20; F=$C/figures-o; R=out/r202; mkdir -p $F/flags $R
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt $C/v20.pt models/candidates/v16/v16.pt
date -u > $R/data-started
$T upright-crops $R/upright.npz out/r20/most out/r12/old > $R/upright.log 2>&1
date -u > $R/train-started
$T train-way-up $R/v202.pt out/r201/v201.pt $R/upright.npz --epochs 2 --lr 0.001 --seed 0 > $R/train.log 2>&1
cp $R/v202.pt $C/v202.pt; cp $R/train.log $C/train-v202.log
date -u > $R/train-done
bash research/figures/reader_folder.sh $R/v202.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json > /dev/null
for M in v201=models v202=$R/models; do python research/way_up.py --models ${M#*=} --json $F/way-up-${M%%=*}.json > /dev/null; done
bash research/figures/pools.sh o 107
for P in pool-editions-o pool-racks-o pool-wide-o pool-crowd-o; do
  for M in v201=models v202=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json > $F/$P-${M%%=*}.json
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v202.json
done
python research/vision_turned.py --session rummy4 --turn 180 --models $R/models --json $F/turned-rummy4-v202.json > /dev/null
(echo "== $R/models"; REMI_MODELS=$R/models python ../shared/calibration/digit_size.py) > $F/digit_size.txt
date -u > $R/figures-done
