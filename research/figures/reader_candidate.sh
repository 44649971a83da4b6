#!/usr/bin/env bash
# A candidate tile reader's figures beside the shipped folder (readers v23-v25's rules): its models
# folder (research/figures/reader_folder.sh) calibrated on out/r12/calib before any pool is read,
# the way up and the big digits, four fresh pools drawn (research/figures/pools.sh) and read by both,
# the old editions' errors by tile size, the real sessions and rummy4 turned round. Figures in
# models/candidates/NAME/figures, the shipped folder's under SHIPPED (default v201).
#   bash research/figures/reader_candidate.sh v25 out/r25/v25.pt u 113
set -euo pipefail
N=${1:?the candidate name}; STATE=${2:?its reader state dict (.pt)}; SET=${3:?the pools letter}; STEM=${4:?the seeds stem}
OLD=${SHIPPED:-v201}; F=models/candidates/$N/figures; R=$(dirname $STATE); mkdir -p $F/flags
bash research/figures/reader_folder.sh $STATE $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json > /dev/null
rm -f $F/digit_size.txt
for M in $OLD=models $N=$R/models; do
  python research/way_up.py --models ${M#*=} --json $F/way-up-${M%%=*}.json > /dev/null
  (echo "== ${M%%=*}"; REMI_MODELS=${M#*=} python ../shared/calibration/digit_size.py) >> $F/digit_size.txt
done
bash research/figures/pools.sh $SET $STEM
bash research/figures/read_pools.sh $SET $F $OLD=models $N=$R/models
for M in $OLD=models $N=$R/models; do
  python research/errors_by_size.py --folder out/pool-editions-$SET --models ${M#*=} --json $F/sizes-editions-$SET-${M%%=*}.json > /dev/null
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-$N.json
done
python research/vision_turned.py --session rummy4 --turn 180 --models $R/models --json $F/turned-rummy4-$N.json > /dev/null
date -u > $R/figures-done
