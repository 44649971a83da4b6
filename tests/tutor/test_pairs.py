"""The completing pairs of a 2-step rack (tutor/pairs.py) against their definition: the pair
``a``, ``b`` completes the rack when the rack with both holds a whole board, which the steps
search says draw by draw (``steps`` of the rack with ``a`` and ``b`` is 0), one search per
pair; and a rack just after the draw gives, in one search, each throw's pairs."""

from __future__ import annotations

import random

import pytest

from remi.engine import CLOSED, SIMPLE, Rules, Tile, parse_tiles
from remi.engine.counts import counts
from remi.engine.counts import need as need_of
from remi.tutor.pairs import pairs_counts, throw_pairs
from remi.tutor.sim import full_deck
from remi.tutor.steps import analyse_counts, exact_outs_counts, steps_counts

#: whole boards, some with a joker or an ace at either end; two or three tiles are swapped
#: for others from the deck to make racks two steps away
BOARDS = (
    (CLOSED, "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12"),
    (CLOSED, "b11 b12 b13 b1 r6 r7 r8 r9 y5 y6 y7 k3 b3 y3"),
    (CLOSED, "k1 k2 k3 * b5 b6 b7 r9 r10 r11 r12 y12 k12 b12"),
    (SIMPLE, "5h 6h 7h Js Jh Jc 2c 3c * 5c As Ad Ac"),
    (SIMPLE, "8s 9s 10s 4h 5h 6h 7h 2d 2s 2c Qc Qd Qh"),
)


def _kinds(rules: Rules) -> range:
    return range(53 if rules.jokers else 52)


def _add(cnt: list[int], j: int, kind: int, by: int) -> int:
    """Add ``by`` copies of ``kind`` to the counts; the jokers held after."""
    if kind == 52:
        return j + by
    cnt[(kind % 13) * 4 + kind // 13] += by
    return j


def _completes(cnt: list[int], j: int, rules: Rules, a: int, b: int) -> bool:
    j2 = _add(cnt, j, a, 1)
    j3 = _add(cnt, j2, b, 1)
    done = steps_counts(cnt, j3, rules.hand_size, need_of(rules), rules.long_run) == 0
    _add(cnt, j2, b, -1)
    _add(cnt, j, a, -1)
    return done


def _want(cnt: list[int], j: int, rules: Rules) -> set[tuple[int, int]]:
    """The completing pairs by their definition: a pair completes only with two outs (each
    alone leaves the rack one step away), each tried."""
    outs = exact_outs_counts(cnt, j, rules)
    return {(a, b) for i, a in enumerate(outs) for b in outs[i:] if _completes(cnt, j, rules, a, b)}


def _two_step_racks(seed: int, wanted: int) -> list[tuple[Rules, list[Tile]]]:
    rng = random.Random(seed)
    found = []
    while len(found) < wanted:
        rules, text = rng.choice(BOARDS)
        rack = list(parse_tiles(text, rules.words.notation))
        deck = full_deck(rules)
        for t in rack:
            deck.remove(t)
        rng.shuffle(deck)
        for where in rng.sample(range(len(rack)), rng.choice((2, 3))):
            rack[where] = deck.pop()
        cnt, j = counts(rack)
        if analyse_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)[0] == 2:
            found.append((rules, rack))
    return found


@pytest.mark.parametrize("seed", range(3))
def test_the_pairs_are_every_pair_of_outs_that_completes_the_rack(seed: int) -> None:
    for rules, rack in _two_step_racks(seed, 4):
        cnt, j = counts(rack)
        assert {p for p in pairs_counts(cnt, j, rules) if rules.jokers or 52 not in p} == _want(cnt, j, rules), \
            " ".join(map(str, rack))


def test_an_ace_high_two_gaps_from_a_tile_of_its_colour_completes() -> None:
    # k11 _ _ k1: the run J-Q-K-A with both gaps, k1 waiting at the high end (CR-15)
    rack = list(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 k11 b7 y9 y10 y11 k1"))
    cnt, j = counts(rack)
    k12, k13 = (parse_tiles(t)[0].code for t in ("k12", "k13"))
    assert _completes(cnt, j, CLOSED, k12, k13)
    assert (k12, k13) in pairs_counts(cnt, j, CLOSED)


@pytest.mark.parametrize("rack", ["b4 b5 b6 r2 r3 r5 r4 y4 k3 k4 k5 k6 r7 y11 r1",
                                  "k1 k13 r3 r4 r5 r6 b10 b11 b12 k7 k11 b7 y9 y10 y11"])
def test_one_search_gives_every_throws_pairs(rack: str) -> None:
    tiles = list(parse_tiles(rack))
    by_throw = throw_pairs(*counts(tiles), CLOSED)
    for thrown in set(tiles):
        rest = list(tiles)
        rest.remove(thrown)
        assert by_throw.get(thrown.code, frozenset()) == pairs_counts(*counts(rest), CLOSED), str(thrown)


def test_simple_pairs_with_a_joker_held() -> None:
    rack = list(parse_tiles("10s 7d 7c 9c Jd * 2d 5d Jh 6d Qc Qs 10c Qd", "card"))
    by_throw = throw_pairs(*counts(rack), SIMPLE)
    for thrown in set(rack):
        rest = list(rack)
        rest.remove(thrown)
        cnt, j = counts(rest)
        if analyse_counts(cnt, j, 13, need_of(SIMPLE), SIMPLE.long_run)[0] != 2:
            continue
        assert by_throw.get(thrown.code, frozenset()) == _want(cnt, j, SIMPLE), str(thrown)
