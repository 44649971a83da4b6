"""Where the reader's "not a tile" crops come from (vision.training.cropset.mined)."""

import cv2
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


def _two_tiles(gap: int = 6, left_edge: int = 30):
    """A grey table with two white tiles side by side, ``gap`` px apart; the right one's left edge
    is a dark line (the rim a neighbour shows on a rack). The left tile's box, both boxes."""
    img = np.full((120, 200, 3), 90, np.uint8)
    left = (left_edge, 20, left_edge + 40, 100)
    right = (left[2] + gap, 20, left[2] + gap + 40, 100)
    for x1, y1, x2, y2 in (left, right):
        img[y1:y2, x1:x2] = 235
    img[right[1]:right[3], right[0]:right[0] + 3] = 20
    return img, left, [left, right]


def test_a_widened_crop_shows_the_next_tiles_edge_and_keeps_its_label():
    from remi.engine import Tile

    img, left, boxes = _two_tiles()
    for seed in range(20):
        wide = cropset.toward_neighbour(np.random.default_rng(seed), left, boxes)
        assert wide[2] > boxes[1][0] + 2 and wide[0] >= left[0], wide  # past the neighbour's rim, to the right
    tiles = [Tile.parse("r4"), Tile.parse("b7")]
    plain, n0, _ = cropset.from_image(np.random.default_rng(0), img, tiles[:1], [left], 1, amount=0.0)
    wide, n1, c1 = cropset.from_image(np.random.default_rng(0), img, tiles[:1], boxes, 1, amount=0.0, edges=1.0)
    assert plain[0][:, -8:].min() > 60  # no rim in the plain crop
    assert wide[0][:, 20:].min() < 60  # the neighbour's rim beside the digit
    assert (n1, c1) == ([4], [2])


def test_a_tile_with_its_neighbour_on_the_left_widens_to_the_left():
    img, _, (a, b) = _two_tiles()
    for seed in range(20):
        wide = cropset.toward_neighbour(np.random.default_rng(seed), b, [a, b])
        assert wide[0] < a[2] and wide[2] <= b[2], wide


def test_blurred_crops_lose_their_sharp_strokes_not_their_labels():
    from remi.engine import Tile

    img, left, boxes = _two_tiles()
    img[40:80, 48:51] = 20  # a thin stroke, the "1" a blur must not invent or keep sharp
    sharp, _, _ = cropset.from_image(np.random.default_rng(0), img, [Tile.parse("k1")], [left], 20, amount=0.0)
    soft, n, _ = cropset.from_image(np.random.default_rng(0), img, [Tile.parse("k1")], [left], 20, amount=0.0,
                                    blur=1.0)
    focus = lambda c: cv2.Laplacian(cv2.cvtColor(c, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var()  # noqa: E731
    assert all(focus(s) < 0.8 * focus(x) for s, x in zip(soft, sharp))
    assert n == [1] * 20


def test_80_px_crops_hold_the_40_px_crop_sharper_and_blur_as_far():
    """Reader v22's crops: the same box cut at 80 px is the 40 px crop at twice the pixels (2x2
    means give it back), and a blurred one loses as much of its focus as at 40."""
    from remi.engine import Tile

    img, left, boxes = _two_tiles()
    img[40:80, 48:51] = 20
    k1 = [Tile.parse("k1")]
    small, _, _ = cropset.from_image(np.random.default_rng(0), img, k1, [left], 4, amount=0.0)
    big, _, _ = cropset.from_image(np.random.default_rng(0), img, k1, [left], 4, amount=0.0, size=80)
    assert big[0].shape == (80, 80, 3) and small[0].shape == (40, 40, 3)
    halved = cv2.resize(big[0], (40, 40), interpolation=cv2.INTER_AREA).astype(int)
    assert np.abs(halved - small[0].astype(int)).mean() < 4
    soft, _, _ = cropset.from_image(np.random.default_rng(0), img, k1, [left], 4, amount=0.0, blur=1.0, size=80)
    focus = lambda c: cv2.Laplacian(cv2.cvtColor(c, cv2.COLOR_BGR2GRAY), cv2.CV_64F).var()  # noqa: E731
    assert all(focus(s) < 0.8 * focus(b) for s, b in zip(soft, big))
    assert cropset.stack([], [], [], 80)[0].shape == (0, 80, 80, 3)


def test_tile_crops_refuses_a_share_outside_0_to_1_in_one_line(tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    out = tmp_path / "crops.npz"
    proc = subprocess.run([sys.executable, "-m", "research.cards.pretrained_reader", "tile-crops", str(out),
                           str(tmp_path), "--edges", "1.5"], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[3])
    assert proc.returncode == 2 and not out.exists()
    assert "argument --edges: '1.5' is not a share of 0 to 1" in proc.stderr.splitlines()[-1]
