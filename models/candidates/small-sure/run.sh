#!/usr/bin/env bash
# Small boxes the reader is sure of (research/vision-diary.md): the shipped folder without and
# with "small_sure": 0.8, side by side on four fresh pools, the real sessions and the sample photos.
#   bash models/candidates/small-sure/run.sh      (from the root)
set -euo pipefail
source .venv/bin/activate
C=models/candidates/small-sure; F=$C/figures; R=out/small; mkdir -p $F $R
for M in without=None small=0.8; do
  rm -rf $R/${M%%=*} && cp -r models $R/${M%%=*} && rm -rf $R/${M%%=*}/candidates $R/${M%%=*}/README.md
  python -c "from pathlib import Path; from remi.vision.settings import ModelSettings as S; S.read(Path('$R/${M%%=*}')).but(small_sure=${M#*=}).write(Path('$R/${M%%=*}'))"
done
bash research/figures/pools.sh ab 120
bash research/figures/read_pools.sh ab $F shipped=$R/without small=$R/small
for S in rummy4 rummy rummy2; do
  for M in shipped=$R/without small=$R/small; do
    remi vision eval ../shared/realdata/rummikub --session $S --models ${M#*=} --json > $F/$S-${M%%=*}.json
  done
done
for P in samples/photos/*.jpg; do   # each sample photo read as its .txt says
  echo "$P $(remi scan $P --models $R/small --json | python -c 'import json,sys; print(" ".join(t["tile"] for t in json.load(sys.stdin)["tiles"]))')"
done > $F/samples-small.txt
date -u > $R/figures-done
