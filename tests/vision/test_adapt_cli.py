"""``remi vision adapt`` through the real CLI: every input checked in one line before any work
(nothing written), the whole-set photo labelled by its layout with the shipped detector, and
(once ``remi.vision.adapt`` is there) a run that writes models ``remi scan --models`` reads."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

from remi.engine import Tile
from tests.vision.conftest import SAMPLES
from tests.vision.test_scan_cli import _one_line_error, remi

RACK = SAMPLES / "rack-close.jpg"
EXPECTED = (SAMPLES / "rack-close.txt").read_text().split()


def set_photo(path: Path, rows: list[list[Tile]], edition=None, seed: int = 0, height: int = 80) -> Path:
    """A whole set laid out in rows on a green cloth, drawn with vision.training.tilefaces."""
    from remi.vision.training import tilefaces

    rng = np.random.default_rng(seed)
    faces = [[tilefaces.render(t, edition or tilefaces.CLASSIC, rng, height) for t in row] for row in rows]
    tw, gap = max(f.image.shape[1] for row in faces for f in row), 10
    image = np.full((len(rows) * (height + 2 * gap) + 120, 13 * (tw + gap) + 120, 3), (70, 95, 60), np.uint8)
    image = (image + rng.normal(0, 6, image.shape)).clip(0, 255).astype(np.uint8)
    for r, row in enumerate(faces):
        for c, face in enumerate(row):
            y, x = 60 + r * (height + 2 * gap), 60 + c * (tw + gap)
            h, w = face.mask.shape
            image[y:y + h, x:x + w] = np.where(face.mask[..., None] > 127, face.image, image[y:y + h, x:x + w])
    cv2.imwrite(str(path), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return path


def _labelled(tmp_path: Path, name: str = "rack.jpg", fixes: tuple[str, ...] = ()) -> Path:
    """A copy of the sample rack with its truth beside it, made by `remi scan --json`."""
    photo = tmp_path / name
    shutil.copyfile(RACK, photo)
    args = [a for f in fixes for a in ("--fix", f)]
    proc = remi("scan", photo, *args, "--json")
    assert proc.returncode == 0, proc.stderr
    Path(str(photo) + ".json").write_text(proc.stdout)
    return photo


def _truth(photo: Path, data) -> None:
    Path(str(photo) + ".json").write_text(data if isinstance(data, str) else json.dumps(data))


@pytest.mark.parametrize("truth, words", [
    (None, "no rack.jpg.json beside it"),
    ("{not json", "not JSON"),
    ({"tile": "r7"}, "not a truth file"),
    ({"tiles": [{"tile": "r77", "box": [1, 1, 50, 50]}]}, "rack.jpg.json, tile 1: 'r77' is not a tile"),
    ({"tiles": [{"tile": "r7", "box": [1, 1, 50]}]}, "a box is [x1, y1, x2, y2]"),
    ({"tiles": [{"tile": "r7", "box": [2000, 10, 2100, 90]}]}, "lies outside the 1000x750 photo"),
    ({"tiles": [{"tile": "r7", "box": None}]}, "no tile with a box to learn from"),
])
def test_a_bad_truth_file_is_one_line_and_nothing_is_written(tmp_path, truth, words):
    photo = tmp_path / "rack.jpg"
    shutil.copyfile(RACK, photo)
    if truth is not None:
        _truth(photo, truth)
    out = tmp_path / "models"
    _one_line_error(remi("vision", "adapt", photo, "--out", out), words)
    assert not out.exists()


def test_bad_folders_are_refused(tmp_path):
    photo = _labelled(tmp_path)
    _one_line_error(remi("vision", "adapt", photo, "--out", "models"), "the models folder remi reads by default")
    _one_line_error(remi("vision", "adapt", photo, "--out", RACK), "a file, not a folder")
    _one_line_error(remi("vision", "adapt", photo, "--models", tmp_path, "--out", tmp_path / "m"),
                    "no vision model there")
    _one_line_error(remi("vision", "adapt", tmp_path / "nope.jpg", "--out", tmp_path / "m"), "no nope.jpg.json")
    truncated = tmp_path / "cut.jpg"
    truncated.write_bytes(RACK.read_bytes()[:20000])
    shutil.copyfile(Path(str(photo) + ".json"), Path(str(truncated) + ".json"))
    _one_line_error(remi("vision", "adapt", photo, truncated, "--out", tmp_path / "m"), "cut short")
    assert not (tmp_path / "m").exists()


def test_nothing_kept_says_how_to_keep(tmp_path):
    _one_line_error(remi("vision", "adapt", "--out", tmp_path / "m", data=tmp_path / "data"),
                    "keep corrections with remi scan PHOTO --fix ... --keep")


def test_a_set_photo_is_labelled_by_its_layout(tmp_path):
    from remi.vision.labels import SET_ROWS_106, read_set

    photo, truth = read_set(set_photo(tmp_path / "set.jpg", SET_ROWS_106))
    assert [str(t) for t in truth.tiles] == [str(t) for row in SET_ROWS_106 for t in row]
    assert all(b is not None for b in truth.boxes) and photo.width == cv2.imread(str(tmp_path / "set.jpg")).shape[1]
    # each box lies where its row and column put it
    tops = [truth.boxes[13 * r][1] for r in range(9)]
    assert tops == sorted(tops)


def test_a_set_laid_otherwise_is_refused(tmp_path):
    from remi.vision.labels import SET_ROWS_106

    backwards = set_photo(tmp_path / "backwards.jpg", [row[::-1] for row in SET_ROWS_106])
    _one_line_error(remi("vision", "adapt", "--set", backwards, "--out", tmp_path / "m"), "README's order")
    short = set_photo(tmp_path / "short.jpg", [row[:12] if r == 3 else row for r, row in enumerate(SET_ROWS_106)])
    _one_line_error(remi("vision", "adapt", "--set", short, "--out", tmp_path / "m"),
                    "found 105 tiles in rows of 13, 13, 13, 12")
    assert not (tmp_path / "m").exists()


def test_adapt_then_scan_with_the_adapted_models(tmp_path):
    pytest.importorskip("remi.vision.adapt")
    photos = [_labelled(tmp_path, f"rack{i}.jpg", ("3=r5",)) for i in range(2)]
    out = tmp_path / "my-models"
    # the reader's heads alone: the detector's and the network's fine-tuning are
    # tests/vision/training/test_detector_adapt.py's and test_reader_adapt.py's
    proc = remi("vision", "adapt", *photos, "--out", out, "--json", "--no-detector", "--no-network", timeout=600)
    if "cannot be adapted" in proc.stderr:  # a reader without the embedding output (v6 and before)
        pytest.skip(proc.stderr.strip())
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["photos"] == 2 and result["tiles"] == 30 and result["models"] == str(out)
    assert (out / "vision.json").is_file()
    scanned = remi("scan", RACK, "--models", out, "--json")
    assert scanned.returncode == 0, scanned.stderr
    assert [t["tile"] for t in json.loads(scanned.stdout)["tiles"]] == EXPECTED
    by_env = remi("scan", RACK, "--json", REMI_MODELS=str(out))
    assert by_env.returncode == 0 and by_env.stdout == scanned.stdout
