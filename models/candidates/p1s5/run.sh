#!/usr/bin/env bash
# Detector p1s5: p1s2 resumed on every layout in the newest faces (models/README.md, "Detector
# p1s5"); data, training, its folder and every figure.
#   bash models/candidates/p1s5/run.sh      (from the root, the venv made; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; C=models/candidates/p1s5; F=$C/figures; R=out/p1s5; mkdir -p $F $R
date -u > $R/data-started
[ -d out/d5a ] || $G out/d5a --editions many-train --layouts default --count 1200 --val 40 --seed 2851 \
    --holdout rummy4 --largest 1536 --jobs 2 > $R/d5a.log 2>&1
[ -d out/d5b ] || $G out/d5b --editions most-train --layouts crowd=0.4,rack=0.2,lying=0.2,table=0.1,close=0.1 \
    --count 600 --val 0 --seed 2852 --no-real --largest 2048 --jobs 2 > $R/d5b.log 2>&1
[ -d out/d5c ] || $G out/d5c --count 600 --val 0 --seed 2853 --no-real --jobs 2 > $R/d5c.log 2>&1
cat > $R/data-tile.yaml <<YAML
path: $PWD/out
train: [d5a/images/train, d5b/images/train, d5c/images/train]
val: d5a/images/val
names: {0: tile}
YAML
date -u > $R/train-started
[ -f out/runs/p1s5/weights/last.pt ] || nice -n 10 remi vision train $R/data-tile.yaml --stage detector \
    --init models/tile-detector.pt --imgsz 640 --epochs 4 --hours 0.9 --lr0 0.001 --name p1s5 --seed 0 \
    --out out/runs > $R/train.log 2>&1
cp out/runs/p1s5/weights/last.pt $C/p1s5.pt; cp out/runs/p1s5/results.csv $C/results.csv
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
# the candidate folder: the shipped one with p1s5's detector
remi vision export $C/p1s5.pt models/tile-reader.pt --out $R/export > /dev/null
rm -rf $R/models; cp -r models $R/models; rm -rf $R/models/candidates $R/models/README.md
cp $R/export/tile-detector.onnx $R/export/tile-detector.pt $R/models/
bash research/figures/pools.sh af 124
for P in pool-crowd-af pool-racks-af pool-editions-af pool-wide-af; do
  python research/vision_loso.py --folder out/$P --fold p1s2=models --fold p1s5=$R/models --json $F/$P.json > /dev/null
done
for M in p1s2=models p1s5=$R/models; do
  python research/vision_loso.py --fold rummy4=${M#*=} --json $F/rummy4-${M%%=*}.json > /dev/null
done
