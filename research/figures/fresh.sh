#!/usr/bin/env bash
# Fresh test pools (models/README.md, "Reader v14", "Reader v15"): the old pools' generator settings,
# new seeds, 120 photos each, drawn once; then the shipped folder and a candidate's read them side by side.
#   bash research/figures/fresh.sh v14            (the candidate's folder out/rNN/models, made by reader.sh)
#   SET=c bash research/figures/fresh.sh v15      (set b: seeds 9461-9463; set c: 9561-9563)
set -euo pipefail
N=${1:?which candidate: v14 ...}; R=out/r${N#v}; SET=${SET:-b}
case $SET in b) S=94 ;; c) S=95 ;; *) echo "SET b or c"; exit 2 ;; esac
source .venv/bin/activate
F=models/candidates/$N/figures; mkdir -p $F/flags
G="remi vision generate"
[ -d out/pool-wide-$SET ] || $G out/pool-wide-$SET --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 \
    --count 0 --val 120 --seed ${S}63 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-editions-$SET ] || $G out/pool-editions-$SET --layouts default --editions test --count 0 --val 120 \
    --seed ${S}61 --jobs 2 > /dev/null
[ -d out/pool-racks-$SET ] || $G out/pool-racks-$SET --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 \
    --seed ${S}62 --largest 4032 --jobs 2 > /dev/null
for P in pool-wide-$SET pool-editions-$SET pool-racks-$SET; do
  python research/vision_loso.py --folder out/$P --fold v831=models --fold $N=$R/models --json $F/$P.json > /dev/null
  python research/vision_flags.py --folder out/$P --models $R/models --json $F/flags/$P-$N.json > /dev/null
done
