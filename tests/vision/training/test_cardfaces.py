"""Synthetic card indices: labelled as the reader is taught, drawn where their box says."""

import numpy as np
import pytest

from remi.vision.crops import BACKGROUND, SIZE
from remi.vision.training import cardfaces

pytestmark = pytest.mark.usefixtures("card_faces")  # tests/vision/training/conftest.py


def test_crops_carry_the_reader_labels_in_their_ranges():
    x, number, colour = cardfaces.index_crops(300, seed=4)
    assert x.shape == (300, SIZE, SIZE, 3) and x.dtype == np.uint8
    assert set(np.unique(number)) <= set(range(BACKGROUND + 1))
    # a joker and a crop of no index have no suit; every card has one of s c h d
    assert (colour[(number == 0) | (number == BACKGROUND)] == -1).all()
    assert set(np.unique(colour[(number >= 1) & (number <= 13)])) == {0, 1, 2, 3}
    share = (number == BACKGROUND).mean()
    assert 0.08 < share < 0.25  # BACKGROUND_SHARE = 0.15
    assert len(np.unique(number[(number >= 1) & (number <= 13)])) == 13


def test_the_same_seed_draws_the_same_crops_and_another_seed_others():
    a, na, _ = cardfaces.index_crops(20, seed=7)
    b, nb, _ = cardfaces.index_crops(20, seed=7)
    c, _, _ = cardfaces.index_crops(20, seed=8)
    assert np.array_equal(a, b) and np.array_equal(na, nb)
    assert not np.array_equal(a, c)


@pytest.mark.parametrize("number, suit", [(10, 2), (1, 0), (12, 3), (0, 0)])
def test_the_index_is_drawn_inside_its_box_in_ink_on_the_card(number, suit):
    rng = np.random.default_rng(number * 4 + suit)
    image, (x1, y1, x2, y2) = cardfaces.draw_index(rng, number, suit, cardfaces.available_fonts())
    h, w = image.shape[:2]
    assert 0 <= x1 < x2 <= w and 0 <= y1 < y2 <= h
    inside = image[y1:y2, x1:x2].reshape(-1, 3)
    # ink and paper: the box holds both a glyph and the card around it
    assert np.ptp(inside.mean(1)) > 60


@pytest.mark.parametrize("suit", range(4))
def test_a_drawn_pip_is_one_solid_shape_of_the_height_asked(suit):
    """cards1 reader 6's pips drawn as shapes: each suit one connected shape, as tall as asked,
    filled (a pip is ink, not an outline), and its proportions differ from draw to draw."""
    import cv2

    rng = np.random.default_rng(suit)
    masks = [cardfaces.drawn_pip(rng, suit, 48) for _ in range(6)]
    for m in masks:
        assert m.shape[0] == 48 and 0.4 < m.shape[1] / 48 < 1.3
        ink = (m > 0.5).astype(np.uint8)
        assert cv2.connectedComponents(ink)[0] == 2  # the background and one shape
        assert 0.3 < ink.mean() < 0.9
    assert len({m.shape[1] for m in masks}) > 1 or len({float(m.mean()) for m in masks}) > 1


def test_many_pips_keep_the_labels_and_one_pip_keeps_the_sets_drawn_before():
    """pips="many" draws other prints of the same suits (labels as before); the default is
    "one", the path of the sets drawn before the option (checked once against the code before
    it: 200 crops of seed 101 the same to the byte)."""
    x, number, colour = cardfaces.index_crops(120, seed=9, pips="many")
    assert set(np.unique(colour[(number >= 1) & (number <= 13)])) == {0, 1, 2, 3}
    one, n1, c1 = cardfaces.index_crops(40, seed=9)
    again, n2, c2 = cardfaces.index_crops(40, seed=9, pips="one")
    assert np.array_equal(one, again) and np.array_equal(n1, n2) and np.array_equal(c1, c2)
    assert not np.array_equal(one, x[:40])


@pytest.mark.usefixtures("wide_faces")
def test_debian_faces_draw_ranks_of_many_packages_never_the_test_pools_at_an_index_size():
    """Issue 42: the card reader's drawn indices take their ranks from fontpool's train packages
    (the card test pool's faces left out), as small as an index in a 1920x1080 frame (10-20 px)."""
    from pathlib import Path

    faces = cardfaces.debian_fonts()
    assert all(f.startswith("file:") and cardfaces.font_path(f) is not None for f in faces)
    assert not {Path(f[5:]).name for f in faces} & set(cardfaces.TEST_FONTS)
    assert len({Path(f[5:]).parent for f in faces}) >= 15
    small, number, colour = cardfaces.index_crops(150, seed=3, faces="debian", heights=(10, 20))
    assert set(np.unique(colour[(number >= 1) & (number <= 13)])) == {0, 1, 2, 3}
    rng = np.random.default_rng(5)
    for _ in range(20):
        image, box = cardfaces.draw_index(rng, int(rng.integers(1, 14)), int(rng.integers(4)), faces)
        _, (_, y1, _, y2) = cardfaces.photo_view(rng, image, box, (10, 20))
        assert 10 - 1e-6 <= y2 - y1 <= 20 + 1e-6
