#!/usr/bin/env bash
# Card reader 15 (models/README.md, "Card reader 15"): each fold's card reader 13c resumed 2 epochs on reader
# 11's data, a quarter of the crops turned a quarter, seed 2 (card reader 14 is the same without the turns);
# reader alone on the held-out deck and print fold: what the rule asks first, fold by fold, then the rest.
# Waits for fold iphone's detector stage 8 to have trained (one training at a time). Run from the root.
set -euo pipefail
source .venv/bin/activate
P="nice -n 19 python -m research.cards.pretrained_reader"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
O=out/cards-r15; F=models/candidates/cards15/figures; mkdir -p $O $F
[ -f out/cards-r13/data-done ] || STAGE=data bash models/candidates/cards13/run.sh
while [ ! -f out/cdet-iphone8-done ]; do sleep 30; done
for D in white iphone win; do
  [ -f $O/reader15-$D.pt ] || $P train $O/reader15-$D.pt out/cards-r11/real-$D.npz out/cards-r11/scenes9-$D.npz \
      out/cards-r11/scenes10-$D.npz out/cards-r10/synth-many.npz --init models/candidates/cards13/reader13c-$D.pt \
      --epochs 2 --lr 0.0003 --seed 2 --quarter-turned 0.25 > $O/train15-$D.log 2>&1
  cp $O/reader15-$D.pt models/candidates/cards15/reader15-$D.pt
  $P eval $O/reader15-$D.pt --fold $D --json $F/deck-$D-r15.json > /dev/null
  $P eval-prints $O/reader15-$D.pt --print-fold ${PF[$D]} --heights 18 56 --json $F/prints-${PF[$D]}-h18-56-r15.json > /dev/null
  date -u > $O/$D-done
done
for D in white iphone win; do   # 13c again, for its indices by shape; then the smaller prints
  $P eval models/candidates/cards13/reader13c-$D.pt --fold $D --json $F/deck-$D-r13c.json > /dev/null
done
for D in white iphone win; do
  $P eval-prints $O/reader15-$D.pt --print-fold ${PF[$D]} --heights 10 28 --json $F/prints-${PF[$D]}-h10-28-r15.json > /dev/null
done
date -u > $O/all-done
