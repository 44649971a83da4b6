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


BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"


def test_the_same_hand_typed_differently_is_refused(tmp_path: Path) -> None:
    """Issue 39.1: the hand is compared, not the typing: Bogdan's 11L3H costs 85 points."""
    db = tmp_path / "sheet.db"
    assert remi(db, "new", "--players", "Ana,Bogdan,Cristi").returncode == 0
    first = remi(db, "hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--points", "Bogdan=11L3H",
                 "--points", "Cristi=95")
    assert first.returncode == 0, first.stderr
    before = db.read_bytes()
    board = " ".join(reversed(BOARD.split()))  # the same board, read the other way
    out = remi(db, "hand", "--atu", "Y2", "--closer", "ana", "--board", board, "--points", "Bogdan=85",
               "--points", "Cristi=95")
    assert out.returncode == 2
    assert out.stderr.strip() == "remi: hand 1 has exactly these entries: entered twice? add --again to record it anyway"
    assert db.read_bytes() == before
    # Another score is another hand; --again records the same one on purpose.
    assert remi(db, "hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--points", "Bogdan=90",
                "--points", "Cristi=95").returncode == 0
    assert remi(db, "hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--points", "Bogdan=90",
                "--points", "Cristi=95", "--again").returncode == 0


def test_a_second_twin_is_refused(tmp_path: Path) -> None:
    """Issue 39.2: only one player holds the twin of an atu; the second --twin was kept alone."""
    db = tmp_path / "sheet.db"
    assert remi(db, "new", "--players", "Ana,Bogdan,Cristi").returncode == 0
    before = db.read_bytes()
    out = remi(db, "hand", "--atu", "y2", "--closer", "Ana", "--board-points", "100", "--points", "Bogdan=70",
               "--points", "Cristi=95", "--twin", "Bogdan", "--twin", "Cristi")
    assert out.returncode == 2
    assert out.stderr.strip() == ("remi: --twin: given twice (Bogdan, Cristi): only one player can hold the twin "
                                  "of an atu")
    assert db.read_bytes() == before
    assert remi(db, "fix", "1", "--twin", "Bogdan", "--twin", "Cristi").returncode == 2
