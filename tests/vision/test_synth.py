"""The generator: seeded, and its labels fall on the tiles it drew (checked on rendered images)."""

import cv2
import numpy as np
import pytest

from remi.engine import Tile
from remi.vision import synth


def _cream(img: np.ndarray) -> np.ndarray:
    hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
    return (hsv[..., 1] < 80) & (hsv[..., 2] > 150)


@pytest.mark.parametrize("seed", range(6))
def test_labels_fall_on_drawn_tiles(dark_table, seed):
    scene = synth.compose(np.random.default_rng(seed), 640, 480, clutter=False, photometric=False)
    assert scene.tiles, "a scene has tiles"
    cream = _cream(scene.image)
    inside = np.zeros(cream.shape, bool)
    for box in scene.boxes:
        x1, y1, x2, y2 = (int(round(v)) for v in box)
        assert 0 <= x1 < x2 <= 640 and 0 <= y1 < y2 <= 480
        # the tile face fills most of its box (corners of tilted tiles and the ink do not)
        assert cream[y1:y2, x1:x2].mean() > 0.45, (seed, box)
        inside[y1:y2, x1:x2] = True
    # and there is no tile where there is no label (rack stands are darker than tiles)
    assert cream[~inside].mean() < 0.05  # only tiles cut off by the frame (under 45 % visible) lack a label


@pytest.mark.parametrize("seed", range(4))
def test_table_of_melds_labels_fall_on_drawn_tiles(dark_table, seed):
    """A table full of small melds at their own angles: many tiles, each label on a tile."""
    scene = synth.compose(np.random.default_rng(seed), 640, 480, clutter=False, photometric=False, tables=1.0)
    assert len(scene.tiles) >= 10, len(scene.tiles)
    assert all(scene.tiles.count(t) <= 2 for t in scene.tiles)
    cream = _cream(scene.image)
    for box in scene.boxes:
        x1, y1, x2, y2 = (int(round(v)) for v in box)
        assert 0 <= x1 < x2 <= 640 and 0 <= y1 < y2 <= 480
        # a tilted tile fills less of its axis box than an upright one
        assert cream[y1:y2, x1:x2].mean() > 0.3, (seed, box)


def test_no_tables_keeps_the_old_random_sequence():
    """tables=0 draws nothing more, so the scene sets of the model card regenerate as they were."""
    a = synth.compose(np.random.default_rng(3), 320, 240, close_ups=0.2)
    b = synth.compose(np.random.default_rng(3), 320, 240, close_ups=0.2, tables=0.0)
    c = synth.compose(np.random.default_rng(3), 320, 240, close_ups=0.2, tables=1.0)
    assert np.array_equal(a.image, b.image) and a.tiles == b.tiles
    assert len(c.tiles) != len(a.tiles) or not np.array_equal(a.image, c.image)


def test_same_seed_same_scene():
    a = synth.compose(np.random.default_rng(7), 320, 240)
    b = synth.compose(np.random.default_rng(7), 320, 240)
    assert np.array_equal(a.image, b.image)
    assert a.tiles == b.tiles and a.boxes == b.boxes


def test_at_most_two_of_a_kind():
    for seed in range(20):
        scene = synth.compose(np.random.default_rng(seed), 320, 240)
        assert all(scene.tiles.count(t) <= 2 for t in scene.tiles)


def test_render_tile_shapes():
    p = synth.render_tile(Tile.parse("y13"), np.random.default_rng(0), 100)
    assert p.image.shape[:2] == p.mask.shape == (100, p.image.shape[1])
    assert p.mask.max() == 255
