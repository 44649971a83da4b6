#!/usr/bin/env bash
# Reader v28 (models/README.md, "Reader v28"): v27's number part resumed on every crop set asked its
# numbers only, paired with v16's orientation part and split with v20.1 (colours) as v27 was.
# Training, folder, four fresh pools, every figure (v27, shipped, beside it).
#   bash models/candidates/v28/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v28; R=out/r28; mkdir -p $R
[ -f out/r27/v27n.pt ] || STAGE=train bash models/candidates/v27/run.sh
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
date -u > $R/train-started
[ -f $R/v28n.pt ] || $T train $R/v28n.pt --numbers-only out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz \
    out/r23/small.npz --init out/r27/v27n.pt --epochs 2 --lr 0.0003 --seed 2 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v28p.pt ] || python -m research.cards.pretrained_reader pair $R/v28p.pt $R/v28n.pt models/candidates/v16/v16.pt
[ -f $R/v28.pt ] || python -m research.cards.pretrained_reader split $R/v28.pt $R/v28p.pt out/r201/v201.pt
cp $R/v28p.pt $C/v28p.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
SHIPPED=v27 bash research/figures/reader_candidate.sh v28 $R/v28.pt y 117
