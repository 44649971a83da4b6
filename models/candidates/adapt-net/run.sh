#!/usr/bin/env bash
# Adapt fine-tunes the reader's network too (models/README.md): the odd tables of seeds 11-20 with the
# heads alone and with the network, rummy4's pairs from 10, 30, 50, 70 and 88, and the wall time.
#   bash models/candidates/adapt-net/run.sh      (from the root)
set -euo pipefail
source .venv/bin/activate
C=models/candidates/adapt-net
S="--seeds 11 12 13 14 15 16 17 18 19 20"
python research/adapt_table.py $S --json $C/odd-heads.json > $C/odd-heads.txt 2>&1
python research/adapt_table.py $S --net --json $C/odd-net.json > $C/odd-net.txt 2>&1
python research/adapt_table.py --session rummy4 --firsts 10 30 50 70 88 --net --json $C/rummy4-net.json > $C/rummy4-net.txt 2>&1
python bench/adapt_bench.py --photos 2 10 > $C/bench.txt 2>&1
