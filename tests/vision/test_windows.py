"""A wide photo read in windows at its own resolution (issue 42 item 2; vision.windows).

A models folder without ``windows`` reads exactly as main did (goldens made by main at 018c18f,
compared byte for byte); with it, a 1920x1080 frame of small cards gives the detector indices
its 640 px pass loses; an index that a window's side cuts comes out once, whole; a wrong key
is one line naming it. Real photos, synthetic frames, the real CLI.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from remi.vision import realdata
from remi.vision.settings import MODELS
from tests.vision.test_marks import _folder
from tests.vision.test_scan_cli import _one_line_error, remi
from tests.vision.training.conftest import card_faces  # noqa: F401 - the fixture the frames need

GOLDEN = Path(__file__).parent / "golden"
CARDS1 = MODELS / "candidates" / "cards1"
#: a rummy4 photo (1000x750) read with the shipped models; main's output is the golden
RUMMY = "rummy4-15_jpeg.rf.5417f5ee38d0dadef7cd3fa2c3c3468a.jpg"
#: a webcam-win photo (640x640, 28 labelled indices) read with cards1, which never trained on it
WIN = "WIN_20240627_17_02_34_Pro_jpg.rf.75d6490ff875fb243fb12c0ad7cda0e0.jpg"
WINDOWS = {"size": 640, "overlap": 0.25, "most": 12}


def _photo(root: Path, name: str) -> Path:
    path = root / "images" / name
    if not path.is_file():
        pytest.skip(f"real photos not found at {path.parent}")
    return path


def _cards_folder(tmp_path: Path, **keys) -> Path:
    """cards1 with ``keys`` added to its vision.json (models/ itself is never changed)."""
    return _folder(tmp_path, CARDS1, **keys)


def _cards_root() -> Path:
    from research.cards.stage import default_root

    return default_root()


def test_without_windows_the_tile_scan_is_main_s_byte_for_byte():
    proc = remi("scan", _photo(realdata.default_root(), RUMMY), "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (GOLDEN / "scan-rummy4-15-v35.json").read_text()  # main at 018c18f gave the same bytes (reader v8.3.1); remade when v15, v16, v20.1, v27, v32, v34 and v35 shipped


@pytest.mark.parametrize("keys", [{}, {"windows": WINDOWS}], ids=["without", "photo-no-larger-than-a-window"])
def test_a_card_scan_is_main_s_without_windows_or_where_no_window_is_needed(tmp_path, keys):
    """cards1 on a 640x640 webcam photo: without the key, main's bytes; with windows of 640 px
    the photo is one window, read whole as before."""
    proc = remi("scan", _photo(_cards_root(), WIN), "--variant", "simple", "--models", _cards_folder(tmp_path, **keys),
                "--json")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (GOLDEN / "scan-cards1-win-018c18f.json").read_text()


@pytest.mark.parametrize("windows, words", [
    ({"size": 640, "overlap": 0.9, "most": 12}, '"windows.overlap" is 0.9; the share of a side two windows share'),
    ({"size": 16, "overlap": 0.25, "most": 12}, '"windows.size" is 16; a window\'s side in pixels'),
    ({"size": 640, "overlap": 0.25, "most": 100}, '"windows.most" is 100; the most windows a photo, between 1 and 16'),
    ({"size": 640, "overlap": 0.25}, '"windows" is {\'size\': 640, \'overlap\': 0.25}; an object of "size"'),
    ([640], '"windows" is [640]; an object of "size", "overlap" and "most"'),
])
def test_a_wrong_windows_key_is_one_line_naming_it(tmp_path, windows, words):
    proc = remi("scan", _photo(_cards_root(), WIN), "--variant", "simple", "--models",
                _cards_folder(tmp_path, windows=windows))
    _one_line_error(proc, words)
    assert "vision.json" in proc.stderr


def _frame(seed: int):
    """A 1920x1080 frame of 20 cards 130 px wide (the test pools: settings never trained on)."""
    from remi.vision.training.cardscenes import POOLS, scene

    return scene(np.random.default_rng(seed), POOLS["spread-test"], n=20, size=(1920, 1080), card_width=130)


def _found(reader, photo: np.ndarray, labels: np.ndarray) -> int:
    """Labelled indices the detector boxes at IoU 0.5 or more, one box each."""
    from remi.vision.evaluate import match

    boxes, scores, _ = reader.detect(photo)
    _, used = match(boxes, np.zeros(len(boxes), int), scores, labels, [0] * len(labels), 0.5)
    return int(used.sum())


@pytest.mark.usefixtures("card_faces")
def test_windows_find_the_small_indices_that_the_640_px_pass_loses(tmp_path):
    """Measured (research/cards/fullres.py, 30 frames): the 640 px pass boxes 41.6 % of the
    indices at IoU 0.5, windows of 640 px 97.5 %. On these two frames (51 indices) it boxed 21
    and the windows 50 (5 Dec); the test asks for 45 and 20 more than the 640 px pass."""
    from remi.vision.reader import Reader

    base, windowed = Reader(CARDS1), Reader(_cards_folder(tmp_path, windows=WINDOWS))
    found = np.zeros(2, int)
    total = 0
    for seed in (4, 6):
        photo, cards, labels = _frame(seed)
        total += len(labels)
        found += (_found(base, photo, labels), _found(windowed, photo, labels))
    assert total == 51
    assert found[1] >= 45 and found[1] >= found[0] + 20, found


def _straddling() -> list[np.ndarray]:
    """Cards 130 px wide, upright, placed so that each one's top-left index lies across a side
    of the windows of a 1920x1080 photo (``WINDOWS``: columns from 0, 427, 853 and 1280, rows
    from 0 and 440): x = 640 and 1067 (a window's right side), 853 (a left side), y = 640 (a
    bottom side) and 440 (a top side). The index spans about x + 4..25 and y + 5..49 of a card."""
    s = 130 / 250
    corners = [(625, 100), (1052, 100), (838, 700), (200, 615), (1600, 420)]
    return [np.array([[s, 0, x], [0, s, y]]) for x, y in corners]


@pytest.mark.usefixtures("card_faces")
def test_an_index_cut_by_a_window_side_comes_out_once_and_whole(tmp_path):
    from remi.vision.crops import iou
    from remi.vision.reader import Reader
    from remi.vision.training.cardscenes import POOLS, scene
    from remi.vision.windows import Windows

    maps = _straddling()
    photo, cards, labels = scene(np.random.default_rng(3), POOLS["test"], n=len(maps), size=(1920, 1080), maps=maps)
    grid = Windows.from_dict(WINDOWS).grid(1920, 1080)
    sides = {x for w in grid for x in (w[0], w[2])} - {0, 1920}
    tops = {y for w in grid for y in (w[1], w[3])} - {0, 1080}
    across = [any(b[0] < x < b[2] for x in sides) or any(b[1] < y < b[3] for y in tops) for b in labels]
    assert len(labels) == 2 * len(maps) and sum(across) == len(maps)  # each card's top-left index is cut
    boxes, _, _ = Reader(_cards_folder(tmp_path, windows=WINDOWS)).detect(photo)
    overlaps = iou(labels, boxes)
    assert ((overlaps > 0.1).sum(axis=1) == 1).all(), overlaps.round(2)  # one box an index
    assert (overlaps.max(axis=1) >= 0.5).all(), overlaps.max(axis=1).round(2)  # and the whole of it


def test_a_piece_surer_than_the_whole_index_gives_way_to_it():
    """A window that cuts an index may box its part more surely than the window that holds it
    whole; overlapping under the NMS bar and too little of the whole inside the piece for
    ``drop_contained``, both would stay. The piece goes, the whole index stays."""
    from remi.vision.reader import _corners, drop_contained
    from remi.vision.windows import merge

    whole, piece = _corners([[100, 100, 120, 140], [100, 100, 120, 116]]), np.array([False, True])
    merged = merge(whole, np.array([0.5, 0.9]), piece, 0.5)
    assert drop_contained(*merged)[1].tolist() == [0.5]
    assert len(drop_contained(whole, np.array([0.5, 0.9]))[1]) == 2  # what it would be without the rule


@pytest.mark.parametrize("width, height", [(1920, 1080), (1080, 1920), (4032, 3024), (8160, 6120), (20000, 300),
                                           (641, 641), (2000, 40)])
@pytest.mark.parametrize("most", [1, 4, 12, 16])
def test_no_photo_needs_more_than_most_windows_and_they_cover_it(width, height, most):
    from remi.vision.windows import Windows

    """One window would be the photo itself: then it is read whole only, as without the key."""
    grid = Windows(640, 0.25, most).grid(width, height)
    assert len(grid) <= most and (len(grid) > 1 or (most == 1 and grid == []))
    covered = np.zeros((height, width), bool)
    for x1, y1, x2, y2 in grid:
        assert 0 <= x1 < x2 <= width and 0 <= y1 < y2 <= height
        covered[y1:y2, x1:x2] = True
    assert covered.all() or grid == []
