"""Steps to close against a brute-force search over every legal board, and the outs."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import lru_cache

import pytest

from remi.engine import ALL_KINDS, CLOSED, JOKER, SIMPLE, Tile, can_close, classify, parse_tiles
from remi.engine.counts import counts
from remi.tutor.steps import analyse_counts, exact_outs_counts, outs_counts, steps, steps_counts, throws_counts


@lru_cache(maxsize=None)
def _formations(max_size: int, colours: int, numbers: int) -> tuple[tuple[tuple[int, str], ...], ...]:
    """Every legal formation of up to max_size tiles over a small deck, checked by the engine."""
    out = set()
    kinds = [Tile.of(c, n) for c in range(colours) for n in range(1, numbers + 1)]
    by_number: dict[int, list[Tile]] = {}
    for t in kinds:
        by_number.setdefault(t.number, []).append(t)
    cands = []
    for tiles in by_number.values():
        for k in (2, 3, 4):
            for combo in itertools.combinations(tiles, k):
                cands.append(list(combo))
    for c in range(colours):
        line = [Tile.of(c, n) for n in range(1, numbers + 1)]
        if numbers == 13:
            line.append(Tile.of(c, 1))
        for a in range(len(line)):
            for b in range(a + 2, min(len(line), a + max_size) + 1):
                cands.append(line[a:b])
                for hole in range(a, b):  # a joker in place of one tile
                    cands.append([*line[a:hole], JOKER, *line[hole + 1:b]])
                if b - a < max_size:
                    cands.append([*line[a:b], JOKER])
    for tiles in cands:
        for extra in ((), (JOKER,)):
            group = [*tiles, *extra]
            if 3 <= len(group) <= max_size and classify(group, CLOSED) is not None:
                out.add(tuple(sorted(Counter(str(t) for t in group).items())))
    return tuple(sorted(out))


def brute_steps(rack: list[Tile], size: int, colours: int, numbers: int, need_run_and_set: bool = False) -> int:
    """The fewest tiles missing from any legal board of ``size`` tiles (at most 2 of a kind, 2 jokers)."""
    forms = _formations(size, colours, numbers)
    have = Counter(str(t) for t in rack)
    best = size
    by_size: dict[int, list] = {}
    for f in forms:
        by_size.setdefault(sum(n for _, n in f), []).append(f)

    def kind(f: tuple) -> str:
        tiles = [Tile.parse(k) for k, n in f for _ in range(n)]
        return classify(tiles, CLOSED).kind  # type: ignore[union-attr]

    def rec(start: int, left: int, board: Counter, kinds: frozenset) -> None:
        nonlocal best
        if left == 0:
            if need_run_and_set and kinds != {"run", "set"}:
                return
            if any(n > (2 if k != "*" else 2) for k, n in board.items()):
                return
            missing = sum(max(0, n - have[k]) for k, n in board.items())
            best = min(best, missing)
            return
        for i in range(start, len(forms)):
            f = forms[i]
            n = sum(c for _, c in f)
            if n > left or (left - n) in (1, 2):
                continue
            nb = board.copy()
            for k, c in f:
                nb[k] += c
            rec(i, left - n, nb, kinds | {kind(f)} if need_run_and_set else kinds)

    rec(0, size, Counter(), frozenset())
    return best


def _small_rack(rng: random.Random, n: int, colours: int, numbers: int, jokers: int) -> list[Tile]:
    deck = [Tile.of(c, k) for c in range(colours) for k in range(1, numbers + 1) for _ in range(2)]
    deck += [JOKER] * jokers
    rng.shuffle(deck)
    return deck[:n]


@pytest.mark.parametrize("seed", range(12))
def test_steps_match_brute_force_on_small_racks(seed: int) -> None:
    rng = random.Random(seed)
    size = 6 if seed % 2 else 7
    rack = _small_rack(rng, size, colours=3, numbers=6, jokers=1)
    cnt, j = counts(rack)
    assert steps_counts(cnt, j, size) == brute_steps(rack, size, 3, 6), [str(t) for t in rack]


@pytest.mark.parametrize("seed", range(4))
def test_steps_match_brute_force_with_the_run_and_set_rule(seed: int) -> None:
    rng = random.Random(100 + seed)
    rack = _small_rack(rng, 6, colours=3, numbers=5, jokers=1)
    cnt, j = counts(rack)
    assert steps_counts(cnt, j, 6, need=3) == brute_steps(rack, 6, 3, 5, need_run_and_set=True)


def test_brute_force_oracle_sanity() -> None:
    rack = list(parse_tiles("r3 r4 r5 k7 b7 y7"))
    assert brute_steps(rack, 6, 4, 8) == 0
    assert brute_steps(list(parse_tiles("r3 r4 k5 k7 b7 y1")), 6, 4, 8) == 2


@pytest.mark.parametrize("text,expected", [
    ("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12", 0),
    ("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", 1),
    ("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 * k1", 1),   # the joker completes y9 y10 *
    ("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r1", 0),  # the 14-tile run (CR-15)
    ("r12 r13 r1 k5 b5 y5 r5 k9 k10 k11 b2 b3 b4 b5", 0),  # ...12-13-1 (CR-14)
])
def test_steps_on_known_racks(text: str, expected: int) -> None:
    assert steps(parse_tiles(text), CLOSED) == expected


def test_a_round_the_corner_run_is_no_board() -> None:
    # r13 r1 r2 never forms (CR-14): the rack is one tile short, not complete.
    assert steps(parse_tiles("r13 r1 r2 k5 b5 y5 r5 k9 k10 k11 b2 b3 b4 b5"), CLOSED) == 1


def _deck() -> list[Tile]:
    return [t for t in ALL_KINDS[:52] for _ in range(2)] + [JOKER] * 2


@pytest.mark.parametrize("seed", range(40))
def test_zero_steps_on_15_tiles_is_exactly_the_engines_close(seed: int) -> None:
    rng = random.Random(seed)
    deck = _deck()
    rng.shuffle(deck)
    # Half the racks are built to be near a close: formations plus a few random tiles.
    if seed % 2:
        rack = list(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11"))
        rack += [t for t in deck if rack.count(t) < 2][:2]
    else:
        rack = deck[:15]
    cnt, j = counts(rack)
    assert (steps_counts(cnt, j, 14) == 0) == can_close(rack, CLOSED)


@pytest.mark.parametrize("seed", range(15))
def test_the_throws_that_keep_the_steps(seed: int) -> None:
    rng = random.Random(seed)
    deck = _deck()
    rng.shuffle(deck)
    rack = deck[:15]
    cnt, j = counts(rack)
    s15, free = throws_counts(cnt, j, 14)
    for t in set(rack):
        rest = list(rack)
        rest.remove(t)
        expected = s15 if free >> t.code & 1 else s15 + 1
        assert steps(rest, CLOSED) == expected


@pytest.mark.parametrize("seed", range(10))
def test_every_out_found_truly_brings_the_close_nearer(seed: int) -> None:
    rng = random.Random(seed)
    deck = _deck()
    rng.shuffle(deck)
    rack = deck[:14]
    cnt, j = counts(rack)
    found = set(outs_counts(cnt, j, CLOSED))
    exact = set(exact_outs_counts(cnt, j, CLOSED))
    assert found <= exact


def test_one_step_away_the_outs_are_every_tile_that_completes() -> None:
    rack = parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1")
    cnt, j = counts(rack)
    assert set(outs_counts(cnt, j, CLOSED)) == set(exact_outs_counts(cnt, j, CLOSED))
    assert {str(Tile(c)) for c in outs_counts(cnt, j, CLOSED)} == {"b9", "b13", "r2", "r7", "y8", "y12", "*"}


def test_simple_needs_a_run_and_a_set() -> None:
    # S2: thirteen cards in runs and no set: one step away at least.
    rack = parse_tiles("8s 9s 10s 4h 5h 6h 7h 2d 3d 4d Jc Qc Kc")
    assert steps(rack, SIMPLE) >= 1
    rack = parse_tiles("5h 6h 7h Js Jh Jc 2c 3c * 5c As Ad Ac")
    assert steps(rack, SIMPLE) == 0
    s, _ = analyse_counts(*counts(rack), 13, 3)
    assert s == 0
