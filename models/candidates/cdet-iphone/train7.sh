#!/usr/bin/env bash
# card index detector, fold iphone, stage 7: dark copies of the other decks' real photos (models/README.md,
# "Card index detector, fold iphone, stage 7"), run from the repository root; then its figures beside
# stage 6's, both with card reader 13c
set -euo pipefail
source .venv/bin/activate
C=models/candidates/cdet-iphone; W=out/runs/cdet-iphone7; R=models/candidates/cards13/reader13c-iphone.pt
[ -d out/cards-iphone ] || nice -n 19 python -m research.cards.stage data out/cards-iphone --holdout iphone
[ -d out/cards-dark/scenes-iphone ] || nice -n 19 python -m research.cards.stage scenes out/cards-dark/scenes-iphone \
    --pool spread-train --count 300 --val 0 --seed 9321 --prints-without 1 --dark 0.5
[ -d out/cards-close/scenes-iphone ] || nice -n 19 python -m research.cards.stage scenes out/cards-close/scenes-iphone \
    --pool close-train --count 300 --val 0 --seed 9331 --prints-without 1 --dark 0.5
[ -d out/cards-dark/real-iphone ] || nice -n 19 python -m research.cards.look_copies out/cards-dark/real-iphone \
    out/cards-iphone --look dark --share 0.5 --seed 0
mkdir -p out/cdet-iphone $C/figures && cat > out/cdet-iphone/data-tile7.yaml <<YAML
path: $PWD/out
train: [cards-iphone/images/train, cards-r9/scenes-iphone/images/train, cards-r10/scenes-iphone/images/train, cards-dark/scenes-iphone/images/train, cards-close/scenes-iphone/images/train, cards-dark/real-iphone/images/train]
val: cards-iphone/images/val
names:
  0: index
YAML
sed "s#$PWD/##" out/cdet-iphone/data-tile7.yaml > $C/data-tile7.yaml
date -u > out/cdet-iphone7-started
nice -n 19 remi vision train out/cdet-iphone/data-tile7.yaml --stage detector --init $C/cdet-iphone6.pt \
    --lr0 0.0003 --imgsz 640 --epochs 4 --name cdet-iphone7 --seed 0 --out out/runs
cp $W/weights/last.pt $C/cdet-iphone7.pt; cp $W/results.csv $C/results7.csv
date -u > out/cdet-iphone7-done
for K in 6 7; do
  remi vision export $C/cdet-iphone$K.pt $R --out out/cf13c-iphone$K --kind cards > /dev/null
  nice -n 5 python -m research.cards.stage eval out/cf13c-iphone$K --fold iphone --json $C/figures/iphone$K-reader13c.json > /dev/null
  nice -n 5 python -m research.cards.boxed_by_size iphone=out/cf13c-iphone$K --json $C/figures/iphone$K-boxed-13c.json > /dev/null
done
date -u > out/cdet-iphone7-figures-done
