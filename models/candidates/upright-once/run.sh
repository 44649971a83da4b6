#!/usr/bin/env bash
# A photo standing upright is read once (models/README.md): the shipped folder without and with
# "upright_once", side by side on four fresh pools, rummy4 (and turned round), rummy, rummy2 and
# the sample photos.   bash models/candidates/upright-once/run.sh      (from the root)
set -euo pipefail
source .venv/bin/activate
C=models/candidates/upright-once; F=$C/figures; R=out/upright; mkdir -p $F $R
for M in without=False once=True; do
  rm -rf $R/${M%%=*} && cp -r models $R/${M%%=*} && rm -rf $R/${M%%=*}/candidates $R/${M%%=*}/README.md
  python -c "from pathlib import Path; from remi.vision.settings import ModelSettings as S; S.read(Path('$R/${M%%=*}')).but(upright_once=${M#*=}).write(Path('$R/${M%%=*}'))"
done
bash research/figures/pools.sh ac 121
bash research/figures/read_pools.sh ac $F without=$R/without once=$R/once
for S in rummy4 rummy rummy2; do
  for M in without=$R/without once=$R/once; do
    remi vision eval ../shared/realdata/rummikub --session $S --models ${M#*=} --json > $F/$S-${M%%=*}.json
  done
done
for M in without=$R/without once=$R/once; do
  python research/vision_turned.py --session rummy4 --turn 180 --models ${M#*=} --json $F/turned-rummy4-${M%%=*}.json > /dev/null
done
for P in samples/photos/*.jpg; do   # each sample photo read as its .txt says
  echo "$P $(remi scan $P --models $R/once --json | python -c 'import json,sys; print(" ".join(t["tile"] for t in json.load(sys.stdin)["tiles"]))')"
done > $F/samples-once.txt
date -u > $R/figures-done
