"""Tiles and their two notations (docs/rules.md section 0.12).

The 53 kinds are numbered 0..52: ``colour * 13 + (number - 1)`` for the numbered tiles and
52 for the joker. Colours are, in this order, k (black), b (blue), r (red), y (yellow, also
written o for orange); as cards they are the suits s, c, h, d: black suits to cool colours,
red suits to warm ones.

Tile notation: colour letter + number, canonical lower case.

>>> Tile.parse("R7"), Tile.parse("k13"), Tile.parse("o1")
(Tile.parse('r7'), Tile.parse('k13'), Tile.parse('y1'))

Card notation: rank (A 2-10 J Q K) + suit (s h d c or the symbols), canonical ``7h``, ``Qs``.

>>> Tile.parse("Qs") == Tile.parse("k12"), Tile.parse("10♦").card()
(True, '10d')

Jokers: ``*``, ``jk``, ``J*``, ``joker``; canonical ``*`` in both notations.

>>> Tile.parse("J*") is JOKER, str(JOKER)
(True, '*')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from remi.engine.errors import NotationError

Notation = Literal["tile", "card"]

COLOURS = "kbry"
COLOUR_NAMES = ("black", "blue", "red", "yellow")
SUITS = "schd"  # index-aligned with COLOURS: black=spades, blue=clubs, red=hearts, yellow=diamonds
SUIT_SYMBOLS = "♠♣♥♦"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_CODE = 52
KIND_COUNT = 53

_JOKER_WORDS = {"*", "jk", "j*", "joker", "jkr"}
_TILE_RE = re.compile(r"^([kbryo])(1[0-3]|[1-9])$", re.IGNORECASE)
_CARD_RE = re.compile(r"^(10|[2-9]|[ajqk1])([schd♠♣♥♦])$", re.IGNORECASE)
SEPARATORS = re.compile(r"[\s,;·|/]+")


class Tile:
    """One of the 53 kinds of tile (or card). Immutable, hashable, ordered by code."""

    __slots__ = ("code",)
    code: int

    def __new__(cls, code: int) -> Tile:
        return _ALL[code]

    @classmethod
    def _make(cls, code: int) -> Tile:
        obj = object.__new__(cls)
        object.__setattr__(obj, "code", code)
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    @classmethod
    def of(cls, colour: str | int, number: int) -> Tile:
        """The tile of a colour (letter or index) and number 1..13."""
        c = COLOURS.index(colour) if isinstance(colour, str) else colour
        if not (0 <= c < 4 and 1 <= number <= 13):
            raise NotationError("notation.no_such_tile", colour=colour, number=number)
        return _ALL[c * 13 + number - 1]

    @classmethod
    def parse(cls, text: str, notation: Notation | None = None) -> Tile:
        """Parse one tile or card, in either notation; raises NotationError, worded for a card
        player when ``notation`` is "card" (Simple rummy is played with cards, SR-1)."""
        t = text.strip()
        low = t.lower()
        if low in _JOKER_WORDS:
            return JOKER
        m = _TILE_RE.match(t)
        if m:
            colour = m.group(1).lower().replace("o", "y")
            return cls.of(colour, int(m.group(2)))
        m = _CARD_RE.match(t)
        if m:
            rank, suit = m.group(1).upper(), m.group(2).lower()
            number = 1 if rank in ("A", "1") else RANKS.index(rank) + 1
            s = SUITS.index(suit) if suit in SUITS else SUIT_SYMBOLS.index(suit)
            return cls.of(s, number)
        raise NotationError("notation.bad_token", token=text, variant=_VARIANT_OF[notation or "tile"])

    @property
    def is_joker(self) -> bool:
        return self.code == JOKER_CODE

    @property
    def colour(self) -> int:
        """Colour index 0..3 (k b r y); -1 for the joker."""
        return -1 if self.code == JOKER_CODE else self.code // 13

    @property
    def number(self) -> int:
        """Number 1..13; 0 for the joker."""
        return 0 if self.code == JOKER_CODE else self.code % 13 + 1

    def card(self) -> str:
        """Canonical card notation: ``7h``, ``Qs``, ``10d``, ``*``."""
        if self.is_joker:
            return "*"
        return RANKS[self.number - 1] + SUITS[self.colour]

    def format(self, notation: Notation = "tile") -> str:
        return self.card() if notation == "card" else str(self)

    def __str__(self) -> str:
        if self.is_joker:
            return "*"
        return f"{COLOURS[self.colour]}{self.number}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __lt__(self, other: Tile) -> bool:
        return self.code < other.code

    def __reduce__(self) -> tuple[type, tuple[int]]:
        return (Tile, (self.code,))


#: whose player writes a notation, for the refusal's words: a tile player (who may write cards
#: too) or a card player (engine.messages, "notation.bad_token")
_VARIANT_OF = {"tile": "closed", "card": "simple"}

_ALL: tuple[Tile, ...] = tuple(Tile._make(i) for i in range(KIND_COUNT))
JOKER: Tile = _ALL[JOKER_CODE]
ALL_KINDS: tuple[Tile, ...] = _ALL


def parse_tiles(text: str | Iterable[str], notation: Notation | None = None) -> tuple[Tile, ...]:
    """Parse a rack typed by a player: tokens split by spaces, commas, ``·``, ``|`` or ``/``.

    A bad token raises NotationError naming the token and its 1-based position; with
    ``notation`` "card" (a Simple rummy hand) it names a card and shows cards. Either notation
    is read whatever ``notation`` says.

    >>> [str(t) for t in parse_tiles("r3 R4, 5h · jk")]
    ['r3', 'r4', 'r5', '*']
    >>> parse_tiles("r3 r14 r5")
    Traceback (most recent call last):
    ...
    remi.engine.errors.NotationError: tile 2, 'r14': not a tile (like r7, k13, *) or a card (like 7h, Qs)
    >>> parse_tiles("7h 8h 9x", "card")
    Traceback (most recent call last):
    ...
    remi.engine.errors.NotationError: card 3, '9x': not a card (like 7h, Qs, 10d, *)
    """
    tokens = [tok for tok in SEPARATORS.split(text.strip())] if isinstance(text, str) else list(text)
    tokens = [tok for tok in tokens if tok]
    out = []
    for i, tok in enumerate(tokens, start=1):
        try:
            out.append(Tile.parse(tok))
        except NotationError:
            raise NotationError("notation.bad_token_at", token=tok, position=i,
                                variant=_VARIANT_OF[notation or "tile"]) from None
    return tuple(out)


def format_tiles(tiles: Iterable[Tile], notation: Notation = "tile") -> str:
    """Tiles in canonical notation, space separated; the inverse of parse_tiles."""
    return " ".join(t.format(notation) for t in tiles)


def sort_key(tile: Tile) -> tuple[int, int]:
    """Rack order a player uses: by colour, then number, jokers last."""
    return (4, 0) if tile.is_joker else (tile.colour, tile.number)
