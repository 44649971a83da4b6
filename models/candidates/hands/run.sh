#!/usr/bin/env bash
# Issue 42's synthetic fanned-hand pool, whole hands (a measurement; nothing chosen by it): 120 photos
# of the pool hands-test (every photo a fan of 13-15 cards; the test pool's faces, cloths and fan steps,
# never trained on), read by each fold's card folder in force with card reader 13c (iphone stage 7,
# white stage 3, win stage 4; made by candidates/cdet-iphone/train7.sh and cards13/folds.sh). Run from the root.
set -euo pipefail
source .venv/bin/activate
F=models/candidates/hands/figures
[ -d out/cards-hands ] || nice -n 5 python -m research.cards.stage scenes out/cards-hands --pool hands-test \
    --count 0 --val 120 --seed 9490
declare -A FOLDER=([iphone]=out/cf-iphone7 [white]=out/cf13c-white [win]=out/cf13c-win)
for D in iphone white win; do
  nice -n 5 python -m research.cards.stage eval ${FOLDER[$D]} --scenes out/cards-hands --json $F/hands-$D.json > /dev/null
done
