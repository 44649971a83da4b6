"""Racks against the deck: copies, jokers and sizes (CR-1, CR-4, CR-18, SR-1, SR-4).

>>> from remi.engine.tiles import parse_tiles
>>> check_counts(parse_tiles("r7 r7 r7"))
Traceback (most recent call last):
...
remi.engine.errors.RuleError: a 3rd r7: the deck has only 2
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from remi.engine.errors import RuleError
from remi.engine.rules import CLOSED, Rules
from remi.engine.tiles import Tile


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def check_counts(
    tiles: Iterable[Tile] | Mapping[str, Iterable[Tile]],
    rules: Rules = CLOSED,
    *,
    atu: Tile | None = None,
    where: str = "",
) -> None:
    """No kind more often than the deck holds it (2 copies; 2 jokers Closed, 4 Simple).

    ``tiles`` is one heap of tiles (``where`` says where, for the message), or the named
    racks of one hand, checked together. The atu, if given, is counted with them.

    >>> from remi.engine.tiles import Tile, parse_tiles
    >>> check_counts({"Ana": parse_tiles("r7 k2"), "Dan": parse_tiles("r7")}, atu=Tile.parse("r7"))
    Traceback (most recent call last):
    ...
    remi.engine.errors.RuleError: a 3rd r7 in one hand (the atu, Ana 1, Dan 1): the deck has only 2
    """
    if isinstance(tiles, Mapping):
        _check_table(tiles, rules, atu)
        return
    if atu is not None:
        tiles = [*tiles, atu]
        where = where or "counting the atu"
    counts = Counter(tiles)
    for tile, n in sorted(counts.items()):
        limit = rules.jokers if tile.is_joker else rules.copies
        if n > limit:
            what = "joker" if tile.is_joker else rules.words.name(tile)
            place = f" {where}" if where else ""
            raise RuleError(f"a {_ordinal(limit + 1)} {what}{place}: the deck has only {limit}")


def check_close_rack(rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None) -> None:
    """A rack check_close accepts: Closed 15 tiles, or 14 plus the atu; Simple 14 cards (it calls this)."""
    check_counts(rack, rules, atu=atu)
    size = len(rack)
    full = rules.close_size
    if rules.is_closed and atu is not None and size == full - 1:
        pass  # closing with the atu (CR-19)
    elif size != full:
        w = rules.words
        extra = f" (or {full - 1} plus the atu)" if rules.is_closed else ""
        raise RuleError(f"{w.a_closing} has {w.count(full)}{extra}{w.cite(w.close_rule)}; this one has {size}")


def _check_table(racks: Mapping[str, Iterable[Tile]], rules: Rules, atu: Tile | None) -> None:
    """Every holder of a kind named when the table holds too many: the extra copy is in any of them."""
    held: dict[Tile, Counter[str]] = {}
    if atu is not None:
        held.setdefault(atu, Counter())["the atu"] += 1
    for name, rack in racks.items():
        for tile in rack:
            held.setdefault(tile, Counter())[name] += 1
    for tile in sorted(held):
        limit = rules.jokers if tile.is_joker else rules.copies
        total = sum(held[tile].values())
        if total > limit:
            what = "joker" if tile.is_joker else rules.words.name(tile)
            where = ", ".join(name if name == "the atu" else f"{name} {n}" for name, n in held[tile].items())
            raise RuleError(f"a {_ordinal(total)} {what} in one hand ({where}): the deck has only {limit}",
                            parts=tuple(held[tile]))