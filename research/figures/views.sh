#!/usr/bin/env bash
# The figures of models/README.md's "Label faults in the real data", "Reading each tile four
# ways", "Two cheaper forms of the views" and "V4u's flags" (4 Dec 2026), from a checkout:
#   bash research/figures/views.sh            (about 40 minutes on 2 cores; benches need a quiet machine)
# The fold models come from git history (their weights were deleted after their figures); the
# synthetic pools are made as the model card's "Data" says (out/pool-editions, out/pool-racks).
set -euo pipefail
source .venv/bin/activate
F=models/candidates/v8/figures; G=models/candidates/g/figures; mkdir -p $F/flags out/fold
V="python research/vision_variant.py"

# the leave-one-session-out folds: rummy (g-rummy + rummy's fold reader with v8.1's step), rummy2
git show 34cd688:models/candidates/g/g-rummy.pt > out/fold/g-rummy.pt
git show 34cd688:models/candidates/g/g-rummy2.pt > out/fold/g-rummy2.pt
git show 34cd688:models/candidates/g/g-rummy2-reader.pt > out/fold/g-rummy2-reader.pt
remi vision export out/fold/g-rummy.pt models/candidates/f-rummy/f-rummy-reader81.pt --out out/fold/rummy > /dev/null
remi vision export out/fold/g-rummy2.pt out/fold/g-rummy2-reader.pt --out out/fold/rummy2 > /dev/null

# each folder read one view (as before 4 Dec), four views, V2 and V4u
for M in models out/fold/rummy out/fold/rummy2; do
  N=out/views/$(basename $M)
  $V $M $N-v1 --drop views sure unsure_below > /dev/null
  $V $M $N-v4 --drop views sure unsure_below --set views=4 > /dev/null
  $V $M $N-v2 --drop views sure unsure_below --set views=2 > /dev/null
  $V $M $N-v4u --drop unsure_below --set views=4 --set sure=0.95 > /dev/null
done

for K in v1 v4 v2 v4u; do
  remi vision eval ../shared/realdata/rummikub --session rummy --models out/views/rummy-$K --json > $G/rummy-loso-$K.json
  remi vision eval ../shared/realdata/rummikub --session rummy2 --models out/views/rummy2-$K --json > $G/rummy2-loso-$K.json
  for S in rummy4 rummy rummy2; do
    remi vision eval ../shared/realdata/rummikub --session $S --models out/views/models-$K --json > $F/$S-v831-$K.json
  done
  for P in pool-editions pool-racks; do
    python research/vision_loso.py --folder out/$P --fold $K=out/views/models-$K --json $F/$P-v831-$K.json
  done
  python research/vision_turned.py --session rummy4 --turn 180 --models out/views/models-$K --json $F/turned-rummy4-v831-$K.json
done

# the reads marked for a look, one view at 0.80 against V4u at every bar
for K in v1 v4u; do
  for P in pool-editions pool-racks; do python research/vision_flags.py --folder out/$P --models out/views/models-$K --json $F/flags/$P-$K.json; done
  python research/vision_flags.py --session rummy4 --models out/views/models-$K --json $F/flags/rummy4-$K.json
  python research/vision_flags.py --session rummy --models out/views/rummy-$K --json $F/flags/rummy-$K.json
  python research/vision_flags.py --session rummy2 --models out/views/rummy2-$K --json $F/flags/rummy2-$K.json
done

# latency at 4,032 px: rummy's photos (28 tiles each) and rummy4's (7)
for K in v1 v4 v2 v4u; do
  python bench/vision_bench.py --photos rummy --n 30 --size 4032 --models out/views/models-$K
  python bench/vision_bench.py --n 30 --size 4032 --models out/views/models-$K
done
