#!/usr/bin/env bash
# Detector p1s4: p1s2 taught cloths printed with motifs (models/README.md, "Detector p1s4"); data,
# training, its folder, four fresh pools and every figure.   bash models/candidates/p1s4/run.sh   (from the root)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; C=models/candidates/p1s4; F=$C/figures; R=out/p1s4; mkdir -p $F $R
date -u > $R/data-started
# every layout on the train editions (real crops pasted, rummy and rummy2 linked) and on Debian's
# families, 40 % of the scenes on a motif print (never a flower)
$G $R/printed --count 1000 --val 40 --seed 281 --prints 0.4 --holdout rummy4 --jobs 2 > $R/printed.log 2>&1
$G $R/printed-wide --editions wide-train --count 400 --val 0 --seed 282 --prints 0.4 --no-real --jobs 2 > $R/printed-wide.log 2>&1
cat > $R/data-tile.yaml <<YAML
path: $PWD/$R
train: [printed/images/train, printed-wide/images/train]
val: printed/images/val
names: {0: tile}
YAML
date -u > $R/train-started
nice -n 19 remi vision train $R/data-tile.yaml --stage detector --init models/tile-detector.pt --imgsz 640 \
    --epochs 5 --hours 0.85 --lr0 0.001 --name p1s4 --seed 0 --out out/runs > $R/train.log 2>&1
cp out/runs/p1s4/weights/last.pt $C/p1s4.pt; cp out/runs/p1s4/results.csv $C/results.csv
date -u > $R/train-done
# the candidate folder: the shipped one with p1s4's detector
remi vision export $C/p1s4.pt models/tile-reader.pt --out $R/export > /dev/null
rm -rf $R/models; cp -r models $R/models; rm -rf $R/models/candidates $R/models/README.md
cp $R/export/tile-detector.onnx $R/export/tile-detector.pt $R/models/
# fresh pools (seeds fixed with the rule, read by nothing before), both folders side by side
bash research/figures/pools.sh i 101
for P in pool-editions-i pool-racks-i pool-wide-i pool-crowd-i; do
  for M in p1s2=models p1s4=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json --errors $R/$P-${M%%=*}-errors.png > $F/$P-${M%%=*}.json
  done
done
for S in rummy4 rummy rummy2; do
  remi vision eval ../shared/realdata/rummikub --session $S --models $R/models --json --errors $R/$S-errors.png > $F/$S-p1s4.json
done
date -u > $R/figures-done
