"""One hand as the table enters it, and its scores, derived by the engine.

``HandInput`` holds exactly what was typed (tiles in canonical notation, numbers as given,
flags); ``score_hand`` validates it against a game's seats and rules and returns every
player's ``engine.HandScore``. Nothing here knows a scoring rule: board values, rack
penalties, multipliers and the twin bonus all come from ``engine``.

>>> from remi.engine import SIMPLE
>>> r = score_hand(["N", "E", "S", "W"], [["N", "S"], ["E", "W"]], SIMPLE, HandInput(closer="W"))
>>> {p: s.score for p, s in r.scores.items()}
{'N': 100, 'E': 0, 'S': 100, 'W': 0}
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from remi.engine import (
    ALL_KINDS,
    JOKER,
    Close,
    HandScore,
    RemiError,
    Rules,
    Tile,
    check_close,
    check_counts,
    check_table,
    closed_hand,
    format_tiles,
    best_close,
    parse_tiles,
    rack_penalty,
    simple_hand,
    tile_board_value,
)
from remi.scoresheet.errors import SheetError

_QUICK = re.compile(r"^(?:(\d+)([lhj]))+$", re.IGNORECASE)
_QUICK_PART = re.compile(r"(\d+)([lhj])", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class RackInput:
    """A loser's rack as entered: the tiles, a number, or quick counts like ``11L3H``."""

    tiles: str | None = None
    points: int | None = None
    quick: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: v for k, v in (("tiles", self.tiles), ("points", self.points), ("quick", self.quick)) if v is not None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RackInput:
        return cls(tiles=data.get("tiles"), points=data.get("points"), quick=data.get("quick"))

    def describe(self) -> str:
        return self.tiles if self.tiles is not None else str(self.points if self.points is not None else self.quick)


@dataclass(frozen=True, slots=True)
class HandInput:
    """A hand as entered. Closed Rummy uses every field; Simple rummy only ``closer``/``board``."""

    closer: str | None = None
    nobody: bool = False
    atu: str | None = None
    board: str | None = None
    board_points: int | None = None
    throw: str | None = None
    atu_close: bool = False
    twin: str | None = None
    racks: Mapping[str, RackInput] = field(default_factory=dict)
    note: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "closer": self.closer, "nobody": self.nobody, "atu": self.atu, "board": self.board,
            "board_points": self.board_points, "throw": self.throw, "atu_close": self.atu_close,
            "twin": self.twin, "racks": {n: r.to_dict() for n, r in self.racks.items()}, "note": self.note,
        }
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandInput:
        racks = {str(n): RackInput.from_dict(r) for n, r in (data.get("racks") or {}).items()}
        return cls(
            closer=data.get("closer"), nobody=bool(data.get("nobody", False)), atu=data.get("atu"),
            board=data.get("board"), board_points=data.get("board_points"), throw=data.get("throw"),
            atu_close=bool(data.get("atu_close", False)), twin=data.get("twin"), racks=racks,
            note=data.get("note"),
        )


def canonical(h: HandInput) -> HandInput:
    """The same hand with every tile in canonical notation (NotationError names a bad token)."""
    racks = {n: RackInput(canonical_tiles(r.tiles, f"{n}'s rack") if r.tiles is not None else None, r.points,
                          r.quick.upper() if r.quick is not None else None) for n, r in h.racks.items()}
    return HandInput(
        closer=h.closer, nobody=h.nobody,
        atu=canonical_tile(h.atu, "--atu") if h.atu is not None else None,
        board=canonical_tiles(h.board, "the board") if h.board is not None else None,
        board_points=h.board_points,
        throw=canonical_tile(h.throw, "--throw") if h.throw is not None else None,
        atu_close=h.atu_close, twin=h.twin, racks=racks, note=h.note,
    )


def canonical_tiles(text: str, what: str) -> str:
    """Tiles typed in either notation, in canonical tile notation (NotationError names the token)."""
    try:
        return format_tiles(parse_tiles(text))
    except RemiError as exc:
        raise SheetError(f"{what}: {exc}") from None


def canonical_tile(text: str, what: str) -> str:
    tiles = canonical_tiles(text, what)
    if len(tiles.split()) != 1:
        raise SheetError(f"{what}: give one tile, not {text!r}")
    return tiles


def parse_points(text: str, what: str) -> int:
    """A non-negative whole number typed by a player."""
    t = text.strip()
    if not t.isdigit():
        raise SheetError(f"{what}: {text!r} is not a number of points (a whole number, 0 or more)")
    return int(t)


def parse_rack_value(text: str, what: str) -> RackInput:
    """``--points NAME=VALUE``: a number (``95``) or quick counts (``11L3H``, ``1J5H``)."""
    t = text.strip()
    if t.isdigit():
        return RackInput(points=int(t))
    if _QUICK.match(t):
        return RackInput(quick=t.upper())
    if t.startswith("-") and t[1:].isdigit():
        raise SheetError(f"{what}: a rack cannot be negative ({t}); give what the rack costs, like 95")
    raise SheetError(f"{what}: {text!r} is neither points (like 95) nor counts (like 11L3H or 1J5H)")


def quick_penalty(quick: str, rules: Rules, who: str) -> int:
    """CR-23's quick form: low (L), high (H) and joker (J) counts, the missing low ones filled in."""
    counts = {"L": 0, "H": 0, "J": 0}
    for n, kind in _QUICK_PART.findall(quick):
        counts[kind.upper()] += int(n)
    size = rules.hand_size
    if "L" not in quick.upper():
        counts["L"] = size - counts["H"] - counts["J"]
    if counts["L"] < 0 or sum(counts.values()) != size:
        raise SheetError(f"{who}'s rack {quick}: the counts make {sum(counts.values())} tiles; a loser holds {size}")
    # Stand-in tiles of each class, valued by the engine (CR-23).
    tiles = [Tile.parse("k2")] * counts["L"] + [Tile.parse("k10")] * counts["H"] + [JOKER] * counts["J"]
    return rack_penalty(tiles, rules)


@dataclass(frozen=True, slots=True)
class HandResult:
    """A validated hand: each player's score and what the sheet shows about it."""

    scores: dict[str, HandScore]
    board: int | None = None
    discard: str | None = None
    closer: str | None = None
    nobody: bool = False


def _check_names(players: Sequence[str], h: HandInput) -> None:
    for role, name in (("closer", h.closer), ("twin holder", h.twin)):
        if name is not None and name not in players:
            raise SheetError(f"unknown player {name!r} as {role}: the players are {', '.join(players)}")
    for name in h.racks:
        if name not in players:
            raise SheetError(f"unknown player {name!r} for a rack: the players are {', '.join(players)}")


def score_hand(players: Sequence[str], teams: Sequence[Sequence[str]] | None, rules: Rules, h: HandInput) -> HandResult:
    """Validate a hand against the table and score it through the engine; SheetError if refused."""
    _check_names(players, h)
    try:
        if rules.is_closed:
            return _closed(players, rules, h)
        return _simple(players, teams, rules, h)
    except SheetError:
        raise
    except RemiError as exc:
        raise SheetError(str(exc)) from None


def _simple(players: Sequence[str], teams: Sequence[Sequence[str]] | None, rules: Rules, h: HandInput) -> HandResult:
    for flag, given in (("--atu", h.atu), ("--twin", h.twin), ("--board-points", h.board_points),
                        ("--throw", h.throw), ("--atu-close", h.atu_close or None), ("--nobody", h.nobody or None),
                        ("--rack/--points", h.racks or None)):
        if given is not None:
            raise SheetError(f"{flag} is for Closed Rummy; in Simple rummy give --closer (and perhaps --board)")
    if h.closer is None:
        raise SheetError("who went out? give --closer NAME")
    if h.board is not None:
        cards = parse_tiles(h.board)
        if len(cards) != rules.close_size:
            raise SheetError(f"the closer's hand has {len(cards)} cards; give all {rules.close_size} (13 in melds plus the discard)")
        check_counts(cards, rules)
        result = check_close(cards, rules)
        if not result.can_close:
            raise SheetError(f"{h.closer}'s hand does not go out: {result.reason}")
    return HandResult(simple_hand(players, closer=h.closer, teams=teams, rules=rules), closer=h.closer)


def _closed(players: Sequence[str], rules: Rules, h: HandInput) -> HandResult:
    if h.atu is None:
        raise SheetError("the atu is missing: give --atu TILE (like r7, or * for a joker)")
    atu = Tile.parse(h.atu)
    table: dict[str, tuple[Tile, ...]] = {}
    penalties: dict[str, int] = {}
    for name, rack in h.racks.items():
        if name == h.closer:
            raise SheetError(f"{name} closed: give the board (--board or --board-points), not a rack")
        if rack.tiles is not None:
            tiles = parse_tiles(rack.tiles)
            if len(tiles) != rules.hand_size:
                raise SheetError(f"{name}'s rack has {len(tiles)} tiles; a loser holds {rules.hand_size}")
            check_counts(tiles, rules, where=f"on {name}'s rack")
            table[name] = tiles
            penalties[name] = rack_penalty(tiles, rules)
        elif rack.points is not None:
            if rack.points < 0:
                raise SheetError(f"{name}'s rack cannot be worth {rack.points}")
            penalties[name] = rack.points
        elif rack.quick is not None:
            penalties[name] = quick_penalty(rack.quick, rules, name)
        else:
            raise SheetError(f"{name}'s rack is empty")
    board: int | None = None
    discard: Tile | None = None
    if h.nobody:
        if h.closer is not None:
            raise SheetError("--nobody and --closer contradict each other: give one")
        for flag, given in (("--board", h.board), ("--board-points", h.board_points), ("--throw", h.throw)):
            if given is not None:
                raise SheetError(f"{flag} needs a closer; nobody closed this hand")
        if h.atu_close:
            raise SheetError("--atu-close needs a closer; nobody closed this hand")
    elif h.closer is None:
        raise SheetError("who closed? give --closer NAME, or --nobody when nobody closed")
    elif h.board is not None:
        if h.board_points is not None:
            raise SheetError("give the board as tiles (--board) or as a number (--board-points), not both")
        tiles = parse_tiles(h.board)
        size = rules.hand_size if h.atu_close else rules.close_size
        if len(tiles) != size:
            shape = (f"{size} tiles: the atu {atu} is added to them" if h.atu_close
                     else f"{size} tiles: {size - 1} in formations plus the tile thrown")
            raise SheetError(f"{h.closer}'s board has {len(tiles)} tiles; give {shape}")
        check_counts(tiles, rules, where=f"on {h.closer}'s board")
        table[h.closer] = tiles
        close = _board_close(tiles, rules, atu if h.atu_close else None, h.throw, h.closer)
        board, discard = close.board, close.discard
    elif h.board_points is not None:
        board = _check_board_points(h.board_points, rules, h.closer)
        discard = Tile.parse(h.throw) if h.throw is not None else None
    else:
        raise SheetError(f"what did {h.closer} show? give --board TILES or --board-points N")
    check_table(table, rules, atu=atu)
    scores = closed_hand(players, atu=atu, closer=h.closer if not h.nobody else None, board=board or 0,
                         discard=discard, racks=penalties, twin=h.twin, rules=rules)
    return HandResult(scores, board, str(discard) if discard is not None else None, h.closer, h.nobody)


def _board_close(tiles: tuple[Tile, ...], rules: Rules, atu: Tile | None, throw: str | None, closer: str) -> Close:
    """The close the engine finds for the board; with a forced throw, the best close throwing it."""
    with_atu = f" with the atu {atu}" if atu is not None else ""
    if throw is None:
        result = check_close(tiles, rules, atu=atu)
        if not result.can_close or result.best is None:
            raise SheetError(f"{closer}'s board does not close{with_atu}: {result.reason}")
        return result.best
    thrown = Tile.parse(throw)
    if thrown not in tiles:
        raise SheetError(f"the throw {thrown} is not on {closer}'s board")
    best = best_close(tiles, rules, atu=atu, throw=thrown)
    if best is None:
        result = check_close(tiles, rules, atu=atu)
        why = result.reason if not result.can_close else f"it closes throwing {result.best.discard if result.best else '?'}"
        raise SheetError(f"{closer}'s board does not close{with_atu} throwing {thrown}: {why}")
    return best


@functools.lru_cache(maxsize=16)
def _board_bounds(rules: Rules) -> tuple[int, int]:
    """The least a board can be worth, and the step of its values, from the engine's tile values."""
    values = {tile_board_value(t, rules, position=p, in_set=s) for t in ALL_KINDS for p in (1, 14) for s in (False, True)}
    return rules.hand_size * min(values), math.gcd(*values)


def _check_board_points(points: int, rules: Rules, closer: str) -> int:
    """A board given as a number: at least 14 of the cheapest tile, in the values' steps (SS-2.4)."""
    low, step = _board_bounds(rules)
    if points < low or points % step:
        raise SheetError(f"{closer}'s board cannot be worth {points}: a board of {rules.hand_size} tiles is "
                         f"at least {low}" + (f", in steps of {step}" if step > 1 else ""))
    return points
