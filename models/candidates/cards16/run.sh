#!/usr/bin/env bash
# Card reader 16 (models/README.md, "Card reader 16"): each fold's card reader 13c resumed 2 epochs on
# reader 11's data with 30 % of each batch seen through a far camera (--low-resolution 0.3), seed 2,
# and its control 16c, the same without; reader alone on the held-out deck and print fold at both
# heights (VARIANTS=16: without the control, which reads as card reader 14 read, to the crop:
# the same data, seed and recipe; on win 924 of 1,149 both). Reader 11's data is drawn again with its seeds (cards13/run.sh, STAGE=data). Run from the root.
set -euo pipefail
source .venv/bin/activate
P="nice -n 19 python -m research.cards.pretrained_reader"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
O=out/cards-r16; F=models/candidates/cards16/figures; mkdir -p $O $F
[ -f out/cards-r13/data-done ] || STAGE=data bash models/candidates/cards13/run.sh
for D in win white iphone; do
  for V in ${VARIANTS:-16 16c}; do
    OPTS=""; [ $V = 16 ] && OPTS="--low-resolution 0.3"
    [ -f $O/reader$V-$D.pt ] || $P train $O/reader$V-$D.pt out/cards-r11/real-$D.npz out/cards-r11/scenes9-$D.npz \
        out/cards-r11/scenes10-$D.npz out/cards-r10/synth-many.npz --init models/candidates/cards13/reader13c-$D.pt \
        --epochs 2 --lr 0.0003 --seed 2 $OPTS > $O/train$V-$D.log 2>&1
    cp $O/reader$V-$D.pt models/candidates/cards16/reader$V-$D.pt
    cp $O/train$V-$D.log models/candidates/cards16/
    $P eval $O/reader$V-$D.pt --fold $D --json $F/deck-$D-r$V.json > /dev/null
    for H in "18 56" "10 28"; do
      $P eval-prints $O/reader$V-$D.pt --print-fold ${PF[$D]} --heights $H --json $F/prints-${PF[$D]}-h${H/ /-}-r$V.json > /dev/null
    done
  done
  date -u > $O/$D-done
done
date -u > $O/all-done
