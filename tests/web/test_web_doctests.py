"""The docstring examples of ``remi.web`` (tests/test_doctests.py walks the other packages)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import remi.web


@pytest.mark.parametrize("name", sorted(m.name for m in pkgutil.walk_packages(remi.web.__path__, prefix="remi.web.")))
def test_module_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
