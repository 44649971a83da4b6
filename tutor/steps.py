"""Steps to close: how many tiles a rack still lacks, and which tiles bring the close nearer.

A board is ``rules.hand_size`` tiles in formations (14 in Closed Rummy, 13 in Simple). The
**steps** of a rack is the fewest tiles it still needs: the minimum, over every legal board,
of the board's tiles the rack does not hold. With 14 tiles held it is the number of
draw-and-throw exchanges still needed (0: the rack is a whole board, any draw closes); with
15 (just after a draw) the spare tile is simply left out, so it is the minimum over throws.

The search works on counts (the engine's encoding, :mod:`remi.engine.counts`: slot
``pos * 4 + colour`` for run positions 0..13, 13 being the high ace). It takes the lowest
tile left and makes it unused, or the lowest real tile of a *group*: tiles that fit one
formation, with the missing tiles counted. A group's target size is
``max(3, span, tiles + joker)``; the targets of all groups add up to the board size, so a
board is a choice of disjoint groups with targets summing to
``hand_size``. Sub-problems are memoised across calls.

The same search returns the **outs** (the kinds that fill a gap of, or extend, a best choice
of groups: each truly brings the close one step nearer) and, for a rack holding one tile
more than a board, the throws that keep the fewest steps (any other throw costs one step).

>>> from remi.engine import parse_tiles, CLOSED
>>> steps(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12"), CLOSED)
0
>>> steps(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1"), CLOSED)
1
>>> [str(t) for t in outs(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1"), CLOSED)]
['b9', 'b13', 'r2', 'r7', 'y8', 'y12', '*']
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.engine import Rules, Tile
from remi.engine.counts import HIGH, NEED_RUN, NEED_SET, SLOTS, code, counts, need

_NEG = -(10**6)

_memo: dict[tuple, int] = {}
_MEMO_LIMIT = 1_500_000


def clear_memo() -> None:
    """Forget the memoised sub-problems (a benchmark's cold start)."""
    _memo.clear()


def steps(tiles: Sequence[Tile], rules: Rules) -> int:
    """The fewest tiles the rack lacks to hold a whole board (``rules.hand_size`` tiles)."""
    cnt, j = counts(tiles)
    return steps_counts(cnt, j, rules.hand_size, need(rules), rules.long_run)


def steps_counts(cnt: list[int], j: int, size: int, need: int = 0, long_run: bool = True) -> int:
    """``steps`` on counts (``cnt`` is restored before returning)."""
    return analyse_counts(cnt, j, size, need, long_run)[0]


def analyse_counts(cnt: list[int], j: int, size: int, need: int = 0, long_run: bool = True) -> tuple[int, int]:
    """(steps, outs mask): the outs are the kinds that fill a gap of a best arrangement.

    Bit ``code`` of the mask is set for each kind (0..52) that would take the rack one step
    nearer to a close.
    """
    if len(_memo) > _MEMO_LIMIT:
        _memo.clear()
    used, mask, _, _ = _best(cnt, j, size, 0, need, long_run)
    return size - used, mask


def throws_counts(cnt: list[int], j: int, size: int, need: int = 0, long_run: bool = True) -> tuple[int, int]:
    """For a rack holding one tile more than a board: (steps, mask of the kinds whose throw
    keeps those steps). Throwing any other kind costs exactly one step more."""
    if len(_memo) > _MEMO_LIMIT:
        _memo.clear()
    used, _, _, free = _best(cnt, j, size, 0, need, long_run)
    return size - used, free


ALL_MASK = (1 << 53) - 1
JOKER_BIT = 1 << 52


_BIT = [[1 << code(pos, c) for c in range(4)] for pos in range(HIGH + 1)]


def _near_mask(pos: int, c: int) -> int:
    """What can join a lone tile: its number in other colours, its colour 1 or 2 away."""
    m = 0
    for c2 in range(4):
        if c2 != c:
            m |= 1 << (c2 * 13 + pos)
    for q in (pos - 2, pos - 1, pos + 1, pos + 2):
        if 0 <= q <= HIGH:
            m |= 1 << code(q, c)
    if pos == 0:
        m |= 1 << code(11, c) | 1 << code(12, c)
    return m


_NEAR = [[_near_mask(pos, c) for c in range(4)] for pos in range(HIGH + 1)]


def _end(j: int, r: int, slack: int, need: int) -> tuple[int, int, bool, int]:
    """Tiles used by the groups still to open when no tile is left: jokers, all-missing groups."""
    k = (need & 1) + (need >> 1)
    if r < 3 * k:
        return _NEG, 0, False, 0
    if r == 0 or r >= 3 or r <= slack:
        used = min(j, r // 3)
        return used, (ALL_MASK if used or r >= 3 else 0), 0 < r < 3, (JOKER_BIT if j > used else 0)
    return _NEG, 0, False, 0


def _best(cnt: list[int], j: int, r: int, slack: int, need: int, long_run: bool) -> tuple[int, int, bool, int]:
    """Most tiles (jokers included) placed in groups whose targets add up to at most r, and
    the kinds that fill a gap of such a best choice of groups, and whether that choice leaves
    one or two places of target to grow a group by (then a tile that extends a group helps);
    and the kinds that some best choice leaves unused (the throws that keep the steps)."""
    rest = bytes(cnt).lstrip(b"\0")  # the lowest tile left is the first non-zero slot
    if not rest:
        return _end(j, r, slack, need)
    key = (rest, j, r, slack, need, long_run)
    got = _memo.get(key)
    if got is not None:
        return got
    i = SLOTS - len(rest)
    pos, c = divmod(i, 4)
    cnt[i] -= 1
    acc: tuple[int, int, bool, int] = (_NEG, 0, False, 0)
    if pos < HIGH and r >= 3:
        acc = _runs(cnt, j, r, slack, need, long_run, pos, c, acc)
        acc = _sets(cnt, j, r, slack, need, long_run, pos, c, acc)
    best, bmask, bleft, bfree = acc
    if pos == 0 and (cnt[11 * 4 + c] or cnt[12 * 4 + c]):
        # An ace may wait at the high end, for a run ...12-13-1.
        hi = HIGH * 4 + c
        cnt[hi] += 1
        v, m, lf, fr = _best(cnt, j, r, slack, need, long_run)
        if v > best:
            best, bmask, bleft, bfree = v, m, lf, fr
        elif v == best:
            bmask |= m
            bleft = bleft or lf
            bfree |= fr
        cnt[hi] -= 1
    # Unused: the tile is thrown sooner or later.
    v, m, lf, fr = _best(cnt, j, r, slack, need, long_run)
    fr |= _BIT[pos][c]
    if v > best:
        best, bmask, bleft, bfree = v, m, lf, fr
    elif v == best:
        bmask |= m
        bleft = bleft or lf
        bfree |= fr
    cnt[i] += 1
    _memo[key] = (best, bmask, bleft, bfree)
    return best, bmask, bleft, bfree


def _runs(cnt: list[int], j: int, r: int, slack: int, need: int, long_run: bool, pos: int, c: int,
          acc: tuple[int, int, bool, int]) -> tuple[int, int, bool, int]:
    """``_best``'s run groups: the tile at ``pos`` of colour ``c`` (already taken off ``cnt``)
    the lowest real one, at least one more real tile above it; ``acc`` merged with them.

    A tile inside the run's span is left out only when its number has another colour here
    (it may be wanted by a set); otherwise taking it costs nothing."""
    best, bmask, bleft, bfree = acc
    top = HIGH if (long_run or pos > 0) else HIGH - 1
    limit = min(top, pos + r - 1)
    maxlen = 14 if long_run else 13
    taken = [pos]

    def runs(last: int, u: int) -> None:
        nonlocal best, bmask, bleft, bfree
        for q in range(last + 1, limit + 1):
            s = q * 4 + c
            if not cnt[s]:
                if q == HIGH:
                    return
                continue
            cnt[s] -= 1
            taken.append(q)
            span = q - pos + 1
            for jk in (0, 1):
                if jk > j:
                    continue
                t = max(3, span, u + 1 + jk)
                if t > r or t > maxlen:
                    continue
                v, m, lf, fr = _best(cnt, j - jk, r - t, min(2, slack + maxlen - t), need & ~NEED_RUN, long_run)
                v += u + 1 + jk
                if v >= best and v > 0:
                    grow = lf and t < maxlen
                    if t > u + 1 + jk or grow:  # what fills the group's gaps (or extends it)
                        w = t + 1 if grow else t
                        lo, hi = max(0, q - w + 1), min(HIGH, pos + w - 1)
                        for p in range(lo, hi + 1):
                            if p not in taken:
                                m |= _BIT[p][c]
                        if not jk:
                            m |= JOKER_BIT
                    if v > best:
                        best, bmask, bleft, bfree = v, m, lf, fr
                    else:
                        bmask |= m
                        bleft = bleft or lf
                        bfree |= fr
            runs(q, u + 1)
            taken.pop()
            cnt[s] += 1
            if q < HIGH and sum(cnt[q * 4:q * 4 + 4]) == cnt[s]:
                return  # nothing else wants this tile (no other colour of it): never skip it

    runs(pos, 1)
    return best, bmask, bleft, bfree


def _sets(cnt: list[int], j: int, r: int, slack: int, need: int, long_run: bool, pos: int, c: int,
          acc: tuple[int, int, bool, int]) -> tuple[int, int, bool, int]:
    """``_best``'s set groups: the tile and some other colours of its number (and perhaps a
    joker); a lone tile may grow into a run or a set. ``acc`` merged with them."""
    best, bmask, bleft, bfree = acc
    others = [c2 for c2 in range(c + 1, 4) if cnt[pos * 4 + c2]]
    for mask in range((1 << len(others)) - 1, -1, -1):
        chosen = [others[k] for k in range(len(others)) if mask >> k & 1]
        u = 1 + len(chosen)
        for jk in (0, 1):
            if jk > j or u + jk > 4:
                continue
            t = max(3, u + jk)
            if t > r:
                continue
            if u == 1:
                kinds = [k for k in (NEED_RUN, NEED_SET) if need & k] or [0]
                grow = 2
                fill = _NEAR[pos][c]
            else:
                kinds = [NEED_SET]
                grow = 4 - t
                fill = 0
                for c2 in range(4):
                    if c2 != c and c2 not in chosen:
                        fill |= 1 << (c2 * 13 + pos)
            if not jk:
                fill |= JOKER_BIT
            for sl in chosen:
                cnt[pos * 4 + sl] -= 1
            for kind in kinds:
                v, m, lf, fr = _best(cnt, j - jk, r - t, min(2, slack + grow), need & ~kind, long_run)
                v += u + jk
                if v >= best and v > 0:
                    if t > u + jk or (lf and t < 4):
                        m |= fill
                    if v > best:
                        best, bmask, bleft, bfree = v, m, lf, fr
                    else:
                        bmask |= m
                        bleft = bleft or lf
                        bfree |= fr
            for sl in chosen:
                cnt[pos * 4 + sl] += 1
    return best, bmask, bleft, bfree


def outs_counts(cnt: list[int], j: int, rules: Rules) -> list[int]:
    """Codes of the kinds that, drawn, would leave fewer steps (the rack holds hand_size)."""
    _, mask = analyse_counts(cnt, j, rules.hand_size, need(rules), rules.long_run)
    if not rules.jokers:
        mask &= ~JOKER_BIT
    return [code for code in range(53) if mask >> code & 1]


def exact_outs_counts(cnt: list[int], j: int, rules: Rules) -> list[int]:
    """The same by trying each kind (slow; the reference for tests)."""
    size, nd, lr = rules.hand_size, need(rules), rules.long_run
    base = steps_counts(cnt, j, size, nd, lr)
    found = []
    for k in range(53 if rules.jokers else 52):
        if k == 52:
            v = steps_counts(cnt, j + 1, size, nd, lr)
        else:
            s = (k % 13) * 4 + k // 13
            cnt[s] += 1
            v = steps_counts(cnt, j, size, nd, lr)
            cnt[s] -= 1
        if v < base:
            found.append(k)
    return found


def outs(tiles: Sequence[Tile], rules: Rules) -> list[Tile]:
    """The kinds of tile that bring the close nearer (copies not yet counted)."""
    cnt, j = counts(tiles)
    return [Tile(k) for k in outs_counts(cnt, j, rules)]


__all__ = ["analyse_counts", "clear_memo", "exact_outs_counts", "outs", "outs_counts", "steps", "steps_counts",
           "throws_counts"]
