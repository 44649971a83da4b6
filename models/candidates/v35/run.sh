#!/usr/bin/env bash
# Reader v35 (models/README.md, "Reader v35"): v34's number part resumed 2 epochs more on v34's sets,
# v32's crop sets (research/figures/reader_sets.sh) and v33's J set numbers only; paired with v16's
# orientation part and split with v20.1 (colours) as v34; then its figures beside v34's on fresh pools.
#   bash models/candidates/v35/run.sh      (from the root; STAGE=train stops after the weights)
set -euo pipefail
source .venv/bin/activate
T="nice -n 19 python -m research.cards.pretrained_reader"
C=models/candidates/v35; R=out/r35; mkdir -p $R out/r201
[ -f $R/v35p.pt ] || [ ! -f $C/v35p.pt ] || cp $C/v35p.pt $R/v35p.pt  # the committed stage: not trained again
if [ ! -f $R/v35p.pt ]; then
  bash research/figures/reader_sets.sh
  [ -f out/r33/scenes.npz ] || STAGE=train bash models/candidates/v33/run.sh  # the J set (and v33, not used)
  date -u > $R/train-started
  [ -f $R/v35n.pt ] || $T train $R/v35n.pt out/r32/scenes.npz out/r20/most.npz out/r16/more.npz out/r12/wide.npz \
      out/r12/old.npz --numbers-only out/r23/small.npz out/r33/scenes.npz --init models/candidates/v34/v34p.pt \
      --epochs 2 --lr 0.0003 --seed 7 --turned 0.5 > $R/train.log 2>&1
fi
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
[ -f $R/v35p.pt ] || python -m research.cards.pretrained_reader pair $R/v35p.pt $R/v35n.pt models/candidates/v16/v16.pt
[ -f $R/v35.pt ] || python -m research.cards.pretrained_reader split $R/v35.pt $R/v35p.pt out/r201/v201.pt
cmp -s $R/v35p.pt $C/v35p.pt || cp $R/v35p.pt $C/v35p.pt; [ ! -f $R/train.log ] || cp $R/train.log $C/train.log
date -u > $R/train-done
[ "${STAGE:-}" = train ] && exit 0
SHIPPED=v34 bash research/figures/reader_candidate.sh v35 $R/v35.pt ai 127
python research/joker_faces.py --models $R/models --json $C/figures/joker-faces-v35.json > /dev/null
