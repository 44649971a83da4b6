#!/usr/bin/env bash
# Reader v31 (research/vision-diary.md, "Reader v31"): v27's number part resumed on 900 scenes of
# many-train (most-train's families and the "many" split's two hundred more), the rest as v27.
# (Its scenes were drawn into out/r31/many; the shared script names them out/r31/scenes.)
#   bash models/candidates/v31/run.sh      (from the root; STAGE=train stops after the weights)
exec bash research/figures/reader_faces.sh v31 many-train 3101 3 ad 122
