"""The real photos' labels as remi reads them: the label faults of ``realdata.LABEL_FIXES``
corrected, and nothing else changed (research/vision-diary.md, "Label faults in the real data")."""

from collections import Counter

import numpy as np
import pytest

from remi.engine import Tile
from remi.vision import realdata
from remi.vision.crops import iou


@pytest.fixture(scope="module")
def photos() -> dict[str, realdata.LabelledPhoto]:
    root = realdata.default_root()
    if not root.is_dir():
        pytest.skip(f"real photos not found at {root}")
    return {p.path.name.split("_jpeg")[0]: p for p in realdata.load(realdata.TILE_SESSIONS)}


def kinds(photo: realdata.LabelledPhoto) -> Counter:
    return Counter(str(t.tile) for t in photo.tiles)


def test_the_whole_set_photo_has_each_kind_once(photos):
    """rummy-2 is one whole set laid in four rows: each colour's 1-13 once and both jokers."""
    whole = kinds(photos["rummy-2"])
    assert sum(whole.values()) == 54 and set(whole.values()) == {1, 2}
    assert whole["*"] == 2 and all(whole[f"{c}{n}"] == 1 for c in "kbry" for n in range(1, 14))


def test_a_black_five_is_no_orange_eight(photos):
    assert sorted(kinds(photos["rummy4-24"]).elements()) == ["k5", "y6", "y7", "y8"]


def test_a_tile_has_one_box(photos):
    """No two labels cover one tile (rummy4-17's black 12 carried a second box, k13)."""
    assert kinds(photos["rummy4-17"])["k13"] == 1 and len(photos["rummy4-17"].tiles) == 54
    for name, photo in photos.items():
        boxes = np.array([t.box for t in photo.tiles]).reshape(-1, 4)
        overlap = iou(boxes, boxes) - np.eye(len(boxes))
        assert (overlap < 0.5).all(), name


def test_no_photo_holds_a_third_copy(photos):
    """A set has two of each kind and two jokers (docs/rules.md CR-1)."""
    assert all(max(kinds(p).values(), default=0) <= 2 for p in photos.values())


def test_every_fix_finds_its_labels(photos):
    """A fix that matched nothing would be a silent no-op: each matches a label as exported."""
    root = realdata.default_root()
    names = realdata._class_names(root)
    for fix in realdata.LABEL_FIXES:
        photo = photos[fix.photo].path
        rows = [line.split() for line in (root / "labels" / (photo.stem + ".txt")).read_text().splitlines()]
        said = [(realdata.name_to_tile(names[int(r[0])]), np.array(r[1:], float).reshape(-1, 2).mean(axis=0))
                for r in rows if len(r) >= 7]
        assert any(fix.matches(photo.name, tile, centre) for tile, centre in said), fix.why


def test_a_fix_keeps_the_number_when_it_names_a_colour():
    fix = realdata.LabelFix("rummy-2", (0, 0.5, 1, 1), "b", "k", "test")
    assert fix.matches("rummy-2_jpeg.rf.x.jpg", Tile.parse("b7"), np.array([0.5, 0.6]))
    assert not fix.matches("rummy-2_jpeg.rf.x.jpg", Tile.parse("b7"), np.array([0.5, 0.4]))
    assert not fix.matches("rummy-20_jpeg.rf.x.jpg", Tile.parse("b7"), np.array([0.5, 0.6]))
    assert not fix.matches("rummy-2_jpeg.rf.x.jpg", Tile.parse("r7"), np.array([0.5, 0.6]))
    assert str(fix.fixed(Tile.parse("b7"))) == "k7"
    assert realdata.LabelFix("p", (0, 0, 1, 1), "k13", None, "test").fixed(Tile.parse("k13")) is None
