"""The shipped oriented reader: a tile read whichever way it lies, other editions, 6 and 9."""

from collections import Counter

import cv2
import numpy as np
import pytest

from remi.engine import ALL_KINDS, Tile
from remi.vision.training import facecrops, tilefaces
from remi.vision.reader import MODELS, Reader, decode, load_image, models_dir
from tests.vision.conftest import sample_photos


@pytest.fixture(scope="module")
def reader():
    """The shipped reader when it is the oriented one, else models/v7 (reader v7, kept beside
    the shipped models until it ships: models/README.md)."""
    r = Reader(models_dir())
    if not r.oriented:
        if not (MODELS / "v7" / "vision.json").exists():
            pytest.skip("no oriented reader (v7) in models/")
        r = Reader(MODELS / "v7")
    return r


def _turn_boxes(boxes: np.ndarray, turn: int, w: int, h: int) -> np.ndarray:
    x1, y1, x2, y2 = boxes.T
    if turn == cv2.ROTATE_90_CLOCKWISE:
        return np.stack([h - y2, x1, h - y1, x2], 1)
    if turn == cv2.ROTATE_180:
        return np.stack([w - x2, h - y2, w - x1, h - y1], 1)
    return np.stack([y1, w - x2, y2, w - x1], 1)


@pytest.mark.parametrize("photo", sample_photos(), ids=lambda p: p.stem)
@pytest.mark.parametrize("turn", [cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE])
def test_the_reader_reads_a_turned_photos_tiles_the_same(reader, photo, turn):
    """The reader alone (the detector's boxes of the photo as taken, turned with it): what
    is read does not depend on how the photo was held."""
    image = load_image(photo)
    h, w = image.shape[:2]
    upright = reader.read(image)
    assert [str(t) for t in upright.tiles] == photo.with_suffix(".txt").read_text().split()
    boxes = _turn_boxes(np.array([d.box for d in upright.detections]), turn, w, h)
    codes = decode(reader.look(cv2.rotate(image, turn), boxes).probs)
    assert Counter(ALL_KINDS[c] for c in codes) == Counter(upright.tiles)


def _table(edition, seed, scatter):
    rng = np.random.default_rng(seed)
    tiles = [ALL_KINDS[k] for k in rng.choice(53, 15, replace=False)]
    return facecrops.table(rng, edition, tiles, scatter=scatter)


@pytest.mark.parametrize("edition", tilefaces.PRESETS, ids=lambda e: e.name)
def test_reads_the_presets_lying_any_way(reader, edition):
    right = total = 0
    for seed in range(3):
        img, tiles, boxes, corners = _table(edition, seed, scatter=1.0)
        looks = reader.look(img, boxes, np.array([facecrops.crops.tile_corners(c) for c in corners]))
        read = looks.probs.argmax(1)
        right += int(sum(int(k) == t.code for k, t in zip(read, tiles)))
        total += len(tiles)
    assert right >= 0.9 * total, (right, total)


def test_six_and_nine_told_apart_by_the_tile_itself(reader):
    """Marked or not, a 6 turned round is still read as a 6 (the ring, the mark, the number's
    place on the face say which way up the tile stands)."""
    rng = np.random.default_rng(7)
    for edition in tilefaces.PRESETS:
        for kind in ("b6", "b9", "r6", "k9"):
            tile = Tile.parse(kind)
            face = tilefaces.render(tile, edition, rng, 96)
            h, w = face.image.shape[:2]
            canvas = np.full((200, 200, 3), (70, 90, 60), np.uint8)
            canvas[50:50 + h, 60:60 + w][face.mask > 0] = face.image[face.mask > 0]
            canvas = cv2.rotate(canvas, cv2.ROTATE_180)
            box = np.array([[200 - 60 - w, 200 - 50 - h, 140, 150]], float)
            assert ALL_KINDS[int(reader.look(canvas, box).probs[0].argmax())] == tile, (edition.name, kind)
