#!/usr/bin/env bash
# card index detector, fold iphone, stage 7: dark copies of the other decks' real photos (models/README.md,
# "Card index detector, fold iphone, stage 7"), run from the repository root; then its figures beside
# stage 6's, both with card reader 13c
set -euo pipefail
source .venv/bin/activate
[ -d out/cards-iphone ] || nice -n 19 python -m research.cards.stage data out/cards-iphone --holdout iphone
[ -d out/cards-dark/scenes-iphone ] || nice -n 19 python -m research.cards.stage scenes out/cards-dark/scenes-iphone \
    --pool spread-train --count 300 --val 0 --seed 9321 --prints-without 1 --dark 0.5
[ -d out/cards-close/scenes-iphone ] || nice -n 19 python -m research.cards.stage scenes out/cards-close/scenes-iphone \
    --pool close-train --count 300 --val 0 --seed 9331 --prints-without 1 --dark 0.5
[ -d out/cards-dark/real-iphone ] || nice -n 19 python -m research.cards.look_copies out/cards-dark/real-iphone \
    out/cards-iphone --look dark --share 0.5 --seed 0
bash research/cards/detector_stage.sh iphone 7 6 0.0003 models/candidates/cards13/reader13c-iphone.pt
