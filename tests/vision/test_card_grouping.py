"""Corner indices grouped into cards (vision.cards): hand-made layouts and generated ones.

A card here is 60 x 84 px with its index 12 x 28 px at 4 px from the corner (a poker card's
proportions); the second index is the first turned 180 degrees at the opposite corner.
"""

from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st

from remi.engine import ALL_KINDS, Tile
from remi.vision.cards import FARTHEST, MIXED, NEAREST, Index, group, one_card

W, H, IW, IH, M = 60.0, 84.0, 12.0, 28.0, 4.0


def corners(kind: str, x: float, y: float, sure: bool = True) -> list[Index]:
    """Both indices of an upright card whose top-left corner is at x, y."""
    t = Tile.parse(kind)
    return [Index(t, (x + M, y + M, x + M + IW, y + M + IH), 0.0, sure),
            Index(t, (x + W - M - IW, y + H - M - IH, x + W - M, y + H - M), 180.0, sure)]


def top_left(kind: str, x: float, y: float = 0.0, sure: bool = True) -> Index:
    return corners(kind, x, y, sure)[0]


def test_a_card_lying_flat_is_one_card():
    assert group(corners("7h", 100, 50)) == [(0, 1)]


def test_unsure_of_the_way_up_a_card_lying_flat_is_still_one():
    assert group(corners("7h", 100, 50, sure=False)) == [(0, 1)]


def test_indices_pointing_away_from_each_other_are_two_cards():
    """A card turned round looks as it did (its corners swap places); a turned index at the
    top-left and an upright one below-right of it lie as no card's corners do."""
    a, b = corners("Qs", 0, 0)
    assert group([Index(a.kind, a.box, 180.0, True), Index(b.kind, b.box, 0.0, True)]) == [(0,), (1,)]


def test_two_corners_both_upright_are_two_cards():
    a, b = corners("Qs", 0, 0)
    assert group([a, Index(b.kind, b.box, 0.0, True)]) == [(0,), (1,)]


def test_a_fanned_hand_shows_one_index_a_card():
    """Two packs: two 7h in one fan, each showing only its top-left index, are two cards."""
    hand = [top_left(k, 18 * i) for i, k in enumerate("7h 8h 9h 7h Js Jh Jc 2c 3c * 5c As Ad Ac".split())]
    cards = group(hand)
    assert len(cards) == 14 and all(len(c) == 1 for c in cards)


def test_a_fan_unsure_of_the_way_up_is_still_one_card_an_index():
    hand = [top_left("7h", 18 * i, sure=False) for i in range(6)]
    assert len(group(hand)) == 6


def test_two_packs_two_cards_of_one_kind_far_apart_are_two_cards():
    layout = corners("7h", 0, 0) + corners("7h", 400, 0)
    assert group(layout) == [(0, 1), (2, 3)]


def test_two_cards_of_one_kind_side_by_side_pair_each_its_own_corners():
    """Two 7h laid side by side a little apart: each top-left pairs with its own bottom-right."""
    layout = corners("7h", 0, 0) + corners("7h", W + 10, 0)
    assert sorted(group(layout)) == [(0, 1), (2, 3)]


def misread(index: Index, kind: str, chance: float, confidence: float = 0.5) -> Index:
    """``index`` read as ``kind``, the reader giving its true kind ``chance``."""
    return Index(Tile.parse(kind), index.box, index.angle, index.sure, confidence, ((index.kind, chance),))


def test_indices_of_other_kinds_the_reader_does_not_doubt_never_pair():
    a, b = corners("7h", 0, 0)
    assert one_card(a, Index(Tile.parse("7d"), b.box, b.angle, True)) is None
    assert one_card(a, misread(b, "7d", MIXED - 0.01)) is None


def test_a_corner_misread_as_another_kind_the_reader_doubts_is_still_one_card():
    """The less sure corner gives the surer one's kind at least MIXED: one card, whichever
    corner was misread, whatever the two kinds (one rank, one suit, neither)."""
    for kind in ("7d", "8h", "Qs"):
        a, b = corners("7h", 100, 50)
        assert group([a, misread(b, kind, MIXED)]) == [(0, 1)]
        assert group([misread(a, kind, 0.3, 0.4), Index(b.kind, b.box, b.angle, b.sure, 0.9)]) == [(0, 1)]


def test_the_surer_corner_decides_whose_kind_is_doubted():
    """The 7d is the surer read and the 7h gives it nothing: two cards, though the 7d doubts."""
    a, b = corners("7h", 0, 0)
    sure_7d = Index(Tile.parse("7d"), b.box, b.angle, True, 0.9, ((a.kind, 0.05),))
    assert group([Index(a.kind, a.box, a.angle, True, 0.6), sure_7d]) == [(0,), (1,)]


def test_pairs_of_one_kind_come_before_pairs_of_two():
    """A whole 7h beside a stray corner read 7d that doubts it is 7h: the 7h's own corners
    pair, even where the stray lies nearer the 7h's typical layout."""
    a, b = corners("7h", 0, 0)
    x1, y1, x2, y2 = b.box
    stray = misread(Index(b.kind, (x1 + 4, y1 - 6, x2 + 4, y2 - 6), 180.0, True), "7d", 0.45)
    assert one_card(a, stray) is not None
    assert group([a, b, stray]) == [(0, 1), (2,)]


def test_an_index_of_another_size_is_another_card():
    a, b = corners("7h", 0, 0)
    x1, y1, x2, y2 = b.box
    big = Index(b.kind, (x1, y1, x1 + 3 * IW, y1 + 3 * IH), 180.0, True)
    assert one_card(a, big) is None


def test_a_card_on_its_side_is_one_card():
    """A card turned 90 degrees clockwise: its indices' boxes lie wide, their tops point right."""
    t = Tile.parse("10d")
    # upright index at the card's top-left, now at the photo's top-right; the other bottom-left
    a = Index(t, (H - M - IH, M, H - M, M + IW), 90.0, True)
    b = Index(t, (M, W - M - IW, M + IH, W - M), 270.0, True)
    assert group([a, b]) == [(0, 1)]


kinds = st.sampled_from(ALL_KINDS[:52])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(kinds, st.booleans()), min_size=1, max_size=14), st.floats(0.5, 3.0))
def test_cards_laid_apart_group_as_laid(cards, scale):
    """Any number of cards laid flat in a row, apart, at any scale: each card's two corners
    (or its one, where only one shows) are one card; nothing is lost or counted twice."""
    layout: list[Index] = []
    truth: list[tuple[int, ...]] = []
    for i, (kind, both) in enumerate(cards):
        shown = corners(kind.card(), i * (W + 20), 0)
        shown = [Index(d.kind, tuple(v * scale for v in d.box), d.angle, d.sure) for d in shown]  # type: ignore[misc]
        truth.append(tuple(range(len(layout), len(layout) + (2 if both else 1))))
        layout += shown if both else shown[:1]
    assert group(layout) == truth


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(kinds, kinds, st.floats(0.0, 1.0)), min_size=1, max_size=14))
def test_misread_corners_group_as_laid(cards):
    """Cards laid well apart (no corner within a card's reach of another card's), each second
    corner perhaps misread as any kind: read with the true kind a chance of at least MIXED it
    pairs, below it the card counts twice; nothing is lost."""
    layout: list[Index] = []
    truth: list[tuple[int, ...]] = []
    for i, (kind, read, chance) in enumerate(cards):
        a, b = corners(kind.card(), i * 4 * W, 0)
        if read != kind:
            b = misread(b, read.card(), chance)
        n = len(layout)
        truth += [(n, n + 1)] if read == kind or chance >= MIXED else [(n,), (n + 1,)]
        layout += [a, b]
    assert group(layout) == truth


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 2000), st.floats(0, 2000), st.booleans(), st.floats(0, 360)),
                min_size=0, max_size=12), kinds, st.lists(st.tuples(kinds, st.floats(0, 1)), max_size=12))
def test_grouping_is_a_partition(points, kind, reads):
    """Whatever the layout and the reads, every index is in exactly one card, and a card is
    one or two."""
    layout = [Index(kind, (x, y, x + IW, y + IH), angle, sure) for x, y, sure, angle in points]
    for i, (read, chance) in enumerate(reads[:len(layout)]):
        layout[i] = Index(read, layout[i].box, layout[i].angle, layout[i].sure, 1 - chance / 2, ((kind, chance / 2),))
    cards = group(layout)
    assert sorted(i for c in cards for i in c) == list(range(len(layout)))
    assert all(len(c) in (1, 2) for c in cards)
    for c in cards:
        if len(c) == 2:
            a, b = (layout[i] for i in c)
            (ax, ay), (bx, by) = a.centre, b.centre
            assert NEAREST <= math.hypot(bx - ax, by - ay) / ((a.size + b.size) / 2) <= FARTHEST
