"""The oriented crop geometry (vision.crops); the synthetic crops made with it are
tests/vision/training/test_facecrops.py's."""

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.engine import Tile
from remi.vision import crops
from remi.vision.training import tilefaces


def _rect(cx, cy, w, h, deg):
    return cv2.boxPoints(((cx, cy), (w, h), deg))


@settings(max_examples=200, deadline=None)
@given(st.floats(20, 400), st.floats(20, 400), st.floats(10, 60), st.floats(0.5, 0.9), st.floats(-180, 180))
def test_tile_corners_long_side_up_nearest_the_photos_up(cx, cy, w, ratio, deg):
    c = crops.tile_corners(_rect(cx, cy, w * ratio, w, deg))
    height = np.linalg.norm(c[3] - c[0])
    width = np.linalg.norm(c[1] - c[0])
    assert height >= width - 1e-3
    up = (c[0] + c[1] - c[2] - c[3]) / 2
    assert up[1] <= 1e-3 * height  # up never points down the photo
    # clockwise TL, TR, BR, BL on the screen (y down): TL->TR turns right of up
    a, b = c[1] - c[0], c[3] - c[0]
    assert a[0] * b[1] - a[1] * b[0] > 0
    assert np.allclose(c.mean(0), (cx, cy), atol=1e-3)


def test_crop_of_a_turned_tile_reads_upright_or_turned_round():
    face = tilefaces.render(Tile.parse("k7"), tilefaces.CLASSIC, np.random.default_rng(0), 96)
    canvas = np.full((300, 300, 3), 60, np.uint8)
    h, w = face.image.shape[:2]
    canvas[100:100 + h, 100:100 + w][face.mask > 0] = face.image[face.mask > 0]
    upright = crops.crop_corners(canvas, crops.box_corners((100, 100, 100 + w, 100 + h)), margin=0)
    for deg in (30, 90, 150, 200, 290):
        M = cv2.getRotationMatrix2D((150, 150), deg, 1.0)
        turned = cv2.warpAffine(canvas, M, (300, 300), borderValue=(60, 60, 60))
        pts = np.array([[100, 100], [100 + w, 100], [100 + w, 100 + h], [100, 100 + h]], float) @ M[:, :2].T + M[:, 2]
        cut = crops.crop_corners(turned, crops.tile_corners(pts), margin=0)
        same = np.abs(cut.astype(int) - upright).mean()
        round_ = np.abs(cut[::-1, ::-1].astype(int) - upright).mean()
        assert min(same, round_) < 12, deg
        # the flip label says which of the two it is
        true = pts
        flipped = crops.flipped_of(crops.tile_corners(pts), true)
        assert (round_ < same) == bool(flipped), deg


def test_large_tiles_are_shrunk_without_aliasing():
    stripes = np.zeros((2000, 2000, 3), np.uint8)
    stripes[:, ::2] = 255  # one-pixel stripes: averaged they are grey
    cut = crops.crop_corners(stripes, crops.box_corners((500, 500, 1400, 1700)))
    assert cut.shape == (crops.HEIGHT, crops.WIDTH, 3)
    assert 100 < cut.mean() < 155 and cut.std() < 30


def test_crop_outside_the_photo_repeats_its_edge():
    img = np.full((50, 50, 3), 200, np.uint8)
    cut = crops.crop_corners(img, crops.box_corners((-20, -20, 20, 30)))
    assert cut.shape == (crops.HEIGHT, crops.WIDTH, 3) and (cut == 200).all()
