#!/usr/bin/env bash
# Reader v24 (models/README.md, "Reader v24"): v23's data without the far camera: v20's number and
# colour part resumed on v20's four crop sets and v23's small-tile set; v16's orientation part.
# Training, folder, four fresh pools, every figure.
#   bash models/candidates/v24/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v24; F=$C/figures; R=out/r24; mkdir -p $F/flags $R
[ -f out/r20/v20.pt ] || { mkdir -p out/r20; git show 3af4907:models/candidates/v20/v20.pt > out/r20/v20.pt; }
# v23's small-tile set (candidates/v23/run.sh: 900 scenes, seed 2301, cut with the shipped folder)
[ -f out/r23/small.npz ] || { echo "out/r23/small.npz: run models/candidates/v23/run.sh with STAGE=train first"; exit 1; }
date -u > $R/train-started
[ -f $R/v24n.pt ] || $T train $R/v24n.pt out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz out/r23/small.npz \
    --init out/r20/v20.pt --epochs 2 --lr 0.0005 --seed 0 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v24.pt ] || python -m research.cards.pretrained_reader pair $R/v24.pt $R/v24n.pt models/candidates/v16/v16.pt
cp $R/v24.pt $C/v24.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
bash research/figures/reader_folder.sh $R/v24.pt $R/models
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json > /dev/null
rm -f $F/digit_size.txt
for M in v201=models v24=$R/models; do
  python research/way_up.py --models ${M#*=} --json $F/way-up-${M%%=*}.json > /dev/null
  (echo "== ${M%%=*}"; REMI_MODELS=${M#*=} python ../shared/calibration/digit_size.py) >> $F/digit_size.txt
done
bash research/figures/pools.sh t 112
for P in pool-editions-t pool-racks-t pool-wide-t pool-crowd-t; do
  for M in v201=models v24=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json > $F/$P-${M%%=*}.json
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
  done
done
for M in v201=models v24=$R/models; do
  python research/errors_by_size.py --folder out/pool-editions-t --models ${M#*=} --json $F/sizes-editions-t-${M%%=*}.json > /dev/null
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v24.json
done
python research/vision_turned.py --session rummy4 --turn 180 --models $R/models --json $F/turned-rummy4-v24.json > /dev/null
date -u > $R/figures-done
