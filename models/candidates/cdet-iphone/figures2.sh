#!/usr/bin/env bash
# fold iphone's card index detector, stage 2, measured (models/README.md, "Card index detector, fold iphone")
set -euo pipefail
cd /work/main && source .venv/bin/activate
while [ ! -f out/cdet-iphone/done2 ]; do sleep 20; done
C=models/candidates/cdet-iphone; F=$C/figures; W=out/runs/cdet-iphone2
cp $W/weights/last.pt $C/cdet-iphone2.pt; cp $W/results.csv $C/results2.csv
for R in 10 11; do
  remi vision export $W/weights/last.pt models/candidates/cards1$([ $R = 10 ] && echo 0 || echo 1)/reader$R-iphone.pt --out out/cf2-iphone-r$R --kind cards > /dev/null
  nice python -m research.cards.stage eval out/cf2-iphone-r$R --fold iphone --json $F/iphone2-reader$R.json > /dev/null
done
date -u > out/cdet-iphone/figures2-done
