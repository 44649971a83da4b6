"""research/vision_variant.py's folders of other reading settings: its example."""

import doctest

from research import vision_variant


def test_examples():
    assert doctest.testmod(vision_variant).failed == 0
