#!/usr/bin/env bash
# card reader 12 (models/README.md, "Card reader 12"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
S="nice -n 19 python -m research.cards.stage"; P="nice -n 19 python -m research.cards.pretrained_reader"; X="--scale 0.75 1.3"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
F=models/candidates/cards12/figures; mkdir -p $F out/cards-r11 out/cards-r12
date -u > out/cards-r12/data-started
# reader 11's data, made again on this machine (the same commands and seeds: cards9, cards10, cards11 run.sh)
[ -f out/cards-r10/synth-many.npz ] || $S synth out/cards-r10/synth-many.npz --n 8000 --seed 102 --pips many
for D in iphone white win; do
  [ -d out/cards-r9/scenes-$D ] || $S scenes out/cards-r9/scenes-$D --pool spread-train --count 300 --val 0 --seed $((9300 + PF[$D])) --prints-without ${PF[$D]}
  [ -d out/cards-r10/scenes-$D ] || $S scenes out/cards-r10/scenes-$D --pool spread-train --count 300 --val 0 --seed $((9310 + PF[$D])) --prints-without ${PF[$D]}
  $S crops out/cards-r11/real-$D.npz --holdout $D --seed 0 $X
  $S crops out/cards-r11/scenes9-$D.npz --scenes out/cards-r9/scenes-$D --copies 2 --negatives 4 --seed 0 $X
  $S crops out/cards-r11/scenes10-$D.npz --scenes out/cards-r10/scenes-$D --copies 2 --negatives 4 --seed 1 $X
  nice -n 19 python -m research.cards.pip_views out/cards-r12/pips-$D.npz out/cards-r11/{real,scenes9,scenes10}-$D.npz \
      --teacher models/candidates/cards11/reader11-$D.pt --most 0.3 | tee out/cards-r12/pips-$D.log
done
date -u > out/cards-r12/data-done
while [ ! -f out/cdet3-train-done ]; do sleep 30; done   # one training at a time: the fold iphone detector first
for D in iphone white win; do
  date -u > out/cards-r12/train-$D-started
  $P train out/cards-r12/reader12-$D.pt out/cards-r11/{real,scenes9,scenes10}-$D.npz out/cards-r10/synth-many.npz \
      out/cards-r12/pips-$D.npz --init models/candidates/cards11/reader11-$D.pt --epochs 2 --lr 0.0003 --seed 0 \
      > out/cards-r12/train-$D.log 2>&1
  $P eval out/cards-r12/reader12-$D.pt --fold $D --json $F/deck-$D.json > out/cards-r12/eval-$D.log 2>&1
  date -u > out/cards-r12/$D-done
done
# the control: the same 2 epochs without the pip views
for D in iphone white win; do
  $P train out/cards-r12/control-$D.pt out/cards-r11/{real,scenes9,scenes10}-$D.npz out/cards-r10/synth-many.npz \
      --init models/candidates/cards11/reader11-$D.pt --epochs 2 --lr 0.0003 --seed 0 > out/cards-r12/control-$D.log 2>&1
  $P eval out/cards-r12/control-$D.pt --fold $D --json $F/control-$D.json > out/cards-r12/control-eval-$D.log 2>&1
done
date -u > out/cards-r12/all-done
