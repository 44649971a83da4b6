#!/usr/bin/env bash
# card index detector, fold iphone, stage 8: copies turned a quarter (models/README.md, "Card index detector,
# fold iphone, stage 8"), run from the repository root; waits for fold white's stage 5 to have trained (one
# training at a time), then trains and measures beside stage 7's committed figures, both with card reader 13c
set -euo pipefail
source .venv/bin/activate
[ -d out/cards-iphone ] || nice -n 19 python -m research.cards.stage data out/cards-iphone --holdout iphone
[ -d out/cards-dark/scenes-iphone ] || nice -n 19 python -m research.cards.stage scenes out/cards-dark/scenes-iphone \
    --pool spread-train --count 300 --val 0 --seed 9321 --prints-without 1 --dark 0.5
[ -d out/cards-close/scenes-iphone ] || nice -n 19 python -m research.cards.stage scenes out/cards-close/scenes-iphone \
    --pool close-train --count 300 --val 0 --seed 9331 --prints-without 1 --dark 0.5
[ -d out/cards-dark/real-iphone ] || nice -n 19 python -m research.cards.look_copies out/cards-dark/real-iphone \
    out/cards-iphone --look dark --share 0.5 --seed 0
[ -d out/cards-turned/iphone ] || nice -n 19 python -m research.cards.look_copies out/cards-turned/iphone \
    out/cards-iphone out/cards-close/scenes-iphone --look turned --share 0.5 --seed 0
while [ -f out/cdet-white5-started ] && [ ! -f out/cdet-white5-done ]; do sleep 30; done
bash research/cards/detector_stage.sh iphone 8 7 0.0003 models/candidates/cards13/reader13c-iphone.pt 3
