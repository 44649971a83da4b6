"""The oriented reader's synthetic crops (vision.training.facecrops), cut with vision.crops."""

import numpy as np
import pytest

from remi.vision import crops
from remi.vision.training import facecrops


def test_synthetic_crops_are_seeded_and_labelled():
    a = facecrops.make(40, seed=3)
    b = facecrops.make(40, seed=3)
    assert all(np.array_equal(x, y) for x, y in zip(a, b))
    x, n, c, f = a
    assert x.shape == (40, crops.HEIGHT, crops.WIDTH, 3)
    assert set(n.tolist()) <= set(range(15)) and ((n == 0) | (n == 14)).tolist() == (c == -1).tolist()
    assert ((f == -1) == (n == 14)).all()


@pytest.mark.parametrize("split", ["train", "test"])
def test_synthetic_crops_from_either_pool(split):
    x, n, c, f = facecrops.make(10, seed=1, split=split, background_share=0.0)
    assert len(x) == 10 and (n < 14).all() and set(f.tolist()) <= {0, 1}
