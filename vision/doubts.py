"""Why a read needs a look, as a typed value: its kind, the shares behind it and the runner-up
kinds, never a sentence. The CLI's lines and the phone's notes are made from these: ``said``
in the reader's language, ``words`` in English for the JSON, both from the templates of
``engine.messages_vision`` (codes ``doubt.*``, one place; the page words some kinds its own way).

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
from gettext import NullTranslations

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
    FAINT = "faint"  # set aside: read as its first alternative, ``share`` its chance times the box's


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
        """The reason in English (the JSON's ``uncertain``): ``said`` in English."""
        from remi.engine.messages import ENGLISH

        return self.said(notation, ENGLISH)

    def said(self, notation: str = "tile", words: NullTranslations | None = None) -> str:
        """The reason in the reader's language (``words``; by default the command's or the
        phone's, ``engine.messages.READER``), made from its kind and fields in the one place
        sentences are made (``engine.messages_vision``: the codes ``doubt.*``)."""
        from remi.engine.messages import sentence

        pairs = [f"{t.format(notation)} {p:.0%}" for t, p in self.alternatives]  # type: ignore[arg-type]
        first = self.alternatives[0][0].format(notation) if self.alternatives else "?"  # type: ignore[arg-type]
        fields = {"pairs": ", ".join(pairs), "first": first, "one": pairs[0] if pairs else "?",
                  "other": ", ".join(pairs[1:]) or "?", "count": self.count, "share": self.share or 0.0,
                  "variant": "simple" if notation == "card" else "closed"}
        return sentence(f"doubt.{self.kind.value}", fields, words)

    def as_dict(self, notation: str = "tile") -> dict:
        """The JSON of a doubt: its kind, share, count and alternatives in ``notation``."""
        return {"kind": self.kind.value, "share": None if self.share is None else round(self.share, 4),
                "count": self.count, "alternatives": [{notation: t.format(notation), "p": round(p, 4)}  # type: ignore[arg-type]
                                                      for t, p in self.alternatives]}


def words(doubt: Doubt | None, notation: str = "tile") -> str:
    """A doubt's English words (the JSON's), or "" for a read without one."""
    return "" if doubt is None else doubt.words(notation)


def said(doubt: Doubt | None, notation: str = "tile") -> str:
    """A doubt in the reader's language (the CLI's lines), or "" for a read without one."""
    return "" if doubt is None else doubt.said(notation)


__all__ = ["Doubt", "DoubtKind", "said", "words"]
