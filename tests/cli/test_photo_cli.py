"""Photos where tiles are typed: ``remi check --photo`` and ``remi hand --board-photo``,
the real CLI on the shipped model and the sample photos."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PHOTOS = ROOT / "samples" / "photos"


def remi(*args: str, db: Path | None = None) -> subprocess.CompletedProcess[str]:
    extra = ["--db", str(db)] if db else []
    return subprocess.run([sys.executable, "-m", "remi", *args, *extra], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, stdin=subprocess.DEVNULL)


def test_check_from_a_photo() -> None:
    out = remi("check", "--photo", str(PHOTOS / "rack-close.jpg"), "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    expected = (PHOTOS / "rack-close.txt").read_text().split()
    assert sorted(data["rack"]) == sorted(expected)
    assert data["can_close"] and data["discard"] == "k2" and data["points"] == 100
    assert "r3" in out.stderr  # what was read is shown (on stderr with --json) before the answer


def test_check_from_a_photo_that_does_not_close() -> None:
    data = json.loads(remi("check", "--photo", str(PHOTOS / "rack-joker.jpg"), "--json").stdout)
    assert data["can_close"] is False and data["loose"] == ["b2", "b2"]


def test_board_photo_records_the_hand(tmp_path: Path) -> None:
    db = tmp_path / "sheet.db"
    assert remi("new", "--players", "Ana,Dan", db=db).returncode == 0
    out = remi("hand", "--atu", "y2", "--closer", "Ana", "--board-photo", str(PHOTOS / "rack-close.jpg"),
               "--points", "Dan=70", "--json", db=db)
    assert out.returncode == 0, out.stderr
    sheet = json.loads(remi("sheet", "--json", db=db).stdout)
    assert sheet["totals"] == {"Ana": 100, "Dan": -70}


def test_a_file_that_is_not_a_photo(tmp_path: Path) -> None:
    bad = tmp_path / "rack.jpg"
    bad.write_text("not an image")
    db = tmp_path / "sheet.db"
    out = remi("check", "--photo", str(bad))
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "Traceback" not in out.stderr
    remi("new", "--players", "Ana,Dan", db=db)
    before = db.read_bytes()
    out = remi("hand", "--atu", "y2", "--closer", "Ana", "--board-photo", str(bad), "--points", "Dan=70", db=db)
    assert out.returncode == 2 and db.read_bytes() == before
