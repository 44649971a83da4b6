#!/usr/bin/env bash
# card reader 9 (models/README.md, "Card reader 9"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
S="nice -n 19 python -m research.cards.stage"; P="nice -n 19 python -m research.cards.pretrained_reader"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
F=models/candidates/cards9/figures; mkdir -p $F
for D in iphone white win; do
  date -u > out/cards-r9/data-$D-started
  $S scenes out/cards-r9/scenes-$D --pool spread-train --count 300 --val 0 --seed $((9300 + PF[$D])) --prints-without ${PF[$D]}
  $S crops out/cards-r9/scenes-$D.npz --scenes out/cards-r9/scenes-$D --copies 2 --negatives 4 --seed 0
  $S crops out/cards-r9/real-$D.npz --holdout $D --seed 0
done
while [ ! -f out/r13/figures-done ]; do sleep 30; done   # one job at a time: the tile reader's figures first
for D in iphone white win; do
  date -u > out/cards-r9/train-$D-started
  $P train out/cards-r9/reader9-$D.pt out/cards-r9/real-$D.npz out/cards-r9/scenes-$D.npz \
      --init out/cards-r8/init-$D.pt --epochs 1 --lr 0.0005 --seed 0 > out/cards-r9/train-$D.log 2>&1
  $P eval out/cards-r9/reader9-$D.pt --fold $D --json $F/deck-$D.json > out/cards-r9/eval-$D.log 2>&1
  $P eval-prints out/cards-r9/reader9-$D.pt --print-fold ${PF[$D]} --heights 18 56 --json $F/prints-${PF[$D]}.json >> out/cards-r9/eval-$D.log 2>&1
  date -u > out/cards-r9/$D-done
done
