#!/usr/bin/env bash
# The tile reader's crop sets as the shipped v32 learnt them, drawn again with their seeds (a new
# machine has none: out/ is not kept): v12's wide and old sets and calibration set, v16's more,
# v20's most, v23's small and v32's many-turned scenes, each cut by `tile-crops --mine-with models`
# (the shipped folder, as each was). What each run.sh draws before it trains; nothing is trained here.
#   bash research/figures/reader_sets.sh      (from the root; a set already there is kept)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; T="nice -n 19 python -m research.cards.pretrained_reader"
MIX=rack=0.4,crowd=0.2,close=0.2,lying=0.1,table=0.1; L=rack=0.5,close=0.2,lying=0.2,table=0.1
draw() {  # folder, then remi vision generate's options
  local dir=$1; shift
  mkdir -p "$(dirname "$dir")"
  [ -d "$dir" ] || $G "$dir" --val 0 --holdout rummy4 --jobs 2 "$@" > "$dir.log" 2>&1
  [ -f "$dir.npz" ] || $T tile-crops "$dir.npz" "$dir" --mine-with models --holdout rummy4 > "$dir-crops.log" 2>&1
}
[ -d out/r12/calib ] || { mkdir -p out/r12; $G out/r12/calib --editions wide-train --layouts $L --count 0 --val 150 \
    --seed 1206 --holdout rummy4 --jobs 2 > out/r12/calib.log 2>&1; }
draw out/r12/wide --editions wide-train --layouts $L --count 600 --seed 1205
draw out/r12/old --editions train --layouts $L --count 300 --seed 1207
draw out/r16/more --editions more-train --layouts $MIX --count 900 --seed 1601
draw out/r20/most --editions most-train --layouts $MIX --count 900 --seed 2001
draw out/r23/small --editions most-train --layouts table=0.5,lying=0.3,rack=0.2 --count 900 --seed 2301
draw out/r32/scenes --editions many-turned --layouts $MIX --count 900 --seed 3201
date -u > out/reader-sets-done
