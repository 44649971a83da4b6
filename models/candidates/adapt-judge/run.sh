#!/usr/bin/env bash
# Adapt's network judged against heads taught the same photo (models/README.md): 20 odd tables never
# read before (seeds 51-70) with the guard before (BEFORE=1: run at the rule's commit) and after,
# and rummy4's pairs.   bash models/candidates/adapt-judge/run.sh before|after
set -euo pipefail
source .venv/bin/activate
C=models/candidates/adapt-judge; WHICH=${1:?before or after}
nice -n 19 python research/adapt_table.py --seeds $(seq 51 70) --net --json $C/odd51-$WHICH.json > $C/odd51-$WHICH.txt
if [ "$WHICH" = after ]; then
  nice -n 19 python research/adapt_table.py --session rummy4 --firsts 5 25 45 65 85 --net --json $C/rummy4-after.json > $C/rummy4-after.txt
fi
