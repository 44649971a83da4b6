#!/usr/bin/env bash
# card index detector, fold white, stage 4: grey copies (models/README.md, "Card index detector, fold
# white, stage 4"), run from the repository root; then its figures beside stage 3's, both with card reader 13c
set -euo pipefail
source .venv/bin/activate
C=models/candidates/cdet-white; W=out/runs/cdet-white4; R=models/candidates/cards13/reader13c-white.pt
[ -d out/cards-white ] || nice -n 19 python -m research.cards.stage data out/cards-white --holdout white
[ -d out/cards-close/scenes-white ] || nice -n 19 python -m research.cards.stage scenes out/cards-close/scenes-white \
    --pool close-train --count 300 --val 0 --seed 9330 --prints-without 0
[ -d out/cards-grey/white ] || nice -n 19 python -m research.cards.look_copies out/cards-grey/white out/cards-white \
    out/cards-r9/scenes-white out/cards-r10/scenes-white out/cards-close/scenes-white --look grey --share 0.33 --seed 0
mkdir -p out/cdet-white $C/figures && cat > out/cdet-white/data-tile4.yaml <<YAML
path: $PWD/out
train: [cards-white/images/train, cards-r9/scenes-white/images/train, cards-r10/scenes-white/images/train, cards-close/scenes-white/images/train, cards-grey/white/images/train]
val: cards-white/images/val
names:
  0: index
YAML
sed "s#$PWD/##" out/cdet-white/data-tile4.yaml > $C/data-tile4.yaml
date -u > out/cdet-white4-started
nice -n 19 remi vision train out/cdet-white/data-tile4.yaml --stage detector --init $C/cdet-white3.pt \
    --lr0 0.0003 --imgsz 640 --epochs 4 --name cdet-white4 --seed 0 --out out/runs
cp $W/weights/last.pt $C/cdet-white4.pt; cp $W/results.csv $C/results4.csv
date -u > out/cdet-white4-done
for K in 3 4; do
  remi vision export $C/cdet-white$K.pt $R --out out/cf13c-white$K --kind cards > /dev/null
  nice -n 5 python -m research.cards.stage eval out/cf13c-white$K --fold white --json $C/figures/white$K-reader13c.json > /dev/null
  nice -n 5 python -m research.cards.boxed_by_size white=out/cf13c-white$K --json $C/figures/white$K-boxed-13c.json > /dev/null
done
date -u > out/cdet-white4-figures-done
