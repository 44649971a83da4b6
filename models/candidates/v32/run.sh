#!/usr/bin/env bash
# Reader v32 (models/README.md, "Reader v32"): v31's recipe on 900 scenes of many-turned (many-train's
# faces whose 6 is the 9 turned round), the rest as v27.
#   bash models/candidates/v32/run.sh      (from the root; STAGE=train stops after the weights)
exec bash research/figures/reader_faces.sh v32 many-turned 3201 4 ae 123
