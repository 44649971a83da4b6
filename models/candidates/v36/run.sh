#!/usr/bin/env bash
# Reader v36 (the diary, "Reader v36"): v35's number part resumed 1 epoch on v35's sets and two fresh
# ones (900 scenes of most-train, 900 of many-turned, new seeds), seed 8; its figures beside v35's
# on the -aj pools. Failed its rule; its weights are in cea54e3.
#   bash models/candidates/v36/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; T="nice -n 19 python -m research.cards.pretrained_reader"
MIX=rack=0.4,crowd=0.2,close=0.2,lying=0.1,table=0.1; R=out/r36; mkdir -p $R
draw() {  # folder, then remi vision generate's options (as research/figures/reader_sets.sh draws)
  local dir=$1; shift
  [ -d "$dir" ] || $G "$dir" --val 0 --holdout rummy4 --jobs 2 "$@" > "$dir.log" 2>&1
  [ -f "$dir.npz" ] || $T tile-crops "$dir.npz" "$dir" --mine-with models --holdout rummy4 > "$dir-crops.log" 2>&1
}
if [ ! -f $R/v36p.pt ] && [ ! -f models/candidates/v36/v36p.pt ]; then
  draw $R/most --editions most-train --layouts $MIX --count 900 --seed 3601
  draw $R/turned --editions many-turned --layouts $MIX --count 900 --seed 3602
fi
exec bash research/figures/reader_resume.sh v36 models/candidates/v35/v35p.pt 8 1 v35 aj 128 $R/most.npz $R/turned.npz
