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


def test_photo_fix_corrects_a_photo_of_the_sheet(tmp_path: Path) -> None:
    """`--photo-fix N=TILE` (the board photo) and `--photo-fix NAME:N=TILE` (NAME's rack photo)."""
    db = tmp_path / "sheet.db"
    assert remi("new", "--players", "Ana,Dan", db=db).returncode == 0
    out = remi("hand", "--atu", "y2", "--closer", "Ana", "--board-photo", str(PHOTOS / "rack-close.jpg"),
               "--photo-fix", "15=k13", "--rack-photo", f"Dan={PHOTOS / 'rack-joker.jpg'}",
               "--photo-fix", "dan:15=-", "--json", db=db)
    assert out.returncode == 0, out.stderr
    assert "k13" in remi("export", "--format", "json", db=db).stdout  # the board as fixed
    sheet = json.loads(remi("sheet", "--json", db=db).stdout)
    # The thrown tile counts nothing (k13 closes as k2 did); Dan's 14 tiles after the drop:
    # ten of 1-9 (5 each), r11 r12 r13 (10 each) and a joker (50).
    assert sheet["totals"] == {"Ana": 100, "Dan": -130}


def test_a_bad_photo_fix_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "sheet.db"
    remi("new", "--players", "Ana,Dan", db=db)
    before = db.read_bytes()
    for args, words in ((["--photo-fix", "16=k13"], "--photo-fix 16=k13: the photo has 15 tiles"),
                        (["--photo-fix", "Eve:1=k13"], "no --rack-photo Eve=PHOTO"),
                        (["--photo-fix", "1=zz"], "'zz' is not a tile")):
        out = remi("hand", "--atu", "y2", "--closer", "Ana", "--board-photo", str(PHOTOS / "rack-close.jpg"),
                   *args, "--points", "Dan=70", db=db)
        assert out.returncode == 2 and words in out.stderr and "Traceback" not in out.stderr, out.stderr
        assert db.read_bytes() == before
    out = remi("hand", "--atu", "y2", "--closer", "Ana", "--board", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2",
               "--photo-fix", "1=k13", "--points", "Dan=70", db=db)
    assert out.returncode == 2 and "give --board-photo or --rack-photo" in out.stderr


def test_the_examples_in_scan_help_run(tmp_path: Path) -> None:
    """`remi scan --help`'s examples name the sample photos, and each runs as printed (issue 18)."""
    import shlex
    import shutil

    shutil.copytree(PHOTOS, tmp_path / "samples" / "photos")
    text = " ".join(remi("scan", "--help").stdout.split())  # rich wraps the help; words are what count
    examples = [e.strip(" ;.") for e in text.split("Examples:")[1].split("╰")[0].split(";")]
    assert len(examples) == 2, examples
    for example in examples:
        argv = shlex.split(example.split(">")[0])
        assert argv[0] == "remi" and (tmp_path / argv[2]).is_file(), example
        out = subprocess.run([sys.executable, "-m", "remi", *argv[1:]], capture_output=True, text=True,
                             timeout=120, cwd=tmp_path, stdin=subprocess.DEVNULL)
        assert out.returncode == 0, (example, out.stderr)
    assert (tmp_path / "out" / "rack-close.png").is_file()
    assert json.loads(out.stdout)["tiles"][-1] == {"tile": "k5", "box": None, "fixed": True}  # the tile added
