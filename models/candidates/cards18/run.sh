#!/usr/bin/env bash
# Card reader 18 (the diary, "Card reader 18"): each fold's card reader 17 (its weights: commit c7fd5a7)
# resumed 2 epochs more with 17's settings, seed 3. Run from the root.
C=models/candidates
exec bash research/cards/reader_stage.sh $C/cards18 18 $C/cards17/reader17-@.pt 3 --low-resolution 0.5 --low-sides 18 32
