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
from remi.engine.messages import Reason
from remi.engine.parts import ATU, Held, Part
from remi.engine.rules import CLOSED, Rules
from remi.engine.tiles import Tile


def check_counts(
    tiles: Iterable[Tile] | Mapping[Part | str, Iterable[Tile]],
    rules: Rules = CLOSED,
    *,
    atu: Tile | None = None,
    where: str | Reason = "",
    part: Part | None = None,
) -> None:
    """No kind more often than the deck holds it (2 copies; 2 jokers Closed, 4 Simple).

    ``tiles`` is one heap of tiles (``part``: the part of a hand it is, or ``where``: a reason
    saying where, for the message), or the named racks of one hand (parts or names), checked
    together. The atu, if given, is counted with them.

    >>> from remi.engine.tiles import Tile, parse_tiles
    >>> check_counts({"Ana": parse_tiles("r7 k2"), "Dan": parse_tiles("r7")}, atu=Tile.parse("r7"))
    Traceback (most recent call last):
    ...
    remi.engine.errors.RuleError: a 3rd r7 in one hand (the atu, Ana 1, Dan 1): the deck has only 2
    """
    rules.game.check_atu(atu)  # Simple rummy has no atu: refused here, not by each caller
    if isinstance(tiles, Mapping):
        _check_table(tiles, rules, atu)
        return
    place = "_on" if part else "_where" if where else ""
    if atu is not None:
        tiles = [*tiles, atu]
        place = place or "_atu"
    counts = Counter(tiles)
    for tile, n in sorted(counts.items()):
        limit = rules.jokers if tile.is_joker else rules.copies
        if n > limit:
            code = ("rule.extra_joker" if tile.is_joker else "rule.third_copy") + place
            raise RuleError(code, parts=(part,) if part else (), tile=tile, count=limit + 1, limit=limit,
                            **({"part": part} if part else {"where": where}), variant=rules.variant)


def check_close_rack(rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None) -> None:
    """A rack check_close accepts: Closed 15 tiles, or 14 plus the atu; Simple 14 cards (it calls this)."""
    check_counts(rack, rules, atu=atu)
    size = len(rack)
    full = rules.close_size
    if atu is not None and size == full - 1:  # check_counts refused an atu in a game without one
        pass  # closing with the atu (CR-19)
    elif size != full:
        raise RuleError("rule.close_size", size=full, size_less=full - 1, count=size, variant=rules.variant)


def _check_table(racks: Mapping[Part | str, Iterable[Tile]], rules: Rules, atu: Tile | None) -> None:
    """Every holder of a kind named when the table holds too many: the extra copy is in any of them."""
    held: dict[Tile, Counter[Part | str]] = {}
    if atu is not None:
        held.setdefault(atu, Counter())[ATU] += 1
    for name, rack in racks.items():
        for tile in rack:
            held.setdefault(tile, Counter())[name] += 1
    for tile in sorted(held):
        limit = rules.jokers if tile.is_joker else rules.copies
        total = sum(held[tile].values())
        if total > limit:
            where = tuple(name if name == ATU else Held(name, n) for name, n in held[tile].items())
            code = "rule.extra_joker_hand" if tile.is_joker else "rule.third_copy_hand"
            raise RuleError(code, parts=tuple(held[tile]), tile=tile, count=total, limit=limit, where=where,
                            variant=rules.variant)