#!/usr/bin/env bash
# Card detectors read the photo turned a quarter too (models/README.md's rule, 7 Dec 2026, 19:06):
# each fold's folder in force with card reader 13c (iphone stage 7, white stage 3, win stage 4)
# copied with "turned_pass": true, measured on the deck it never saw. Run from the root; the
# folders without the key are made by candidates/cdet-iphone/train7.sh and cards13/folds.sh.
set -euo pipefail
source .venv/bin/activate
F=models/candidates/turned-pass/figures
declare -A BASE=([iphone]=out/cf-iphone7 [white]=out/cf13c-white [win]=out/cf13c-win)
for D in iphone white win; do
  rm -rf out/tp-$D && cp -r ${BASE[$D]} out/tp-$D
  python -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['turned_pass']=True; json.dump(d, open(p,'w'), indent=2)" out/tp-$D/vision.json
  nice -n 5 python -m research.cards.stage eval out/tp-$D --fold $D --json $F/$D-turned.json > /dev/null
  nice -n 5 python -m research.cards.boxed_by_size $D=out/tp-$D --json $F/$D-turned-boxed.json > /dev/null
done
