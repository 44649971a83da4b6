"""research.tutor.bots.connectors: the draws that would give a tile a use (its partners,
remi.tutor.feed.partners: tests/tutor/test_feed.py), and the connect bots."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from remi.engine import ALL_KINDS, CLOSED, Tile, parse_tiles
from remi.tutor.feed import partners
from remi.tutor.policy import CLOSE, weigh
from remi.tutor.view import View, seen_counts

from research.tutor.bots import BOTS, CONNECT, connectors

REAL = [t for t in ALL_KINDS if not t.is_joker]


def test_a_joker_has_no_partners_and_is_never_the_cheap_throw() -> None:
    joker = parse_tiles("*")[0]
    assert partners(joker) == []
    assert connectors(joker, [], CLOSED, [0] * 53) > 100


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(REAL), min_size=1, max_size=40), st.sampled_from(REAL))
def test_connectors_count_live_copies_only(seen: list[Tile], tile: Tile) -> None:
    """A partner whose both copies are seen counts for nothing; the count never exceeds
    two copies of each partner and never goes negative."""
    cnt = [0] * 53
    for t in seen:
        cnt[t.code] = min(2, cnt[t.code] + 1)
    got = connectors(tile, [], CLOSED, cnt)
    assert got == sum(2 - cnt[k] for k in partners(tile))
    assert 0 <= got <= 2 * len(partners(tile))


def test_a_kept_duplicate_gives_up_no_partner() -> None:
    r7 = parse_tiles("r7")[0]
    assert connectors(r7, parse_tiles("r7 k1"), CLOSED, [0] * 53) == 0
    assert connectors(r7, parse_tiles("k1"), CLOSED, [0] * 53) == 2 * len(partners(r7))


def test_the_connect_bots_throw_the_tile_whose_partners_lie_in_the_rows() -> None:
    """k1 and y1 are equally fast throws of this rack (neither fits); with the y1's partners
    lying face up, the y1 is the one to throw, and the connect term says so."""
    rack15 = list(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1 y1"))
    seen = list(parse_tiles("y2 y2 y3 y3 y13 y13 y12 y12 r1 r1 b1 b1"))
    v = View(CLOSED, rack15[:14], seen, players=4, stock=40)
    plain = {o.discard: o for o in weigh(v, rack15, (CLOSE,))}
    k1, y1 = parse_tiles("k1 y1")
    assert plain[k1].outs == plain[y1].outs and plain[k1].steps == plain[y1].steps
    sc = seen_counts(v, rack15)
    assert connectors(y1, [t for t in rack15 if t != y1], CLOSED, sc) < connectors(k1, [t for t in rack15 if t != k1], CLOSED, sc)
    assert weigh(v, rack15, (CLOSE, CONNECT))[0].discard == y1
    for name in ("gconn", "tconn"):
        assert {BOTS[name](random.Random(s)).discard(v, rack15) for s in range(10)} == {y1}, name
