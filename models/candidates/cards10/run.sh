#!/usr/bin/env bash
# card reader 10 (models/README.md, "Card reader 10"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
S="nice -n 19 python -m research.cards.stage"; P="nice -n 19 python -m research.cards.pretrained_reader"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
F=models/candidates/cards10/figures; mkdir -p $F
date -u > out/cards-r10/data-started
$S synth out/cards-r10/synth-many.npz --n 8000 --seed 102 --pips many
for D in iphone white win; do
  $S scenes out/cards-r10/scenes-$D --pool spread-train --count 300 --val 0 --seed $((9310 + PF[$D])) --prints-without ${PF[$D]}
  $S crops out/cards-r10/scenes-$D.npz --scenes out/cards-r10/scenes-$D --copies 2 --negatives 4 --seed 1
done
date -u > out/cards-r10/data-done
while [ ! -f out/r14/train-done ]; do sleep 30; done   # one training at a time: reader v14 first
for D in iphone white win; do
  date -u > out/cards-r10/train-$D-started
  $P train out/cards-r10/reader10-$D.pt out/cards-r9/real-$D.npz out/cards-r9/scenes-$D.npz \
      out/cards-r10/scenes-$D.npz out/cards-r10/synth-many.npz --init out/cards-r8/init-$D.pt --epochs 2 --lr 0.0005 --seed 0 \
      > out/cards-r10/train-$D.log 2>&1
  $P eval out/cards-r10/reader10-$D.pt --fold $D --json $F/deck-$D.json > out/cards-r10/eval-$D.log 2>&1
  date -u > out/cards-r10/$D-done
done
