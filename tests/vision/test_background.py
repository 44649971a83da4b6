"""The reader's "not a tile" class: how reading uses it (where its training crops come from:
tests/vision/training/test_cropset.py)."""

import numpy as np

from remi.vision.reader import Reader, _corners, drop_contained, drop_specks, load_image


def test_specks_dropped_tiles_kept():
    boxes = np.array([[0, 0, 40, 50], [50, 0, 90, 50], [100, 0, 130, 35], [200, 0, 205, 6]], float)
    corners = _corners(boxes)
    kept, scores = drop_specks(corners, np.array([0.9, 0.88, 0.5, 0.7]))
    # the half-size tile (a tile cut off by the photo's edge) stays, the 5x6 speck goes
    assert kept.tolist() == corners[:3].tolist() and scores.tolist() == [0.9, 0.88, 0.5]
    one = corners[:1]
    assert drop_specks(one, np.array([0.3]))[0].tolist() == one.tolist()


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
