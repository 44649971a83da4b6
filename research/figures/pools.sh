#!/usr/bin/env bash
# Four fresh test pools of 120 photos (editions, racks, wide, crowd; the generator settings every
# rule since reader v16 reads), each drawn once with the seeds SEEDS1-SEEDS4:
#   bash research/figures/pools.sh j 102      (out/pool-editions-j 10261 ... out/pool-crowd-j 10264)
set -euo pipefail
SET=${1:?a letter: the pools are out/pool-KIND-SET}; S=${2:?the stem of the seeds, e.g. 102 for 10261-10264}
source .venv/bin/activate
G="nice -n 19 remi vision generate"
[ -d out/pool-editions-$SET ] || $G out/pool-editions-$SET --layouts default --editions test --count 0 --val 120 --seed ${S}61 --jobs 2 > /dev/null
[ -d out/pool-racks-$SET ] || $G out/pool-racks-$SET --layouts rack=0.7,close=0.3 --editions test --count 0 --val 120 --seed ${S}62 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-wide-$SET ] || $G out/pool-wide-$SET --editions wide-test --layouts rack=0.6,close=0.2,lying=0.2 --count 0 --val 120 --seed ${S}63 --largest 4032 --jobs 2 > /dev/null
[ -d out/pool-crowd-$SET ] || $G out/pool-crowd-$SET --layouts crowd=1 --editions test --count 0 --val 120 --seed ${S}64 --largest 4032 --jobs 2 > /dev/null
