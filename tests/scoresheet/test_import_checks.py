"""Issue 39.4: an import passes every check a typed hand passes, refers only to earlier
actions, bounds every number and its own size; a refusal is one line naming the action and
the field, never "internal error", and writes nothing."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from remi.scoresheet.errors import SheetError
from remi.scoresheet.importing import MOST_ACTIONS, read_export


def remi(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "remi", *args, "--db", str(db)], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


RULES = {"variant": "closed"}


def action(seq: int, kind: str = "hand", **fields: Any) -> dict[str, Any]:
    hand = {"closer": "Ana", "atu": "y2", "board_points": 100, "racks": {"Dan": {"points": 70}}}
    out: dict[str, Any] = {"seq": seq, "kind": kind, "created_at": "2026-01-01T20:00:00Z", "hand_seq": None,
                           "undoes": None, "hand": hand if kind in ("hand", "fix") else None}
    out.update(fields)
    return out


def export(*actions: dict[str, Any], **game: Any) -> dict[str, Any]:
    return {"format": "remi-game/1", "game": {"name": "friday", "variant": "closed", "players": ["Ana", "Dan"],
                                             "target": None, "rules": RULES, **game}, "actions": list(actions)}


def hand_with(**changes: Any) -> dict[str, Any]:
    a = action(1)
    a["hand"].update(changes)
    return a


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


CASES = [
    (export(action(1), action(2), action(3, "undo", undoes=7)),
     "bad export: action 3: undoes: 7 is not an earlier action"),
    (export(action(1), action(2), action(3, "undo", undoes=1)),
     "bad export: action 3: undoes: 1 is not what an undo could cancel here (action 2)"),
    (export(action(1), action(2, "fix", hand_seq=5)), "bad export: action 2: hand_seq: 5 is not an earlier action"),
    (export(hand_with(racks={"Dan": {"points": 10**30}})),
     "bad export: action 1: hand: racks: Dan: points: 1000000000000000000000000000000 is not a number of points"),
    (export(hand_with(racks={"Dan": {"points": 95.5}})),
     "bad export: action 1: hand: racks: Dan: points: 95.5 is not a number of points"),
    (export(action(1), target=float("nan")), "bad export: game: target: nan is not a positive number of points"),
    (export(action(2**63)), f"bad export: action {2**63}: seq: {2**63} is not a whole number after 0"),
    (export(hand_with(board_points=10**20)),
     "bad export: action 1: hand: board_points: 100000000000000000000 is not a number of points"),
    (export(action(1), action(2, "undo", undoes=[1])), "bad export: action 2: undoes: a list is not an earlier action"),
    (export(action(1), name=5), "bad export: game: name: missing or not text"),
    (export(hand_with(racks={"Dan": {"tiles": nested(5000)}})),
     "bad export: action 1: hand: racks: Dan: tiles: a list is not text"),
    (export(hand_with(racks={"Dan": {"points": 71}})),
     "bad export: action 1: hand: Dan's rack cannot cost 71: 14 tiles cost 70 to 220 in steps of 5 (CR-23)"),
    (export(*[action(i) for i in range(1, 5)], target=300), "bad export: action 4: a hand after the end of the game"),
    (export(*[action(i) for i in range(1, MOST_ACTIONS + 2)]),
     f"bad export: actions: {MOST_ACTIONS + 1:,} actions; an import holds at most {MOST_ACTIONS:,}"),
]


@pytest.mark.parametrize(("data", "line"), CASES, ids=range(len(CASES)))
def test_each_bad_action_is_one_line(data: dict[str, Any], line: str) -> None:
    with pytest.raises(SheetError) as refused:
        read_export(data)
    assert str(refused.value) == line


def test_a_good_export_still_reads() -> None:
    info, log = read_export(export(action(1), action(2, "fix", hand_seq=1), action(3, "undo", undoes=2)))
    assert info.players == ("Ana", "Dan") and [e.kind for e in log] == ["hand", "fix", "undo"]


def write(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def test_the_cli_refuses_in_one_line_and_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "sheet.db"
    assert remi(db, "new", "--players", "Ana,Dan").returncode == 0
    before = db.read_bytes()
    future = export(action(1), action(2), action(3, "undo", undoes=7), action(4), action(5), action(6), action(7))
    huge = export(*[action(i) for i in range(1, 100_001)])
    deep = '{"format": "remi-game/1", "game": ' + "[" * 100_000 + "]" * 100_000 + "}"
    cases = {
        "future.json": (future, "remi: bad export: action 3: undoes: 7 is not an earlier action"),
        "points.json": (export(hand_with(racks={"Dan": {"points": 10**30}})),
                        "remi: bad export: action 1: hand: racks: Dan: points: 1000000000000000000000000000000 is "
                        "not a number of points"),
        "huge.json": (huge, f"remi: the export {tmp_path / 'huge.json'} is too large (at most 1 MB)"),
        "deep.json": (deep, f"remi: {tmp_path / 'deep.json'} is not a remi game export: nested too deep"),
    }
    for name, (data, line) in cases.items():
        out = remi(db, "import", str(write(tmp_path / name, data)))
        assert (out.returncode, out.stderr.strip()) == (2, line), name
        assert db.read_bytes() == before, name
    good = copy.deepcopy(future)
    good["actions"] = good["actions"][:2]
    assert remi(db, "import", str(write(tmp_path / "good.json", good))).returncode == 0
