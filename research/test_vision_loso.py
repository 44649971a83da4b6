"""research/vision_loso.py's counts: its examples, and tiles merged under one box."""

import doctest

import numpy as np

from research import vision_loso
from research.vision_loso import merged_tiles


def test_examples():
    assert doctest.testmod(vision_loso).failed == 0


def test_a_box_over_two_touching_tiles_loses_both_and_a_found_tile_is_not_merged():
    boxes = np.array([[0, 0, 20, 10.], [30, 0, 40, 10]])
    tiles = np.array([[0, 0, 10, 10], [10, 0, 20, 10.], [30, 0, 40, 10]])
    assert merged_tiles(boxes, np.array([False, True]), tiles, np.array([False, False, True])) == 2


def test_a_box_on_nothing_merges_nothing():
    assert merged_tiles(np.array([[0, 0, 10, 10.]]), np.array([False]), np.array([[50, 50, 60, 60.]]),
                        np.array([False])) == 0
    assert merged_tiles(np.zeros((0, 4)), np.zeros(0, bool), np.array([[0, 0, 1, 1.]]), np.array([False])) == 0
