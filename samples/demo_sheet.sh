#!/usr/bin/env bash
# The score sheet in a minute: a short Closed Rummy evening recorded into a temporary database,
# one correction, then the sheet; then a Simple rummy game imported from samples/demo_game.json.
# Needs `remi` on PATH (make demo puts .venv/bin first).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
db="$tmp/demo.db"
run() { printf "$ remi"; printf " %q" "$@"; echo; remi "$@" --db "$db"; echo; }

run new --variant closed --players Ana,Bogdan,Cristi --target 1000 --name "friday"
# C1: Ana closes with her 15 tiles; Bogdan's rack as tiles, Cristi's as quick counts (1 joker, 4 high).
run hand --atu y2 --closer Ana --board "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2" \
    --rack Bogdan="k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10" --points Cristi=1J4H
# An ace atu doubles everything; Bogdan throws a joker to close (x4 for him) and holds the twin.
run hand --atu r1 --closer Bogdan --board-points 135 --joker-close --twin Bogdan --points Ana=100 --points Cristi=70
# Nobody closed; Cristi typed 80 but meant 85: record, then correct hand 3 (only what changed).
run hand --atu b7 --nobody --points Ana=70 --points Bogdan=75 --points Cristi=80
run fix 3 --points Cristi=85
run sheet
run history
run import "$here/demo_game.json"
run sheet --game "sunday rami"
