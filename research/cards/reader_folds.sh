#!/usr/bin/env bash
# Each fold's card models folder (its detector stage in force, models/README.md "Card index detectors")
# with one card reader's folds, at the bar 0.25, on the deck it never saw. Run from the root:
#   bash research/cards/reader_folds.sh READERS_DIR TAG      (READERS_DIR/readerTAG-FOLD.pt)
# The folders are left in out/cfTAG-FOLD (what research.cards.hands_whole reads); the figures go to
# READERS_DIR/figures/fold-FOLD-readerTAG.json.
set -euo pipefail
R=$1; TAG=$2
source .venv/bin/activate
C=models/candidates; F=$R/figures; mkdir -p $F
declare -A DET=([iphone]=$C/cdet-iphone/cdet-iphone7.pt [white]=$C/cdet-white/cdet-white3.pt [win]=$C/cdet-win/cdet-win4.pt)
for D in iphone white win; do
  remi vision export ${DET[$D]} $R/reader$TAG-$D.pt --out out/cf$TAG-$D --kind cards > /dev/null
  nice -n 5 python -m research.cards.stage eval out/cf$TAG-$D --fold $D --json $F/fold-$D-reader$TAG.json > /dev/null
done
