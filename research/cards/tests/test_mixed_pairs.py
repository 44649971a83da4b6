"""research.cards.mixed_pairs: the grouping without the MIXED rule, put back afterwards, and the
card counts on a hand-made reading (no photo, no model)."""

from remi.engine import Tile
from remi.vision import cards
from remi.vision.cards import Index
from research.cards import mixed_pairs


def test_without_the_rule_two_kinds_never_pair_and_the_rule_comes_back():
    h7, d7 = Tile.parse("7h"), Tile.parse("7d")
    a = Index(h7, (0, 0, 20, 40), 0.0, True)
    b = Index(d7, (90, 130, 110, 170), 180.0, True, 0.5, ((h7, 0.4),))
    assert cards.group([a, b]) == [(0, 1)]
    with mixed_pairs.without_rule():
        assert cards.group([a, b]) == [(0,), (1,)]
    assert cards.group([a, b]) == [(0, 1)]
    truth = [h7, h7]
    assert mixed_pairs.card_counts([(truth, [a, b])])["two_kind_pairs"] == {"one card": 1}
    assert mixed_pairs.relation(h7, d7) == "rank" and mixed_pairs.relation(h7, Tile.parse("8h")) == "suit"
