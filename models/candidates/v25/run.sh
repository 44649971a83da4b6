#!/usr/bin/env bash
# Reader v25 (models/README.md, "Reader v25"): v24 taught by v20 as it learns: v20's number and
# colour part resumed on v20's four crop sets and v23's small-tile set, half of each loss v20's own
# chances for the crop (distillation, as v14); v16's orientation part.
# Training, folder, four fresh pools, every figure.
#   bash models/candidates/v25/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v25; F=$C/figures; R=out/r25; mkdir -p $F/flags $R
[ -f out/r20/v20.pt ] || { mkdir -p out/r20; git show 3af4907:models/candidates/v20/v20.pt > out/r20/v20.pt; }
# v23's small-tile set (candidates/v23/run.sh: 900 scenes, seed 2301, cut with the shipped folder)
[ -f out/r23/small.npz ] || { echo "out/r23/small.npz: run models/candidates/v23/run.sh with STAGE=train first"; exit 1; }
SETS="out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz out/r23/small.npz"
[ -f $R/taught.npz ] || $T teach $R/taught.npz out/r20/v20.pt $SETS > $R/teach.log 2>&1
date -u > $R/train-started
[ -f $R/v25n.pt ] || $T train $R/v25n.pt $SETS --init out/r20/v20.pt --epochs 2 --lr 0.0005 --seed 0 --turned 0.5 \
    --taught $R/taught.npz --taught-share 0.5 > $R/train.log 2>&1
[ -f $R/v25.pt ] || python -m research.cards.pretrained_reader pair $R/v25.pt $R/v25n.pt models/candidates/v16/v16.pt
cp $R/v25.pt $C/v25.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
bash research/figures/reader_candidate.sh v25 $R/v25.pt u 113
