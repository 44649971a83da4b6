#!/usr/bin/env bash
# A copy past the deck's, set aside (models/README.md): four fresh pools, then the shipped folder with
# and without it side by side.   bash models/candidates/print-floor/run.sh   (from the root)
set -euo pipefail
source .venv/bin/activate
P="remi vision generate"; C=models/candidates/print-floor
[ -d out/pool-wide-g ] || $P out/pool-wide-g --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 --count 0 --val 120 --seed 9963 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-editions-g ] || $P out/pool-editions-g --layouts default --editions test --count 0 --val 120 --seed 9961 --jobs 2 > /dev/null
[ -d out/pool-racks-g ] || $P out/pool-racks-g --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 --seed 9962 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-crowd-g ] || $P out/pool-crowd-g --layouts crowd=1 --editions test --count 0 --val 120 --seed 9964 --largest 4032 --jobs 2 > /dev/null
python research/reader_floor.py out/pool-wide-g out/pool-editions-g out/pool-racks-g out/pool-crowd-g rummy4 rummy rummy2 \
    --floor PRINT_FLOOR=0.02 --json $C/print-floor.json
