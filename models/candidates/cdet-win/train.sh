#!/usr/bin/env bash
# card index detector, fold win, stage 4: cards1's detector 3 taught the print scenes (models/README.md,
# "Card index detector, fold win"), run from the root once reader v16's figures are done; then its figures
set -euo pipefail
source .venv/bin/activate
C=models/candidates/cdet-win; W=out/runs/cdet-win4; D3=out/cards1-detector3.pt
while [ ! -f out/r16/figures-done ]; do sleep 30; done   # one training at a time: reader v16 first
[ -f $D3 ] || git show 4720681:models/candidates/cards1/detector3/cards1-detector3.pt > $D3
[ -d out/cards-win ] || nice -n 19 python -m research.cards.stage data out/cards-win --holdout win
mkdir -p out/cdet-win $C/figures && cat > out/cdet-win/data-tile.yaml <<YAML
path: $PWD/out
train: [cards-win/images/train, cards-r9/scenes-win/images/train, cards-r10/scenes-win/images/train]
val: cards-win/images/val
names:
  0: index
YAML
cp out/cdet-win/data-tile.yaml $C/data-tile.yaml
date -u > out/cdet-win4-started
nice -n 19 remi vision train out/cdet-win/data-tile.yaml --stage detector --init $D3 \
    --lr0 0.0005 --imgsz 640 --epochs 6 --name cdet-win4 --seed 0 --out out/runs
cp $W/weights/last.pt $C/cdet-win4.pt; cp $W/results.csv $C/results4.csv
date -u > out/cdet-win4-done
# both detectors with reader 11's fold win, at the bar 0.25, on the win deck
R=models/candidates/cards11/reader11-win.pt
remi vision export $D3 $R --out out/cf-win3 --kind cards > /dev/null
remi vision export $C/cdet-win4.pt $R --out out/cf-win4 --kind cards > /dev/null
for K in 3 4; do
  nice -n 5 python -m research.cards.stage eval out/cf-win$K --fold win --json $C/figures/win$K-reader11.json > /dev/null
done
for K in 3 4; do
  nice -n 5 python -m research.cards.boxed_by_size win=out/cf-win$K --json $C/figures/win$K-boxed-by-size.json > /dev/null
done
date -u > out/cdet-win4-figures-done
