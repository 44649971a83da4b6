"""The pretrained start of the tile detector (issue 26): `remi vision train --pretrained`.

The CLI runs as a subprocess, as a user runs it. The real COCO YOLOv5n state dict is read from
``../shared/pretrained`` (never copied into the repository); without it the tests that need it
skip.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PRETRAINED = ROOT.parent / "shared" / "pretrained" / "yolov5n-coco.pt"


def _remi(*args: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, YOLO_CONFIG_DIR=str(tmp_path / "cfg"), YOLO_OFFLINE="1", MPLBACKEND="Agg")
    return subprocess.run([sys.executable, "-m", "remi", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900)


@pytest.fixture
def scenes(tmp_path) -> Path:
    out = tmp_path / "data"
    r = _remi("vision", "generate", str(out), "--layouts", "default", "--count", "4", "--val", "1", "--seed", "3",
              "--no-real", "--largest", "640", tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr[-2000:]
    return out


def test_a_file_that_is_not_the_backbone_is_refused_in_one_line(tmp_path, scenes):
    torch = pytest.importorskip("torch")
    pytest.importorskip("ultralytics")
    wrong = tmp_path / "wrong.pt"
    torch.save({"model.0.conv.weight": torch.zeros(3)}, wrong)
    r = _remi("vision", "train", str(scenes), "--stage", "detector", "--pretrained", str(wrong), "--epochs", "1",
              "--imgsz", "64", "--out", str(tmp_path / "runs"), tmp_path=tmp_path)
    assert r.returncode == 2, r.stderr[-2000:]
    last = r.stderr.strip().splitlines()[-1]
    assert "wrong.pt: 0 of the 342 backbone and neck tensors" in last, r.stderr[-2000:]
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "runs").exists()  # nothing trained, nothing written


def test_pretrained_with_init_is_refused(tmp_path, scenes):
    r = _remi("vision", "train", str(scenes), "--stage", "detector", "--pretrained", str(ROOT / "models" / "tile-detector.pt"),
              "--init", str(ROOT / "models" / "tile-detector.pt"), tmp_path=tmp_path)
    assert r.returncode == 2
    assert "--pretrained starts a new axis-aligned detector" in r.stderr


@pytest.mark.slow
def test_training_starts_from_the_coco_backbone(tmp_path, scenes):
    """One epoch at 64 px: the trained backbone is the COCO one moved by a few small steps,
    not a fresh initialisation (a silent partial load would train from scratch)."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("ultralytics")
    if not PRETRAINED.exists():
        pytest.skip("no ../shared/pretrained beside this checkout")
    r = _remi("vision", "train", str(scenes), "--stage", "detector", "--pretrained", str(PRETRAINED), "--epochs", "1",
              "--imgsz", "64", "--lr0", "0.001", "--out", str(tmp_path / "runs"), "--name", "p", "--json",
              tmp_path=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    run = Path(json.loads(r.stdout)["run"])  # stdout holds the JSON alone: the progress bars are on stderr
    trained = torch.load(run / "weights" / "last.pt", weights_only=False)["model"].float().state_dict()
    coco = torch.load(PRETRAINED, weights_only=True)
    backbone = [k for k in coco if k.startswith("model.0.") or k.startswith("model.8.")]
    assert backbone
    for k in backbone:
        if coco[k].is_floating_point() and coco[k].numel() > 1 and k.endswith("weight"):
            drift = (trained[k] - coco[k]).abs().max().item()
            assert drift < 0.05, (k, drift)  # AdamW at 1e-3 moves a weight ~1e-3 a step
    assert trained["model.24.cv3.0.2.weight"].shape[0] == 1  # the fresh one-class head
