#!/usr/bin/env bash
# Card reader 16 (the diary, "Card reader 16"): each fold's card reader 13c resumed 2 epochs on reader
# 11's data with 30 % of each batch seen through a far camera (--low-resolution 0.3), seed 2, and its
# control 16c, the same without (run on win only: it read as card reader 14 read, to the crop, the same
# data, seed and recipe; 14's figures are the other folds' control). Run from the root.
set -euo pipefail
C=models/candidates
bash research/cards/reader_stage.sh $C/cards16 16 $C/cards13/reader13c-@.pt 2 --low-resolution 0.3
VARIANT_FOLDS=win bash research/cards/reader_stage.sh $C/cards16 16c $C/cards13/reader13c-@.pt 2
