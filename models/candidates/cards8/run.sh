#!/usr/bin/env bash
# card reader 8 (models/README.md, "Card reader 8"), run from /work/main
set -euo pipefail
cd /work/main && source .venv/bin/activate
P="nice -n 19 python -m research.cards.pretrained_reader"; declare -A PF=([white]=0 [iphone]=1 [win]=2)
declare -A INIT=([white]=cards1-reader4-white [iphone]=cards1-reader4-iphone [win]=cards1-reader4)
F=models/candidates/cards8/figures; mkdir -p $F
date -u > out/cards-r8/started
# the crops were made at 13:17-13:22 (crops-*.log); this resumes at the training
while [ ! -f out/r12/figures-done ]; do sleep 30; done   # one job at a time: the tile reader and its figures first
for D in iphone white win; do
  date -u > out/cards-r8/train-$D-started
  $P train out/cards-r8/reader8-$D.pt out/cards-r8/crops-$D.npz --init out/cards-r8/init-$D.pt \
      --epochs 1 --lr 0.0005 --seed 0 > out/cards-r8/train-$D.log 2>&1
  $P eval out/cards-r8/reader8-$D.pt --fold $D --json $F/deck-$D.json > out/cards-r8/eval-$D.log 2>&1
  $P eval out/cards-r8/init-$D.pt --fold $D --json $F/start-deck-$D.json >> out/cards-r8/eval-$D.log 2>&1
  $P eval-prints out/cards-r8/reader8-$D.pt --print-fold ${PF[$D]} --heights 18 56 --json $F/prints-${PF[$D]}.json >> out/cards-r8/eval-$D.log 2>&1
  date -u > out/cards-r8/$D-done
done
