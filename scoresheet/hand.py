"""One hand as the table entered it, as typed values: parsed once, where the text comes in.

``HandInput`` holds Tiles, numbers, names and flags, never text to be parsed again.
``HandInput.parse`` turns what a player typed (an option, a form field) into one; a bad
value raises ``SheetError`` naming the field (``exc.fields``), so a command line can name its
flag and a form its question. ``to_dict``/``from_dict`` are the one codec of the stored form
(the database row and the export file both use it): tiles in canonical notation, a loser's
rack as ``{"tiles": "..."}``, ``{"points": 95}`` or ``{"quick": "11L3H"}``.

>>> h = HandInput.parse(closer="Ana", atu="Y2", board="r3,r4,r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2",
...                     racks={"Dan": "1j4h", "Ion": "95"})
>>> h.atu, h.racks["Dan"].quick.jokers, h.racks["Ion"].points
(Tile.parse('y2'), 1, 95)
>>> HandInput.from_dict(h.to_dict()) == h
True
>>> HandInput.parse(atu="r14")
Traceback (most recent call last):
...
remi.scoresheet.errors.SheetError: the atu: 'r14' is not a tile (like r7, k13, *) or a card (like 7h, Qs)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from remi.engine import RemiError, Tile, format_tiles, parse_tiles
from remi.engine.messages import sentence
from remi.engine.tiles import Notation
from remi.scoresheet.errors import SheetError

_QUICK = re.compile(r"^(?:(\d+)([lhj]))+$", re.IGNORECASE)
_QUICK_PART = re.compile(r"(\d+)([lhj])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;·|/]+")  # as between the tiles of a rack (engine.parse_tiles)


@contextmanager
def naming(name: str, label: str, **label_fields: Any) -> Iterator[None]:
    """Re-raise a bad value as SheetError naming the field (``name``) and, in words, ``label``
    (the code of its words, ``label_fields`` filling them)."""
    try:
        yield
    except RemiError as exc:
        raise SheetError.of(exc, fields=(name,), label=label, label_fields=label_fields) from None


@dataclass(frozen=True, slots=True)
class QuickCount:
    """CR-23's quick form of a loser's rack: how many low (L), high (H) and joker (J) tiles.

    Kept as typed (``text``, upper case) so that the sheet shows what the table said; the low
    count may be left out (then it is the rest of the rack).

    >>> q = QuickCount.parse("1j4h")
    >>> str(q), q.low, q.high, q.jokers, q.resolved(14)
    ('1J4H', None, 4, 1, (9, 4, 1))
    """

    text: str
    low: int | None
    high: int
    jokers: int

    @classmethod
    def parse(cls, text: str) -> QuickCount:
        t = text.strip().upper()
        if not _QUICK.match(t):
            raise SheetError("sheet.quick_syntax", text=text)
        counts = {"L": 0, "H": 0, "J": 0}
        for n, kind in _QUICK_PART.findall(t):
            counts[kind] += int(n)
        return cls(t, counts["L"] if "L" in t else None, counts["H"], counts["J"])

    def resolved(self, size: int) -> tuple[int, int, int]:
        """``(low, high, jokers)`` for a rack of ``size`` tiles (the low ones filled in)."""
        low = self.low if self.low is not None else size - self.high - self.jokers
        return low, self.high, self.jokers

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class RackInput:
    """A loser's rack as entered: its tiles, a number of points, or quick counts (one of them)."""

    tiles: tuple[Tile, ...] | None = None
    points: int | None = None
    quick: QuickCount | None = None

    @classmethod
    def parse(cls, text: str) -> RackInput:
        """Any form: ``95``, ``11L3H``, or the tiles (``k1 r2 ...``)."""
        t = text.strip()
        if t.isdigit() or (t.startswith("-") and t[1:].isdigit()) or _QUICK.match(t):
            return cls.parse_value(t)
        return cls.parse_tiles(t)

    @classmethod
    def parse_value(cls, text: str) -> RackInput:
        """A number (``95``) or quick counts (``11L3H``, ``1J5H``)."""
        t = text.strip()
        if t.isdigit():
            return cls(points=int(t))
        if _QUICK.match(t):
            return cls(quick=QuickCount.parse(t))
        if t.startswith("-") and t[1:].isdigit():
            raise SheetError("sheet.rack_negative", text=t)
        raise SheetError("sheet.rack_value", text=text)

    @classmethod
    def parse_tiles(cls, text: str) -> RackInput:
        return cls(tiles=parse_tiles(text))

    def to_dict(self, notation: Notation = "tile") -> dict[str, Any]:
        if self.tiles is not None:
            return {"tiles": format_tiles(self.tiles, notation)}
        if self.points is not None:
            return {"points": self.points}
        return {"quick": str(self.quick)} if self.quick is not None else {}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RackInput:
        tiles, points, quick = data.get("tiles"), data.get("points"), data.get("quick")
        return cls(tiles=parse_tiles(tiles) if tiles is not None else None,
                   points=int(points) if points is not None else None,
                   quick=QuickCount.parse(quick) if quick is not None else None)

    def describe(self) -> str:
        """What was entered, as the table said it: the tiles, the points or the counts."""
        if self.tiles is not None:
            return format_tiles(self.tiles)
        return str(self.points if self.points is not None else self.quick)


def _tile(text: str) -> Tile:
    try:
        return Tile.parse(text)
    except RemiError:
        if len(_SEPARATORS.split(text.strip())) > 1:
            raise SheetError("sheet.one_tile", text=text) from None
        raise


#: the most digits a typed number of points has: no hand of any house rules comes near it
POINTS_DIGITS = 6


def parse_points(text: str | int, what: str | None = None, **what_fields: Any) -> int:
    """A non-negative whole number typed by a player; ``what`` names it in the message (the code
    of its words, like ``"label.board_points"``; ``what_fields`` fill them)."""
    t = str(text).strip()
    # ASCII digits only: "²" is a digit to str.isdigit and int() refuses it (issue 27)
    if isinstance(text, bool) or not (t.isascii() and t.isdigit()):
        shown = text if isinstance(text, int) and not isinstance(text, bool) else repr(text)
        raise SheetError("sheet.not_points_of" if what else "sheet.not_points", value=shown,
                         what=sentence(what, what_fields) if what else None)
    if len(t) > POINTS_DIGITS:
        raise SheetError("sheet.points_too_many_of" if what else "sheet.points_too_many", digits=t[:12],
                         most=10 ** POINTS_DIGITS - 1, what=sentence(what, what_fields) if what else None)
    return int(t)


@dataclass(frozen=True, slots=True)
class HandInput:
    """A hand as entered. Closed Rummy uses every field; Simple rummy only ``closer``/``board``.

    ``board`` is the closer's tiles (Simple: cards) as shown; ``board_points`` the board as a
    number instead; ``throw`` the closing throw when the table names it (a joker doubles).
    """

    closer: str | None = None
    nobody: bool = False
    atu: Tile | None = None
    board: tuple[Tile, ...] | None = None
    board_points: int | None = None
    throw: Tile | None = None
    atu_close: bool = False
    twin: str | None = None
    racks: Mapping[str, RackInput] = field(default_factory=dict)
    note: str | None = None

    def __post_init__(self) -> None:
        # Text here would pass unnoticed (a string is a sequence too): parse it first.
        for name in ("atu", "board", "throw"):
            if isinstance(getattr(self, name), str):
                raise TypeError(f"HandInput.{name} holds Tiles, not text: build the hand with HandInput.parse")

    @classmethod
    def parse(
        cls, *, closer: str | None = None, nobody: bool = False, atu: str | None = None,
        board: str | Sequence[Tile] | None = None,
        board_points: str | int | None = None, throw: str | None = None, joker_close: bool = False,
        atu_close: bool = False, twin: str | None = None, racks: Mapping[str, str | RackInput] | None = None,
        note: str | None = None, notation: Notation | None = None,
    ) -> HandInput:
        """A hand from what was typed; SheetError names the field of a bad value.

        ``board`` is text or Tiles already read (a photo); ``racks`` maps each loser to a
        RackInput or to text in any form (``RackInput.parse``);
        ``joker_close`` says the throw was a joker (CR-27) without naming the tile;
        ``notation`` ("card" in a Simple game) names a typo in the board as a card.
        """
        with naming("atu", "label.atu"):
            atu_tile = _tile(atu) if atu is not None else None
        with naming("board", "label.board"):
            board_tiles = (parse_tiles(board, notation) if isinstance(board, str)
                           else tuple(board) if board is not None else None)
        with naming("board_points", "label.board_points"):
            points = parse_points(board_points) if board_points is not None else None
        with naming("throw", "label.throw"):
            thrown = _tile(throw) if throw is not None else None
        if joker_close:
            if thrown is not None and not thrown.is_joker:
                raise SheetError("sheet.joker_close_throw", fields=("throw",), tile=thrown)
            thrown = Tile.parse("*")
        parsed: dict[str, RackInput] = {}
        for name, value in (racks or {}).items():
            with naming("racks", "label.rack", holder=name):
                parsed[name] = value if isinstance(value, RackInput) else RackInput.parse(value)
        return cls(closer=closer, nobody=nobody, atu=atu_tile, board=board_tiles, board_points=points, throw=thrown,
                   atu_close=atu_close, twin=twin, racks=parsed, note=note)

    def replace(self, **changes: Any) -> HandInput:
        return dataclasses.replace(self, **changes)

    def amend(self, changes: Mapping[str, Any]) -> HandInput:
        """This hand with the fields in ``changes`` changed and the rest kept (a correction).

        What goes together follows: a closer named means somebody closed (and they hold no
        rack); nobody closed clears what a closer shows; the board as tiles replaces it as
        points and the other way round; racks change one player at a time.

        >>> h = HandInput.parse(closer="Ana", atu="y2", board_points=100, racks={"Dan": "95", "Ion": "70"})
        >>> h2 = h.amend({"racks": {"Ion": RackInput(points=75)}})
        >>> h2.racks["Dan"].points, h2.racks["Ion"].points, h2.board_points
        (95, 75, 100)
        >>> h.amend({"closer": "Dan", "racks": {"Ana": RackInput(points=80)}}).racks.keys()
        dict_keys(['Ion', 'Ana'])
        >>> {n: r.points for n, r in h.amend({"closer": "dan", "racks": {"ION": RackInput(points=80)}}).racks.items()}
        {'Ion': 80}
        """
        unknown = set(changes) - set(FIELDS)
        if unknown:
            raise TypeError(f"not fields of a hand: {', '.join(sorted(unknown))}")
        new: dict[str, Any] = {name: getattr(self, name) for name in FIELDS}
        new.update({k: v for k, v in changes.items() if k != "racks"})
        # names are compared without case: a rack named "bogdan" replaces Bogdan's
        spelled = {name.casefold(): name for name in self.racks}
        new["racks"] = dict(self.racks)
        for name, rack in changes.get("racks", {}).items():
            new["racks"][spelled.get(name.casefold(), name)] = rack
        if changes.get("closer") is not None:
            new["nobody"] = False
            new["racks"].pop(spelled.get(changes["closer"].casefold(), changes["closer"]), None)
        if changes.get("nobody"):
            new.update(closer=None, board=None, board_points=None, throw=None, atu_close=False)
        if changes.get("board") is not None:
            new["board_points"] = None
        if changes.get("board_points") is not None:
            new["board"] = None
        return HandInput(**new)

    # -- the stored form: one codec for the database row and the export ---------------------

    def to_dict(self, notation: Notation = "tile") -> dict[str, Any]:
        """The stored form: plain JSON values, tiles in canonical notation. ``notation="card"``
        writes them as a Simple rummy player does (an export, ``remi history --json``);
        ``from_dict`` reads either.

        >>> h = HandInput.parse(closer="Ana", board="5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac")
        >>> h.to_dict()["board"], h.to_dict("card")["board"]
        ('r5 r6 r7 r8 k11 r11 b11 b2 b3 * b5 k1 y1 b1', '5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac')
        >>> HandInput.from_dict(h.to_dict("card")) == HandInput.from_dict(h.to_dict()) == h
        True
        """
        return {name: _CODEC.get(name, _PLAIN)[0](getattr(self, name), notation) for name in FIELDS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandInput:
        """The inverse of ``to_dict``; missing keys take their defaults (older exports)."""
        values = {}
        for name in FIELDS:
            raw = data.get(name)
            if raw is not None:
                values[name] = _CODEC.get(name, _PLAIN)[1](raw)
        return cls(**values)


def _same(value: Any, notation: Notation = "tile") -> Any:
    return value


def _flag(value: Any, notation: Notation = "tile") -> bool:
    return bool(value)


def _tile_out(tile: Tile | None, notation: Notation) -> str | None:
    return None if tile is None else tile.format(notation)


def _tiles_out(tiles: tuple[Tile, ...] | None, notation: Notation) -> str | None:
    return None if tiles is None else format_tiles(tiles, notation)


_PLAIN: tuple[Callable[[Any, Notation], Any], Callable[[Any], Any]] = (_same, _same)
#: encode (value, notation -> stored) and decode (stored -> value) of the fields that are not plain
_CODEC: dict[str, tuple[Callable[[Any, Notation], Any], Callable[[Any], Any]]] = {
    "nobody": (_flag, bool),
    "atu_close": (_flag, bool),
    "atu": (_tile_out, Tile.parse),
    "throw": (_tile_out, Tile.parse),
    "board": (_tiles_out, parse_tiles),
    "board_points": (_same, int),
    "racks": (lambda racks, notation: {n: r.to_dict(notation) for n, r in racks.items()},
              lambda data: {str(n): RackInput.from_dict(r) for n, r in data.items()}),
}
#: the hand's fields, in the order of the stored form
FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(HandInput))
