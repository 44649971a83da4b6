#!/usr/bin/env bash
# Reader v31 (models/README.md, "Reader v31"): v27's number part resumed on 900 scenes of many-train
# (most-train's families and the "many" split's two hundred more) beside v27's five crop sets, paired
# with v16's orientation part and split with v20.1 (colours) as v27 was. Data, training, folder,
# four fresh pools, every figure (v27, shipped, beside it).
#   bash models/candidates/v31/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v31; R=out/r31; mkdir -p $R
[ -f out/r27/v27n.pt ] || STAGE=train bash models/candidates/v27/run.sh
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
date -u > $R/data-started
[ -d $R/many ] || $G $R/many --editions many-train --layouts rack=0.4,crowd=0.2,close=0.2,lying=0.1,table=0.1 --count 900 \
    --val 0 --seed 3101 --holdout rummy4 --jobs 2 > $R/many.log 2>&1
[ -f $R/many.npz ] || $T tile-crops $R/many.npz $R/many --mine-with models --holdout rummy4 > $R/many-crops.log 2>&1
date -u > $R/train-started
[ -f $R/v31n.pt ] || $T train $R/v31n.pt $R/many.npz out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz \
    --numbers-only out/r23/small.npz --init out/r27/v27n.pt --epochs 2 --lr 0.0005 --seed 3 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v31p.pt ] || python -m research.cards.pretrained_reader pair $R/v31p.pt $R/v31n.pt models/candidates/v16/v16.pt
[ -f $R/v31.pt ] || python -m research.cards.pretrained_reader split $R/v31.pt $R/v31p.pt out/r201/v201.pt
cp $R/v31p.pt $C/v31p.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
SHIPPED=v27 bash research/figures/reader_candidate.sh v31 $R/v31.pt ad 122
