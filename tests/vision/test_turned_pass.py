"""A card folder's detector reads the photo turned a quarter too (``"turned_pass"``; issue 42).

research/vision-diary.md, "Card detectors read the photo turned a quarter too" (its third
reading; no folder has the key): the card detectors box far fewer indices lying sideways than
standing up, so a folder with the key has the detector read the photo turned a quarter as well;
a box only that pass found, overlapping none of the photo's own, is counted only where its read
would pass unmarked. The boxes of the
turned photo land on the photo's own things; a sideways 7 of diamonds that cards1 misses comes
in; a read less sure than the folder's bar stays out; a wrong key is one line. Real photos, the
committed cards1 and shipped tile models.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from remi.vision import realdata
from remi.vision.crops import iou
from remi.vision.reader import Reader, load_image
from tests.vision.test_scan_cli import _one_line_error, remi
from tests.vision.test_windows import CARDS1, RUMMY, _cards_folder, _cards_root, _photo

#: an iphone-deck photo (640x640): a 9 of diamonds standing, a 7 of diamonds lying sideways
SIDEWAYS = "IMG_7716_JPG.rf.05136395986cd797c7fbac528cfafdec.jpg"


def _cards(reading) -> list[str]:
    return sorted(d.tile.card() for d in reading.detections)


def test_the_turned_photo_s_boxes_land_on_the_photo_s_tiles():
    """The shipped tile detector on a rummy4 photo and on it turned a quarter: the turned
    photo's boxes, turned back (``quarter_back``), lie on the photo's own (7 Dec: 18 of 18 at IoU
    0.5 or more, median 0.94)."""
    from remi.vision.reader import extent, quarter_back

    reader = Reader()
    image = load_image(_photo(realdata.default_root(), RUMMY))
    corners, _ = reader._passes(image)
    turned, _ = reader._passes(np.ascontiguousarray(np.rot90(image)))
    back = quarter_back(turned, image.shape[1])
    overlap = iou(extent(back), extent(corners)).max(axis=1)
    assert len(corners) >= 15 and abs(len(back) - len(corners)) <= 2
    assert (overlap >= 0.5).mean() >= 0.9 and np.median(overlap) >= 0.85, overlap.round(2)


def test_a_sideways_index_cards1_misses_is_read_with_the_turned_pass(tmp_path):
    image = load_image(_photo(_cards_root(), SIDEWAYS))
    turned = Reader(_cards_folder(tmp_path, turned_pass=True))
    found = turned.found(image)
    assert found.turned.sum() == 1  # the 7's sideways index, which only the turned pass boxes
    x1, y1, x2, y2 = found.boxes[found.turned][0]
    assert x2 - x1 > 1.5 * (y2 - y1)
    assert _cards(Reader(CARDS1).read(image)) == ["9d"]
    reading = turned.read(image)
    assert _cards(reading) == ["7d", "9d"]
    assert not any(d.low for d in reading.detections)  # read 0.98 sure, unmarked


def test_a_box_only_the_turned_pass_found_counts_only_where_read_sure(tmp_path):
    """The same photo with the folder's bar at 0.99: the 7 (read 0.98 sure) would be marked, so
    the box only the turned pass found goes; the 9, boxed standing, stays (marked)."""
    image = load_image(_photo(_cards_root(), SIDEWAYS))
    reading = Reader(_cards_folder(tmp_path, turned_pass=True, unsure_below=0.99)).read(image)
    assert _cards(reading) == ["9d"] and reading.detections[0].low


def test_a_wrong_turned_pass_key_is_one_line_naming_it(tmp_path):
    proc = remi("scan", _photo(_cards_root(), SIDEWAYS), "--variant", "simple", "--models",
                _cards_folder(tmp_path, turned_pass="yes"))
    _one_line_error(proc, '"turned_pass" is \'yes\'; true or false')
    assert "vision.json" in proc.stderr


def test_the_scan_with_the_turned_pass_names_both_cards(tmp_path):
    proc = remi("scan", _photo(_cards_root(), SIDEWAYS), "--variant", "simple", "--models",
                _cards_folder(tmp_path, turned_pass=True), "--json")
    assert proc.returncode == 0, proc.stderr
    assert '"7d"' in proc.stdout and '"9d"' in proc.stdout
    assert Path(CARDS1 / "vision.json").read_text().count("turned_pass") == 0  # cards1 itself unchanged
