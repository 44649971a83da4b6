"""A hand entered twice (RULES-independent table slip): refused with one line, file unchanged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HAND = ["hand", "--atu", "y2", "--closer", "Ana", "--board-points", "100", "--points", "Dan=70"]


def remi(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "remi", *args, "--db", str(db)], capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


def test_the_same_closed_hand_twice_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "sheet.db"
    assert remi(db, "new", "--players", "Ana,Dan").returncode == 0
    assert remi(db, *HAND).returncode == 0
    before = db.read_bytes()
    out = remi(db, *HAND)
    assert out.returncode == 2
    assert out.stderr.strip() == "remi: hand 1 has exactly these entries: entered twice? add --again to record it anyway"
    assert db.read_bytes() == before
    # The same hand typed in other case and notation is the same hand.
    assert remi(db, "hand", "--atu", "Y2", "--closer", "Ana", "--board-points", "100", "--points", "Dan=70").returncode == 2
    again = remi(db, *HAND, "--again", "--json")
    assert again.returncode == 0, again.stderr
    assert remi(db, "fix", "1", *HAND[1:], "--again").returncode == 2  # --again is for new hands only


def test_a_repeat_in_simple_rummy_is_ordinary(tmp_path: Path) -> None:
    db = tmp_path / "sheet.db"
    remi(db, "new", "--variant", "simple", "--players", "Ana,Ben")
    assert remi(db, "hand", "--closer", "Ana").returncode == 0
    assert remi(db, "hand", "--closer", "Ana").returncode == 0
