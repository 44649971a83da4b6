#!/usr/bin/env bash
# A 6 turned round is a 9 (models/README.md): the shipped folder with "turned_six_nine" and without,
# side by side on the -i pools (drawn by ../p1s4/run.sh), the real sessions and rummy4 turned round.
#   bash models/candidates/six-nine/run.sh   (from the root, after the -i pools exist)
set -euo pipefail
source .venv/bin/activate
C=models/candidates/six-nine; F=$C/figures; R=out/six-nine; mkdir -p $F $R
python research/vision_variant.py models $R/models --set turned_six_nine=true > /dev/null
for P in pool-editions-i pool-racks-i pool-wide-i pool-crowd-i; do
  for M in shipped=models six-nine=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json --errors $R/$P-${M%%=*}-errors.png > $F/$P-${M%%=*}.json
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/$P-${M%%=*}-flags.json > /dev/null
  done
done
for S in rummy4 rummy rummy2; do
  for M in shipped=models six-nine=$R/models; do
    remi vision eval ../shared/realdata/rummikub --session $S --models ${M#*=} --json --errors $R/$S-errors.png > $F/$S-${M%%=*}.json
  done
done
for M in shipped=models six-nine=$R/models; do
  python research/vision_turned.py --session rummy4 --turn 180 --models ${M#*=} --json $F/turned-rummy4-${M%%=*}.json > /dev/null
  (echo "== ${M%%=*}"; REMI_MODELS=${M#*=} python ../shared/calibration/digit_size.py) >> $F/digit_size.txt
done
