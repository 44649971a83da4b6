#!/usr/bin/env bash
# Reads too faint to count (models/README.md): the shipped folder with FAINT_FLOOR off and at a value,
# side by side on four pools and the real sessions.
#   bash models/candidates/faint-floor/run.sh              the -i pools at 0.1 (the first rule): faint-floor.json
#   bash models/candidates/faint-floor/run.sh j 0.05 102   the -j pools at 0.05 (drawn first if missing): faint-floor-j.json
set -euo pipefail
source .venv/bin/activate
SET=${1:-i}; V=${2:-0.1}; C=models/candidates/faint-floor
[ "$SET" = i ] || bash research/figures/pools.sh "$SET" "${3:?the stem of the pool seeds}"
python research/reader_floor.py out/pool-editions-$SET out/pool-racks-$SET out/pool-wide-$SET out/pool-crowd-$SET \
    rummy4 rummy rummy2 --floor FAINT_FLOOR=$V --json $C/faint-floor$([ "$SET" = i ] || echo "-$SET").json
