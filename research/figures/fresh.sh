#!/usr/bin/env bash
# Fresh test pools (models/README.md, "Reader v14"): the old pools' generator settings, new seeds,
# 120 photos each, drawn once; then the shipped folder and a candidate's read them side by side.
#   bash research/figures/fresh.sh v14        (the candidate's folder out/rNN/models, made by reader.sh)
set -euo pipefail
N=${1:?which candidate: v14 ...}; R=out/r${N#v}
source .venv/bin/activate
F=models/candidates/$N/figures; mkdir -p $F/flags
G="remi vision generate"
[ -d out/pool-wide-b ] || $G out/pool-wide-b --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 \
    --count 0 --val 120 --seed 9463 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-editions-b ] || $G out/pool-editions-b --layouts default --editions test --count 0 --val 120 \
    --seed 9461 --jobs 2 > /dev/null
[ -d out/pool-racks-b ] || $G out/pool-racks-b --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 \
    --seed 9462 --largest 4032 --jobs 2 > /dev/null
for P in pool-wide-b pool-editions-b pool-racks-b; do
  python research/vision_loso.py --folder out/$P --fold v831=models --fold $N=$R/models --json $F/$P.json > /dev/null
  python research/vision_flags.py --folder out/$P --models $R/models --json $F/flags/$P-$N.json > /dev/null
done
