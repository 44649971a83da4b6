"""The one photo path (issue 40) and issue 39's photo items through the real CLI: one --fix
takes several fixes (item 12), the table shows a fix's new read, an added tile takes its place
in reading order, and a photo without colour says so on every tile (item 11)."""

from __future__ import annotations

import json

import cv2

from tests.vision.conftest import SAMPLES
from tests.vision.test_scan_cli import remi

RACK = SAMPLES / "rack-close.jpg"
EXPECTED = (SAMPLES / "rack-close.txt").read_text().split()


def test_one_fix_option_takes_several_fixes(tmp_path):
    proc = remi("scan", RACK, "--fix", "3=r13", "7=-", "--json", data=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [t["tile"] for t in data["tiles"]] == EXPECTED[:2] + ["r13"] + EXPECTED[3:6] + EXPECTED[7:]
    assert data["dropped"] == [7]
    quoted = remi("scan", RACK, "--fix", "3=r13 7=-", "--json", data=tmp_path)
    assert json.loads(quoted.stdout)["tiles"] == data["tiles"]


def test_the_table_shows_the_new_read_beside_the_old(tmp_path):
    proc = remi("scan", RACK, "--fix", "3=r1", "--fix", "15=-", data=tmp_path)
    assert proc.returncode == 0, proc.stderr
    row3 = next(line for line in proc.stdout.splitlines() if line.strip().startswith("3 │"))
    assert "r5" in row3 and "r1" in row3.split("r5", 1)[1]
    row15 = next(line for line in proc.stdout.splitlines() if line.strip().startswith("15 │"))
    assert " - " in row15


def test_an_added_tile_with_a_box_takes_its_place_in_reading_order(tmp_path):
    # a box left of the first tile of the top row (r3 at 171 286 268 389): first in reading order
    proc = remi("scan", RACK, "--fix", "+=k5@60,290,160,385", "--json", data=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert [t["tile"] for t in json.loads(proc.stdout)["tiles"]] == ["k5"] + EXPECTED


def test_a_photo_without_colour_says_so_on_every_tile(tmp_path):
    grey = tmp_path / "grey.jpg"
    image = cv2.imread(str(RACK))
    cv2.imwrite(str(grey), cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR))
    proc = remi("scan", grey, "--json", data=tmp_path)
    assert proc.returncode == 0, proc.stderr
    tiles = json.loads(proc.stdout)["tiles"]
    assert tiles and all(t["low_confidence"] and t["doubt"]["kind"] == "no_colour" for t in tiles)
    table = remi("scan", grey, data=tmp_path)
    assert "the photo has no colour" in table.stdout
    colour = json.loads(remi("scan", RACK, "--json", data=tmp_path).stdout)["tiles"]
    assert not any((t["doubt"] or {}).get("kind") == "no_colour" for t in colour)


def test_stage_is_checked_when_the_line_is_parsed(tmp_path):
    """`--stage` is a choice: refused before the dataset or the weights are even looked at."""
    proc = remi("vision", "train", tmp_path / "no-such-data", "--stage", "readers", "--init", "missing.pt", data=tmp_path)
    assert proc.returncode == 2 and "'--stage': 'readers' is not one of 'detector', 'reader'" in proc.stderr
    assert "missing.pt" not in proc.stderr


def test_adapt_says_the_training_extra_whole():
    """rich's markup took `[train]` out of `pip install -e '.[train]'` (issue 39 item 16)."""
    from remi.vision.adapt import WITHOUT_EXTRA

    assert "'.[train]'" in WITHOUT_EXTRA
    source = (SAMPLES.parents[1] / "remi" / "vision_cli.py").read_text()
    assert "markup=False" in source.split("def adapt(", 1)[1]
