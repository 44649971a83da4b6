#!/usr/bin/env bash
# Reader v26 (models/README.md, "Reader v26"): v24's data, the small-tile set teaching numbers only:
# v20's number and colour part resumed on v20's four crop sets (numbers and colours) and v23's
# small-tile set (numbers; no colour asked); v16's orientation part. Training, folder, four fresh
# pools, every figure.
#   bash models/candidates/v26/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v26; R=out/r26; mkdir -p $R
[ -f out/r20/v20.pt ] || { mkdir -p out/r20; git show 3af4907:models/candidates/v20/v20.pt > out/r20/v20.pt; }
# v23's small-tile set (candidates/v23/run.sh: 900 scenes, seed 2301, cut with the shipped folder)
[ -f out/r23/small.npz ] || { echo "out/r23/small.npz: run models/candidates/v23/run.sh with STAGE=train first"; exit 1; }
date -u > $R/train-started
[ -f $R/v26n.pt ] || $T train $R/v26n.pt out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz \
    --numbers-only out/r23/small.npz --init out/r20/v20.pt --epochs 2 --lr 0.0005 --seed 0 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v26.pt ] || python -m research.cards.pretrained_reader pair $R/v26.pt $R/v26n.pt models/candidates/v16/v16.pt
cp $R/v26.pt $C/v26.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
bash research/figures/reader_candidate.sh v26 $R/v26.pt v 114
