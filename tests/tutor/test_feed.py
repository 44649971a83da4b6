"""tutor.feed: the feed model's inputs (its fit and check: research/tutor/tests/test_feedfit.py)."""

from __future__ import annotations

from remi.engine import ALL_KINDS, CLOSED, SIMPLE, Tile, classify, parse_tiles
from remi.tutor.feed import feed_features, known_held, pairs, partners
from remi.tutor.view import View, seen_counts

RACK = list(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1 k13"))


def _view(**kw) -> View:  # noqa: ANN003
    return View(CLOSED, list(RACK), [], players=2, left_hidden=14, stock=60, **kw)


def _t(text: str) -> Tile:
    return parse_tiles(text)[0]


def test_the_pairs_a_tile_completes_are_exactly_the_engines_three_tile_formations() -> None:
    """Every pair {a, b} with the tile forms a set or run (CR-13, CR-14), and none is missed."""
    from remi.engine import classify

    for code in range(52):
        tile = Tile(code)
        got = {frozenset((a, b)) for a, b, _ in pairs(tile)}
        brute = set()
        for a in range(52):
            for b in range(a + 1, 52):
                if tile.code in (a, b):
                    continue
                if classify([tile, Tile(a), Tile(b)], CLOSED) is not None:
                    brute.add(frozenset((a, b)))
        assert got == brute, str(tile)


def test_a_pairs_other_completions_are_the_tiles_that_fill_it_too() -> None:
    from remi.engine import classify

    for code in (0, 4, 12, 20, 39):
        tile = Tile(code)
        for a, b, ends in pairs(tile):
            fill = {k for k in range(52) if k not in (a, b, tile.code)
                    and classify([Tile(a), Tile(b), Tile(k)], CLOSED) is not None}
            assert set(ends) == fill, (str(tile), a, b)


def test_the_ace_counts_its_high_neighbours() -> None:
    """An ace ends a run 12-13-1 (CR-14): the 13 and 12 they took sit near it as much as the 2 and 3."""
    k1, k2 = _t("k1"), _t("k2")
    seen = seen_counts(_view(), RACK)
    plain = feed_features(k1, _view(), seen)
    high = feed_features(k1, _view(left_took=list(parse_tiles("k12"))), seen)
    low = feed_features(k1, _view(left_took=list(parse_tiles("k3"))), seen)
    assert high["took_d2"] == low["took_d2"] == 1 and plain["took_d2"] == 0
    assert feed_features(k2, _view(left_took=list(parse_tiles("k12"))), seen)["took_d2"] == 0
    assert set(partners(k1)) >= {_t("k12").code, _t("k13").code, _t("k2").code, _t("k3").code}


def test_a_copy_passed_over_does_not_undo_one_they_took() -> None:
    """They took an r8, then left my second r8 lying: they still hold the first (a second
    copy of a kind brings no rack nearer)."""
    r8 = _t("r8")
    v = _view(left_took=[r8], left_threw=[r8], left_passed=[r8])
    assert known_held(v)[r8.code] == 1
    thrown = _view(left_took=[r8], left_threw=[r8], left_passed=[])
    assert known_held(thrown)[r8.code] == 0


REAL = [t for t in ALL_KINDS if not t.is_joker]


def _starts(tile: Tile, rules) -> set[int]:  # noqa: ANN001
    """Brute force: the kinds x for which some third tile makes {tile, x, third} a formation."""
    return {x.code for x in REAL if x != tile and any(classify([tile, x, y], rules) for y in REAL)}


def test_partners_are_exactly_the_two_tile_starts_of_a_formation() -> None:
    for rules in (CLOSED, SIMPLE):
        for t in REAL:
            assert set(partners(t)) == _starts(t, rules), (t, rules.name)
            assert len(partners(t)) == len(set(partners(t)))
