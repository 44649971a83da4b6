#!/usr/bin/env bash
# Four pools of one set (research/figures/pools.sh) read by models folders side by side: each
# folder's `remi vision eval` JSON and its marks (research/vision_flags.py) under FIGURES.
#   bash research/figures/read_pools.sh ab models/candidates/small-sure/figures shipped=models small=out/small/models
set -euo pipefail
SET=${1:?the pools letter}; F=${2:?the figures folder}; shift 2
source .venv/bin/activate
mkdir -p $F/flags
for P in pool-editions-$SET pool-racks-$SET pool-wide-$SET pool-crowd-$SET; do
  for M in "$@"; do
    remi vision eval out/$P --session "" --models ${M#*=} --json > $F/$P-${M%%=*}.json
    python research/vision_flags.py --folder out/$P --models ${M#*=} --json $F/flags/$P-${M%%=*}.json > /dev/null
  done
done
