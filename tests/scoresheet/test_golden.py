"""docs/rules.md's worked examples (A13 C1-C16, B8 S1-S7) through the real CLI into a real SQLite file.

The cases live in ``golden/rules_examples.txt``, one block a case (the format is described
at the top of that file).
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.scoresheet.conftest import Remi, scores, snapshot

GOLDEN = Path(__file__).with_name("golden") / "rules_examples.txt"


def load_cases(path: Path = GOLDEN) -> dict[str, list[str]]:
    cases: dict[str, list[str]] = {}
    current: list[str] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("== "):
            current = cases.setdefault(line[3:], [])
        elif line and not line.startswith("#") and current is not None:
            current.append(line)
    return cases


CASES = load_cases()


def test_every_rules_example_is_here() -> None:
    names = {name.split()[0] for name in CASES}
    assert names >= {f"C{i}" for i in range(1, 17)} | {f"S{i}" for i in range(1, 8)}


@pytest.mark.parametrize("name", list(CASES))
def test_rules_example(name: str, remi: Remi, tmp_path: Path) -> None:
    play(name, remi, tmp_path)


#: a few cases again through the CLI into PostgreSQL (the store tests cover the rest there)
ON_POSTGRES = [n for n in CASES if n.split()[0] in ("C6", "C13", "C14", "S5")]


@pytest.mark.postgres
@pytest.mark.parametrize("name", ON_POSTGRES)
def test_rules_example_on_postgres(name: str, pg_url: str, tmp_path: Path) -> None:
    play(name, Remi(pg_url, tmp_path), tmp_path)


def play(name: str, remi: Remi, tmp_path: Path) -> None:
    last = None
    before = None
    rules_file: Path | None = None
    for line in CASES[name]:
        words = shlex.split(line)
        op, args = words[0], words[1:]
        if op == "rules":
            rules_file = tmp_path / "house.toml"
            rules_file.write_text("\n".join(f"{k} = {v}" for k, v in (a.split("=", 1) for a in args)) + "\n")
        elif op in ("new", "hand", "fix", "undo"):
            if op == "new" and rules_file is not None:
                args += ["--rules", str(rules_file)]
            before = snapshot(remi.db)
            last = remi(op, *args, "--json")
        elif op == "=>":
            assert last is not None and last.code == 0, f"{name}: {last.err if last else ''}"
            hand = last.json()["hands"][-1]
            assert hand["scores"] == scores(args), f"{name}: hand {hand['number']}"
        elif op == "refuse":
            assert last is not None and last.code == 2, f"{name}: expected a refusal, got {last.code} {last.out}"
            assert " ".join(args) in last.err, last.err
            assert len(last.err.strip().splitlines()) == 1, last.err
            assert "Traceback" not in last.err
            assert snapshot(remi.db) == before, f"{name}: the refused command changed the database"
        else:
            # A write's --json output is the sheet after it; after a refusal, read it afresh.
            if last is not None and last.code == 0 and "totals" in last.json():
                sheet = last.json()
            else:
                sheet = remi.ok("sheet")
                last = None
            if op == "totals":
                assert sheet["totals"] == scores(args), name
            elif op == "finished":
                assert sheet["finished"] and sorted(sheet["winners"]) == sorted(args[0].split(",")), sheet
            elif op == "open":
                assert not sheet["finished"] and sheet["winners"] == [], sheet
            elif op == "hands":
                assert len(sheet["hands"]) == int(args[0])
            else:
                raise AssertionError(f"unknown golden line {line!r}")
