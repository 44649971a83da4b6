#!/usr/bin/env bash
# Card reader 18 (models/README.md, "Card reader 18"): each fold's card reader 17 resumed 2 epochs more on
# reader 11's data with half of each batch shrunk to 18-32 px and blown back up, seed 3; reader alone
# on the held-out deck and print fold at both heights. Waits for the hands pool read by reader 17's folds (one training
# at a time). Run from the root.
set -euo pipefail
source .venv/bin/activate
P="nice -n 19 python -m research.cards.pretrained_reader"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
O=out/cards-r18; F=models/candidates/cards18/figures; mkdir -p $O $F
while [ ! -f models/candidates/cards17/figures/hands-whole-reader17.json ]; do sleep 20; done
for D in win white iphone; do
  [ -f $O/reader18-$D.pt ] || $P train $O/reader18-$D.pt out/cards-r11/real-$D.npz out/cards-r11/scenes9-$D.npz \
      out/cards-r11/scenes10-$D.npz out/cards-r10/synth-many.npz --init models/candidates/cards17/reader17-$D.pt \
      --epochs 2 --lr 0.0003 --seed 3 --low-resolution 0.5 --low-sides 18 32 > $O/train18-$D.log 2>&1
  cp $O/reader18-$D.pt $O/train18-$D.log models/candidates/cards18/
  $P eval $O/reader18-$D.pt --fold $D --json $F/deck-$D-r18.json > /dev/null
  for H in "18 56" "10 28"; do
    $P eval-prints $O/reader18-$D.pt --print-fold ${PF[$D]} --heights $H --json $F/prints-${PF[$D]}-h${H/ /-}-r18.json > /dev/null
  done
  date -u > $O/$D-done
done
date -u > $O/all-done
