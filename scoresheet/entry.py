"""A hand's scores, derived by the engine from the hand as entered.

``score_hand`` validates a ``HandInput`` (typed values: see ``hand``) against a game's seats
and rules and returns every player's ``engine.HandScore``. Nothing here knows a scoring
rule: board values, rack penalties, multipliers and the twin bonus all come from ``engine``.
A refusal is a ``SheetError`` whose ``fields`` name the hand's fields at fault.

>>> from remi.engine import SIMPLE
>>> r = score_hand(["N", "E", "S", "W"], [["N", "S"], ["E", "W"]], SIMPLE, HandInput(closer="W"))
>>> {p: s.score for p, s in r.scores.items()}
{'N': 100, 'E': 0, 'S': 100, 'W': 0}
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from remi.engine import (
    JOKER,
    Close,
    HandScore,
    RemiError,
    RuleError,
    Rules,
    Tile,
    check_close,
    check_counts,
    closed_hand,
    rack_penalty,
    simple_hand,
)
from remi.engine.limits import check_board, check_jokers, check_rack, check_twin_joker
from remi.scoresheet.errors import SheetError
from remi.scoresheet.hand import HandInput, QuickCount, RackInput

__all__ = ["HandInput", "HandResult", "QuickCount", "RackInput", "nearest", "quick_penalty", "rack_cost",
           "score_hand", "seat_names"]


def quick_penalty(quick: QuickCount, rules: Rules, who: str) -> int:
    """CR-23's quick form: low (L), high (H) and joker (J) counts, the missing low ones filled in."""
    size = rules.hand_size
    low, high, jokers = quick.resolved(size)
    if low < 0 or low + high + jokers != size:
        raise SheetError("sheet.quick_count", fields=("racks",), holder=who, quick=str(quick),
                         count=max(low, 0) + high + jokers, size=size)
    # Stand-in tiles of each class, valued by the engine (CR-23).
    tiles = [Tile.parse("k2")] * low + [Tile.parse("k10")] * high + [JOKER] * jokers
    return rack_penalty(tiles, rules)


@dataclass(frozen=True, slots=True)
class HandResult:
    """A validated hand: each player's score and what the sheet shows about it."""

    scores: dict[str, HandScore]
    board: int | None = None
    discard: Tile | None = None
    closer: str | None = None
    nobody: bool = False


def seat_names(players: Sequence[str], h: HandInput) -> HandInput:
    """The hand with every name spelled as the game spells it (names are compared without case);
    SheetError naming an unknown one."""
    spelled = {p.casefold(): p for p in players}

    def seat(name: str, field_name: str, role: str) -> str:
        if name in players:
            return name
        try:
            return spelled[name.casefold()]
        except KeyError:
            near = nearest(name, players)
            raise SheetError(f"sheet.unknown_{role}_near" if near else f"sheet.unknown_{role}", fields=(field_name,),
                             name=name, players=tuple(players), near=near) from None

    closer = seat(h.closer, "closer", "closer") if h.closer is not None else None
    twin = seat(h.twin, "twin", "twin") if h.twin is not None else None
    racks = {}
    for name, rack in h.racks.items():
        seated = seat(name, "racks", "rack")
        if seated in racks:
            raise SheetError("sheet.rack_twice", fields=("racks",), holder=seated)
        racks[seated] = rack
    if (closer, twin, list(racks)) == (h.closer, h.twin, list(h.racks)):
        return h
    return h.replace(closer=closer, twin=twin, racks=racks)


def nearest(name: str, names: Sequence[str]) -> str | None:
    """The one of ``names`` close to a mistyped ``name`` (any case), or None.

    >>> nearest("Cristy", ["Ana", "Cristi", "Dan"]), nearest("Zoe", ["Ana", "Cristi"])
    ('Cristi', None)
    """
    import difflib

    spelled = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(name.casefold(), list(spelled), n=1, cutoff=0.6)
    return spelled[close[0]] if close else None


def score_hand(players: Sequence[str], teams: Sequence[Sequence[str]] | None, rules: Rules, h: HandInput, *,
               limits: bool = True) -> HandResult:
    """Validate a hand against the table and score it through the engine; SheetError if refused.

    Names may come in any case (``seat_names``); the scores are keyed by the game's spelling.
    ``limits``: refuse typed numbers no real hand gives and more jokers than the deck holds
    (engine.limits, unless the rules' ``check_points`` is off). A new entry is checked; a
    hand already on the sheet is scored as it was accepted (a sheet from before still reads).
    """
    h = seat_names(players, h)
    try:
        if rules.is_closed:
            return _closed(players, rules, h, limits=limits and rules.check_points)
        return _simple(players, teams, rules, h)
    except SheetError:
        raise
    except RemiError as exc:
        raise SheetError.of(exc) from None


def _simple(players: Sequence[str], teams: Sequence[Sequence[str]] | None, rules: Rules, h: HandInput) -> HandResult:
    for name, given in (("atu", h.atu), ("twin", h.twin), ("board_points", h.board_points), ("throw", h.throw),
                        ("atu_close", h.atu_close or None), ("nobody", h.nobody or None), ("racks", h.racks or None)):
        if given is not None:
            raise SheetError(f"sheet.closed_only.{name}", fields=(name,))
    if h.closer is None:
        raise SheetError("sheet.who_went_out", fields=("closer",))
    if h.board is not None:
        cards = h.board
        if len(cards) != rules.close_size:
            raise SheetError("sheet.hand_size", fields=("board",), holder=h.closer, count=len(cards),
                             size=rules.close_size, melded=rules.hand_size)
        check_counts(cards, rules)
        result = check_close(cards, rules)
        if not result.can_close:
            raise SheetError("sheet.no_going_out", fields=("board",), holder=h.closer, reason=result.why)
    return HandResult(simple_hand(players, closer=h.closer, teams=teams, rules=rules), closer=h.closer)


def _closed(players: Sequence[str], rules: Rules, h: HandInput, *, limits: bool) -> HandResult:
    if h.atu is None:
        raise SheetError("sheet.atu_missing", fields=("atu",))
    table, penalties, jokers, notes = _losers(rules, h, limits=limits)
    board: int | None = None
    discard: Tile | None = None
    if h.nobody:
        _nobody_closed(h)
    elif h.closer is None:
        raise SheetError("sheet.who_closed", fields=("closer", "nobody"))
    elif h.board is not None:
        if h.board_points is not None:
            raise SheetError("sheet.board_twice", fields=("board", "board_points"))
        size = rules.hand_size if h.atu_close else rules.close_size
        if len(h.board) != size:
            raise SheetError("sheet.board_size_atu" if h.atu_close else "sheet.board_size", fields=("board",),
                             holder=h.closer, count=len(h.board), size=size, melded=size - 1, atu=h.atu)
        check_counts(h.board, rules, where=f"on {h.closer}'s board")
        table[f"{h.closer}'s board"] = h.board
        jokers[f"{h.closer}'s board"] = sum(t.is_joker for t in h.board)
        close = _board_close(h.board, rules, h.atu if h.atu_close else None, h.throw, h.closer)
        board, discard = close.board, close.discard
    elif h.board_points is not None:
        board, discard = h.board_points, h.throw
        with _field("board_points"):
            least = check_board(board, rules, who=f"{h.closer}'s board") if limits else 0
        jokers[f"{h.closer}'s board"] = least
        if least:
            notes[f"{h.closer}'s board"] = f"{board} needs {_jokers(least)}"
        jokers["the throw"] = int(discard is not None and discard.is_joker)
    else:
        raise SheetError("sheet.board_missing", fields=("board",), holder=h.closer)
    shown = "board" if h.board is not None else "board_points"
    with _parts(board_field=shown):
        check_counts(table, rules, atu=h.atu)
    jokers["the atu"] = int(h.atu.is_joker)
    if limits:
        with _parts(board_field=shown):
            check_jokers(jokers, rules, notes=notes)
            if h.atu.is_joker and h.twin is not None:
                own = {f"{h.twin}'s rack", f"{h.twin}'s board"} | ({"the throw"} if h.closer == h.twin else set())
                check_twin_joker(jokers, h.twin, own, rules, notes=notes)
    scores = closed_hand(players, atu=h.atu, closer=h.closer if not h.nobody else None, board=board or 0,
                         discard=discard, racks=penalties, twin=h.twin, rules=rules)
    return HandResult(scores, board, discard, h.closer, h.nobody)


def _losers(rules: Rules, h: HandInput, *, limits: bool) -> tuple[dict[str, tuple[Tile, ...]], dict[str, int],
                                                                  dict[str, int], dict[str, str]]:
    """Each loser's rack: the tiles shown (for the deck check), what it costs (CR-23), the
    fewest jokers it holds (a number or counts say how many at least, engine.limits) and,
    for a number, why it holds them ("150 needs a joker")."""
    table: dict[str, tuple[Tile, ...]] = {}
    penalties: dict[str, int] = {}
    jokers: dict[str, int] = {}
    notes: dict[str, str] = {}
    for name, rack in h.racks.items():
        where = f"{name}'s rack"
        if name == h.closer:
            raise SheetError("sheet.closer_rack", fields=("racks",), holder=name)
        penalties[name], jokers[where] = rack_cost(name, rack, rules, limits=limits)
        if rack.tiles is not None:
            table[where] = rack.tiles
        elif rack.points is not None and jokers[where]:
            notes[where] = f"{rack.points} needs {_jokers(jokers[where])}"
    return table, penalties, jokers, notes


def _jokers(n: int) -> str:
    """``a joker``, ``2 jokers``: what a number typed for a rack or a board needs (CR-23)."""
    return "a joker" if n == 1 else f"{n} jokers"


def rack_cost(name: str, rack: RackInput, rules: Rules, *, limits: bool = True) -> tuple[int, int]:
    """One loser's rack alone: what it costs (CR-23) and the fewest jokers it holds; SheetError
    when no real rack gives it (the form checks each rack with this as it is typed)."""
    if rack.tiles is not None:
        if len(rack.tiles) != rules.hand_size:
            raise SheetError("sheet.rack_size", fields=("racks",), holder=name, count=len(rack.tiles),
                             size=rules.hand_size)
        check_counts(rack.tiles, rules, where=f"on {name}'s rack")
        return rack_penalty(rack.tiles, rules), sum(t.is_joker for t in rack.tiles)
    if rack.points is not None:
        if rack.points < 0:
            raise SheetError("sheet.rack_worth", fields=("racks",), holder=name, points=rack.points)
        with _field("racks"):
            return rack.points, check_rack(rack.points, rules, who=f"{name}'s rack") if limits else 0
    if rack.quick is not None:
        return quick_penalty(rack.quick, rules, name), rack.quick.jokers
    raise SheetError("sheet.rack_empty", fields=("racks",), holder=name)


#: a part of the hand (the last word of its name: "Dan's rack") and the field that says it
_PART_FIELDS = {"rack": "racks", "board": "board_points", "throw": "throw", "atu": "atu"}


@contextmanager
def _field(*fields: str) -> Iterator[None]:
    """An engine RuleError about these fields as a SheetError naming them."""
    try:
        yield
    except RuleError as exc:
        raise SheetError.of(exc, fields=fields) from None


@contextmanager
def _parts(*, board_field: str = "board_points") -> Iterator[None]:
    """An engine RuleError naming parts of the hand ("Cristi's rack", "the atu") as a
    SheetError naming their fields; ``board_field``: the closer's board as tiles or as points."""
    try:
        yield
    except RuleError as exc:
        names = {**_PART_FIELDS, "board": board_field}
        fields = dict.fromkeys(names[part.rsplit(" ", 1)[-1]] for part in exc.parts if part.rsplit(" ", 1)[-1] in names)
        raise SheetError.of(exc, fields=tuple(fields)) from None


def _nobody_closed(h: HandInput) -> None:
    """A hand nobody closed has no closer and nothing a closer shows (CR-30)."""
    if h.closer is not None:
        raise SheetError("sheet.nobody_and_closer", fields=("nobody", "closer"))
    for name, given in (("board", h.board), ("board_points", h.board_points), ("throw", h.throw),
                        ("atu_close", h.atu_close or None)):
        if given is not None:
            raise SheetError(f"sheet.needs_closer.{name}", fields=(name,))


def _board_close(tiles: tuple[Tile, ...], rules: Rules, atu: Tile | None, throw: Tile | None, closer: str) -> Close:
    """The close the engine finds for the board; with a forced throw, the best close throwing it."""
    if throw is not None and throw not in tiles:
        raise SheetError("sheet.throw_not_on_board", fields=("throw",), tile=throw, holder=closer)
    result = check_close(tiles, rules, atu=atu, throw=throw)
    if result.best is None:
        code = {(False, False): "sheet.no_close", (True, False): "sheet.no_close_atu",
                (False, True): "sheet.no_close_throwing", (True, True): "sheet.no_close_atu_throwing"}[
            atu is not None, throw is not None]
        raise SheetError(code, fields=("board", "throw") if throw is not None else ("board",), holder=closer, atu=atu,
                         tile=throw, reason=result.why)
    return result.best
