"""The tutor's docstring examples run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["tutor", "tutor.steps", "tutor.policy", "tutor.advice", "tutor.sim"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
