#!/usr/bin/env bash
# Reader v35 (the diary, "Reader v35"): v34's number part resumed 2 epochs more on v34's sets, seed 7;
# its figures beside v34's on the -ai pools.
#   bash models/candidates/v35/run.sh      (from the root; STAGE=train stops after the weights)
exec bash research/figures/reader_resume.sh v35 models/candidates/v34/v34p.pt 7 2 v34 ai 127
