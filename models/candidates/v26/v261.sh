#!/usr/bin/env bash
# Reader v26.1 (models/README.md, "Reader v26.1"): v26's trunk under the number head, v20.1's (v20's)
# under the colour head, v16's orientation part (v26's own); nothing trained. Folder, four fresh
# pools, every figure (models/candidates/v261/figures).
#   bash models/candidates/v26/v261.sh      (from the root)
set -euo pipefail
source .venv/bin/activate
R=out/r261; mkdir -p $R
[ -f out/r26/v26.pt ] || { mkdir -p out/r26; git show 6920d3b:models/candidates/v26/v26.pt > out/r26/v26.pt; }
[ -f out/r201/v201.pt ] || python -m research.cards.pretrained_reader pair out/r201/v201.pt models/candidates/v20/v20.pt models/candidates/v16/v16.pt
python -m research.cards.pretrained_reader split $R/v261.pt out/r26/v26.pt out/r201/v201.pt
bash research/figures/reader_candidate.sh v261 $R/v261.pt w 115
