#!/usr/bin/env bash
# Reader v27 (models/README.md, "Reader v27"): v26's training again with seed 1 (v20's number and
# colour part resumed on v20's four crop sets and v23's small-tile set, numbers only), its trunk under
# the number head and v20's under the colour head as v26.1's, v16's orientation part. Training,
# folder, four fresh pools, every figure.
#   bash models/candidates/v27/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v27; R=out/r27; mkdir -p $R
[ -f out/r20/v20.pt ] || { mkdir -p out/r20; git show 3af4907:models/candidates/v20/v20.pt > out/r20/v20.pt; }
[ -f out/r23/small.npz ] || { echo "out/r23/small.npz: run models/candidates/v23/run.sh with STAGE=train first"; exit 1; }
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
date -u > $R/train-started
[ -f $R/v27n.pt ] || $T train $R/v27n.pt out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz \
    --numbers-only out/r23/small.npz --init out/r20/v20.pt --epochs 2 --lr 0.0005 --seed 1 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v27p.pt ] || python -m research.cards.pretrained_reader pair $R/v27p.pt $R/v27n.pt models/candidates/v16/v16.pt
[ -f $R/v27.pt ] || python -m research.cards.pretrained_reader split $R/v27.pt $R/v27p.pt out/r201/v201.pt
cp $R/v27p.pt $C/v27p.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
bash research/figures/reader_candidate.sh v27 $R/v27.pt x 116
