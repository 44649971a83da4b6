"""Every docstring example in the installed namespace, and the README's, run as tests.

Modules are imported by their installed names (``remi.engine.tiles``), so an example shows
exactly what a user of ``remi`` sees (exception paths included).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import remi

ROOT = Path(__file__).resolve().parents[1]
#: Alembic's scripts run only inside a migration, not on import.
SKIP = ("remi.scoresheet.migrations",)


def _modules() -> list[str]:
    names = ["remi"]
    for sub in ("engine", "scoresheet", "tutor", "vision"):
        pkg = importlib.import_module(f"remi.{sub}")
        names.append(pkg.__name__)
        names += [m.name for m in pkgutil.walk_packages(pkg.__path__, prefix=pkg.__name__ + ".")]
    names += [m.name for m in pkgutil.iter_modules(remi.__path__, prefix="remi.") if not m.ispkg]
    return sorted(n for n in set(names) if not n.startswith(SKIP) and n != "remi.__main__")


@pytest.mark.parametrize("name", _modules())
def test_module_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def _readme_blocks() -> str:
    """The README's fenced ```python blocks, one after another (the fences would end no example)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, flags=re.M | re.S)
    return "\n".join(blocks)


def test_readme_examples() -> None:
    test = doctest.DocTestParser().get_doctest(_readme_blocks(), {}, "README.md", str(ROOT / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert test.examples and runner.failures == 0
