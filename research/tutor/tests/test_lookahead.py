"""The experimental look-ahead bot: legal moves in whole simulated hands, and registered."""

from __future__ import annotations

import random

from remi.engine import CLOSED, parse_tiles
from remi.tutor.policy import POLICIES
from remi.tutor.sim import Table
from remi.tutor.view import View, seen_counts, unseen_total

from research.tutor.bots import BOTS
from research.tutor.lookahead import LookaheadBot, lookahead_value


class Checked(LookaheadBot):
    """The look-ahead bot, with every answer checked against the rack it was given."""

    def draw(self, view):  # noqa: ANN001, ANN201
        choice = super().draw(view)
        assert choice in ("row", "stock")
        if choice == "row":
            assert view.top is not None and not view.top.is_joker
        return choice

    def discard(self, view, rack15):  # noqa: ANN001, ANN201
        d = super().discard(view, rack15)
        assert d in rack15
        return d


def test_lookahead_is_registered() -> None:
    assert BOTS["lookahead"] is LookaheadBot and "lookahead" not in POLICIES


def test_lookahead_plays_legal_moves_in_whole_hands() -> None:
    for seed in range(2):
        bots = [Checked(random.Random(seed)), POLICIES["greedy"](random.Random(seed + 50))]
        table = Table(CLOSED, 2, 1000 + seed, bots, check=True)
        res = table.play_closed()  # check=True: all 106 tiles accounted for after every turn
        assert table.count() == 106
        assert sum(res.discards) > 0


def test_lookahead_value_is_a_chance() -> None:
    rack = parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1")
    view = View(CLOSED, list(rack), [], players=2, stock=40)
    seen = seen_counts(view, rack)
    v = lookahead_value(view, rack, seen, unseen_total(view, seen), 5)
    assert 0.0 < v < 1.0
    assert lookahead_value(view, rack, seen, unseen_total(view, seen), 0) == 0.0


def test_lookahead_counts_the_atu_as_a_sure_out_when_asked() -> None:
    """CR-19: one step away with the atu filling the gap, the next turn closes for sure; two
    steps away, one drawn out is then enough, so the rack is worth more than without the atu."""
    one = parse_tiles("r3 r4 r5 r6 b10 b11 b12 k1 k2 k3 k4 y8 y9 b7")  # lacks y7 or y10
    two = parse_tiles("r3 r4 r5 r6 b10 b11 b12 k1 k2 k3 y8 y9 b7 k7")  # lacks y7|y10 and r7|y7|k4
    for rack, atu in ((one, "y10"), (two, "r7")):
        a = parse_tiles(atu)[0]
        view = View(CLOSED, list(rack), [a], atu=a, players=2, stock=40)
        seen = seen_counts(view, rack)
        unseen = unseen_total(view, seen)
        plain = lookahead_value(view, rack, seen, unseen, 5)
        with_atu = lookahead_value(view, rack, seen, unseen, 5, atu_close=True)
        assert 0.0 < plain < with_atu <= 1.0
        if rack is one:
            assert with_atu == 1.0
    # An atu that fills no gap changes nothing.
    a = parse_tiles("b1")[0]
    view = View(CLOSED, list(two), [a], atu=a, players=2, stock=40)
    seen = seen_counts(view, two)
    unseen = unseen_total(view, seen)
    assert lookahead_value(view, two, seen, unseen, 5, atu_close=True) == lookahead_value(view, two, seen, unseen, 5)
