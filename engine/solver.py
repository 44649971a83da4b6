"""The closing solver: can this rack close, every way it can, the best way, and why not.

A close (CR-18, SR-17) is all tiles but one in valid formations and that one thrown; Simple
rummy also needs a run and a set among them (SR-18). Closing with the atu (CR-19) is the
same question for the 14 tiles plus the atu, with the atu kept on the board.

The search works on counts, not tiles. Index ``pos * 4 + colour`` holds how many tiles of
that kind are left, for run positions 0..13 (numbers 1..13, then 13 = the high ace). It takes
the lowest tile left: that tile is thrown, starts a set of its number, starts a run of its
colour (a joker may stand just below it) or, for an ace, is moved to the high end to close
a run ...12-13-1 later. Sub-problems that failed are remembered, so each is solved once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from remi.engine.formations import Formation, tile_board_value
from remi.engine.rules import CLOSED, Rules
from remi.engine.tiles import JOKER, Tile

_HIGH = 13  # run position of the high ace
_SLOTS = 14 * 4
_NEED_RUN, _NEED_SET = 1, 2

# One step of a solution, as plain tuples (fast to build, converted at the edge):
#   ("throw", tile_code) | ("set", number_pos, colours, joker) | ("run", colour, a, b, joker_pos)
Step = tuple


@dataclass(frozen=True, slots=True)
class Close:
    """One way to close: the formations shown and the tile thrown."""

    formations: tuple[Formation, ...]
    discard: Tile
    #: the closer's pay for this board (CR-21/22/27): board value, doubled by a joker throw.
    points: int
    board: int

    @property
    def doubled(self) -> bool:
        return self.points != self.board


@dataclass(frozen=True, slots=True)
class CloseResult:
    """The answer to "can this rack close?": the best close, or why not."""

    can_close: bool
    best: Close | None
    #: the fewest tiles any arrangement leaves loose, and which (empty when it closes)
    loose: tuple[Tile, ...] = ()
    #: formations of that best failed arrangement
    formations: tuple[Formation, ...] = ()
    reason: str = ""
    with_atu: bool = False
    rack: tuple[Tile, ...] = field(default=(), repr=False)


def _counts(tiles: Sequence[Tile]) -> tuple[list[int], int]:
    cnt = [0] * _SLOTS
    jokers = 0
    for t in tiles:
        if t.is_joker:
            jokers += 1
        else:
            cnt[(t.number - 1) * 4 + t.colour] += 1
    return cnt, jokers


def _code(pos: int, colour: int) -> int:
    return colour * 13 + (0 if pos == _HIGH else pos)


class _Search:
    """Exact-cover search with one throw; failures are memoised per (counts, jokers, state)."""

    def __init__(self, rules: Rules, throwable: frozenset[int] | None, failed: set | None = None) -> None:
        self.long_run = rules.long_run
        self.throwable = throwable  # tile codes allowed as the throw; None = any
        # Failures after the throw don't depend on what may be thrown, so searches for other
        # throws of the same rack can share them; before the throw they are keyed by it.
        self.failed: set = set() if failed is None else failed
        self.tag = -1 if throwable is None else tuple(sorted(throwable))

    def can_throw(self, code: int) -> bool:
        return self.throwable is None or code in self.throwable

    def solve(self, cnt: list[int], j: int, throw: int, need: int, lo: int = 0) -> Iterator[list[Step]]:
        i = lo
        while i < _SLOTS and not cnt[i]:
            i += 1
        if i == _SLOTS:
            if need:
                return
            if j == 0 and not throw:
                yield []
            elif j == 1 and throw and self.can_throw(JOKER.code):
                yield [("throw", JOKER.code)]
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
        if pos == _HIGH:
            return  # an ace moved high that no run took
        cnt[i] -= 1
        # Sets of this number, the lowest tile with other colours (and perhaps a joker).
        others = [c2 for c2 in range(c + 1, 4) if cnt[pos * 4 + c2]]
        for size in (2, 3):
            for combo in _subsets(others, size):
                yield from self._take_set(cnt, j, throw, need, i, pos, (c, *combo), 0)
        if j:
            for size in (1, 2):
                for combo in _subsets(others, size):
                    yield from self._take_set(cnt, j, throw, need, i, pos, (c, *combo), 1)
        # Runs of this colour whose lowest real tile is this one.
        yield from self._runs(cnt, j, throw, need, i, pos, c)
        # Throw it.
        if throw and self.can_throw(_code(pos, c)):
            for sol in self.solve(cnt, j, 0, need, i):
                yield [("throw", _code(pos, c)), *sol]
        # An ace may wait at the high end for a run ...12-13-1.
        if pos == 0:
            hi = _HIGH * 4 + c
            cnt[hi] += 1
            yield from self.solve(cnt, j, throw, need, i)
            cnt[hi] -= 1
        cnt[i] += 1

    def _take_set(self, cnt, j, throw, need, i, pos, colours, joker):  # noqa: ANN001, ANN202
        for c2 in colours[1:]:
            cnt[pos * 4 + c2] -= 1
        for sol in self.solve(cnt, j - joker, throw, need & ~_NEED_SET, i):
            yield [("set", pos, colours, joker), *sol]
        for c2 in colours[1:]:
            cnt[pos * 4 + c2] += 1

    def _runs(self, cnt, j, throw, need, i, pos, c):  # noqa: ANN001, ANN202
        top = _HIGH if (self.long_run or pos > 0) else _HIGH - 1
        for a, b, jpos in _run_shapes(cnt, j, pos, c, top, self.long_run, exists_only=True):
            yield from self._take_run(cnt, j, throw, need, i, c, a, b, jpos)

    def _take_run(self, cnt, j, throw, need, i, c, a, b, jpos):  # noqa: ANN001, ANN202
        taken = [q * 4 + c for q in range(i // 4 + 1, b + 1) if q != jpos]
        for k in taken:
            cnt[k] -= 1
        for sol in self.solve(cnt, j - (jpos >= 0), throw, need & ~_NEED_RUN, i):
            yield [("run", c, a, b, jpos), *sol]
        for k in taken:
            cnt[k] += 1


def _all_subsets() -> dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], ...]]:
    import itertools

    table = {}
    for c in range(4):
        higher = list(range(c + 1, 4))
        for r in range(len(higher) + 1):
            for items in itertools.combinations(higher, r):
                for size in (1, 2, 3):
                    table[(items, size)] = tuple(itertools.combinations(items, size))
    return table


_SUBSETS = _all_subsets()


def _subsets(items: list[int] | tuple[int, ...], size: int) -> tuple[tuple[int, ...], ...]:
    """Combinations of the other colours present (precomputed: this sits in the inner loop)."""
    return _SUBSETS[(tuple(items), size)]


def _step_formation(step: Step) -> Formation:
    if step[0] == "set":
        _, pos, colours, joker = step
        tiles = tuple(Tile.of(c, pos + 1) for c in colours) + (JOKER,) * joker
        return Formation("set", tiles, pos + 1)
    _, c, a, b, jpos = step
    tiles = tuple(JOKER if q == jpos else Tile.of(c, 1 if q == _HIGH else q + 1) for q in range(a, b + 1))
    return Formation("run", tiles, a + 1)


def _to_close(steps: list[Step], rules: Rules) -> Close:
    discard = next(Tile(s[1]) for s in steps if s[0] == "throw")
    formations = tuple(sorted((_step_formation(s) for s in steps if s[0] != "throw"), key=Formation.sort_key))
    if not rules.is_closed:
        return Close(formations, discard, 0, 0)  # Simple rummy: card values never matter (SR-20)
    board = sum(f.value(rules) for f in formations)
    return Close(formations, discard, board * close_multiplier(discard, rules), board)


def close_multiplier(discard: Tile, rules: Rules) -> int:
    """CR-27: a joker thrown to close doubles the closer's score (house option: an ace too)."""
    if discard.is_joker or (rules.ace_close_doubles and discard.number == 1):
        return 2
    return 1


def _setup(rack: Sequence[Tile], rules: Rules, atu: Tile | None) -> tuple[list[int], int, int, frozenset[int] | None]:
    tiles = list(rack) + ([atu] if atu is not None else [])
    cnt, j = _counts(tiles)
    need = (_NEED_RUN | _NEED_SET) if rules.need_run_and_set else 0
    throwable: frozenset[int] | None = None
    if atu is not None and sum(1 for t in tiles if t == atu) == 1:
        # CR-19: the atu goes into the board; it can't be the tile thrown.
        throwable = frozenset(range(53)) - {atu.code}
    return cnt, j, need, throwable


def _hopeless(cnt: list[int], j: int) -> bool:
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

        def has(number: int) -> bool:
            if 1 <= number <= 13:
                return cnt[(number - 1) * 4 + c] > 0
            return number == 14 and cnt[c] > 0  # the ace above the 13

        numbers = (pos + 1, 14) if pos == 0 else (pos + 1,)
        fits = False
        for n in numbers:
            m2, m1, p1, p2 = has(n - 2), has(n - 1), has(n + 1), has(n + 2)
            if (m1 and (m2 or p1)) or (p1 and p2) or (j and (m1 or m2 or p1 or p2)):
                fits = True
        if not fits:
            isolated += cnt[i]
            if isolated >= 2:
                return True
    return False


def iter_closes(rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None) -> Iterator[Close]:
    """Every distinct closing arrangement of the rack (with the atu pulled in, if given)."""
    cnt, j, need, throwable = _setup(rack, rules, atu)
    seen = set()
    for steps in _Search(rules, throwable).solve(cnt, j, 1, need):
        close = _to_close(steps, rules)
        key = (close.discard, tuple(sorted(tuple(sorted(f.tiles)) for f in close.formations)))
        if key not in seen:
            seen.add(key)
            yield close


def can_close(rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None) -> bool:
    """Whether the rack closes: all tiles but one in formations (and a run and a set in Simple)."""
    cnt, j, need, throwable = _setup(rack, rules, atu)
    if _hopeless(cnt, j):
        return False
    return next(_Search(rules, throwable).solve(cnt, j, 1, need), None) is not None


def best_close(
    rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None, throw: Tile | None = None
) -> Close | None:
    """The close that pays the closer most (CR-21, CR-22, CR-27), or None.

    ``throw`` forces the tile thrown (CR-29: the closer is paid for the board as shown).
    With the flat values (the default), the board is every tile but the throw, so the pay
    depends only on what is thrown: try the throws from the best-paying down and stop at the
    first that closes. Under the positional-ace option every arrangement is weighed.
    """
    if rules.positional_ace or not rules.is_closed:
        best = None
        for close in iter_closes(rack, rules, atu=atu):
            if throw is not None and close.discard != throw:
                continue
            if best is None or close.points > best.points:
                best = close
            if not rules.is_closed:
                break  # Simple rummy: card values never matter (SR-20)
        return best
    tiles = list(rack) + ([atu] if atu is not None else [])
    total = sum(tile_board_value(t, rules) for t in tiles)
    cnt, j, need, throwable = _setup(rack, rules, atu)
    if _hopeless(cnt, j):
        return None
    if throw is not None:
        throwable = frozenset({throw.code}) & (throwable if throwable is not None else frozenset({throw.code}))
    failed: set = set()
    # Each search gets its own counts: a search stopped at its first answer leaves them changed.
    first = next(_Search(rules, throwable, failed).solve(list(cnt), j, 1, need), None)
    if first is None:
        return None
    best = _to_close(first, rules)
    # Only throws that would pay more than the close just found are worth a search each.
    classes: dict[int, set[int]] = {}
    for t in set(tiles):
        if throwable is not None and t.code not in throwable:
            continue
        pay = (total - tile_board_value(t, rules)) * close_multiplier(t, rules)
        if pay > best.points:
            classes.setdefault(pay, set()).add(t.code)
    for pay in sorted(classes, reverse=True):
        sol = next(_Search(rules, frozenset(classes[pay]), failed).solve(list(cnt), j, 1, need), None)
        if sol is not None:
            return _to_close(sol, rules)
    return best


def check_close(rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None) -> CloseResult:
    """The full answer for a player: the best close, or the fewest loose tiles and why."""
    best = best_close(rack, rules, atu=atu)
    if best is not None:
        return CloseResult(True, best, with_atu=atu is not None, rack=tuple(rack))
    loose, formations, reason = explain_no_close(rack, rules, atu=atu)
    return CloseResult(False, None, loose, formations, reason, with_atu=atu is not None, rack=tuple(rack))


def explain_no_close(
    rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None
) -> tuple[tuple[Tile, ...], tuple[Formation, ...], str]:
    """The arrangement leaving the fewest loose tiles, and a sentence saying why it can't close."""
    tiles = list(rack) + ([atu] if atu is not None else [])
    cnt, j, _need, _ = _setup(rack, rules, atu)
    need = (_NEED_RUN | _NEED_SET) if rules.need_run_and_set else 0
    n, steps = min_loose(cnt, j, need, rules)
    missing = ""
    if n is None:  # the run-and-set rule can't be met at all
        n, steps = min_loose(cnt, j, 0, rules)
        has_run = any(s[0] == "run" for s in steps)
        missing = "a set (Tria)" if has_run else "a run (Suivi)"
    formations = tuple(sorted((_step_formation(s) for s in steps if s[0] != "loose"), key=Formation.sort_key))
    loose = tuple(sorted((Tile(s[1]) for s in steps if s[0] == "loose"), key=lambda t: t.code))
    if missing:
        reason = f"no arrangement has {missing}; a close needs a run and a set"
    elif n == 0:
        reason = f"all {len(tiles)} tiles fit formations of 3, but one must be thrown"
    else:
        names = ", ".join(str(t) if rules.is_closed else t.card() for t in loose)
        reason = f"{n} loose tiles: {names}; a close leaves exactly one"
    return loose, formations, reason


def min_loose(cnt: list[int], j: int, need: int, rules: Rules) -> tuple[int | None, list[Step]]:
    """The fewest loose tiles over all arrangements (None if ``need`` can't be met), with one."""
    memo: dict[tuple[bytes, int, int], tuple[int | None, list[Step]]] = {}
    long_run = rules.long_run
    inf = 10**6

    def go(j: int, need: int, i: int) -> tuple[int, list[Step]]:
        while i < _SLOTS and not cnt[i]:
            i += 1
        if i == _SLOTS:
            if need:
                return inf, []
            return j, [("loose", JOKER.code)] * j
        key = (bytes(cnt), j, need)
        if key in memo:
            return memo[key]  # type: ignore[return-value]
        pos, c = divmod(i, 4)
        cnt[i] -= 1
        best, best_steps = inf, []

        def consider(n: int, steps: list[Step]) -> None:
            nonlocal best, best_steps
            if n < best:
                best, best_steps = n, steps

        n, s = go(j, need, i)
        consider(n + 1, [("loose", _code(pos, c)), *s])
        if pos < _HIGH:
            others = [c2 for c2 in range(c + 1, 4) if cnt[pos * 4 + c2]]
            for size, joker in ((2, 0), (3, 0), (1, 1), (2, 1)):
                if joker > j:
                    continue
                for combo in _subsets(others, size):
                    for c2 in combo:
                        cnt[pos * 4 + c2] -= 1
                    n, s = go(j - joker, need & ~_NEED_SET, i)
                    consider(n, [("set", pos, (c, *combo), joker), *s])
                    for c2 in combo:
                        cnt[pos * 4 + c2] += 1
            top = _HIGH if (long_run or pos > 0) else _HIGH - 1
            for a, b, jpos in _run_shapes(cnt, j, pos, c, top, long_run):
                taken = [q * 4 + c for q in range(pos + 1, b + 1) if q != jpos]
                for k in taken:
                    cnt[k] -= 1
                n, s = go(j - (jpos >= 0), need & ~_NEED_RUN, i)
                consider(n, [("run", c, a, b, jpos), *s])
                for k in taken:
                    cnt[k] += 1
            if pos == 0:
                cnt[_HIGH * 4 + c] += 1
                n, s = go(j, need, i)
                consider(n, s)
                cnt[_HIGH * 4 + c] -= 1
        cnt[i] += 1
        memo[key] = (best, best_steps)
        return best, best_steps

    n, steps = go(j, need, 0)
    return (None, []) if n >= inf else (n, steps)


def _run_shapes(
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
            if not exists_only or end == _HIGH:
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
