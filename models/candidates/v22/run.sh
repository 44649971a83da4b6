#!/usr/bin/env bash
# Reader v22 (models/README.md, "Reader v22"): v20's number and colour part reading 80 px crops cut
# from the photo (not 40 px blown up to 80 inside the network), resumed on v20's four crop sets cut
# again at 80 px; v16's orientation part reading them halved. Crops, training, folder, four fresh
# pools, every figure.
#   bash models/candidates/v22/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v22; F=$C/figures; R=out/r22; mkdir -p $F/flags $R
# v20 (models/candidates/v20/v20.pt at 3af4907): the number and colour part it resumes
[ -f out/r20/v20.pt ] || { mkdir -p out/r20; git show 3af4907:models/candidates/v20/v20.pt > out/r20/v20.pt; }
date -u > $R/data-started
# v20's four sets (candidates/v20/run.sh, v16/run.sh, v12/run.sh) cut again from their scenes at 80 px
for S in r20/most r16/more r12/wide r12/old; do
  N=$(basename $S)
  [ -f $R/$N-80.npz ] || $T tile-crops $R/$N-80.npz out/$S --mine-with models --holdout rummy4 --size 80 > $R/$N-crops.log 2>&1
done
date -u > $R/train-started
[ -f $R/v22n.pt ] || $T train $R/v22n.pt $R/most-80.npz $R/more-80.npz $R/wide-80.npz $R/old-80.npz \
    --init out/r20/v20.pt --epochs 2 --lr 0.0005 --seed 0 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v22.pt ] || python -m research.cards.pretrained_reader pair $R/v22.pt $R/v22n.pt models/candidates/v16/v16.pt
cp $R/v22.pt $C/v22.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
# its folder, calibrated on out/r12/calib before any pool is read with it
bash research/figures/reader_folder.sh $R/v22.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json > /dev/null
rm -f $F/digit_size.txt
for M in v201=models v22=$R/models; do
  python research/way_up.py --models ${M#*=} --json $F/way-up-${M%%=*}.json > /dev/null
  (echo "== ${M%%=*}"; REMI_MODELS=${M#*=} python ../shared/calibration/digit_size.py) >> $F/digit_size.txt
done
bash research/figures/pools.sh r 110
for P in pool-editions-r pool-racks-r pool-wide-r pool-crowd-r; do
  for M in v201=models v22=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json > $F/$P-${M%%=*}.json
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v22.json
done
python research/vision_turned.py --session rummy4 --turn 180 --models $R/models --json $F/turned-rummy4-v22.json > /dev/null
date -u > $R/figures-done
