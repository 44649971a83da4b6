"""The tile geometry of vision.crops: a tile's corners as it stands (``tile_corners``), the
convention the detector's boxes and the reader's ``Detection.corners`` follow."""

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.vision import crops


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
