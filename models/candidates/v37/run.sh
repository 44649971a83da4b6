#!/usr/bin/env bash
# Reader v37 (models/README.md, "Reader v37"): v35's number part resumed 2 epochs on v35's sets, half
# of every batch redrawn as other faces would print it (--face-shapes 0.5), seed 9; its figures beside
# v35's on the -ak pools.
#   bash models/candidates/v37/run.sh      (from the root; STAGE=train stops after the weights)
TRAIN_OPTS="--face-shapes 0.5" exec bash research/figures/reader_resume.sh v37 models/candidates/v35/v35p.pt 9 2 v35 ak 129
