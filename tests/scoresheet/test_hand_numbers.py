"""Issue 39.3: a hand's number does not move when another is struck out: the number on the
sheet is the number ``fix`` takes and the number the history shows, before and after."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path


def remi(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "remi", *args, "--db", str(db)], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


def ok(db: Path, *args: str) -> dict:
    out = remi(db, *args, "--json")
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def hand(db: Path, board: int) -> dict:
    return ok(db, "hand", "--atu", "y2", "--closer", "Ana", "--board-points", str(board), "--points", "Dan=70")


def test_numbers_stay_after_a_deletion(tmp_path: Path) -> None:
    db = tmp_path / "sheet.db"
    assert remi(db, "new", "--players", "Ana,Dan").returncode == 0
    for i in range(1, 9):
        assert hand(db, 100 + 5 * i)["recorded"] == i
    ok(db, "fix", "6", "--delete")
    sheet = ok(db, "sheet")
    assert [h["number"] for h in sheet["hands"]] == [1, 2, 3, 4, 5, 7, 8]
    # hand 8 is still hand 8: the one whose board was 140
    fixed = ok(db, "fix", "8", "--points", "Dan=75")
    assert fixed["recorded"] == 8
    assert [h for h in fixed["hands"] if h["number"] == 8][0]["board"] == 140
    struck = remi(db, "fix", "6", "--points", "Dan=75")
    assert struck.returncode == 2 and struck.stderr.strip() == "remi: HAND: hand 6 of game 1 was struck out"
    missing = remi(db, "fix", "9", "--points", "Dan=75")
    assert missing.stderr.strip() == "remi: HAND: game 1 has no hand 9 (its last is hand 8)"
    # the next hand does not take the struck-out number, and the history agrees with the sheet
    assert hand(db, 200)["recorded"] == 9
    history = ok(db, "history")
    lines = history["actions"] if isinstance(history, dict) else history
    by_seq = {line["seq"]: line["hand"] for line in lines}
    assert by_seq[8] == 8 and by_seq[10] == 8  # "recorded 8" and "corrected 8": one hand, one number
    assert by_seq[9] == 6 and by_seq[11] == 9
    # undo brings the struck-out hand back under its own number
    ok(db, "undo")  # hand 9
    ok(db, "undo")  # the correction of hand 8
    ok(db, "undo")  # the deletion of hand 6
    assert [h["number"] for h in ok(db, "sheet")["hands"]] == list(range(1, 9))
