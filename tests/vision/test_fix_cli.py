"""Correcting a read in one step (issue 17 item 5), through the real CLI on the shipped model:
``--fix N=TILE``, ``N=-``, ``+=TILE`` on ``remi scan`` and ``remi check --photo``; a bad fix
is one line naming it with nothing written; ``--keep`` files the photo and its truth in the
user data folder, and nothing is kept without it."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.vision.conftest import SAMPLES
from tests.vision.terminal import at_terminal
from tests.vision.test_scan_cli import _one_line_error, remi

RACK = SAMPLES / "rack-close.jpg"
EXPECTED = (SAMPLES / "rack-close.txt").read_text().split()  # r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 ...


def _json(proc: subprocess.CompletedProcess) -> dict:
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_change_drop_and_add_in_one_command(tmp_path):
    data = _json(remi("scan", RACK, "--fix", "3=r1", "--fix", "7=-", "--fix", "+=k5", "--json", data=tmp_path))
    tiles = [t["tile"] for t in data["tiles"]]
    want = EXPECTED[:2] + ["r1"] + EXPECTED[3:6] + EXPECTED[7:] + ["k5"]
    assert tiles == want
    third = data["tiles"][2]
    assert third["fixed"] and third["read"] == "r5" and third["number"] == 3 and len(third["box"]) == 4
    assert data["dropped"] == [7]
    assert data["tiles"][-1] == {"tile": "k5", "box": None, "fixed": True}
    assert not any(tmp_path.rglob("*.json"))  # nothing kept without --keep


def test_the_table_numbers_the_tiles_and_the_fixed_tiles_are_printed(tmp_path):
    annotated = tmp_path / "fixed.png"
    proc = remi("scan", RACK, "--fix", "15=k13", "--annotate", annotated)
    assert proc.returncode == 0, proc.stderr
    assert " 15 │ k2 " in proc.stdout  # the number a fix names, beside the tile as read
    assert "tiles: " + " ".join(EXPECTED[:-1] + ["k13"]) in proc.stdout
    assert annotated.is_file()


@pytest.mark.parametrize("fixes, words", [
    (["16=r1"], "--fix 16=r1: the photo has 15 tiles, numbered 1-15"),
    (["0=r1"], "--fix 0=r1: the photo has 15 tiles"),
    (["3=r99"], "--fix 3=r99: 'r99' is not a tile"),
    (["3:r1"], "--fix 3:r1: write N=TILE"),
    (["+=-"], "--fix +=-: +=TILE adds a tile"),
    (["3=r1", "3=-"], "--fix 3=r1 and --fix 3=-: two fixes for tile 3"),
    (["+=y9", "+=y9"], "--fix +=y9: that makes 3 of y9; the set has 2"),
    (["3=k1@1,2,3,4"], "only an added tile"),
    (["+=k1@5,5,2,2"], "needs x2 > x1"),
])
def test_a_bad_fix_is_one_line_and_nothing_is_written(tmp_path, fixes, words):
    annotated = tmp_path / "out" / "a.png"
    args = [a for f in fixes for a in ("--fix", f)]
    _one_line_error(remi("scan", RACK, *args, "--annotate", annotated, "--keep", data=tmp_path / "data"), words)
    assert not annotated.exists() and not (tmp_path / "data").exists()


def test_keep_files_the_photo_and_its_truth_in_the_data_folder(tmp_path):
    data_home = tmp_path / "data"
    proc = remi("scan", RACK, "--fix", "3=r1", "--keep", data=data_home)
    assert proc.returncode == 0, proc.stderr
    kept = [p for p in (data_home / "remi" / "photos").iterdir() if p.suffix == ".jpg"]
    assert len(kept) == 1 and kept[0].read_bytes() == RACK.read_bytes()
    truth = json.loads(Path(str(kept[0]) + ".json").read_text())
    assert [t["tile"] for t in truth["tiles"]] == EXPECTED[:2] + ["r1"] + EXPECTED[3:]
    assert all(len(t["box"]) == 4 for t in truth["tiles"])
    assert f"kept for remi vision adapt: {kept[0]}" in proc.stdout.replace("\n", "")
    # The same photo kept again replaces its truth: the latest correction wins, one copy.
    assert remi("scan", RACK, "--fix", "3=r5", "--keep", "--json", data=data_home).returncode == 0
    assert len(list((data_home / "remi" / "photos").iterdir())) == 2
    truth = json.loads(Path(str(kept[0]) + ".json").read_text())
    assert [t["tile"] for t in truth["tiles"]] == EXPECTED


def test_scan_json_with_fixes_is_a_truth_file(tmp_path):
    """`remi scan P --fix ... --json > P.json` makes the truth `remi vision adapt P` reads."""
    from remi.vision.labels import read_truth

    photo = tmp_path / "rack.jpg"
    photo.write_bytes(RACK.read_bytes())
    proc = remi("scan", photo, "--fix", "1=r2", "--json")
    Path(str(photo) + ".json").write_text(proc.stdout)
    truth = read_truth(photo)
    assert [str(t) for t in truth.tiles] == ["r2"] + EXPECTED[1:]


def test_check_photo_takes_the_fixes(tmp_path):
    proc = remi("check", "--photo", RACK, "--fix", "15=k13", "--json")
    data = _json(proc)
    assert sorted(data["rack"]) == sorted(EXPECTED[:-1] + ["k13"])
    assert data["can_close"] and data["discard"] == "k13"
    _one_line_error(remi("check", "--photo", RACK, "--fix", "15=zz"), "--fix 15=zz")
    _one_line_error(remi("check", "r1 r2 r3", "--fix", "1=r4"), "give --photo PHOTO")


def _pty_scan(args: list[str], answers: list[str], data_home: Path) -> str:
    return at_terminal(["scan", *args], answers, env={"XDG_DATA_HOME": str(data_home)})


def test_at_a_terminal_enter_accepts_everything(tmp_path):
    screen = _pty_scan([str(RACK)], [""], tmp_path)
    assert "Enter accepts all" in screen and "tiles: " + " ".join(EXPECTED) in screen
    assert "Keep this photo" not in screen and not (tmp_path / "remi").exists()


def test_at_a_terminal_one_line_of_fixes_then_keep(tmp_path):
    screen = _pty_scan([str(RACK)], ["3=r99", "3=r1 7=-", "y"], tmp_path)
    assert "'r99' is not a tile" in screen  # a bad answer is said and asked again
    assert "tiles: " + " ".join(EXPECTED[:2] + ["r1"] + EXPECTED[3:6] + EXPECTED[7:]) in screen
    assert "kept for remi vision adapt" in screen
    assert len(list((tmp_path / "remi" / "photos").glob("*.json"))) == 1


def test_a_set_aside_box_is_numbered_after_the_tiles_and_a_fix_counts_it():
    """vision.reader lists boxes it holds to be no tile (Reading.set_aside); they take the
    numbers after the tiles', and `N=TILE` counts one, `N=-` leaves it out."""
    from remi.engine import Tile
    from remi.photos import unsure_lines
    from remi.vision.errors import FixError
    from remi.vision.photo import apply_fixes, corrected_dict, parse_fixes
    from remi.vision.doubts import Doubt, DoubtKind
    from remi.vision.reader import Detection, Reading

    def det(tile: str, x: float, conf: float = 0.95, why: Doubt | None = None) -> Detection:
        return Detection(Tile.parse(tile), conf, (x, 0.0, x + 40, 50.0), 0.9, doubt=why)

    unsure = Doubt(DoubtKind.UNSURE, alternatives=((Tile.parse("r4"), 0.6), (Tile.parse("r1"), 0.3)))
    reading = Reading((det("r3", 0), det("r4", 50, 0.6, unsure)), 200, 60,
                      (det("r5", 100, 0.7, Doubt(DoubtKind.NO_TILE, share=0.7)),))
    lines = unsure_lines(reading)
    assert lines == ["? 2 r4 (60%): unsure: r4 60%, r1 30%",
                     "set aside 3, not counted: probably not a tile (70% sure it is not) (box 100 0 140 50; "
                     "if it is a tile: 3=r5)"]
    assert apply_fixes(reading, []).tiles == [Tile.parse("r3"), Tile.parse("r4")]
    counted = apply_fixes(reading, parse_fixes(["3=r5"]))
    assert [str(t) for t in counted.tiles] == ["r3", "r4", "r5"]
    data = corrected_dict(reading, counted)
    assert data["tiles"][2]["number"] == 3 and data["set_aside"] == []
    assert corrected_dict(reading, apply_fixes(reading, parse_fixes(["3=-"])))["set_aside"][0]["number"] == 3
    with pytest.raises(FixError, match="the photo has 2 tiles, numbered 1-2, and 1 set aside, number 3"):
        apply_fixes(reading, parse_fixes(["4=k1"]))


def test_at_a_terminal_the_keep_question_is_asked_in_the_reader_s_words(tmp_path):
    """rich's yes/no prompt in Romanian (issue 41): it shows [d/n], refuses a word it does not
    know in Romanian, and takes ``d`` (da) as yes."""
    screen = at_terminal(["--lang", "ro", "scan", str(RACK)], ["3=r1", "poate", "d"],
                         env={"XDG_DATA_HOME": str(tmp_path)})
    assert "[d/n]" in screen and "[y/n]" not in screen
    assert "răspundeți da sau nu (d/n)" in screen  # "poate" (maybe) is no answer
    assert len(list((tmp_path / "remi" / "photos").glob("*.json"))) == 1
