#!/usr/bin/env bash
# Card reader 13 (models/README.md, "Card reader 13"): each fold's card reader 11 resumed 2 epochs on
# reader 11's data with half the crops redrawn as other prints would draw them (--face-shapes 0.5),
# and its control (13c: the same without), both seed 1; reader alone on the held-out deck and the
# held-out print fold. Reader 11's data is drawn again from the recipes of readers 9-11 (their seeds):
# out/ of 5 Dec is gone. Run from the root; STAGE=data stops after the data.
set -euo pipefail
source .venv/bin/activate
S="nice -n 19 python -m research.cards.stage"; P="nice -n 19 python -m research.cards.pretrained_reader"; X="--scale 0.75 1.3"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
O=out/cards-r13; F=models/candidates/cards13/figures; mkdir -p $O $F out/cards-r9 out/cards-r10 out/cards-r11
[ -f out/cards-r10/synth-many.npz ] || $S synth out/cards-r10/synth-many.npz --n 8000 --seed 102 --pips many
for D in iphone white win; do
  [ -d out/cards-r9/scenes-$D ] || $S scenes out/cards-r9/scenes-$D --pool spread-train --count 300 --val 0 --seed $((9300 + PF[$D])) --prints-without ${PF[$D]}
  [ -d out/cards-r10/scenes-$D ] || $S scenes out/cards-r10/scenes-$D --pool spread-train --count 300 --val 0 --seed $((9310 + PF[$D])) --prints-without ${PF[$D]}
  [ -f out/cards-r11/real-$D.npz ] || $S crops out/cards-r11/real-$D.npz --holdout $D --seed 0 $X
  [ -f out/cards-r11/scenes9-$D.npz ] || $S crops out/cards-r11/scenes9-$D.npz --scenes out/cards-r9/scenes-$D --copies 2 --negatives 4 --seed 0 $X
  [ -f out/cards-r11/scenes10-$D.npz ] || $S crops out/cards-r11/scenes10-$D.npz --scenes out/cards-r10/scenes-$D --copies 2 --negatives 4 --seed 1 $X
done
date -u > $O/data-done
[ "${STAGE:-}" = data ] && exit 0
for D in iphone white win; do
  for V in 13 13c; do
    OPTS=""; [ $V = 13 ] && OPTS="--face-shapes 0.5"
    [ -f $O/reader$V-$D.pt ] || $P train $O/reader$V-$D.pt out/cards-r11/real-$D.npz out/cards-r11/scenes9-$D.npz \
        out/cards-r11/scenes10-$D.npz out/cards-r10/synth-many.npz --init models/candidates/cards11/reader11-$D.pt \
        --epochs 2 --lr 0.0003 --seed 1 $OPTS > $O/train$V-$D.log 2>&1
    $P eval $O/reader$V-$D.pt --fold $D --json $F/deck-$D-r$V.json > /dev/null
    for H in "10 28" "18 56"; do
      $P eval-prints $O/reader$V-$D.pt --print-fold ${PF[$D]} --heights $H --json $F/prints-${PF[$D]}-h${H/ /-}-r$V.json > /dev/null
    done
  done
  date -u > $O/$D-done
done
