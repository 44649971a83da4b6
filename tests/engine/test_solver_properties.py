"""The solver against the rules: hypothesis racks, the brute-force oracle, invariants."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remi.engine import (
    CLOSED, SIMPLE, Close, RuleError, Rules, Tile, can_close, check_close, classify, iter_closes, parse_tiles,
)
from remi.engine.counts import counts
from remi.engine.search import min_loose
from tests.engine import oracle
from tests.engine.strategies import any_racks, closing_racks, near_miss, random_rack

VARIANTS = {
    "closed": CLOSED,
    "simple": SIMPLE,
    "positional": CLOSED.replace(positional_ace=True),
    "short-runs": CLOSED.replace(long_run=False),
    "ace-doubles": CLOSED.replace(ace_close_doubles=True),
}
FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def best_close(rack, rules: Rules = CLOSED, *, atu: Tile | None = None, throw: Tile | None = None) -> Close | None:  # noqa: ANN001
    return check_close(rack, rules, atu=atu, throw=throw).best


def _assert_valid_close(rack, close, rules) -> None:  # noqa: ANN001
    used = [t for f in close.formations for t in f.tiles] + [close.discard]
    assert Counter(used) == Counter(rack), "a close must use exactly the rack's tiles"
    for f in close.formations:
        again = classify(f.tiles, rules)
        assert again is not None and again.kind == f.kind, f"{f} is not a {f.kind}"
        assert sum(t.is_joker for t in f.tiles) <= 1
    if rules.need_run_and_set:
        assert {f.kind for f in close.formations} == {"run", "set"}


@pytest.mark.parametrize("name", VARIANTS)
@FAST
@given(data=st.data())
def test_formations_plus_one_tile_always_close(name: str, data) -> None:  # noqa: ANN001
    rules = VARIANTS[name]
    rack = data.draw(closing_racks(rules))
    assert can_close(rack, rules)
    best = best_close(rack, rules)
    assert best is not None
    _assert_valid_close(rack, best, rules)


@pytest.mark.parametrize("name", VARIANTS)
@FAST
@given(data=st.data())
def test_every_arrangement_is_valid(name: str, data) -> None:  # noqa: ANN001
    rules = VARIANTS[name]
    rack = data.draw(any_racks(rules))
    closes = list(iter_closes(rack, rules))
    for close in closes:
        _assert_valid_close(rack, close, rules)
    assert bool(closes) == can_close(rack, rules)


@pytest.mark.parametrize("name", VARIANTS)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_agrees_with_oracle(name: str, data) -> None:  # noqa: ANN001
    rules = VARIANTS[name]
    rack = data.draw(any_racks(rules))
    expected = oracle.closes(rack, rules)
    assert can_close(rack, rules) == bool(expected)
    best = best_close(rack, rules)
    if expected:
        assert best is not None and best.points == max(expected.values())
        assert {c.discard.code for c in iter_closes(rack, rules)} == set(expected)
    else:
        assert best is None


@FAST
@given(data=st.data())
def test_forced_throw_agrees_with_oracle(data) -> None:  # noqa: ANN001
    rules = data.draw(st.sampled_from([CLOSED, CLOSED.replace(positional_ace=True)]))
    rack = data.draw(any_racks(rules))
    throw = data.draw(st.sampled_from(rack))
    expected = oracle.closes(rack, rules).get(throw.code)
    best = best_close(rack, rules, throw=throw)
    assert (best.points if best else None) == expected
    assert best is None or best.discard == throw


@FAST
@given(data=st.data())
def test_atu_close_agrees_with_oracle(data) -> None:  # noqa: ANN001
    rules = CLOSED
    rack = data.draw(any_racks(rules))
    atu = rack.pop(data.draw(st.integers(0, len(rack) - 1)))
    expected = oracle.closes(rack, rules, atu=atu)
    assert can_close(rack, rules, atu=atu) == bool(expected)
    best = best_close(rack, rules, atu=atu)
    assert (best.points if best else None) == (max(expected.values()) if expected else None)


@FAST
@given(data=st.data())
def test_scores_do_not_depend_on_rack_order(data) -> None:  # noqa: ANN001
    rack = data.draw(any_racks(CLOSED))
    shuffled = data.draw(st.permutations(rack))
    a, b = best_close(rack), best_close(shuffled)
    assert (a and a.points) == (b and b.points)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_min_loose_agrees_with_oracle(seed: int) -> None:
    rnd = random.Random(seed)
    rack = near_miss(rnd, CLOSED) or random_rack(rnd, CLOSED)
    rack = rack[:9]  # the oracle's subset search is exponential: keep it small
    cnt, j = counts(rack)
    n, _ = min_loose(cnt, j, 0, CLOSED)
    assert n == oracle.min_loose(rack, CLOSED)


def test_thousands_of_racks_against_the_oracle() -> None:
    """A fixed, seeded sweep: 3,000 racks, a third built to close, the rest near misses and random."""
    rnd = random.Random(2026)
    agree = closing = 0
    for i in range(3000):
        rules = CLOSED if i % 3 else SIMPLE
        kind = i % 3
        rack = None
        if kind == 0:
            from tests.engine.strategies import build_closing

            rack = build_closing(rnd, rules)
        elif kind == 1:
            rack = near_miss(rnd, rules)
        rack = rack or random_rack(rnd, rules)
        expected = oracle.closes(rack, rules)
        best = best_close(rack, rules)
        assert (best.points if best else None) == (max(expected.values()) if expected else None), rack
        agree += 1
        closing += bool(expected)
    assert agree == 3000 and 700 < closing < 2500


def test_explains_why_not() -> None:
    from remi.engine import parse_tiles

    result = check_close(parse_tiles("R4 R5 R6 B9 Y9 K9 K11 K12 K13 Y2 Y3 Y4 R13 B13 R8"))
    assert not result.can_close and len(result.loose) == 3
    assert "3 loose tiles" in result.reason
    used = [t for f in result.formations for t in f.tiles] + list(result.loose)
    assert Counter(used) == Counter(parse_tiles("R4 R5 R6 B9 Y9 K9 K11 K12 K13 Y2 Y3 Y4 R13 B13 R8"))


def test_five_triples_cannot_close() -> None:
    """15 tiles all in sets of 3 with no other arrangement: one must be thrown, so no close."""
    from remi.engine import parse_tiles

    rack = parse_tiles("k2 b2 r2 k5 b5 r5 k8 b8 r8 k11 b11 r11 b13 r13 y13")
    result = check_close(rack)
    assert not result.can_close
    assert "one must be thrown" in result.reason
    assert not oracle.closes(list(rack), CLOSED)


def test_joker_standing_for_a_tile_that_is_present() -> None:
    """r4 * r6 (joker as r5) beside r5 b5 * : the joker must stand for a tile the rack holds."""
    from remi.engine import parse_tiles

    rack = parse_tiles("r4 r6 r5 b5 * * k7 k8 k9 y10 y11 y12 b1 b2 b3")
    assert oracle.closes(list(rack), CLOSED) == {} or can_close(rack)
    assert can_close(rack) == bool(oracle.closes(list(rack), CLOSED))


def test_tile_round_trip_every_kind() -> None:
    from remi.engine import ALL_KINDS

    for t in ALL_KINDS:
        assert Tile.parse(str(t)) is t
        assert Tile.parse(t.card()) is t
        assert Tile.parse(str(t).upper()) is t


def test_a_hand_of_cards_is_explained_in_cards_and_a_rack_in_tiles():
    hand = [Tile.parse(t) for t in "5h 6h 7h 8h Js Jh 2c 3c 9c 5c As Ad Ac Kd".split()]
    why = check_close(hand, SIMPLE)
    assert why.reason.startswith("7 loose cards: Js, 2c") and "tiles" not in why.reason
    rack = [Tile.parse(t) for t in "r5 r6 r7 r8 k11 r11 b2 b3 b9 b5 k1 y1 b1 y13 k7".split()]
    assert " loose tiles: " in check_close(rack, CLOSED).reason


def test_a_hand_that_cannot_go_out_says_so_in_simple_rummys_words():
    """Simple rummy's reasons speak of cards and going out and name their rule (SR-17, SR-18);
    Closed Rummy's stay word for word as the README quotes them."""
    hand = parse_tiles
    why = check_close(hand("5h 6h 7h 8h Js Jh Jc 2c 3c 9d 5c As Ad Kc"), SIMPLE).reason
    assert why == "7 loose cards: As, 2c, 3c, 5c, Kc, Ad, 9d; going out leaves exactly one (SR-17)"
    why = check_close(hand("8s 9s 10s 4h 5h 6h 7h 2d 3d 4d Jc Qc Kc 9h"), SIMPLE).reason
    assert why == "no arrangement has a set (Tria); going out needs a run and a set (SR-18)"
    why = check_close(hand("5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac"), SIMPLE, throw=Tile.parse("Js")).reason
    assert why == "it goes out throwing 5c"
    with pytest.raises(RuleError, match=r"^a hand going out has 14 cards \(SR-17\); this one has 13$"):
        check_close(hand("5h 6h 7h 8h Js Jh Jc 2c 3c 9d 5c As Ad"), SIMPLE)
    rack = "r4 r5 r6 b9 y9 k9 k11 k12 k13 y2 y3 y4 r13 b13 r8"
    assert check_close(hand(rack), CLOSED).reason == "3 loose tiles: k11, k12, r8; a close leaves exactly one"
    why = check_close(hand("k1 b1 r1 k3 b3 r3 k5 b5 r5 k7 b7 r7 k9 b9 r9"), CLOSED).reason
    assert why == "all 15 tiles fit formations of 3, but one must be thrown"
    rack = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
    assert check_close(hand(rack), CLOSED, throw=Tile.parse("b10")).reason == "it closes throwing k2"
    with pytest.raises(RuleError, match=r"^a closing rack has 15 tiles \(or 14 plus the atu\); this one has 14$"):
        check_close(hand(rack)[:14], CLOSED)
