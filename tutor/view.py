"""What one player sees of the table on their turn, and the counts the tutor reads off it.

A bot, and the advice, see what a player at the table sees (a :class:`View`): their rack,
the rows (or the discard pile), the atu, and what the left neighbour took from a row and
threw. Nothing here knows another player's rack.

>>> from remi.engine import CLOSED, parse_tiles
>>> v = View(CLOSED, list(parse_tiles("r3 r4 r5")), list(parse_tiles("r6 r6")))
>>> c = seen_counts(v, v.rack)
>>> live_copies(Tile.parse("r6").code, CLOSED, c), live_copies(Tile.parse("r7").code, CLOSED, c)
(0, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from remi.engine import Rules, Tile

__all__ = ["View", "live_copies", "seen_counts", "unseen_total"]


@dataclass
class View:
    """One player's view of the table when it is their turn."""

    rules: Rules
    rack: list[Tile]
    #: every tile face up that the player can see (rows or discard pile, and the atu)
    seen: list[Tile]
    #: the tile on top of the player's own row (Closed) or of the discard pile (Simple)
    top: Tile | None = None
    atu: Tile | None = None
    #: the left neighbour's public history: tiles they took from a row, tiles they threw
    left_took: list[Tile] = field(default_factory=list)
    left_threw: list[Tile] = field(default_factory=list)
    left_hidden: int = 14
    #: tiles in the stock, and how many draws this player can still expect
    stock: int = 40
    players: int = 4
    twin: bool = False
    #: a tile that may not be thrown this turn (a kept tournante or a pile pick-up, SR-13)
    keep: Tile | None = None
    #: the tiles lying in the left neighbour's row, oldest first (Closed Rummy): my throws they
    #: passed over, each on top at one of their turns (also counted in ``left_threw``)
    left_passed: list[Tile] = field(default_factory=list)


def seen_counts(view: View, rack: Sequence[Tile]) -> list[int]:
    """Per kind (code 0..52): the copies face up or on ``rack``."""
    c = [0] * 53
    for t in view.seen:
        c[t.code] += 1
    for t in rack:
        c[t.code] += 1
    return c


def live_copies(code: int, rules: Rules, seen_cnt: Sequence[int]) -> int:
    """Copies of a kind not seen: the deck's (2, or the jokers) less those face up or held."""
    total = rules.jokers if code == 52 else rules.copies
    return max(0, total - seen_cnt[code])


def unseen_total(view: View, seen_cnt: Sequence[int]) -> int:
    """The tiles not seen: on other racks or in the stock (at least 1)."""
    deck = 52 * view.rules.copies + view.rules.jokers
    return max(1, deck - sum(seen_cnt))
