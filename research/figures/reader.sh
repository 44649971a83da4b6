#!/usr/bin/env bash
# A tile reader candidate's figures (models/README.md, "Reader v9" to "Reader v12"), from a checkout with
# out/rNN/vNN.pt trained as the card says:   bash research/figures/reader.sh v10   (about 40 minutes on 2 cores)
# CALIB: the calibration set (v9-v11: out/r9/calib; v12: out/r12/calib, drawn without rummy4)
set -euo pipefail
N=${1:?which candidate: v9 to v12}; R=out/r${N#v}; CALIB=${CALIB:-out/r9/calib}
source .venv/bin/activate
F=models/candidates/$N/figures; mkdir -p $F/flags $R out/views
G="remi vision generate"

# the calibration set (train-pool settings, a seed v9 never trained on) and the test pools
[ -d out/r9/calib ] || $G out/r9/calib --editions wide-train --layouts rack=0.5,close=0.2,lying=0.2,table=0.1 \
    --count 0 --val 150 --seed 906 --jobs 2 > /dev/null
[ -d out/pool-wide ] || $G out/pool-wide --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 \
    --count 0 --val 60 --seed 9263 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-editions ] || $G out/pool-editions --layouts default --editions test --count 0 --val 60 --seed 9261 --jobs 2 > /dev/null
[ -d out/pool-racks ] || $G out/pool-racks --layouts rack=0.7,close=0.3 --editions test --count 0 --val 60 --seed 9262 \
    --largest 4032 --jobs 2 > /dev/null

# the candidate's models folder: the shipped one with its reader (ONNX, float16 .pt, adapt's heads)
bash research/figures/reader_folder.sh $R/$N.pt $R/models
# calibrated on $CALIB only, before any test pool is read with it
python research/vision_calibrate.py --folder $CALIB --models $R/models --json $F/calibration.json

# the shipped folder (v8.3.1 with V4u) on the new pool; its figures on every other set are
# models/candidates/v8/figures/*-v831-v4u.json and flags/*-v4u.json (4 Dec, research/figures/views.sh)
python research/vision_loso.py --folder out/pool-wide --fold v831=models --json $F/pool-wide-v831.json > /dev/null
python research/vision_flags.py --folder out/pool-wide --models models --json $F/flags/pool-wide-v831.json > /dev/null

for K in $R/models; do
  for S in rummy4 rummy rummy2; do
    remi vision eval ../shared/realdata/rummikub --session $S --models $K --json > $F/$S-$N.json
    python research/vision_flags.py --session $S --models $K --json $F/flags/$S-$N.json > /dev/null
  done
  for P in pool-wide pool-editions pool-racks; do
    python research/vision_loso.py --folder out/$P --fold $N=$K --json $F/$P-$N.json > /dev/null
    python research/vision_flags.py --folder out/$P --models $K --json $F/flags/$P-$N.json > /dev/null
  done
  python research/vision_turned.py --session rummy4 --turn 180 --models $K --json $F/turned-rummy4-$N.json > /dev/null
done
# the big digits of issue 38 (three fonts of the old pool at 0.40, 0.55 and 0.65 of the tile)
(echo "== $R/models"; REMI_MODELS=$R/models python ../shared/calibration/digit_size.py) > $F/digit_size.txt
