#!/usr/bin/env bash
# fold iphone's card index detector, stage 3, measured beside stage 1 (models/README.md, "Stage 3")
set -euo pipefail
cd /work/main && source .venv/bin/activate
while [ ! -f out/cdet3-train-done ]; do sleep 20; done
C=models/candidates/cdet-iphone; F=$C/figures; W=out/runs/cdet-iphone3
cp $W/weights/last.pt $C/cdet-iphone3.pt; cp $W/results.csv $C/results3.csv
for S in 1 3; do
  remi vision export $C/cdet-iphone$([ $S = 1 ] || echo $S).pt models/candidates/cards11/reader11-iphone.pt \
      --out out/cf$S-iphone --kind cards > /dev/null
  nice -n 5 python -m research.cards.stage eval out/cf$S-iphone --fold iphone --json $F/iphone$S-reader11.json > /dev/null
done
date -u > out/cdet3-figures-done
