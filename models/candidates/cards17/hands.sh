#!/usr/bin/env bash
# Card reader 17's folds on issue 42's synthetic fanned-hand pool (hands-test, 120 photos, seed 9490;
# candidates/hands/run.sh draws it), as labelled and against the hand dealt; the folders are
# research/cards/reader_folds.sh's out/cf17-FOLD. Run from the root.
set -euo pipefail
source .venv/bin/activate
F=models/candidates/cards17/figures
[ -d out/cards-hands ] || nice -n 5 python -m research.cards.stage scenes out/cards-hands --pool hands-test \
    --count 0 --val 120 --seed 9490
for D in iphone white win; do
  nice -n 5 python -m research.cards.stage eval out/cf17-$D --scenes out/cards-hands --json $F/hands-$D-reader17.json > /dev/null
done
nice -n 5 python -m research.cards.hands_whole out/cards-hands out/cf17-iphone out/cf17-white out/cf17-win --seed 9490 \
    --json $F/hands-whole-reader17.json
