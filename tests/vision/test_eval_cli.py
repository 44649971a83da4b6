"""``remi vision eval`` through the real CLI on a folder of corrected photos: the confusion between
kinds and the contact sheet of every error (PNG and HTML)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import cv2
import pytest

from tests.vision.conftest import SAMPLES
from tests.vision.test_scan_cli import _one_line_error, remi

RACK = SAMPLES / "rack-close.jpg"


@pytest.fixture
def labelled(tmp_path) -> Path:
    """The sample rack with a truth that disagrees with what the model reads: tile 1 (r3) is
    "b3" in the truth, and the truth holds a tile where the photo has only the cloth."""
    folder = tmp_path / "photos"
    folder.mkdir()
    photo = folder / "rack.jpg"
    shutil.copyfile(RACK, photo)
    proc = remi("scan", photo, "--fix", "1=b3", "--fix", "+=k9@20,20,100,120", "--json")
    assert proc.returncode == 0, proc.stderr
    Path(str(photo) + ".json").write_text(proc.stdout)
    return folder


def test_eval_prints_the_confusion_and_draws_every_error(labelled, tmp_path):
    sheet = tmp_path / "errors.png"
    proc = remi("vision", "eval", labelled, "--errors", sheet)
    assert proc.returncode == 0, proc.stderr
    assert "1 colour, 0 number, 0 colour and number, 1 missed, 0 extra" in proc.stdout
    rows = [line.split("│") for line in proc.stdout.splitlines() if line.count("│") == 2]
    assert [[c.strip() for c in r] for r in rows] == [["b3", "r3", "1"], ["k9", "-", "1"]]
    assert cv2.imread(str(sheet)) is not None


def test_eval_json_and_an_html_sheet(labelled, tmp_path):
    sheet = tmp_path / "errors.html"
    proc = remi("vision", "eval", labelled, "--errors", sheet, "--json")
    data = json.loads(proc.stdout)
    assert data["photos"] == 1 and data["labelled_tiles"] == 16
    assert data["confusion"] == [{"truth": "b3", "read": "r3", "count": 1}, {"truth": "k9", "read": "-", "count": 1}]
    assert data["tile_accuracy"] == pytest.approx(14 / 16)
    page = sheet.read_text()
    assert page.count("<figure>") == 2 and "b3 read r3" in page and "k9 missed" in page and "rack.jpg" in page


def test_eval_refuses_a_bad_sheet_name_and_an_empty_folder(labelled, tmp_path):
    _one_line_error(remi("vision", "eval", labelled, "--errors", tmp_path / "errors.txt"), "name a .png or .html")
    (tmp_path / "empty").mkdir()
    _one_line_error(remi("vision", "eval", tmp_path / "empty"), "no labelled photos")
    _one_line_error(remi("vision", "eval", tmp_path / "nowhere"), "no such folder")


def test_eval_shows_a_progress_bar_at_a_terminal(labelled, tmp_path):
    from tests.vision.terminal import at_terminal

    screen = at_terminal(["vision", "eval", str(labelled), "--errors", str(tmp_path / "e.png")], [],
                         env={"TERM": "xterm-256color"})
    assert "photos" in screen and "1/1" in screen, screen  # the bar's frames, before it is cleared
    assert "contact sheet of the errors" in screen
