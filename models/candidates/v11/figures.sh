#!/usr/bin/env bash
set -euo pipefail
cd /work/wt-v11
date -u > out/r11/figures-started
nice -n 19 bash research/figures/reader.sh v11 > out/r11/figures.log 2>&1
date -u > out/r11/figures-done
source .venv/bin/activate
nice -n 19 remi vision eval out/pool-editions --models out/r11/models --errors out/pe-v11.html > out/pe-v11.txt 2>&1
date -u > out/r11/pe-done
