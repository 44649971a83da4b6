"""The reader's "not a tile" class: how reading uses it (where its training crops come from:
tests/vision/training/test_cropset.py)."""

import shutil

import cv2
import numpy as np
import pytest

from remi.vision.errors import VisionError
from remi.vision.reader import Reader, _corners, drop_contained, inside_any, load_image, speck_mask
from remi.vision.settings import MODELS, ModelSettings

ROOT = MODELS.parent


def test_specks_dropped_tiles_kept():
    boxes = np.array([[0, 0, 40, 50], [50, 0, 90, 50], [100, 0, 130, 35], [200, 0, 205, 6]], float)
    corners = _corners(boxes)
    # the half-size tile (a tile cut off by the photo's edge) stays, the 5x6 speck goes
    assert speck_mask(corners, np.array([0.9, 0.88, 0.5, 0.7])).tolist() == [False, False, False, True]
    assert speck_mask(corners[:1], np.array([0.3])).tolist() == [False]


def _far_tile(image: np.ndarray, reader: Reader) -> np.ndarray:
    """The photo with a copy of its first tile shrunk to 0.55 a side (0.3 of its area: under the
    speck share) pasted on the empty margin, as a far tile of a rack seen at a slant stands."""
    x1, y1, x2, y2 = reader.detect(image)[0][0].astype(int)
    small = cv2.resize(image[y1 - 4:y2 + 4, x1 - 4:x2 + 4], None, fx=0.55, fy=0.55, interpolation=cv2.INTER_AREA)
    out = image.copy()
    out[40:40 + small.shape[0], 60:60 + small.shape[1]] = small
    return out


def test_a_far_tile_the_reader_is_sure_of_is_counted(tmp_path):
    """models/README.md, "Small boxes the reader is sure of": the detector boxes the far tile,
    the speck filter calls it a speck; a folder without "small_sure" drops it unread, one with
    it reads it with the others and counts it (read 0.99 sure), and an empty margin stays out."""
    shutil.copytree(MODELS, tmp_path / "m", ignore=shutil.ignore_patterns("candidates", "README.md"))
    ModelSettings.read(tmp_path / "m").but(small_sure=0.8).write(tmp_path / "m")
    plain, small = Reader(tmp_path / "m"), Reader(tmp_path / "m")
    plain.small_sure = None
    image = load_image(ROOT / "samples" / "photos" / "rack-close.jpg")
    photo = _far_tile(image, plain)
    boxes, scores, corners, specks, _ = small.found(photo)
    assert specks.sum() == 1 and boxes[specks][0][1] < 100  # the far tile, and only it
    assert len(plain.detect(photo)[0]) == len(boxes) - 1  # detect() keeps no speck
    before, after = plain.read(photo).detections, small.read(photo).detections
    far = [d for d in after if d.box[1] < 100]
    assert len(before) == 15 and len(after) == 16 and [str(d.tile) for d in far] == ["r3"] and far[0].confidence > 0.9
    # the other tiles read as the folder without it reads them
    assert [str(d.tile) for d in after if d.box[1] >= 100] == [str(d.tile) for d in before]
    assert len(small.read(image).detections) == 15  # nothing more where there is no far tile
    with pytest.raises(VisionError, match='"small_sure" is 1.5; a chance between 0 and 1'):
        ModelSettings.read(tmp_path / "m").but(small_sure=1.5)


def test_a_speck_on_part_of_a_tile_is_inside_it():
    tiles = _corners([[0, 0, 40, 50], [45, 0, 85, 50]])
    specks = _corners([[5, 20, 20, 35], [100, 0, 110, 12]])
    assert inside_any(specks, tiles).tolist() == [True, False]
    assert speck_mask(np.concatenate([tiles, specks]), np.array([0.9, 0.9, 0.5, 0.6])).tolist() == [False, False, True, True]


def test_turned_neighbours_are_both_kept():
    """Two tiles lying side by side at 45 degrees: their axis boxes overlap by far more than
    the containment share, their turned boxes do not overlap at all."""
    c = np.cos(np.pi / 4)
    tile = np.array([[-15, -20], [15, -20], [15, 20], [-15, 20]], float) @ np.array([[c, -c], [c, c]])
    pair = np.stack([tile + (100, 100), tile + (100 + 31 * c, 100 + 31 * c)])
    kept, _ = drop_contained(pair, np.array([0.9, 0.8]))
    assert len(kept) == 2
    inner = np.stack([tile + (100, 100), tile * 0.6 + (100, 100)])
    assert len(drop_contained(inner, np.array([0.9, 0.8]))[0]) == 1


def test_shipped_reader_has_the_background_class(sample_photo):
    reader = Reader()
    image = load_image(sample_photo)
    boxes = reader.detect(image)[0]
    looks = reader.look(image, boxes)
    probs, background, flipped = looks.probs, looks.background, looks.turned
    assert probs.shape == (len(boxes), 53) and background.shape == flipped.shape == (len(boxes),)
    # every box of a sample rack is a tile, and the reader says so
    assert (background < 0.5).all()
    # a box on the empty margin of the photo is not
    h, w = image.shape[:2]
    margin = np.array([[2, 2, 40, 52]], float)
    assert reader.look(image, margin).background[0] > 0.5
    # and the tiles stand upright; turned round, they do not
    assert (flipped < 0.5).all()
    assert (reader.look(image[::-1, ::-1].copy(), boxes[:, [2, 3, 0, 1]] * -1 + [w, h, w, h]).turned > 0.5).mean() > 0.8
