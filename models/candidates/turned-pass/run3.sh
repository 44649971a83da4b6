#!/usr/bin/env bash
# The turned pass only adds (models/README.md's third rule, 7 Dec 2026, 19:30): the folders of
# run.sh read by the code that keeps every box of the photo as it stands, adds the turned pass's
# boxes that overlap none of them and counts those only where read unmarked; then the 30 frames
# of research/cards/fullres.py (seed 4242) read by cards1 with windows of 640, without and with the key.
set -euo pipefail
source .venv/bin/activate
F=models/candidates/turned-pass/figures
for D in iphone white win; do
  test -f out/tp-$D/vision.json
  nice -n 5 python -m research.cards.stage eval out/tp-$D --fold $D --json $F/$D-turned-adds.json > /dev/null
done
W='{"size": 640, "overlap": 0.25, "most": 12}'
for K in windows turned; do
  rm -rf out/fullres-$K && mkdir -p out/fullres-$K
  cp models/candidates/cards1/*.onnx models/candidates/cards1/reader-head.npz out/fullres-$K/
  python -c "import json,sys; d=json.load(open('models/candidates/cards1/vision.json')); d['windows']=json.loads(sys.argv[1]); d.update({'turned_pass': True} if sys.argv[2]=='turned' else {}); json.dump(d, open(sys.argv[3],'w'), indent=2)" "$W" $K out/fullres-$K/vision.json
done
nice -n 5 python -m research.cards.fullres out/fullres-windows out/fullres-turned --frames out/fullres --count 30 --seed 4242 --json $F/fullres-turned-adds.json > /dev/null
