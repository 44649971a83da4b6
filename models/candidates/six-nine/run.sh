#!/usr/bin/env bash
# A 6 turned round is a 9 (models/README.md): the shipped folder with "turned_six_nine" and without,
# side by side on four pools, the real sessions and rummy4 turned round.
#   bash models/candidates/six-nine/run.sh        the -i pools (drawn by ../p1s4/run.sh): figures/
#   bash models/candidates/six-nine/run.sh j 102  the -j pools, drawn first (seeds 10261-10264): figures-j/
# The -i run (the first rule) read every photo's 6s and 9s so; from the -j run on, only a photo
# standing upright (vision.reader.SIX_NINE_UPRIGHT).
set -euo pipefail
source .venv/bin/activate
SET=${1:-i}; C=models/candidates/six-nine; F=$C/figures$([ "$SET" = i ] || echo "-$SET"); R=out/six-nine; mkdir -p $F $R
[ "$SET" = i ] || bash research/figures/pools.sh "$SET" "${2:?the stem of the pool seeds}"
python research/vision_variant.py models $R/models --set turned_six_nine=true > /dev/null
for P in pool-editions-$SET pool-racks-$SET pool-wide-$SET pool-crowd-$SET; do
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
rm -f $F/digit_size.txt
for M in shipped=models six-nine=$R/models; do
  python research/vision_turned.py --session rummy4 --turn 180 --models ${M#*=} --json $F/turned-rummy4-${M%%=*}.json > /dev/null
  (echo "== ${M%%=*}"; REMI_MODELS=${M#*=} python ../shared/calibration/digit_size.py) >> $F/digit_size.txt
done
