"""Reader v17's blank faces: pale shapes with no number, every crop "no tile"."""

import numpy as np
import pytest

from remi.vision.crops import BACKGROUND
from remi.vision.training import blanks


def test_the_same_seed_draws_the_same_crops_and_every_one_is_no_tile():
    x, n, c = blanks.blank_crops(np.random.default_rng(5), 12)
    again, _, _ = blanks.blank_crops(np.random.default_rng(5), 12)
    assert np.array_equal(x, again)
    assert (n == BACKGROUND).all() and (c == -1).all()
    assert len({a.tobytes() for a in x}) == 12


@pytest.mark.parametrize("shape", blanks.SHAPES)
def test_each_shape_fills_its_box_and_stays_in_it(shape):
    """A motif is drawn the size asked, about the centre asked: the crop is cut round that box."""
    rng = np.random.default_rng(3)
    for _ in range(5):
        mask = np.zeros((blanks.CANVAS, blanks.CANVAS), np.uint8)
        w, h = rng.uniform(40, 70), rng.uniform(70, 100)
        blanks._draw(mask, rng, shape, (100.0, 100.0), w, h, 0.0)
        ys, xs = np.nonzero(mask > 127)
        assert 0.25 < len(ys) / (w * h) <= 1.05, shape
        assert abs(xs.mean() - 100) < 0.15 * w and abs(ys.mean() - 100) < 0.15 * h, shape
        assert xs.min() >= 100 - w / 2 - 2 and ys.max() <= 100 + h / 2 + 2, shape
