#!/usr/bin/env bash
# One card index detector stage, then its figures beside those of the stage it resumes, both with one card
# reader at the folder's bar (models/README.md, "Card index detectors"). Run from the root by a fold's
# trainN.sh once its data exist; the stage's data YAML is candidates/cdet-FOLD/data-tileN.yaml.
#   bash research/cards/detector_stage.sh FOLD N PREV LR0 READER [EPOCHS]      (4 epochs unless told, seed 0)
# The stage resumed is measured again unless its figures with that reader, boxes by shape among them, are
# committed already.
set -euo pipefail
FOLD=$1; N=$2; PREV=$3; LR0=$4; R=$5; EPOCHS=${6:-4}
C=models/candidates/cdet-$FOLD; W=out/runs/cdet-$FOLD$N
TAG=$(basename $R .pt); TAG=${TAG%-$FOLD}   # reader13c-white.pt: reader13c
source .venv/bin/activate
mkdir -p out/cdet-$FOLD $C/figures
sed "s#^path: .*#path: $PWD/out#" $C/data-tile$N.yaml > out/cdet-$FOLD/data-tile$N.yaml
date -u > out/cdet-$FOLD$N-started
nice -n 19 remi vision train out/cdet-$FOLD/data-tile$N.yaml --stage detector --init $C/cdet-$FOLD$PREV.pt \
    --lr0 $LR0 --imgsz 640 --epochs $EPOCHS --name cdet-$FOLD$N --seed 0 --out out/runs
cp $W/weights/last.pt $C/cdet-$FOLD$N.pt; cp $W/results.csv $C/results$N.csv
date -u > out/cdet-$FOLD$N-done
for K in $PREV $N; do
  if [ $K = $PREV ] && [ -f $C/figures/$FOLD$K-$TAG.json ] && grep -q by_shape $C/figures/$FOLD$K-boxed-$TAG.json 2>/dev/null; then
    continue
  fi
  remi vision export $C/cdet-$FOLD$K.pt $R --out out/cf-$FOLD$K --kind cards > /dev/null
  nice -n 5 python -m research.cards.stage eval out/cf-$FOLD$K --fold $FOLD --json $C/figures/$FOLD$K-$TAG.json > /dev/null
  nice -n 5 python -m research.cards.boxed_by_size $FOLD=out/cf-$FOLD$K --json $C/figures/$FOLD$K-boxed-$TAG.json > /dev/null
done
date -u > out/cdet-$FOLD$N-figures-done
