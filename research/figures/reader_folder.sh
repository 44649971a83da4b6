#!/usr/bin/env bash
# A tile reader's models folder: the shipped one with the reader of STATE (its ONNX, its float16 .pt,
# adapt's heads), as remi reads with it; not yet calibrated (research/vision_calibrate.py).
#   bash research/figures/reader_folder.sh out/r16/v16.pt out/r16/models
set -euo pipefail
STATE=${1:?a reader state dict (.pt)}; DIR=${2:?the folder to write}
rm -rf $DIR && cp -r models $DIR && rm -rf $DIR/candidates $DIR/README.md
python -m research.cards.pretrained_reader export $STATE $DIR > /dev/null
python - "$STATE" "$DIR" <<'PY'
import sys
from pathlib import Path
import numpy as np, torch
from remi.vision.training import classifier
STATE, DIR = sys.argv[1:]
state = torch.load(STATE, map_location="cpu")
torch.save({k: v.half() if v.is_floating_point() else v for k, v in state.items()}, f"{DIR}/tile-reader.pt")
np.savez(f"{DIR}/reader-head.npz", **classifier.head_weights(Path(STATE)))
PY
