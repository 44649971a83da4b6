"""A one-epoch training smoke run (the oriented detector) on a few generated scenes, and a scan,
with the network off.

Both run in a child Python whose sockets record and refuse every connection: the test fails if
Ultralytics (or anything) tries to reach the network (fonts, weights, AMP check, analytics).
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

GUARD = r"""
import json, socket, sys
attempts = []
def refuse(*args, **kwargs):
    import traceback; attempts.append(repr(args[:2])); sys.stderr.write("NET " + "".join(traceback.format_stack()[-30:-8]))
    raise OSError("network disabled by the test")
socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse
import atexit
atexit.register(lambda: print("NETWORK-ATTEMPTS " + json.dumps(attempts)))
"""

TRAIN = r"""
from pathlib import Path
import numpy as np
out = Path(sys.argv[1])
from remi.vision.training.generate import write_scene_set
write_scene_set(out / "data", 4, 1, seed=3, real=False, largest=640)
from remi.vision.training.train import train_detector, export_onnx
run = train_detector(out / "data" / "data-tile.yaml", out / "runs", epochs=1, imgsz=64, batch=2, seed=0,
                     workers=0, model="vision/training/yolov8-tile-obb.yaml", name="smoke")
weights = run / "weights" / "last.pt"
assert weights.exists(), weights
export_onnx(weights, 64, out / "det.onnx")
from remi.vision.training import cropset, classifier
x, n, c = cropset.from_yolo(out / "data", copies=1, seed=0)
state = classifier.train(x, n, c, out / "reader.pt", epochs=1, batch=16, threads=1, log=lambda m: None)
classifier.export_onnx(state, out / "reader.onnx")
print("SMOKE-OK")
"""

SCAN = r"""
from remi.vision.photo import read_photo
r = read_photo(sys.argv[1])
print("SCAN-OK", len(r.detections))
"""


def _run(script: str, *args: str, tmp_path: Path) -> str:
    env = dict(os.environ, YOLO_CONFIG_DIR=str(tmp_path / "cfg"), YOLO_OFFLINE="1", MPLBACKEND="Agg")
    proc = subprocess.run([sys.executable, "-c", GUARD + script, *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)  # minutes only on a loaded shared CPU
    assert proc.returncode == 0, proc.stderr[-3000:]
    line = [l for l in proc.stdout.splitlines() if l.startswith("NETWORK-ATTEMPTS ")][-1]
    assert json.loads(line.split(" ", 1)[1]) == [], "network access attempted: " + line
    return proc.stdout


@pytest.mark.slow
def test_training_smoke_offline(tmp_path):
    pytest.importorskip("ultralytics")
    pytest.importorskip("torch")
    out = _run(TRAIN, str(tmp_path), tmp_path=tmp_path)
    assert "SMOKE-OK" in out
    assert (tmp_path / "det.onnx").stat().st_size > 10_000
    assert (tmp_path / "reader.onnx").stat().st_size > 10_000


def test_scan_offline(tmp_path, sample_photo):
    out = _run(SCAN, str(sample_photo), tmp_path=tmp_path)
    assert "SCAN-OK" in out
