#!/usr/bin/env bash
# Card reader 14 (models/README.md, "Card reader 14"): each fold's card reader 13c (reader 11 two epochs
# more) resumed 2 epochs more on reader 11's data, seed 2; reader alone on the held-out deck and print
# fold. Reader 11's data: models/candidates/cards13/run.sh (STAGE=data). Run from the root.
set -euo pipefail
source .venv/bin/activate
P="nice -n 19 python -m research.cards.pretrained_reader"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
O=out/cards-r14; F=models/candidates/cards14/figures; mkdir -p $O $F
[ -f out/cards-r13/data-done ] || STAGE=data bash models/candidates/cards13/run.sh
for D in iphone white win; do
  [ -f $O/reader14-$D.pt ] || $P train $O/reader14-$D.pt out/cards-r11/real-$D.npz out/cards-r11/scenes9-$D.npz \
      out/cards-r11/scenes10-$D.npz out/cards-r10/synth-many.npz --init models/candidates/cards13/reader13c-$D.pt \
      --epochs 2 --lr 0.0003 --seed 2 > $O/train14-$D.log 2>&1
  $P eval $O/reader14-$D.pt --fold $D --json $F/deck-$D-r14.json > /dev/null
  for H in "10 28" "18 56"; do
    $P eval-prints $O/reader14-$D.pt --print-fold ${PF[$D]} --heights $H --json $F/prints-${PF[$D]}-h${H/ /-}-r14.json > /dev/null
  done
  date -u > $O/$D-done
done
