"""research/vision_flags.py's count of marked reads: its example."""

import doctest

from research import vision_flags


def test_examples():
    assert doctest.testmod(vision_flags).failed == 0
