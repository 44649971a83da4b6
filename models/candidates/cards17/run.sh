#!/usr/bin/env bash
# Card reader 17 (the diary, "Card reader 17"): each fold's card reader 13c resumed 2 epochs on reader
# 11's data with half of each batch shrunk to 18-32 px and blown back up, seed 2. Run from the root.
C=models/candidates
exec bash research/cards/reader_stage.sh $C/cards17 17 $C/cards13/reader13c-@.pt 2 --low-resolution 0.5 --low-sides 18 32
