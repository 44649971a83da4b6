"""research/vision_calibrate.py's temperature and bar: its examples."""

import doctest

from research import vision_calibrate


def test_examples():
    result = doctest.testmod(vision_calibrate)
    assert result.attempted >= 3 and result.failed == 0
