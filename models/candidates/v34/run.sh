#!/usr/bin/env bash
# Reader v34 (the diary, "Reader v34"): v32's number part resumed 2 epochs on v32's crop sets and
# v33's J set, numbers only, seed 6; its figures beside v32's on the -ah pools.
#   bash models/candidates/v34/run.sh      (from the root; STAGE=train stops after the weights)
exec bash research/figures/reader_resume.sh v34 models/candidates/v32/v32p.pt 6 2 v32 ah 126
