"""A slow, obviously-correct closing oracle, written apart from engine/solver.py.

It lists every formation the rules allow, straight from their definitions (CR-13..CR-16),
then tries every throw and every exact cover of the rest by those formations. It shares
nothing with the solver but the Tile type and the rules' option fields.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import lru_cache

from remi.engine import Rules, Tile

JOKER = 52


def _tile_code(colour: int, number: int) -> int:
    return colour * 13 + number - 1


@lru_cache(maxsize=None)
def all_formations(long_run: bool) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...]], ...]:
    """(kind, sorted tile codes, positions aligned with the unsorted layout) for every formation."""
    out = []
    for number in range(1, 14):
        for size in (3, 4):
            for jokers in (0, 1):
                for colours in itertools.combinations(range(4), size - jokers):
                    codes = [_tile_code(c, number) for c in colours] + [JOKER] * jokers
                    out.append(("set", tuple(codes), (number,) * size))
    for colour in range(4):
        for start in range(1, 15):
            for end in range(start + 2, 15):
                if not long_run and start == 1 and end == 14:
                    continue
                positions = tuple(range(start, end + 1))
                real = [_tile_code(colour, 1 if p == 14 else p) for p in positions]
                out.append(("run", tuple(real), positions))
                for j in range(len(real)):
                    out.append(("run", tuple(real[:j] + [JOKER] + real[j + 1 :]), positions))
    return tuple(out)


@lru_cache(maxsize=None)
def formations_by_lowest(long_run: bool) -> dict[int, list[tuple[str, tuple[int, ...], tuple[int, ...]]]]:
    """The same formations, filed under their lowest tile code (jokers are code 52, the highest)."""
    index: dict[int, list] = {}
    for f in all_formations(long_run):
        index.setdefault(min(f[1]), []).append(f)
    return index


def _value(kind: str, codes: tuple[int, ...], positions: tuple[int, ...], rules: Rules) -> int:
    total = 0
    for code, pos in zip(codes, positions):
        if code == JOKER:
            total += rules.joker_board_value
            continue
        number = code % 13 + 1
        if number == 1:
            if rules.positional_ace and kind == "run":
                total += 10 if pos == 14 else 5
            else:
                total += 25
        elif number >= 10:
            total += 10
        else:
            total += 5
    return total


def _best_cover(counts: tuple[int, ...], rules: Rules, need_run: bool, need_set: bool) -> int | None:
    """The highest board value of an exact cover of ``counts`` (a 53-long tuple), or None."""
    return _best_cover_cached(counts, rules, need_run, need_set)


@lru_cache(maxsize=200_000)
def _best_cover_cached(counts: tuple[int, ...], rules: Rules, need_run: bool, need_set: bool) -> int | None:
    first = next((c for c, n in enumerate(counts) if n > 0), None)
    if first is None:
        return None if (need_run or need_set) else 0
    if first == JOKER:
        return None  # jokers alone make no formation
    best = None
    # Any formation holding the lowest tile left has it as its lowest tile too.
    for kind, codes, positions in formations_by_lowest(rules.long_run).get(first, ()):
        left = list(counts)
        ok = True
        for c in codes:
            left[c] -= 1
            ok = ok and left[c] >= 0
        if not ok:
            continue
        rest = _best_cover_cached(tuple(left), rules, need_run and kind != "run", need_set and kind != "set")
        if rest is not None:
            value = rest + _value(kind, codes, positions, rules)
            best = value if best is None else max(best, value)
    return best


def closes(rack: list[Tile], rules: Rules, atu: Tile | None = None) -> dict[int, int]:
    """For every tile code that can be thrown to close: the best pay of that close."""
    tiles = [t.code for t in rack] + ([atu.code] if atu is not None else [])
    counts = [0] * 53
    for c in tiles:
        counts[c] += 1
    out: dict[int, int] = {}
    for throw in sorted(set(tiles)):
        if atu is not None and throw == atu.code and counts[throw] == 1:
            continue  # the atu stays on the board
        counts[throw] -= 1
        value = _best_cover(tuple(counts), rules, rules.need_run_and_set, rules.need_run_and_set)
        counts[throw] += 1
        if value is None:
            continue
        double = throw == JOKER or (rules.ace_close_doubles and throw % 13 == 0)
        out[throw] = (value * (2 if double else 1)) if rules.is_closed else 0
    return out


def min_loose(rack: list[Tile], rules: Rules) -> int:
    """The fewest tiles left outside formations, over every choice of formations."""
    counts = Counter(t.code for t in rack)
    best = len(rack)
    formations = [Counter(codes) for _, codes, _ in all_formations(rules.long_run)]

    def go(start: int, left: int) -> None:
        nonlocal best
        best = min(best, left)
        for i in range(start, len(formations)):
            f = formations[i]
            if all(counts[c] >= n for c, n in f.items()):
                counts.subtract(f)
                go(i, left - sum(f.values()))
                counts.update(f)

    go(0, len(rack))
    return best
