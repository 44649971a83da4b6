"""`remi vision export` (the CLI, in its own process): the shipped weights exported again read a
sample rack as the shipped folder does, and carry the reader's heads for `remi vision adapt`
(reader-head.npz)."""

import json
import shutil

import numpy as np
import pytest

pytest.importorskip("torch")
pytest.importorskip("ultralytics")

from remi.vision.reader import Reader, load_image  # noqa: E402
from remi.vision.training import classifier  # noqa: E402
from tests.vision.conftest import ROOT  # noqa: E402
from tests.vision.test_scan_cli import remi  # noqa: E402

MODELS = ROOT / "models"


def test_an_exported_folder_reads_as_the_shipped_one_and_can_be_adapted(tmp_path, sample_photo):
    detector = tmp_path / "detector.pt"
    shutil.copy(MODELS / "tile-detector.pt", detector)  # the export strips its copy in place
    out = tmp_path / "models"
    imgsz = json.loads((MODELS / "vision.json").read_text())["imgsz"]
    proc = remi("vision", "export", detector, MODELS / "tile-reader.pt", "--out", out, "--imgsz", imgsz, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    meta = json.loads((out / "vision.json").read_text())
    assert meta["reader_head"] == "reader-head.npz" and "embedding" in meta["reader_outputs"]
    heads = np.load(out / "reader-head.npz")
    for name, weights in classifier.head_weights(MODELS / "tile-reader.pt").items():
        np.testing.assert_array_equal(heads[name], weights)
    image = load_image(sample_photo)
    shipped, exported = Reader().read(image), Reader(out).read(image)
    assert [d.tile for d in exported.detections] == [d.tile for d in shipped.detections]
