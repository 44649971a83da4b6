"""`remi advise` end to end on the golden positions of tests/golden/tutor (one block a case)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from remi.cli import app
from tests.golden.cases import Case, load

CASES = load("tutor/*.txt")


def test_there_are_golden_positions() -> None:
    assert len(CASES) >= 10
    assert all(c.lists.get("why") for c in CASES), "every golden answer says why it is right"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_advise_golden(case: Case) -> None:
    result = CliRunner().invoke(app, ["advise", *shlex.split(case.fields["args"]), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    f = case.fields
    if "stage" in f:
        assert data["stage"] == f["stage"]
    if "draw" in f:
        assert data["draw"] == (None if f["draw"] == "none" else f["draw"])
    top = data["advice"][0] if data["advice"] else None
    if "top" in f:
        assert top is not None and top["discard"] in f["top"].split()
    if "steps" in f:
        assert top["steps"] == int(f["steps"])
    if "outs" in f:
        assert top["outs"] == int(f["outs"])
    if "not_top" in f:
        assert top["discard"] != f["not_top"]
    if "points" in f:
        assert data["close"]["points"] == int(f["points"])
    assert data["explanation"]
    assert len(data["explanation"].splitlines()) <= 3


def test_advise_as_a_real_subprocess() -> None:
    case = CASES[0]
    out = subprocess.run([sys.executable, "-m", "remi", "advise", *shlex.split(case.fields["args"]), "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["advice"][0]["discard"] in case.fields["top"].split()
