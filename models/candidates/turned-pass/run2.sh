#!/usr/bin/env bash
# The turned pass counts only what it reads sure (models/README.md's second rule, 7 Dec 2026,
# 19:19): the folders of run.sh (each fold's in force with card reader 13c and "turned_pass": true)
# read by the code that counts a box only the turned pass found where its read passes unmarked.
set -euo pipefail
source .venv/bin/activate
F=models/candidates/turned-pass/figures
for D in iphone white win; do
  test -f out/tp-$D/vision.json
  nice -n 5 python -m research.cards.stage eval out/tp-$D --fold $D --json $F/$D-turned-sure.json > /dev/null
  nice -n 5 python -m research.cards.boxed_by_size $D=out/tp-$D --json $F/$D-turned-sure-boxed.json > /dev/null
done
