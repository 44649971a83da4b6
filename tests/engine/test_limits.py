"""engine.limits against brute force: a knapsack over every physical tile of the deck for the
racks, every formation grown tile by tile (engine.classify) and combined with the deck's
copies for the boards, and random real boards of 14 tiles."""

from __future__ import annotations

import functools
import itertools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remi.engine import ALL_KINDS, CLOSED, JOKER, Formation, RuleError, Rules, Tile, classify
from remi.engine.formations import tile_rack_penalty
from remi.engine.limits import board_values, check_board, check_jokers, check_rack, describe, rack_values


def brute_racks(rules: Rules) -> dict[int, int]:
    """Every subset of ``hand_size`` physical tiles of the deck: its cost and fewest jokers."""
    deck = [t for t in ALL_KINDS if not t.is_joker] * rules.copies + [JOKER] * rules.jokers
    best: dict[tuple[int, int], int] = {(0, 0): 0}  # (tiles, cost) -> fewest jokers
    for tile in deck:
        for (n, cost), jokers in list(best.items()):
            if n < rules.hand_size:
                key = (n + 1, cost + tile_rack_penalty(tile, rules))
                best[key] = min(best.get(key, 99), jokers + tile.is_joker)
    return {cost: j for (n, cost), j in best.items() if n == rules.hand_size}


@settings(max_examples=40, deadline=None)
@given(low=st.integers(1, 10), high=st.integers(1, 20), joker=st.integers(0, 60), jokers=st.integers(0, 4),
       close=st.integers(4, 15))
def test_rack_values_are_every_rack_of_the_deck(low: int, high: int, joker: int, jokers: int, close: int) -> None:
    rules = CLOSED.replace(low_penalty=low, high_penalty=high, joker_penalty=joker, jokers=jokers, close_size=close)
    assert rack_values(rules) == brute_racks(rules)


@functools.lru_cache(maxsize=None)
def all_formations(rules: Rules, most: int) -> tuple[Formation, ...]:
    """Every formation of at most ``most`` tiles, as multisets: all of 3 kinds, then grown by one
    tile (dropping a run's last tile or any tile of a set of 4 leaves a formation)."""
    found = {tuple(sorted(c)): classify(c, rules) for c in itertools.combinations_with_replacement(ALL_KINDS, 3)}
    layer = {k: f for k, f in found.items() if f is not None}
    out = dict(layer)
    for _ in range(3, most):
        grown = {}
        for key in layer:
            for t in ALL_KINDS:
                bigger = tuple(sorted((*key, t)))
                if bigger not in grown and bigger not in out:
                    f = classify(bigger, rules)
                    if f is not None:
                        grown[bigger] = f
        out.update(grown)
        layer = grown
    return tuple(out.values())


def brute_boards(rules: Rules) -> dict[int, int]:
    """Every board of ``hand_size`` tiles (up to two formations) the deck can hold: worth, fewest jokers."""
    n = rules.hand_size
    forms = [f for f in all_formations(rules, n) if len(f) <= n]
    out: dict[int, int] = {}

    def keep(parts: tuple[Formation, ...]) -> None:
        tiles = Counter(t for f in parts for t in f.tiles)
        if all(c <= (rules.jokers if t.is_joker else rules.copies) for t, c in tiles.items()):
            worth = sum(f.value(rules) for f in parts)
            out[worth] = min(out.get(worth, 99), tiles[JOKER])

    for f in forms:
        if len(f) == n:
            keep((f,))
    for a, b in itertools.combinations_with_replacement(forms, 2):
        if len(a) + len(b) == n:
            keep((a, b))
    return out


@settings(max_examples=8, deadline=None)
@given(close=st.sampled_from([4, 7]), positional=st.booleans(), joker=st.sampled_from([25, 50]),
       jokers=st.integers(0, 2))
def test_board_values_are_every_small_board_of_the_deck(close: int, positional: bool, joker: int, jokers: int) -> None:
    rules = CLOSED.replace(close_size=close, positional_ace=positional, joker_board_value=joker, jokers=jokers)
    assert board_values(rules) == brute_boards(rules)


@st.composite
def real_boards(draw: st.DrawFn, rules: Rules) -> list[Formation]:
    """Formations of 14 tiles in all that the deck can hold (runs and sets, jokers and aces)."""
    laid: list[Formation] = []
    tiles: list[Tile] = []
    while len(tiles) < rules.hand_size:
        left = rules.hand_size - len(tiles)
        size = left if left <= 5 else draw(st.integers(3, min(left - 3, 8)))
        if size <= 4 and draw(st.booleans()):
            number = draw(st.integers(1, 13))
            part = [Tile.of(c, number) for c in draw(st.permutations(range(4)))[:size]]
        else:
            colour, start = draw(st.integers(0, 3)), draw(st.integers(1, 15 - size))
            part = [Tile.of(colour, 1 if p == 14 else p) for p in range(start, start + size)]
        if draw(st.booleans()):
            part[draw(st.integers(0, size - 1))] = JOKER
        formation = classify(part, rules)
        counts = Counter(tiles + part)
        if formation is None or any(c > (rules.jokers if t.is_joker else rules.copies) for t, c in counts.items()):
            continue
        laid.append(formation)
        tiles += part
    return laid


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.large_base_example])
@given(st.data(), st.booleans())
def test_every_real_board_has_an_allowed_worth(data: st.DataObject, positional: bool) -> None:
    rules = CLOSED.replace(positional_ace=positional)
    formations = data.draw(real_boards(rules))
    worth = sum(f.value(rules) for f in formations)
    jokers = sum(t.is_joker for f in formations for t in f.tiles)
    assert check_board(worth, rules) <= jokers


def test_the_closed_rummy_figures() -> None:
    assert describe(rack_values(CLOSED)) == "70 to 220 in steps of 5"
    assert describe(board_values(CLOSED)) == "70 to 340 in steps of 5"
    assert check_rack(140, CLOSED) == 0 and check_rack(145, CLOSED) == 1 and check_rack(180, CLOSED) == 1 and check_rack(185, CLOSED) == 2
    assert check_rack(220, CLOSED) == 2 and check_board(260, CLOSED) == 0 and check_board(265, CLOSED) == 1
    for bad in (0, 7, 93, 225):
        with pytest.raises(RuleError, match=r"cannot cost .* \(CR-23\)"):
            check_rack(bad, CLOSED)
    for bad in (33, 65, 345, 2000):
        with pytest.raises(RuleError, match=r"cannot be worth .* \(CR-21, CR-22\)"):
            check_board(bad, CLOSED)
    with pytest.raises(RuleError, match=r"3 jokers in one hand \(Ana 1, Dan 1, Ion 1\): the deck has 2 \(CR-1\)"):
        check_jokers({"Ana": 1, "Dan": 1, "Ion": 1, "the atu": 0}, CLOSED)
    check_jokers({"Ana": 1, "the throw": 1}, CLOSED)


def test_a_gap_is_named() -> None:
    assert describe({70: 0, 75: 0, 85: 0}) == "70 to 85 in steps of 5, but not 80"
