#!/usr/bin/env bash
# Card reader 19 (models/README.md, "Card reader 19": 17's recipe, seed 4): each fold's card reader 13c resumed 2 epochs on
# reader 11's data with half of each batch shrunk to 18-32 px and blown back up, seed 4; reader alone
# on the held-out deck and print fold at both heights. Runs alone (one training
# at a time). Run from the root.
set -euo pipefail
source .venv/bin/activate
P="nice -n 19 python -m research.cards.pretrained_reader"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
O=out/cards-r19; F=models/candidates/cards19/figures; mkdir -p $O $F
for D in win white iphone; do
  [ -f $O/reader19-$D.pt ] || $P train $O/reader19-$D.pt out/cards-r11/real-$D.npz out/cards-r11/scenes9-$D.npz \
      out/cards-r11/scenes10-$D.npz out/cards-r10/synth-many.npz --init models/candidates/cards13/reader13c-$D.pt \
      --epochs 2 --lr 0.0003 --seed 4 --low-resolution 0.5 --low-sides 18 32 > $O/train19-$D.log 2>&1
  cp $O/reader19-$D.pt $O/train19-$D.log models/candidates/cards19/
  $P eval $O/reader19-$D.pt --fold $D --json $F/deck-$D-r19.json > /dev/null
  for H in "18 56" "10 28"; do
    $P eval-prints $O/reader19-$D.pt --print-fold ${PF[$D]} --heights $H --json $F/prints-${PF[$D]}-h${H/ /-}-r19.json > /dev/null
  done
  date -u > $O/$D-done
done
date -u > $O/all-done
