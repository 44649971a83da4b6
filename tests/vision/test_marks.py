"""Marks from four signals (issue 38 item 3; its rule: research/vision-diary.md, of that name).

A models folder whose vision.json has ``marks`` marks a read UNSURE by the fitted chance that it
is wrong, from the logits of its kind's share, its runner-up's share and the detector's score
and the log of its box height over the photo's median; a folder without it reads exactly as
before; a wrong ``marks`` block is one line naming the part. Real photos, the real CLI.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from remi.vision import realdata
from remi.vision.doubts import DoubtKind
from tests.vision.test_scan_cli import _one_line_error, remi

GOLDEN = Path(__file__).parent / "golden"
#: a rummy4 photo of 17 tiles, two read unsure and one set aside as no tile by the shipped models
#: (reader v16); ``remi scan --json`` of it is the golden file (made by main at ca8822c before
#: the marks with reader v8.3.1, again when v15, v16 and v20.1 shipped: the same code, the shipped reader's reads)
PHOTO = "rummy4-15_jpeg.rf.5417f5ee38d0dadef7cd3fa2c3c3468a.jpg"
#: hand-made marks: wrong the likelier the less sure the read, the surer its runner-up, the
#: weaker its box and the taller its box; on PHOTO (reader v16) they mark 8 reads of 16, the
#: nearest of the others 0.14 under the bar in logit, where the share under 0.7 marks 2 (v15: 5
#: reads; with v8.3.1 an intercept of 3.3 marked 5 against 2: v15's reads are surer)
HAND = {"weights": [-1.0, 0.1, -1.0, 3.0], "intercept": 6.3, "bar": 0.5}


@pytest.fixture(scope="module")
def photo() -> Path:
    path = realdata.default_root() / "images" / PHOTO
    if not path.is_file():
        pytest.skip(f"real photos not found at {path.parent}")
    return path


def _folder(tmp_path: Path, source: Path | None = None, **keys) -> Path:
    """The shipped models folder (or ``source``) with ``keys`` added to its vision.json; its
    files linked, never changed."""
    from remi.vision.settings import MODELS

    source = source or MODELS
    folder = tmp_path / "models"
    folder.mkdir()
    for name in ("tile-detector.onnx", "tile-reader.onnx", "reader-head.npz"):
        if (source / name).is_file():
            (folder / name).symlink_to(source / name)
    data = json.loads((source / "vision.json").read_text())
    (folder / "vision.json").write_text(json.dumps({**data, **keys}))
    return folder


def test_without_marks_the_scan_is_main_s(photo):
    """The shipped folder has no marks: `remi scan --json` gives what main gave before them."""
    proc = remi("scan", photo, "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == json.loads((GOLDEN / "scan-rummy4-15-v35.json").read_text())


def test_marks_decide_unsure_by_the_formula(photo, tmp_path):
    from remi.vision.reader import Reader, load_image

    dets = Reader(_folder(tmp_path, marks=HAND)).read(load_image(photo)).detections
    height = np.array([d.box[3] - d.box[1] for d in dets])
    unsure, expected = [], []
    for d, h in zip(dets, height):
        if d.doubt is not None and d.doubt.kind is not DoubtKind.UNSURE:
            continue  # marked for another reason: stays marked so (the rule)
        x = [np.log(d.confidence / (1 - d.confidence)), np.log(d.alternatives[0][1] / (1 - d.alternatives[0][1])),
             np.log(d.box_confidence / (1 - d.box_confidence)), np.log(h / np.median(height))]
        chance = 1 / (1 + np.exp(-(np.dot(HAND["weights"], x) + HAND["intercept"])))
        expected.append(bool(chance >= HAND["bar"]))
        unsure.append(d.doubt is not None)
    assert unsure == expected
    shares = [d.confidence < 0.7 for d in dets if d.doubt is None or d.doubt.kind is DoubtKind.UNSURE]
    assert 0 < sum(unsure) < len(unsure) and unsure != shares  # the marks decided, not the share


@pytest.mark.parametrize("marks, words", [
    ({"weights": [1, 2, 3], "intercept": 0, "bar": 0.5}, '"marks.weights" is [1, 2, 3]; four numbers'),
    ({"weights": [1, 2, 3, 4], "intercept": 0, "bar": 1.5}, '"marks.bar" is 1.5; a chance between 0 and 1'),
    ({"weights": [1, 2, 3, 4], "intercept": "x", "bar": 0.5}, '"marks.intercept" is \'x\'; a number'),
    ({"weights": [1, 2, 3, 4], "bar": 0.5}, '"marks" is {'),
], ids=["weights", "bar", "intercept", "missing"])
def test_a_wrong_marks_block_is_one_line(photo, tmp_path, marks, words):
    folder = _folder(tmp_path, marks=marks)
    before = sorted(p.name for p in folder.iterdir())
    _one_line_error(remi("scan", photo, REMI_MODELS=str(folder)), words)
    assert sorted(p.name for p in folder.iterdir()) == before


def test_marks_round_trip_through_the_settings(tmp_path):
    from remi.vision.marks import Marks
    from remi.vision.settings import ModelSettings

    folder = _folder(tmp_path, marks=HAND)
    settings = ModelSettings.read(folder)
    assert Marks.from_dict(settings.marks) == Marks((-1.0, 0.1, -1.0, 3.0), 6.3, 0.5)
    assert settings.to_dict()["marks"] == HAND
