#!/usr/bin/env bash
# Reader v20.3 (models/README.md): v20.1's orientation part taught the way up from outlines, the real
# tiles of rummy and rummy2 kept as v16's part read them; its folder, the -p pools read beside v20.1.
#   bash models/candidates/v20/v203.sh      (from the root; out/r202/upright.npz from v202.sh)
# (as run at 39d45ad, the samples read as written came from research/samples_read.py, into
# figures-p/samples-*.json; research/way_up.py has given them since, under "read as written")
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v20; F=$C/figures-p; R=out/r203; mkdir -p $F $R
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt $C/v20.pt models/candidates/v16/v16.pt
[ -f out/r202/upright.npz ] || $T upright-crops out/r202/upright.npz out/r20/most out/r12/old
$T real-crops $R/real.npz rummy rummy2 > $R/real.log 2>&1
date -u > $R/train-started
$T train-way-up $R/v203.pt out/r201/v201.pt out/r202/upright.npz --keep $R/real.npz --epochs 2 --lr 0.001 --seed 0 > $R/train.log 2>&1
cp $R/v203.pt $C/v203.pt; cp $R/train.log $C/train-v203.log
date -u > $R/train-done
bash research/figures/reader_folder.sh $R/v203.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json > /dev/null
for M in v201=models v203=$R/models; do
  python research/way_up.py --models ${M#*=} --json $F/way-up-${M%%=*}.json > /dev/null
done
bash research/figures/pools.sh p 108
for P in pool-editions-p pool-racks-p pool-wide-p pool-crowd-p; do
  for M in v201=models v203=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json > $F/$P-${M%%=*}.json
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v203.json
done
python research/vision_turned.py --session rummy4 --turn 180 --models $R/models --json $F/turned-rummy4-v203.json > /dev/null
(echo "== $R/models"; REMI_MODELS=$R/models python ../shared/calibration/digit_size.py) > $F/digit_size.txt
date -u > $R/figures-done
