#!/usr/bin/env bash
# One card reader stage, fold by fold (models/README.md, "Card readers"): each fold's INIT resumed 2
# epochs, lr 0.0003, on reader 11's data (drawn again with its seeds if out/ lacks it), then the reader
# alone on the held-out deck and its card-prints fold at 18-56 and 10-28 px. Run from the root:
#   bash research/cards/reader_stage.sh FOLDER TAG INIT SEED [TRAIN OPTIONS...]
# INIT names the fold with @ (models/candidates/cards13/reader13c-@.pt); the weights, logs and figures
# go to FOLDER (FOLDER/readerTAG-FOLD.pt, FOLDER/figures/deck-FOLD-rTAG.json); VARIANT_FOLDS picks folds.
set -euo pipefail
FOLDER=$1; TAG=$2; INIT=$3; SEED=$4; shift 4
source .venv/bin/activate
P="nice -n 19 python -m research.cards.pretrained_reader"
declare -A PF=([white]=0 [iphone]=1 [win]=2)
O=out/cards-r$TAG; F=$FOLDER/figures; mkdir -p $O $F
[ -f out/cards-r13/data-done ] || STAGE=data bash models/candidates/cards13/run.sh
for D in ${VARIANT_FOLDS:-win white iphone}; do
  [ -f $O/reader$TAG-$D.pt ] || $P train $O/reader$TAG-$D.pt out/cards-r11/real-$D.npz out/cards-r11/scenes9-$D.npz \
      out/cards-r11/scenes10-$D.npz out/cards-r10/synth-many.npz --init ${INIT//@/$D} \
      --epochs 2 --lr 0.0003 --seed $SEED "$@" > $O/train$TAG-$D.log 2>&1
  cp $O/reader$TAG-$D.pt $O/train$TAG-$D.log $FOLDER/
  $P eval $O/reader$TAG-$D.pt --fold $D --json $F/deck-$D-r$TAG.json > /dev/null
  for H in "18 56" "10 28"; do
    $P eval-prints $O/reader$TAG-$D.pt --print-fold ${PF[$D]} --heights $H --json $F/prints-${PF[$D]}-h${H/ /-}-r$TAG.json > /dev/null
  done
  date -u > $O/$D-done
done
date -u > $O/all-done
