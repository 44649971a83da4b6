"""Where the reader's "not a tile" crops come from (vision.training.cropset.mined)."""

import numpy as np
import pytest

from remi.vision.training import cropset, scenes, surfaces
from remi.vision.training.classifier import BACKGROUND


@pytest.fixture
def scene(monkeypatch):
    # a plain dark table, so a box away from the tiles truly holds no tile
    monkeypatch.setattr(surfaces, "surface", lambda rng, w, h, **_: np.full((h, w, 3), (60, 30, 20), np.uint8))
    monkeypatch.setattr(surfaces, "add_clutter", lambda rng, img: None)
    for seed in range(40):
        s = scenes.compose(np.random.default_rng(seed), scenes.Faces(real=0.0), frame=(640, 480), layout="lying")
        boxes = np.array(s.boxes)
        # a corner with room for a tile-sized box that misses every tile
        side = float(np.median(boxes[:, 3] - boxes[:, 1]))
        empty = np.array([2, 2, 2 + 0.7 * side, 2 + side])
        if s.tiles and (np.minimum(empty[2:], boxes[:, 2:]) > np.maximum(empty[:2], boxes[:, :2])).all(1).sum() == 0:
            return s, empty
    pytest.skip("no scene with an empty corner")


def test_mined_labels_the_detectors_boxes(scene):
    s, empty = scene
    first = np.array(s.boxes[0])
    nudged = first + np.array([1.0, -1.0, 1.0, 1.0])  # a detector's slightly misplaced box of tile 0

    def detect(image):
        return np.stack([nudged, empty]), np.array([0.9, 0.4])

    x, n, c = cropset.mined(detect, [(s.image, s.tiles, s.boxes)], seed=0, straddles=0, randoms=0)
    assert x.shape == (2, 40, 40, 3)
    assert (n[0], c[0]) == cropset.labels_of(s.tiles[0])
    assert (n[1], c[1]) == (BACKGROUND, -1)


def test_straddles_and_randoms_miss_the_tiles(scene):
    s, _ = scene
    x, n, c = cropset.mined(lambda im: (np.zeros((0, 4)), np.zeros(0)), [(s.image, s.tiles, s.boxes)],
                            seed=1, straddles=8, randoms=8)
    assert len(x) > 0 and (n == BACKGROUND).all() and (c == -1).all()
