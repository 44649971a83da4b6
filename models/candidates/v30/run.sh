#!/usr/bin/env bash
# Reader v30 (models/README.md, "Reader v30"): the J set (most-train's families, every joker a J, 15 %
# of the tiles jokers), v27's number part resumed one epoch with it; v16's orientation part, v20.1's
# colours as v27. Data, training, folder, four fresh pools, every figure.
#   bash models/candidates/v30/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
G="nice -n 19 remi vision generate"; T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v30; R=out/r30; mkdir -p $R
[ -f out/r27/v27n.pt ] || { echo "out/r27/v27n.pt: run models/candidates/v27/run.sh with STAGE=train first"; exit 1; }
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
date -u > $R/data-started
[ -d $R/jokers ] || $G $R/jokers --editions joker-most --layouts rack=0.4,crowd=0.2,close=0.2,lying=0.1,table=0.1 --count 500 \
    --val 0 --seed 3001 --holdout rummy4 --jobs 2 > $R/jokers.log 2>&1
[ -f $R/jokers.npz ] || $T tile-crops $R/jokers.npz $R/jokers --mine-with models --holdout rummy4 > $R/jokers-crops.log 2>&1
date -u > $R/train-started
[ -f $R/v30n.pt ] || $T train $R/v30n.pt out/r20/most.npz out/r16/more.npz out/r12/wide.npz out/r12/old.npz \
    --numbers-only out/r23/small.npz $R/jokers.npz --init out/r27/v27n.pt --epochs 1 --lr 0.0003 --seed 3 --turned 0.5 > $R/train.log 2>&1
[ -f $R/v30p.pt ] || python -m research.cards.pretrained_reader pair $R/v30p.pt $R/v30n.pt models/candidates/v16/v16.pt
cp $R/v30p.pt $C/v30p.pt; cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
[ -f $R/v30.pt ] || python -m research.cards.pretrained_reader split $R/v30.pt $R/v30p.pt out/r201/v201.pt
SHIPPED=v27 bash research/figures/reader_candidate.sh v30 $R/v30.pt aa 119
