"""The experimental look-ahead bot: legal moves in whole simulated hands, and registered."""

from __future__ import annotations

import random

from engine import CLOSED, parse_tiles
from tutor.policy import POLICIES, LookaheadBot, View, lookahead_value, seen_counts, unseen_total
from tutor.sim import Table


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
    assert POLICIES["lookahead"] is LookaheadBot


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
