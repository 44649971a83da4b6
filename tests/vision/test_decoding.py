"""Decoding (the rack's limits), reading order and the metrics, without a model."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.engine import Tile
from remi.vision.evaluate import average_precision, iou
from remi.vision.doubts import DoubtKind
from remi.vision.reader import PRINT_FLOOR, Detection, Looks, Reader, decode, reading_order


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.integers(0, 10_000))
def test_decode_never_more_than_two_of_a_kind(n, seed):
    probs = np.random.default_rng(seed).dirichlet(np.full(53, 0.05), size=n)
    codes = decode(probs)
    assert len(codes) == n
    assert max(np.bincount(codes, minlength=53)) <= 2


def test_decode_moves_the_least_sure_extra_copy():
    p = np.full((3, 53), 1e-4)
    p[:, 10] = [0.9, 0.95, 0.6]
    p[2, 11] = 0.3
    assert decode(p) == [10, 10, 11]


def test_a_copy_moved_to_a_kind_it_hardly_is_is_set_aside_as_a_print():
    """Four boxes read as y6 (a print on the cloth): the deck's two copies are kept, the third
    moves to a kind it may well be (kept, marked), the fourth to one under PRINT_FLOOR (set aside,
    with the deck's limit as its reason)."""
    from remi.engine import Rules

    y6, y8, r1 = (Tile.parse(t).code for t in ("y6", "y8", "r1"))
    p = np.full((4, 53), 1e-5)
    p[:, y6] = [0.97, 0.98, 0.6, 0.9]
    p[2, y8] = 0.35
    p[3, r1] = PRINT_FLOOR / 2
    n = len(p)
    looks = Looks(p, np.zeros(n), np.zeros(n), np.tile([[0, 0], [40, 0], [40, 55], [0, 55]], (n, 1, 1)).astype(float), None)
    reader = object.__new__(Reader)
    reader.marks, reader.unsure_below = None, 0.9
    boxes = np.array([[60.0 * i, 0, 60.0 * i + 40, 55] for i in range(n)])
    dets, past = reader._detections(looks, boxes, np.full(n, 0.9), np.ones(n, bool), [None] * n, Rules())
    assert [str(d.tile) for d in dets] == ["y6", "y6", "y8"] and dets[2].doubt.kind is DoubtKind.DECK_LIMIT
    assert [str(d.tile) for d in past] == ["r1"] and past[0].doubt.kind is DoubtKind.DECK_LIMIT
    assert past[0].box == (180.0, 0.0, 220.0, 55.0)


def test_reads_too_faint_to_count_are_set_aside_but_never_below_a_racks_fewest(monkeypatch):
    """A read whose kind's chance times the detector's score is under FAINT_FLOOR is set aside,
    faintest first, with its read and chance as the reason; a rack to check (``expect``) keeps
    its fewest tiles, and a tile counted to fill a rack is never set aside."""
    from remi.vision import reader as module
    from remi.vision.doubts import Doubt

    monkeypatch.setattr(module, "FAINT_FLOOR", 0.1)
    dets = [Detection(Tile.parse("r5"), 0.9, (0, 0, 40, 55), 0.9), Detection(Tile.parse("y4"), 0.2, (50, 0, 90, 55), 0.4),
            Detection(Tile.parse("b2"), 0.1, (100, 0, 140, 55), 0.5),
            Detection(Tile.parse("k7"), 0.05, (150, 0, 190, 55), 0.5, doubt=Doubt(DoubtKind.COUNTED_TO_FILL, share=0.4, count=4))]
    kept, aside = module._set_aside_faint(dets)
    assert [str(d.tile) for d in kept] == ["r5", "k7"] and [str(d.tile) for d in aside] == ["y4", "b2"]
    assert all(d.doubt.kind is DoubtKind.FAINT for d in aside)
    assert aside[1].doubt.share == 0.05 and aside[1].doubt.alternatives == ((Tile.parse("b2"), 0.1),)
    assert aside[1].doubt.words() == "a faint read, b2 at only 5% (a print on the table?)"
    kept, aside = module._set_aside_faint(dets, fewest=3)  # one may go: the faintest
    assert [str(d.tile) for d in kept] == ["r5", "y4", "k7"] and [str(d.tile) for d in aside] == ["b2"]
    assert module._set_aside_faint(dets, fewest=4) == (dets, [])


def _det(tile: str, x: float, y: float, w: float = 40, h: float = 55) -> Detection:
    return Detection(Tile.parse(tile), 0.99, (x, y, x + w, y + h), 0.9)


def test_reading_order_rows_then_left_to_right():
    dets = [_det("b5", 150, 112), _det("r1", 10, 5), _det("r3", 100, 12), _det("b4", 55, 108),
            _det("r2", 55, 0)]
    assert [str(d.tile) for d in reading_order(dets)] == ["r1", "r2", "r3", "b4", "b5"]


def test_reading_order_tilted_row_stays_one_row():
    dets = [_det(f"k{i + 1}", 45 * i, 6 * i) for i in range(6)]
    assert [str(d.tile) for d in reading_order(dets[::-1])] == [f"k{i + 1}" for i in range(6)]


def test_iou_and_ap():
    assert iou(np.array([[0, 0, 10, 10]]), np.array([[0, 0, 10, 10]]))[0, 0] == 1.0
    assert average_precision(np.array([True, True]), np.array([0.9, 0.8]), 2) == 1.0
    assert average_precision(np.array([False, True]), np.array([0.9, 0.8]), 1) == 0.5
    assert average_precision(np.array([], bool), np.array([]), 3) == 0.0


def test_decode_follows_the_rules_jokers():
    p = np.full((4, 53), 1e-4)
    p[:, 52] = [0.9, 0.8, 0.7, 0.6]  # four boxes read as jokers
    p[:, 0] = 0.05
    assert decode(p).count(52) == 2  # Closed: two jokers
    assert decode(p, jokers=4).count(52) == 4  # Simple rummy's deck holds four


def test_decode_more_boxes_than_the_deck_ends():
    p = np.random.default_rng(0).dirichlet(np.full(53, 0.1), size=120)
    assert len(decode(p)) == 120


def test_detection_keeps_its_keys_and_says_why_it_is_uncertain():
    from remi.vision.doubts import Doubt, DoubtKind

    d = Detection(Tile.parse("r6"), 0.55, (0, 0, 40, 55), 0.9, ((0, 0), (40, 0), (40, 55), (0, 55)), 0.0,
                  Doubt(DoubtKind.SIX_OR_NINE, alternatives=((Tile.parse("r9"), 0.4),)), ((Tile.parse("r9"), 0.4),))
    out = d.as_dict()
    assert {"tile", "confidence", "box", "box_confidence", "low_confidence"} <= set(out)
    assert out["uncertain"].startswith("6 or 9") and out["alternatives"] == [{"tile": "r9", "p": 0.4}]
    assert out["corners"][2] == [40, 55] and out["angle"] == 0.0 and d.low
    assert Detection(Tile.parse("r6"), 0.99, (0, 0, 1, 1), 0.9).as_dict()["uncertain"] is None


def test_doubt_names_the_runner_up_and_six_or_nine():
    from remi.vision.doubts import words
    from remi.vision.reader import _doubt

    p = np.zeros(53)
    six, nine = Tile.parse("b6").code, Tile.parse("b9").code
    p[six], p[nine] = 0.6, 0.4
    assert words(_doubt(p, six, turned=0.5)).startswith("6 or 9")
    assert words(_doubt(p, six, turned=0.02)).startswith("unsure: b6 60%, b9 40%")
    p[six], p[nine] = 0.97, 0.03
    assert words(_doubt(p, six, turned=0.02)) == ""


def test_angle_points_to_the_tiles_top():
    from remi.vision.reader import _angle

    c = np.array([[0, 0], [40, 0], [40, 55], [0, 55]], float)  # standing upright
    assert _angle(c, 0.1) == 0.0 and _angle(c, 0.9) == 180.0
    side = np.array([[0, 40], [0, 0], [55, 0], [55, 40]], float)  # top to the left
    assert _angle(side, 0.1) == 270.0


def test_more_tiles_than_expected_are_marked_not_dropped(sample_photo):
    from remi.vision.reader import Reader, load_image

    reader = Reader()
    image = load_image(sample_photo)
    plain = reader.read(image)
    few = reader.read(image, expect=(2, 3))
    assert few.tiles == plain.tiles
    marked = [d for d in few.detections if d.uncertain.startswith("more than 3 tiles")]
    assert len(marked) == len(plain.detections) - 3
    many = reader.read(image, expect=(len(plain.detections) + 5, len(plain.detections) + 6))
    boxes = {d.box for d in plain.detections}
    assert boxes <= {d.box for d in many.detections}
    assert all(d.uncertain.startswith("counted to make") for d in many.detections if d.box not in boxes)
