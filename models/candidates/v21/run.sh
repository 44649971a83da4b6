#!/usr/bin/env bash
# Reader v21 (models/README.md, "Reader v21"): v20's number and colour part taught upside-down 6s and
# 9s as seen, paired with v20.3's orientation part; its folder reads numbers as seen and turns each
# standing tile's 6 and 9 by its own way up. Crops, training, folder, four fresh pools, every figure.
#   bash models/candidates/v21/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v21; F=$C/figures; R=out/r21; mkdir -p $F/flags $R
# v20.3 (models/candidates/v20/v203.pt at 0517442): the orientation part
[ -f out/r203/v203.pt ] || { mkdir -p out/r203; git show 0517442:models/candidates/v20/v203.pt > out/r203/v203.pt; }
date -u > $R/data-started
# v20's own scenes (out/r20/most, candidates/v20/run.sh) cut again as seen; v19's three seen sets
[ -f $R/most-seen.npz ] || $T tile-crops $R/most-seen.npz out/r20/most --mine-with models --holdout rummy4 --seen > $R/most-crops.log 2>&1
date -u > $R/train-started
[ -f $R/v21n.pt ] || $T train $R/v21n.pt $R/most-seen.npz out/r19/more-seen.npz out/r19/wide-seen.npz out/r19/old-seen.npz \
    --init models/candidates/v20/v20.pt --epochs 2 --lr 0.0003 --seed 0 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v21.pt ] || python -m research.cards.pretrained_reader pair $R/v21.pt $R/v21n.pt out/r203/v203.pt
cp $R/v21.pt $C/v21.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
# its folder, reading numbers as seen, calibrated on out/r12/calib before any pool is read with it
bash research/figures/reader_folder.sh $R/v21.pt $R/models
python - $R/models/vision.json <<'PY'
import json, sys
p = sys.argv[1]; s = json.load(open(p)); s["numbers_as_seen"] = True
open(p, "w").write(json.dumps(s, indent=2) + "\n")
PY
python research/vision_calibrate.py --folder out/r12/calib --models $R/models --json $F/calibration.json > /dev/null
rm -f $F/digit_size.txt
for M in v201=models v21=$R/models; do
  python research/way_up.py --models ${M#*=} --json $F/way-up-${M%%=*}.json > /dev/null
  (echo "== ${M%%=*}"; REMI_MODELS=${M#*=} python ../shared/calibration/digit_size.py) >> $F/digit_size.txt
done
bash research/figures/pools.sh q 109
for P in pool-editions-q pool-racks-q pool-wide-q pool-crowd-q; do
  for M in v201=models v21=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json > $F/$P-${M%%=*}.json
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json > $F/$S-v21.json
done
python research/vision_turned.py --session rummy4 --turn 180 --models $R/models --json $F/turned-rummy4-v21.json > /dev/null
date -u > $R/figures-done
