"""Why a read needs a look, as a typed value: its kind, the shares behind it and the runner-up
kinds, never a sentence. The CLI's lines and the phone's notes are made from these (their
English here, in ``words``, the one place; the page words them its own way by ``kind``).

>>> from remi.engine import Tile
>>> d = Doubt(DoubtKind.UNSURE, alternatives=((Tile.parse("r4"), 0.6), (Tile.parse("r1"), 0.3)))
>>> d.words()
'unsure: r4 60%, r1 30%'
>>> Doubt(DoubtKind.DECK_LIMIT, alternatives=((Tile.parse("r12"), 0.6),), count=2).words("card")
'read as Qh, but the packs hold only 2'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from remi.engine import Tile


class DoubtKind(str, Enum):
    """What makes a read doubtful (the value is the JSON's ``doubt.kind``)."""

    UNSURE = "unsure"  # less sure than the models folder's bar: the two likeliest kinds
    SIX_OR_NINE = "six_or_nine"  # a 6 and a 9 of one colour, the tile's up unclear
    DECK_LIMIT = "deck_limit"  # its likeliest kind is read as often as the deck holds it
    MAYBE_NO_TILE = "maybe_no_tile"  # counted, but ``share`` likely no tile at all
    NO_TILE = "no_tile"  # set aside: ``share`` sure it is no tile (not counted)
    COUNTED_TO_FILL = "counted_to_fill"  # counted to make the ``count`` tiles a rack holds
    ONE_TOO_MANY = "one_too_many"  # more than the ``count`` a rack holds: one of the least sure
    CORNERS_DISAGREE = "corners_disagree"  # a card whose two corner indices read two kinds
    NO_COLOUR = "no_colour"  # the photo has no colour (grayscale): the colour is a guess


@dataclass(frozen=True)
class Doubt:
    """One reason a read needs a look. ``alternatives``: kinds with their shares (for UNSURE
    the read's own first); ``share``: a chance the reason rests on; ``count``: a number of
    tiles or copies it names."""

    kind: DoubtKind
    share: float | None = None
    alternatives: tuple[tuple[Tile, float], ...] = ()
    count: int | None = None

    def words(self, notation: str = "tile") -> str:
        """The reason in English (the one place it is worded for the CLI and the JSON)."""
        return _WORDS[self.kind](self, notation)

    def as_dict(self, notation: str = "tile") -> dict:
        """The JSON of a doubt: its kind, share, count and alternatives in ``notation``."""
        return {"kind": self.kind.value, "share": None if self.share is None else round(self.share, 4),
                "count": self.count, "alternatives": [{notation: t.format(notation), "p": round(p, 4)}  # type: ignore[arg-type]
                                                      for t, p in self.alternatives]}


def _pairs(d: Doubt, notation: str, sep: str) -> str:
    return sep.join(f"{t.format(notation)} {p:.0%}" for t, p in d.alternatives)  # type: ignore[arg-type]


def _noun(notation: str) -> str:
    return "card" if notation == "card" else "tile"


def _first(d: Doubt, notation: str) -> str:
    return d.alternatives[0][0].format(notation) if d.alternatives else "?"  # type: ignore[arg-type]


_WORDS = {
    DoubtKind.UNSURE: lambda d, n: f"unsure: {_pairs(d, n, ', ')}",
    DoubtKind.SIX_OR_NINE: lambda d, n: f"6 or 9: the {_noun(n)}'s up is unclear ({_pairs(d, n, ', ')})",
    DoubtKind.DECK_LIMIT: lambda d, n: (f"read as {_first(d, n)}, but the "
                                        f"{'packs hold' if n == 'card' else 'deck holds'} only {d.count}"),
    DoubtKind.MAYBE_NO_TILE: lambda d, n: f"may not be a {_noun(n)} ({d.share:.0%})",
    DoubtKind.NO_TILE: lambda d, n: f"probably not a {_noun(n)} ({d.share:.0%} sure it is not)",
    DoubtKind.COUNTED_TO_FILL: lambda d, n: f"counted to make {d.count} {_noun(n)}s: {d.share:.0%} likely no {_noun(n)}",
    DoubtKind.ONE_TOO_MANY: lambda d, n: f"more than {d.count} {_noun(n)}s: one of the least sure",
    DoubtKind.CORNERS_DISAGREE: lambda d, n: f"its corners read {_pairs(d, n, ' and ')}",
    DoubtKind.NO_COLOUR: lambda d, n: (f"the photo has no colour: the {_noun(n)}'s colour is a guess "
                                       f"(take it again in colour)"),
}


def words(doubt: Doubt | None, notation: str = "tile") -> str:
    """A doubt's words, or "" for a read without one."""
    return "" if doubt is None else doubt.words(notation)


__all__ = ["Doubt", "DoubtKind", "words"]
