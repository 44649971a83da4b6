"""research/marks.py's fit and bar: its examples."""

import doctest

from research import marks


def test_examples():
    result = doctest.testmod(marks)
    assert result.attempted >= 3 and result.failed == 0
