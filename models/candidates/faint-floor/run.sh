#!/usr/bin/env bash
# Reads too faint to count (models/README.md): the shipped folder with FAINT_FLOOR off and at 0.1, side by
# side on the -i pools (drawn by ../p1s4/run.sh) and the real sessions.   bash models/candidates/faint-floor/run.sh
set -euo pipefail
source .venv/bin/activate
python research/reader_floor.py out/pool-editions-i out/pool-racks-i out/pool-wide-i out/pool-crowd-i rummy4 rummy rummy2 \
    --floor FAINT_FLOOR=0.1 --json models/candidates/faint-floor/faint-floor.json
