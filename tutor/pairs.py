"""The pairs of draws that complete a rack two steps from a close, found in one search.

A rack of ``rules.hand_size`` tiles two steps away closes after drawing ``a`` and then ``b``
exactly when the rack and the two hold a whole board. Such a board uses all but two of the
rack's tiles (the two thrown on the way) and both draws, so it is found by laying the rack
out with exactly two tiles left over and exactly two gaps, each gap naming the kinds that
fill it: the kind its place in a run asks for, a colour its set lacks, or a joker. Following
each out ``a`` to the rack holding it and searching again (:mod:`tutor.steps`) finds the
same pairs, one search per out (docs/tutor.md: Speed).

The groups are those of the steps search: a set of 3 or 4 colours of one number, a run of 3
to ``maxlen`` of one colour (an ace at either end, CR-15), at most one joker each; Simple
rummy's board holds a run and a set (SR-18).

>>> from remi.engine import SIMPLE, Tile, parse_tiles
>>> rack = parse_tiles("5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Kd")
>>> pairs = completing_pairs(rack, SIMPLE)  # two steps from going out
>>> len(pairs), sorted(" ".join(SIMPLE.words.name(Tile(k)) for k in p) for p in pairs if 52 not in p)[:4]
(77, ['2h 2d', '2s 2d', '2s 2h', '2s 3s'])
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from remi.engine import Rules, Tile
from remi.engine.counts import HIGH, NEED_RUN, NEED_SET, SLOTS, code, counts
from remi.engine.counts import need as need_of

__all__ = ["JOKER", "clear_memo", "completing_pairs", "pairs_counts", "throw_pairs"]

JOKER = 52  # the joker's kind
Combos = frozenset[tuple[int, ...]]  # the kinds the gaps take, each sorted
#: the lay-outs of a search: (the kinds the gaps take, sorted; a bit for each kind left over)
Layouts = frozenset[tuple[tuple[int, ...], int]]

_memo: dict[tuple, Layouts] = {}
_MEMO_LIMIT = 200_000


def clear_memo() -> None:
    """Forget the memoised lay-outs and groups (a benchmark's cold start)."""
    _memo.clear()
    _groups_of.cache_clear()
    _fills.cache_clear()


def completing_pairs(rest: Sequence[Tile], rules: Rules) -> Combos:
    """The pairs of kinds (sorted codes, a joker 52) that make ``rest`` a whole board."""
    cnt, j = counts(rest)
    return pairs_counts(cnt, j, rules)


def pairs_counts(cnt: list[int], j: int, rules: Rules) -> Combos:
    """:func:`completing_pairs` on counts (``cnt`` is restored before returning)."""
    return frozenset(g for g, _ in _search(cnt, j, 2, rules))


def throw_pairs(cnt: list[int], j: int, rules: Rules) -> dict[int, Combos]:
    """For a rack just after the draw (one tile more than a board): the completing pairs of
    the rack each throw leaves, by the kind thrown, in one search (the throw is a third tile
    left over). A throw that leaves no 2-step rack may have none."""
    by_left: dict[int, set[tuple[int, ...]]] = {}
    for g, left in _search(cnt, j, 3, rules):
        by_left.setdefault(left, set()).add(g)
    by_throw: dict[int, set[tuple[int, ...]]] = {}
    for left, pairs in by_left.items():
        while left:
            kind = (left & -left).bit_length() - 1
            by_throw.setdefault(kind, set()).update(pairs)
            left &= left - 1
    return {kind: frozenset(pairs) for kind, pairs in by_throw.items()}


def _search(cnt: list[int], j: int, loose: int, rules: Rules) -> Layouts:
    if len(_memo) > _MEMO_LIMIT:
        _memo.clear()
    return _boards(cnt, j, loose, 2, need_of(rules), (rules.long_run, rules.jokers > 0))


def _boards(cnt: list[int], j: int, loose: int, gaps: int, need: int, shape: tuple[bool, bool]) -> Layouts:
    """Every lay-out of ``cnt`` and ``j`` jokers into groups with exactly ``loose`` tiles
    left over and ``gaps`` gaps, ``need`` shown: the kinds the gaps take and those left."""
    rest = bytes(cnt).lstrip(b"\0")
    if not rest:
        return _jokers_left(j, loose, gaps, need)
    key = (rest, j, loose, gaps, need, shape)
    if key in _memo:  # the same tiles left, laid out the same way, from another throw or another out
        return _memo[key]
    if _alone(rest, j) > loose + (gaps if j else gaps // 2):
        _memo[key] = frozenset()
        return _memo[key]
    i = SLOTS - len(rest)
    pos, c = divmod(i, 4)
    cnt[i] -= 1
    found: set[tuple[tuple[int, ...], int]] = set()
    if loose:
        bit = 1 << code(pos, c)
        found |= {(g, left | bit) for g, left in _boards(cnt, j, loose - 1, gaps, need, shape)}
    if pos == 0:  # an ace may end a run ...12-13-1 instead (CR-15)
        cnt[HIGH * 4 + c] += 1
        found |= _boards(cnt, j, loose, gaps, need, shape)
        cnt[HIGH * 4 + c] -= 1
    for jk in range(min(j, 1) + 1):
        for kind, used, g, fills in _groups(cnt, pos, c, jk, gaps, shape):
            for slot in used:
                cnt[slot] -= 1
            found |= {(tuple(sorted(f + g2)), left) for g2, left in
                      _boards(cnt, j - jk, loose, gaps - g, need & ~kind, shape) for f in fills}
            for slot in used:
                cnt[slot] += 1
    cnt[i] += 1
    result = frozenset(found)
    _memo[key] = result
    return result


def _alone(rest: bytes, j: int) -> int:
    """How many tiles of ``rest`` (the counts from the lowest tile left) can share a group
    with no other tile left: no other colour of their number, no tile of their colour within
    two gaps (three with a joker held) on either side. Each is left over or takes a group of
    its own with two gaps (or a gap and a joker): a bound that cuts a hopeless lay-out short."""
    first = SLOTS - len(rest)
    held = 0
    for off, n in enumerate(rest):
        if n:
            held |= 1 << (first + off)
    partners = _PARTNERS[min(j, 1)]
    alone = 0
    for off, n in enumerate(rest):
        if n and not held & partners[first + off]:
            alone += n
    return alone


def _partners(reach: int) -> list[int]:
    """For each slot, a bit for each slot of the tiles that can share a group with it: the other
    colours of its number, its colour at most ``reach`` places away (the ace low also
    reaches down from 13, and a place near 13 reaches the ace low: a run ...12-13-1)."""
    out = []
    for i in range(SLOTS):
        p, c = divmod(i, 4)
        near = {q for q in range(HIGH + 1) if 0 < abs(p - q) <= reach}
        if p == 0:
            near |= {q for q in range(1, HIGH) if HIGH - q <= reach}
        elif p != HIGH and HIGH - p <= reach:
            near.add(0)
        same = [] if p == HIGH else [p * 4 + c2 for c2 in range(4) if c2 != c]
        out.append(sum(1 << s for s in {*same, *(q * 4 + c for q in near)}))
    return out


#: without a joker held, with one: two gaps reach three places, two gaps and a joker four
_PARTNERS = [_partners(3), _partners(4)]


def _jokers_left(j: int, loose: int, gaps: int, need: int) -> Layouts:
    """No tile left: each joker left over, or one joker with both gaps around it."""
    if need == 0 and loose == j and gaps == 0:
        return frozenset({((), 1 << JOKER if j else 0)})
    if j >= 1 and loose == j - 1 and gaps == 2:
        left = 1 << JOKER if loose else 0
        return frozenset((p, left) for kind, p in _around_a_joker() if need & ~kind == 0)
    return frozenset()


def _around_a_joker() -> Iterator[tuple[int, tuple[int, int]]]:
    """The pairs of kinds a lone joker makes a group of 3 with: (what it shows, the pair)."""
    for number in range(13):
        for c1, c2 in combinations(range(4), 2):
            yield NEED_SET, (c1 * 13 + number, c2 * 13 + number)
    for colour in range(4):
        for p in range(HIGH):  # positions: the ace high at 13
            for q in range(p + 1, min(p + 2, HIGH) + 1):
                a, b = sorted((code(p, colour), code(q, colour)))
                yield NEED_RUN, (a, b)


def _groups(cnt: list[int], pos: int, c: int, jk: int, gaps: int,
            shape: tuple[bool, bool]) -> list[tuple[int, list[int], int, Combos]]:
    """The groups the tile at ``pos``, ``c`` (taken off ``cnt``) opens as the lowest real
    tile, with ``jk`` held jokers: what each shows, the other slots it takes, how many gaps
    it has (at most ``gaps``) and the kinds they take. They depend only on which places of
    its colour above it and which colours of its number hold a tile: worked out once each."""
    above = 0
    for q in range(pos + 1, HIGH + 1):
        if cnt[q * 4 + c]:
            above |= 1 << q
    others = tuple(c2 for c2 in range(c + 1, 4) if cnt[pos * 4 + c2]) if pos < HIGH else None
    return _groups_of(pos, c, jk, gaps, shape, above, others)


@lru_cache(maxsize=1 << 16)
def _groups_of(pos: int, c: int, jk: int, gaps: int, shape: tuple[bool, bool], above: int,
               others: tuple[int, ...] | None) -> list[tuple[int, list[int], int, Combos]]:
    out = [] if others is None else list(_sets(others, pos, c, jk, gaps, shape[1]))
    return out + list(_runs([q for q in range(pos + 1, HIGH + 1) if above >> q & 1], pos, c, jk, gaps, shape))


@lru_cache(maxsize=1 << 14)
def _fills(places: tuple[int, ...], jk: int, jokers: bool) -> Combos:
    """The kinds that fill the gaps ``places`` (each a kind), a held joker taking one of them
    when ``jk``, a drawn joker another when the group holds none: at most one joker a group."""
    out: set[tuple[int, ...]] = set()
    for held in ([None] if not jk else range(len(places))):
        left = [k for n, k in enumerate(places) if n != held]
        out.add(tuple(sorted(left)))
        if jokers and not jk:
            for n in range(len(left)):
                out.add(tuple(sorted([*left[:n], *left[n + 1:], JOKER])))
    return frozenset(out)


def _sets(others: tuple[int, ...], pos: int, c: int, jk: int, gaps: int,
          jokers: bool) -> Iterator[tuple[int, list[int], int, Combos]]:
    for n in range(len(others) + 1):
        for chosen in combinations(others, n):
            held = {c, *chosen}
            lacking = [c2 * 13 + pos for c2 in range(4) if c2 not in held]
            for size in (3, 4):
                g = size - len(held) - jk
                if g < 0 or g > gaps:
                    continue
                fills: set[tuple[int, ...]] = set()
                for colours in combinations(lacking, g + jk):
                    fills |= _fills(colours, jk, jokers)
                if fills:
                    yield NEED_SET, [pos * 4 + c2 for c2 in chosen], g, frozenset(fills)


def _runs(held: list[int], pos: int, c: int, jk: int, gaps: int,
          shape: tuple[bool, bool]) -> Iterator[tuple[int, list[int], int, Combos]]:
    """Runs from ``lo`` to ``hi`` holding the tile at ``pos``: the places between no tile of
    the rack takes (none there, or one left for another group) are the holes."""
    long_run, jokers = shape
    maxlen = 14 if long_run else 13
    holes = gaps + jk
    above: list[int] = []
    empty = 0  # places above pos up to hi with no tile of the colour
    for hi in range(pos, min(HIGH, pos + maxlen - 1) + 1):
        if hi > pos:
            if hi in held:
                above.append(hi)
            else:
                empty += 1
                if empty > holes:
                    return
        for lo in range(max(0, pos - (holes - empty), hi - maxlen + 1), min(pos, hi - 2) + 1):
            must = empty + pos - lo
            for drop in range(holes - must + 1):
                for skipped in combinations(above, drop):
                    places = tuple(code(q, c) for q in range(lo, hi + 1)
                                   if q != pos and (q not in above or q in skipped))
                    fills = _fills(places, jk, jokers)
                    if fills:
                        taken = [q * 4 + c for q in above if q not in skipped]
                        yield NEED_RUN, taken, len(places) - jk, fills
