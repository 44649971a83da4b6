#!/usr/bin/env bash
# Detector p1s3: p1s2 taught crowded racks (models/README.md, "Detector p1s3"); data, training, figures.
#   bash models/candidates/p1s3/run.sh            (from the repository's root, the venv made)
set -euo pipefail
source .venv/bin/activate
G="remi vision generate"; C=models/candidates/p1s3; F=$C/figures; mkdir -p $F out/p1s3
# training data: full racks (layout crowd) in Debian's font families, and scenes of every layout
$G out/crowd --layouts crowd=0.6,rack=0.1,lying=0.1,table=0.1,close=0.05,negative=0.05 --editions wide-train \
    --count 1200 --val 40 --seed 271 --holdout rummy4 --largest 1536 --jobs 2 > /dev/null
$G out/p1b --count 1000 --val 0 --seed 272 --no-real --jobs 2 > /dev/null
cat > out/p1s3/data-tile.yaml <<YAML
path: $PWD/out
train: [crowd/images/train, p1b/images/train]
val: crowd/images/val
names: {0: tile}
YAML
nice -n 19 remi vision train out/p1s3/data-tile.yaml --stage detector --init models/tile-detector.pt --imgsz 640 \
    --epochs 5 --hours 1.1 --lr0 0.001 --name p1s3 --seed 0 --out out/runs
cp out/runs/p1s3/weights/last.pt $C/p1s3.pt; cp out/runs/p1s3/results.csv $C/results.csv
# the candidate folder: the shipped one with p1s3's detector
remi vision export $C/p1s3.pt models/tile-reader.pt --out out/p1s3/export > /dev/null
rm -rf out/p1s3/models; cp -r models out/p1s3/models; rm -rf out/p1s3/models/candidates out/p1s3/models/README.md
cp out/p1s3/export/tile-detector.onnx out/p1s3/export/tile-detector.pt out/p1s3/models/
# fresh pools (seeds fixed with the rule, read by nothing before), then both folders side by side
[ -d out/pool-crowd-d ] || $G out/pool-crowd-d --layouts crowd=1 --editions test --count 0 --val 120 --seed 9664 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-racks-d ] || $G out/pool-racks-d --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 --seed 9662 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-editions-d ] || $G out/pool-editions-d --layouts default --editions test --count 0 --val 120 --seed 9661 --jobs 2 > /dev/null
[ -d out/pool-wide-d ] || $G out/pool-wide-d --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 --count 0 --val 120 --seed 9663 --largest 4032 --jobs 2 > /dev/null
for P in pool-crowd-d pool-racks-d pool-editions-d pool-wide-d; do
  python research/vision_loso.py --folder out/$P --fold p1s2=models --fold p1s3=out/p1s3/models --json $F/$P.json > /dev/null
done
for M in p1s2=models p1s3=out/p1s3/models; do
  python research/vision_loso.py --fold rummy4=${M#*=} --json $F/rummy4-${M%%=*}.json > /dev/null
done
