#!/usr/bin/env bash
# The network's guard checks each way (models/README.md): odd tables of seeds 21-30 with the heads
# alone, the one-way guard and each way; rummy4's pairs from 15, 35, 55, 75; the wall time.
#   bash models/candidates/adapt-net/each-way.sh      (from the root, at f5e10ac: --net-folds and
#   vision.adapt.NETWORK_FOLDS left with the rule's failure; one way is the code since)
set -euo pipefail
source .venv/bin/activate
C=models/candidates/adapt-net
S="--seeds 21 22 23 24 25 26 27 28 29 30"
python research/adapt_table.py $S --json $C/odd21-heads.json > $C/odd21-heads.txt 2>&1
python research/adapt_table.py $S --net --net-folds 1 --json $C/odd21-oneway.json > $C/odd21-oneway.txt 2>&1
python research/adapt_table.py $S --net --net-folds 3 --json $C/odd21-eachway.json > $C/odd21-eachway.txt 2>&1
python research/adapt_table.py --session rummy4 --firsts 15 35 55 75 --net --net-folds 3 --json $C/rummy4-eachway.json > $C/rummy4-eachway.txt 2>&1
python research/adapt_table.py --session rummy4 --firsts 15 35 55 75 --net --net-folds 1 --json $C/rummy4-oneway.json > $C/rummy4-oneway.txt 2>&1
python bench/adapt_bench.py --photos 2 10 > $C/bench-eachway.txt 2>&1
for f in $C/odd21-*.txt $C/rummy4-*way.txt $C/bench-eachway.txt; do grep -v 'Overriding\|Caching\|Warn' $f > $f.tmp; mv $f.tmp $f; done
