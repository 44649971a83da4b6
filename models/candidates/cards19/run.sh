#!/usr/bin/env bash
# Card reader 19 (the diary, "Card reader 19"): card reader 17's recipe exactly, seed 4. Run from the root.
C=models/candidates
exec bash research/cards/reader_stage.sh $C/cards19 19 $C/cards13/reader13c-@.pt 4 --low-resolution 0.5 --low-sides 18 32
