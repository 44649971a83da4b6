"""The engine is typed: ``py.typed`` ships with it and ``mypy --strict`` finds nothing.

mypy cannot follow the editable install's import hook (``remi.engine`` lives in the folder
``engine/``, pyproject's package-dir), so the check lays the installed name out in a
temporary folder, ``remi/engine`` a link to ``engine/``, and checks the package by that name.
By hand: ``python -m pytest tests/engine/test_typing.py``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_py_typed_is_packaged() -> None:
    marker = ROOT / "engine" / "py.typed"
    assert marker.is_file() and marker.read_bytes() == b""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in project["tool"]["setuptools"]["package-data"]["remi.engine"]


def test_mypy_strict_on_the_engine(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    api = pytest.importorskip("mypy.api", reason="mypy comes with the dev extra: pip install -e '.[dev]'")
    (tmp_path / "remi").mkdir()
    (tmp_path / "remi" / "engine").symlink_to(ROOT / "engine", target_is_directory=True)
    monkeypatch.setenv("MYPYPATH", str(tmp_path))
    out, err, status = api.run(["--strict", "--cache-dir", str(tmp_path / "cache"), "-p", "remi.engine"])
    assert status == 0, out + err
    assert "no issues found in" in out
