"""``remi advise --json`` byte for byte as it was when ``advise`` returned a dict (issue 40):
the Advice dataclass's ``to_dict()`` keeps every key, its order and its values, on racks
that reach each branch (a throw, a close on offer from the row, the atu or the pile, the
row's top taken, the stock, Simple's tournante and first round)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from remi.tutor.advice import Advice, Throw, advise

CASES = json.loads((Path(__file__).resolve().parents[1] / "golden" / "tutor" / "advise_json.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=lambda c: " ".join(c["args"])[:60])
def test_the_json_is_unchanged(case: dict) -> None:
    run = subprocess.run([sys.executable, "-m", "remi", "advise", "--json", *case["args"]],
                         capture_output=True, text=True, check=True)
    assert run.stdout == case["stdout"]


def test_advise_returns_a_typed_value() -> None:
    a = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", variant="closed")
    assert isinstance(a, Advice) and (a.stage, a.draw, a.steps, a.outs) == ("draw", "stock", 1, 14)
    assert a.to_dict()["steps"] == 1 and "steps" not in advise(CASES[0]["args"][0], drawn="k13").to_dict()
    thrown = advise(CASES[0]["args"][0], drawn="k13")
    assert isinstance(thrown.advice[0], Throw) and thrown.advice[0].discard == "k13" and thrown.close is None
