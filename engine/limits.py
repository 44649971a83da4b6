"""What a number typed for a hand can be: a loser's rack, a closer's board (CR-21..CR-23).

A table often counts instead of showing the tiles (``--points Ana=95``, ``--board-points
135``). A real hand gives only some numbers: a loser's 14 tiles cost 70 to 220 in steps of 5
(each tile low 5, high 10 or a joker 50, CR-23, and at most the deck's 2 jokers, CR-1); a
closer's 14 tiles in formations are worth 70 to 340 (CR-21, CR-22). These functions give
the exact sets for any ``Rules`` (house options change them), and the fewest jokers each
number needs, so that a hand whose numbers need more jokers than the deck holds is refused.

Arithmetic over tile classes (low, high, ace, joker), no search over racks; the tests check
it against a brute-force enumeration of the deck's tiles and formations.

>>> from remi.engine.rules import CLOSED
>>> values = rack_values(CLOSED)
>>> min(values), max(values), values[70], values[180], values[185]
(70, 220, 0, 1, 2)
>>> describe(values)
'70 to 220 in steps of 5'
>>> check_rack(93, CLOSED)
Traceback (most recent call last):
...
remi.engine.errors.RuleError: a loser's rack cannot cost 93: 14 tiles cost 70 to 220 in steps of 5 (CR-23)
>>> check_board(340, CLOSED), check_board(90, CLOSED)
(2, 0)
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Collection, Mapping

from remi.engine.errors import RuleError
from remi.engine.formations import Formation, classify
from remi.engine.parts import ATU, Either, Held, Part, Span
from remi.engine.rules import CLOSED, Rules
from remi.engine.tiles import JOKER, Tile

#: the longest the worths of a board may take to count, in seconds: the rules' ranges
#: (engine.rules.RANGES) keep it near a quarter of a second; this bounds whatever they miss
BUDGET = 5.0
#: numbers a tile of each class can have: low 1-9 and high 10-13 on a rack (CR-23)
_LOW_NUMBERS, _HIGH_NUMBERS = range(1, 10), range(10, 14)


@functools.lru_cache(maxsize=32)
def rack_values(rules: Rules = CLOSED) -> dict[int, int]:
    """Every cost a loser's rack can have (CR-23), each with the fewest jokers it needs.

    A rack of ``hand_size`` tiles costs ``low * low_penalty + high * high_penalty + jokers *
    joker_penalty``; the deck bounds each class (``copies`` of 36 low kinds, of 16 high
    kinds, and ``rules.jokers``).
    """
    n = rules.hand_size
    lows, highs = len(_LOW_NUMBERS) * 4 * rules.copies, len(_HIGH_NUMBERS) * 4 * rules.copies
    out: dict[int, int] = {}
    for jokers in range(min(rules.jokers, n) + 1):
        for high in range(min(n - jokers, highs) + 1):
            low = n - jokers - high
            if low > lows:
                continue
            value = low * rules.low_penalty + high * rules.high_penalty + jokers * rules.joker_penalty
            out[value] = min(out.get(value, jokers), jokers)
    return out


@functools.lru_cache(maxsize=32)
def formation_kinds(rules: Rules = CLOSED) -> frozenset[tuple[int, int, int, int]]:
    """Every formation as ``(tiles, aces, jokers, value)``: what a board's worth depends on.

    Runs of one colour stand for all four (CR-14); sets of each number (CR-13); at most one
    joker in either (CR-16); values from ``Formation.value`` (CR-22, the ace's house option).
    """
    longest = min(rules.hand_size, 14 if rules.long_run else 13)
    found: set[tuple[int, int, int, int]] = set()
    for number in range(1, 14):
        for size in (3, 4):
            for jokers in (0, 1):
                _add(found, [Tile.of(c, number) for c in range(size - jokers)] + [JOKER] * jokers, rules)
    for length in range(3, longest + 1):
        for start in range(1, 16 - length):
            run = [Tile.of(0, 1 if pos == 14 else pos) for pos in range(start, start + length)]
            _add(found, run, rules)
            for i in range(length):
                _add(found, run[:i] + [JOKER] + run[i + 1:], rules)
    return frozenset(found)


def _add(found: set[tuple[int, int, int, int]], tiles: list[Tile], rules: Rules) -> None:
    formation = classify(tiles, rules)
    if formation is not None and len(formation) <= rules.hand_size:
        found.add(_kind(formation, rules))


def _kind(formation: Formation, rules: Rules) -> tuple[int, int, int, int]:
    aces = sum(1 for t in formation.tiles if t.number == 1)
    jokers = sum(1 for t in formation.tiles if t.is_joker)
    return len(formation), aces, jokers, formation.value(rules)


@functools.lru_cache(maxsize=32)
def board_values(rules: Rules = CLOSED) -> dict[int, int]:
    """Every worth a closer's board can have (CR-21, CR-22), each with the fewest jokers it needs.

    A board is ``hand_size`` tiles in formations (the closing throw is not on it, CR-18); the
    deck bounds its aces (``4 * copies``) and its jokers. Formations combine freely within
    those bounds, so the sums are found by counting tiles, aces and jokers, not racks.
    """
    n, most_aces = rules.hand_size, 4 * rules.copies
    kinds = sorted(formation_kinds(rules))
    # reach[(tiles, aces, jokers)]: the worths of some formations holding that many of each
    reach: dict[tuple[int, int, int], set[int]] = {(0, 0, 0): {0}}
    deadline = time.monotonic() + BUDGET
    for tiles in range(n):
        if time.monotonic() > deadline:
            raise RuleError("rule.boards_too_slow", size=n, seconds=round(BUDGET))
        for (t, a, j), worths in [(k, v) for k, v in reach.items() if k[0] == tiles]:
            for size, aces, jokers, value in kinds:
                key = (t + size, a + aces, j + jokers)
                if key[0] <= n and key[1] <= most_aces and key[2] <= rules.jokers:
                    reach.setdefault(key, set()).update(w + value for w in worths)
    out: dict[int, int] = {}
    for (t, _, j), worths in reach.items():
        if t == n:
            for w in worths:
                out[w] = min(out.get(w, j), j)
    return out


def describe(values: Mapping[int, int] | set[int]) -> str:
    """The values in words: ``70 to 220 in steps of 5``, naming any gaps in the steps."""
    return str(span(values))


def span(values: Mapping[int, int] | set[int]) -> Span:
    """The values as a refusal quotes them: lowest, highest, their step and the gaps in it."""
    ordered = sorted(values)
    lo, hi = ordered[0], ordered[-1]
    step = functools.reduce(math.gcd, (v - lo for v in ordered), 0) or 1
    return Span(lo, hi, step, tuple(v for v in range(lo, hi + 1, step) if v not in values))


def check_rack(points: int, rules: Rules = CLOSED, *, who: Part = Part("rack")) -> int:
    """The fewest jokers a rack costing ``points`` holds; RuleError when no rack costs that (CR-23)."""
    values = rack_values(rules)
    if points not in values:
        raise RuleError("rule.rack_points", parts=(who,), who=who, points=points, size=rules.hand_size,
                        values=span(values))
    return values[points]


def check_board(points: int, rules: Rules = CLOSED, *, who: Part = Part("board")) -> int:
    """The fewest jokers a board worth ``points`` holds; RuleError when no board is worth that (CR-21, CR-22)."""
    values = board_values(rules)
    if points not in values:
        raise RuleError("rule.board_points", parts=(who,), who=who, points=points, size=rules.hand_size,
                        values=span(values))
    return values[points]


def check_jokers(parts: Mapping[Part | str, int], rules: Rules = CLOSED, *,
                 points: Mapping[Part | str, int] | None = None) -> None:
    """The jokers of one hand, where each is (a board, a rack, the throw, the atu), against the deck (CR-1).

    ``points``: the number typed for a part, when that number is why it holds its jokers.

    >>> from remi.engine.parts import THROW
    >>> cristi = Part("rack", "Cristi")
    >>> check_jokers({cristi: 1, THROW: 1, ATU: 1}, points={cristi: 150})
    Traceback (most recent call last):
    ...
    remi.engine.errors.RuleError: 3 jokers in one hand (Cristi's rack 1: 150 needs a joker, the throw 1, the atu 1): the deck has 2 (CR-1)
    """
    total = sum(parts.values())
    if total > rules.jokers:
        raise RuleError("rule.too_many_jokers", parts=tuple(name for name, n in parts.items() if n), count=total,
                        where=_where(parts, points), limit=rules.jokers)


def check_twin_joker(parts: Mapping[Part | str, int], holder: str, holder_parts: Collection[Part | str],
                     rules: Rules = CLOSED, *, points: Mapping[Part | str, int] | None = None) -> None:
    """A joker atu's twin is the other joker, dealt to ``holder`` (CR-25): with the atu that is
    every joker of the deck (CR-1), and a joker thrown into a row is never taken again (CR-12),
    so no part of the hand but the holder's (``holder_parts``) holds one.

    >>> cristi, dan = Part("rack", "Cristi"), Part("rack", "Dan")
    >>> check_twin_joker({cristi: 1, dan: 0, ATU: 1}, "Dan", {dan})
    Traceback (most recent call last):
    ...
    remi.engine.errors.RuleError: the atu is a joker and Dan holds its twin, the other joker (CR-25): no joker is left for Cristi's rack
    """
    spare = rules.jokers - 2  # the atu and its twin
    others = {name: n for name, n in parts.items() if n and name not in (ATU, "the atu") and name not in holder_parts}
    if sum(others.values()) > spare:
        points = points or {}
        named = tuple(Held(name, n, points[name], counted=False) if name in points else name for name, n in others.items())
        raise RuleError("rule.twin_joker", parts=tuple(others), holder=holder, where=Either(named))


def _where(parts: Mapping[Part | str, int], points: Mapping[Part | str, int] | None) -> tuple[Held, ...]:
    """``Cristi's rack 1: 150 needs a joker, the atu 1``: each part holding jokers, and why."""
    points = points or {}
    return tuple(Held(name, n, points.get(name)) for name, n in parts.items() if n)
