#!/usr/bin/env bash
# Reader v20.1 (models/README.md): v20's numbers and colours with v16's way up, its folder, and the
# -n pools drawn and read, the shipped folder beside it.
#   bash models/candidates/v20/v201.sh      (from the root)
set -euo pipefail
source .venv/bin/activate
C=models/candidates/v20; F=$C/figures-n; R=out/r201; mkdir -p $F/flags $R
python -m research.cards.pretrained_reader pair $R/v201.pt $C/v20.pt models/candidates/v16/v16.pt
bash research/figures/reader_folder.sh $R/v201.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json > /dev/null
bash research/figures/pools.sh n 106
for P in pool-editions-n pool-racks-n pool-wide-n pool-crowd-n; do
  for M in shipped=models v201=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json > $F/$P-${M%%=*}.json
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v201.json
done
python research/vision_turned.py --session rummy4 --turn 180 --models $R/models --json $F/turned-rummy4-v201.json > /dev/null
(echo "== $R/models"; REMI_MODELS=$R/models python ../shared/calibration/digit_size.py) > $F/digit_size.txt
date -u > $R/figures-done
