#!/usr/bin/env bash
# card index detector, fold white, stage 6: every real photo of the other decks turned a quarter, the close-up
# scenes left upright (models/README.md, "Card index detector, fold white, stage 6"), run from the repository
# root; then its figures beside stage 3's, both with card reader 13c
set -euo pipefail
source .venv/bin/activate
[ -d out/cards-white ] || nice -n 19 python -m research.cards.stage data out/cards-white --holdout white
[ -d out/cards-close/scenes-white ] || nice -n 19 python -m research.cards.stage scenes out/cards-close/scenes-white \
    --pool close-train --count 300 --val 0 --seed 9330 --prints-without 0
[ -d out/cards-turned/white-real ] || nice -n 19 python -m research.cards.look_copies out/cards-turned/white-real \
    out/cards-white --look turned --share 1 --seed 0
bash research/cards/detector_stage.sh white 6 3 0.0003 models/candidates/cards13/reader13c-white.pt
