#!/usr/bin/env bash
# Reader v20 on full racks, on fresh pools (models/README.md): the -m pools drawn, the shipped
# folder and v20's (out/r20/models, made by run.sh) side by side.
#   bash models/candidates/v20/confirm.sh      (from the root)
set -euo pipefail
source .venv/bin/activate
F=models/candidates/v20/figures-m; R=out/r20; mkdir -p $F/flags
[ -d $R/models ] || { bash research/figures/reader_folder.sh models/candidates/v20/v20.pt $R/models;
  python research/vision_calibrate.py --folder out/r12/calib --models $R/models > /dev/null; }
bash research/figures/pools.sh m 105
for P in pool-editions-m pool-racks-m pool-wide-m pool-crowd-m; do
  for M in shipped=models v20=$R/models; do
    remi vision eval out/$P --session "" --models ${M#*=} --json > $F/$P-${M%%=*}.json
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
  done
done
date -u > $R/confirm-done
