"""The closing search on counts (counts.py): every way a rack closes, and the fewest loose tiles.

A close (CR-18, SR-17) is all tiles but one in valid formations and that one thrown; Simple
rummy also needs a run and a set among them (SR-18). The search takes the lowest tile left:
that tile is thrown, starts a set of its number, starts a run of its colour (a joker may
stand just below it) or, for an ace, is moved to the high end to close a run ...12-13-1
later. Sub-problems that failed are remembered, so each is solved once.

Answers are lists of steps, plain tuples (fast to build; solver.py turns them into
formations at the edge):

* ``("throw", code)``: the tile of that code is thrown;
* ``("set", pos, colours, jokers)``: a set of run position ``pos`` in those colours;
* ``("run", colour, a, b, joker_pos)``: a run over positions a..b, the joker at ``joker_pos`` or -1;
* ``("loose", code)``: (``min_loose`` only) a tile no formation takes.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from remi.engine.counts import HIGH, NEED_RUN, NEED_SET, SLOTS, code
from remi.engine.rules import Rules
from remi.engine.tiles import JOKER_CODE

Step = tuple[Any, ...]
#: a memo key: the counts as bytes, the jokers, what is still needed, the throws allowed
FailKey = tuple[bytes, int, int, "int | tuple[int, ...]"]


class Search:
    """Exact-cover search with one throw; failures are memoised per (counts, jokers, state)."""

    def __init__(self, rules: Rules, throwable: frozenset[int] | None, failed: set[FailKey] | None = None) -> None:
        self.long_run = rules.long_run
        self.throwable = throwable  # tile codes allowed as the throw; None = any
        # Failures after the throw don't depend on what may be thrown, so searches for other
        # throws of the same rack can share them; before the throw they are keyed by it.
        self.failed: set[FailKey] = set() if failed is None else failed
        self.tag: int | tuple[int, ...] = -1 if throwable is None else tuple(sorted(throwable))

    def can_throw(self, code: int) -> bool:
        return self.throwable is None or code in self.throwable

    def solve(self, cnt: list[int], j: int, throw: int, need: int, lo: int = 0) -> Iterator[list[Step]]:
        """Every way to place the tiles of ``cnt`` from slot ``lo`` on (``throw``: one still to throw).

        ``cnt`` is changed while a generator runs and restored when it is exhausted.
        """
        i = lo
        while i < SLOTS and not cnt[i]:
            i += 1
        if i == SLOTS:
            if need:
                return
            if j == 0 and not throw:
                yield []
            elif j == 1 and throw and self.can_throw(JOKER_CODE):
                yield [("throw", JOKER_CODE)]
            return
        key = (bytes(cnt), j, need, self.tag if throw else -2)
        if key in self.failed:
            return
        found = False
        for sol in self._options(cnt, j, throw, need, i):
            found = True
            yield sol
        if not found:
            self.failed.add(key)

    def _options(self, cnt: list[int], j: int, throw: int, need: int, i: int) -> Iterator[list[Step]]:
        pos, c = divmod(i, 4)
        if pos == HIGH:
            return  # an ace moved high that no run took
        cnt[i] -= 1
        # Sets of this number, the lowest tile with other colours (and perhaps a joker).
        others = [c2 for c2 in range(c + 1, 4) if cnt[pos * 4 + c2]]
        for size in (2, 3):
            for combo in subsets(others, size):
                yield from self._take_set(cnt, j, throw, need, i, (c, *combo), 0)
        if j:
            for size in (1, 2):
                for combo in subsets(others, size):
                    yield from self._take_set(cnt, j, throw, need, i, (c, *combo), 1)
        # Runs of this colour whose lowest real tile is this one.
        top = HIGH if (self.long_run or pos > 0) else HIGH - 1
        for a, b, jpos in run_shapes(cnt, j, pos, c, top, self.long_run, exists_only=True):
            yield from self._take_run(cnt, j, throw, need, i, a, b, jpos)
        # Throw it.
        if throw and self.can_throw(code(pos, c)):
            for sol in self.solve(cnt, j, 0, need, i):
                yield [("throw", code(pos, c)), *sol]
        # An ace may wait at the high end for a run ...12-13-1.
        if pos == 0:
            hi = HIGH * 4 + c
            cnt[hi] += 1
            yield from self.solve(cnt, j, throw, need, i)
            cnt[hi] -= 1
        cnt[i] += 1

    def _take_set(
        self, cnt: list[int], j: int, throw: int, need: int, i: int, colours: tuple[int, ...], joker: int
    ) -> Iterator[list[Step]]:
        pos = i // 4
        for c2 in colours[1:]:
            cnt[pos * 4 + c2] -= 1
        for sol in self.solve(cnt, j - joker, throw, need & ~NEED_SET, i):
            yield [("set", pos, colours, joker), *sol]
        for c2 in colours[1:]:
            cnt[pos * 4 + c2] += 1

    def _take_run(
        self, cnt: list[int], j: int, throw: int, need: int, i: int, a: int, b: int, jpos: int
    ) -> Iterator[list[Step]]:
        c = i % 4
        taken = [q * 4 + c for q in range(i // 4 + 1, b + 1) if q != jpos]
        for k in taken:
            cnt[k] -= 1
        for sol in self.solve(cnt, j - (jpos >= 0), throw, need & ~NEED_RUN, i):
            yield [("run", c, a, b, jpos), *sol]
        for k in taken:
            cnt[k] += 1


def _all_subsets() -> dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]]:
    table = {}
    for c in range(4):
        higher = list(range(c + 1, 4))
        for r in range(len(higher) + 1):
            for items in itertools.combinations(higher, r):
                for size in (1, 2, 3):
                    table[(items, size)] = tuple(itertools.combinations(items, size))
    return table


_SUBSETS = _all_subsets()


def subsets(items: list[int] | tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """Combinations of the other colours present (precomputed: this sits in the inner loop)."""
    return _SUBSETS[(tuple(items), size)]


def run_shapes(
    cnt: list[int], j: int, pos: int, c: int, top: int, long_run: bool, *, exists_only: bool = False
) -> Iterator[tuple[int, int, int]]:
    """Every run (a, b, joker position or -1) whose lowest real tile is (pos, c).

    ``exists_only`` leaves out a joker just below the run when the run could shift up one
    instead (the joker on top): the same tiles, the same worth, so one of them is enough.
    """
    b = pos
    while b < top and cnt[(b + 1) * 4 + c]:
        b += 1
    for end in range(pos + 2, b + 1):
        yield pos, end, -1
    if not j:
        return
    if pos >= 1 and (long_run or pos - 1 > 0):
        for end in range(pos + 1, b + 1):
            if not exists_only or end == HIGH:
                yield pos - 1, end, pos - 1
    g = pos + 1
    while g <= top:
        end = g
        while True:
            if end >= pos + 2:
                yield pos, end, g
            if end < top and cnt[(end + 1) * 4 + c]:
                end += 1
            else:
                break
        if not cnt[g * 4 + c]:
            break
        g += 1


def hopeless(cnt: list[int], j: int) -> bool:
    """Two or more tiles that no formation can hold: no close, whatever the search would try.

    A tile fits a set if two other colours of its number (or one and a joker) are on the
    rack, and a run if its colour has two neighbours in a row around it, or, with a joker,
    one within two steps (the joker bridges the gap or extends the pair).
    """
    isolated = 0
    for i in range(52):
        if not cnt[i]:
            continue
        pos, c = divmod(i, 4)
        row = pos * 4
        others = (cnt[row] > 0) + (cnt[row + 1] > 0) + (cnt[row + 2] > 0) + (cnt[row + 3] > 0) - 1
        if others + (j > 0) >= 2:
            continue
        if not _fits_a_run(cnt, j, pos, c):
            isolated += cnt[i]
            if isolated >= 2:
                return True
    return False


def _fits_a_run(cnt: list[int], j: int, pos: int, c: int) -> bool:
    def has(number: int) -> bool:
        if 1 <= number <= 13:
            return cnt[(number - 1) * 4 + c] > 0
        return number == 14 and cnt[c] > 0  # the ace above the 13

    for n in (pos + 1, 14) if pos == 0 else (pos + 1,):
        m2, m1, p1, p2 = has(n - 2), has(n - 1), has(n + 1), has(n + 2)
        if (m1 and (m2 or p1)) or (p1 and p2) or (j and (m1 or m2 or p1 or p2)):
            return True
    return False


_INF = 10**6


def min_loose(cnt: list[int], j: int, need: int, rules: Rules) -> tuple[int | None, list[Step]]:
    """The fewest loose tiles over all arrangements (None if ``need`` can't be met), with one.

    The steps are sets, runs and ``("loose", code)`` for each tile left out (jokers included).
    """
    n, steps = _Loose(cnt, rules.long_run).go(j, need, 0)
    return (None, []) if n >= _INF else (n, steps)


class _Loose:
    """The memoised search behind min_loose: each tile in turn is loose, in a set, or in a run."""

    def __init__(self, cnt: list[int], long_run: bool) -> None:
        self.cnt = cnt
        self.long_run = long_run
        self.memo: dict[tuple[bytes, int, int], tuple[int, list[Step]]] = {}

    def go(self, j: int, need: int, i: int) -> tuple[int, list[Step]]:
        cnt = self.cnt
        while i < SLOTS and not cnt[i]:
            i += 1
        if i == SLOTS:
            if need:
                return _INF, []
            return j, [("loose", JOKER_CODE)] * j
        key = (bytes(cnt), j, need)
        if key in self.memo:
            return self.memo[key]
        pos, c = divmod(i, 4)
        cnt[i] -= 1
        n, s = self.go(j, need, i)
        best, best_steps = n + 1, [("loose", code(pos, c)), *s]
        if pos < HIGH:
            for n, s in self._placed(j, need, i):
                if n < best:
                    best, best_steps = n, s
        cnt[i] += 1
        self.memo[key] = (best, best_steps)
        return best, best_steps

    def _placed(self, j: int, need: int, i: int) -> Iterator[tuple[int, list[Step]]]:
        """The tile at slot ``i`` (already taken off) in each set, run or high-ace wait."""
        cnt = self.cnt
        pos, c = divmod(i, 4)
        others = [c2 for c2 in range(c + 1, 4) if cnt[pos * 4 + c2]]
        for size, joker in ((2, 0), (3, 0), (1, 1), (2, 1)):
            if joker > j:
                continue
            for combo in subsets(others, size):
                for c2 in combo:
                    cnt[pos * 4 + c2] -= 1
                n, s = self.go(j - joker, need & ~NEED_SET, i)
                yield n, [("set", pos, (c, *combo), joker), *s]
                for c2 in combo:
                    cnt[pos * 4 + c2] += 1
        top = HIGH if (self.long_run or pos > 0) else HIGH - 1
        for a, b, jpos in run_shapes(cnt, j, pos, c, top, self.long_run):
            taken = [q * 4 + c for q in range(pos + 1, b + 1) if q != jpos]
            for k in taken:
                cnt[k] -= 1
            n, s = self.go(j - (jpos >= 0), need & ~NEED_RUN, i)
            yield n, [("run", c, a, b, jpos), *s]
            for k in taken:
                cnt[k] += 1
        if pos == 0:
            cnt[HIGH * 4 + c] += 1
            yield self.go(j, need, i)
            cnt[HIGH * 4 + c] -= 1

