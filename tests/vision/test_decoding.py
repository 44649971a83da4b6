"""Decoding (the rack's limits), reading order and the metrics, without a model."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.engine import Tile
from remi.vision.evaluate import average_precision, iou
from remi.vision.reader import Detection, decode, reading_order


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.integers(0, 10_000))
def test_decode_never_more_than_two_of_a_kind(n, seed):
    probs = np.random.default_rng(seed).dirichlet(np.full(53, 0.05), size=n)
    codes = decode(probs)
    assert len(codes) == n
    assert max(np.bincount(codes, minlength=53)) <= 2


def test_decode_moves_the_least_sure_extra_copy():
    p = np.full((3, 53), 1e-4)
    p[:, 10] = [0.9, 0.95, 0.6]
    p[2, 11] = 0.3
    assert decode(p) == [10, 10, 11]


def _det(tile: str, x: float, y: float, w: float = 40, h: float = 55) -> Detection:
    return Detection(Tile.parse(tile), 0.99, (x, y, x + w, y + h), 0.9)


def test_reading_order_rows_then_left_to_right():
    dets = [_det("b5", 150, 112), _det("r1", 10, 5), _det("r3", 100, 12), _det("b4", 55, 108),
            _det("r2", 55, 0)]
    assert [str(d.tile) for d in reading_order(dets)] == ["r1", "r2", "r3", "b4", "b5"]


def test_reading_order_tilted_row_stays_one_row():
    dets = [_det(f"k{i + 1}", 45 * i, 6 * i) for i in range(6)]
    assert [str(d.tile) for d in reading_order(dets[::-1])] == [f"k{i + 1}" for i in range(6)]


def test_iou_and_ap():
    assert iou(np.array([[0, 0, 10, 10]]), np.array([[0, 0, 10, 10]]))[0, 0] == 1.0
    assert average_precision(np.array([True, True]), np.array([0.9, 0.8]), 2) == 1.0
    assert average_precision(np.array([False, True]), np.array([0.9, 0.8]), 1) == 0.5
    assert average_precision(np.array([], bool), np.array([]), 3) == 0.0
