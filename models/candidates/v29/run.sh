#!/usr/bin/env bash
# Reader v29 (models/README.md, "Reader v29"): v26's training a third time (seed 2); numbers read by
# the mean of three trunks of that recipe (seeds 0, 1, 2: v26, v27 and this one), colours by v20's
# trunk as v27 does, v16's orientation part. Training, folder, four fresh pools, every figure.
#   bash models/candidates/v29/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v29; R=out/r29; mkdir -p $R
[ -f out/r20/v20.pt ] || { mkdir -p out/r20; git show 3af4907:models/candidates/v20/v20.pt > out/r20/v20.pt; }
[ -f out/r23/small.npz ] || { echo "out/r23/small.npz: run models/candidates/v23/run.sh with STAGE=train first"; exit 1; }
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
[ -f $R/v26p.pt ] || git show 6920d3b:models/candidates/v26/v26.pt > $R/v26p.pt
date -u > $R/train-started
[ -f $R/v29n.pt ] || $T train $R/v29n.pt out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz \
    --numbers-only out/r23/small.npz --init out/r20/v20.pt --epochs 2 --lr 0.0005 --seed 2 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v29p.pt ] || python -m research.cards.pretrained_reader pair $R/v29p.pt $R/v29n.pt models/candidates/v16/v16.pt
cp $R/v29p.pt $C/v29p.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
[ -f $R/v29.pt ] || python -m research.cards.pretrained_reader split $R/v29.pt \
    models/candidates/v27/v27p.pt $R/v26p.pt $R/v29p.pt out/r201/v201.pt
SHIPPED=v27 bash research/figures/reader_candidate.sh v29 $R/v29.pt z 118
