#!/usr/bin/env bash
# Reader v23 (models/README.md, "Reader v23"): v20's number and colour part taught small tiles two
# ways: 900 scenes of whole tables and lying tiles in the widest train pool, and a share of every
# batch seen through a far camera (--low-resolution); v16's orientation part. Scenes, crops,
# training, folder, four fresh pools, every figure.
#   bash models/candidates/v23/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v23; F=$C/figures; R=out/r23; mkdir -p $F/flags $R
[ -f out/r20/v20.pt ] || { mkdir -p out/r20; git show 3af4907:models/candidates/v20/v20.pt > out/r20/v20.pt; }
date -u > $R/data-started
[ -d $R/small ] || $G $R/small --editions most-train --layouts table=0.5,lying=0.3,rack=0.2 --count 900 \
    --val 0 --seed 2301 --holdout rummy4 --jobs 2 > $R/small.log 2>&1
[ -f $R/small.npz ] || $T tile-crops $R/small.npz $R/small --mine-with models --holdout rummy4 > $R/small-crops.log 2>&1
date -u > $R/train-started
[ -f $R/v23n.pt ] || $T train $R/v23n.pt out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz $R/small.npz \
    --init out/r20/v20.pt --epochs 2 --lr 0.0005 --seed 0 --turned 0.5 --low-resolution 0.15 > $R/train.log 2>&1
[ -f $R/v23.pt ] || python -m research.cards.pretrained_reader pair $R/v23.pt $R/v23n.pt models/candidates/v16/v16.pt
cp $R/v23.pt $C/v23.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
bash research/figures/reader_candidate.sh v23 $R/v23.pt s 111
