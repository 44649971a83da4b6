#!/usr/bin/env bash
# Each fold's card models folder (its detector stage in force, models/README.md "Card index detectors")
# with card reader 13c's fold, at the bar 0.25, on the deck it never saw; reader 11's figures are the
# detectors' own (candidates/cdet-*/figures). Run from the root.
set -euo pipefail
source .venv/bin/activate
C=models/candidates; F=$C/cards13/figures
declare -A DET=([iphone]=$C/cdet-iphone/cdet-iphone6.pt [white]=$C/cdet-white/cdet-white3.pt [win]=$C/cdet-win/cdet-win4.pt)
for D in iphone white win; do
  remi vision export ${DET[$D]} $C/cards13/reader13c-$D.pt --out out/cf13c-$D --kind cards > /dev/null
  nice -n 5 python -m research.cards.stage eval out/cf13c-$D --fold $D --json $F/fold-$D-reader13c.json > /dev/null
done
