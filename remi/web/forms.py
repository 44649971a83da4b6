"""The hand form: its fields to a ``HandInput`` and back, and what the engine says as you go.

Fields (one form for a new hand and a fix): ``atu``, ``closer`` (a name, or ``-`` for nobody
closed), ``board_mode`` (``tiles`` or ``points``), ``board``, ``board_points``, ``throw``,
``atu_close``, ``twin``, ``note``; each seat ``i`` (0-based): ``rack_mode_i`` (``tiles``,
``points`` or ``counts``), ``rack_i``, ``points_i``, ``high_i`` and ``jokers_i`` (CR-23's
quick count: the low tiles are the rest). Simple rummy: ``closer`` and ``board`` (the cards).
Nothing here knows a rule: checks and scores come from the engine, through the score sheet.

>>> from remi.engine import CLOSED
>>> h = hand_from_fields({"atu": "y2", "closer": "Ana", "board_mode": "points", "board_points": "100",
...                       "rack_mode_1": "counts", "high_1": "3", "jokers_1": "0"}, ["Ana", "Dan"], CLOSED)
>>> h.closer, h.board_points, str(h.racks["Dan"].quick)
('Ana', 100, '3H')
>>> fields_from_hand(h, ["Ana", "Dan"])["high_1"]
'3'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from remi.engine import RemiError, Rules, check_close, format_tiles, parse_tiles
from remi.engine.limits import check_board
from remi.engine.tiles import Notation
from remi.scoresheet.entry import HandInput, QuickCount, RackInput, rack_cost
from remi.scoresheet.hand import parse_points
from remi.scoresheet.text import check_note
from remi.i18n import gettext as _
from remi.i18n import said

NOBODY = "-"


def _text(fields: Mapping[str, object], name: str) -> str:
    value = fields.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def _count(fields: Mapping[str, object], name: str, code: str, holder: str) -> int:
    """A count of tiles typed for ``holder``'s rack; refused with ``code`` (``web.high_count``)."""
    text = _text(fields, name) or "0"
    count = whole_number(text, 2)
    if count is None or count > 14:
        raise RemiError(code, holder=holder, text=text)
    return count


def whole_number(text: str, digits: int = 9) -> int | None:
    """A number typed in ASCII digits, at most ``digits`` of them; None for anything else
    (``²`` and ``١`` are digits to ``str.isdigit``, and ``int`` refuses the first: issue 27).

    >>> whole_number("12"), whole_number("²"), whole_number("9" * 30)
    (12, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() and len(text) <= digits else None


def fixed_number(fields: Mapping[str, object]) -> int | None:
    """The hand a fix replaces (the ``fix`` field), None for a new hand; RemiError for a value
    that is no hand's number.

    >>> fixed_number({"fix": "3"}), fixed_number({})
    (3, None)
    >>> fixed_number({"fix": "²"})
    Traceback (most recent call last):
    remi.engine.errors.RemiError: the hand to correct, '²', is not a hand's number: reload the page
    """
    text = _text(fields, "fix")
    if not text:
        return None
    number = whole_number(text, 6)
    if number is None:
        raise RemiError("web.hand_number", text=text)
    return number


def fixed_number_or_none(fields: Mapping[str, object]) -> int | None:
    """``fixed_number``, or None where it is no number (the form is shown again as a new hand)."""
    try:
        return fixed_number(fields)
    except RemiError:
        return None


def hand_from_fields(fields: Mapping[str, object], players: Sequence[str], rules: Rules, *,
                     problems: dict[str, str] | None = None) -> HandInput:
    """The hand as the form gives it, parsed once (SheetError names the field of a bad value).

    With ``problems``, a board or rack that does not parse is left out and its message kept
    there (``"board"``, ``"rack_i"``), so that the live check shows every part's status.
    """
    closer_text = _text(fields, "closer")
    nobody = closer_text == NOBODY
    closer = None if nobody or not closer_text else closer_text
    note = _text(fields, "note") or None
    check_note(note)  # the store's own check, before a summary shows it

    def tiles(key: str) -> str | None:
        text = _text(fields, key) or None
        if text is not None and problems is not None:
            try:
                parse_tiles(text, rules.words.notation)
            except RemiError as exc:
                problems[key] = said(exc)
                return None
        return text

    if not rules.is_closed:
        return HandInput.parse(closer=closer, board=tiles("board"), note=note, notation=rules.words.notation)
    board = board_points = None
    if closer is not None:
        if _text(fields, "board_mode") == "points":
            points = _text(fields, "board_points")
            board_points = parse_points(points, "label.board_points") if points else None
        else:
            board = tiles("board")
    racks: dict[str, RackInput] = {}
    for i, name in enumerate(players):
        if name == closer:
            continue
        try:
            rack = rack_from_fields(fields, i, name)
        except RemiError as exc:
            if problems is None:
                raise
            problems[f"rack_{i}"] = said(exc)  # said beside the rack's field (the live check)
            continue
        if rack is not None:
            racks[name] = rack
    twin = _text(fields, "twin") or None
    return HandInput.parse(closer=closer, nobody=nobody, atu=_text(fields, "atu") or None, board=board,
                           board_points=board_points, throw=(_text(fields, "throw") or None) if closer else None,
                           atu_close=bool(_text(fields, "atu_close")) and closer is not None, twin=twin, racks=racks,
                           note=note)


def rack_from_fields(fields: Mapping[str, object], i: int, name: str) -> RackInput | None:
    """Seat ``i``'s rack as its fields give it (tiles, points or CR-23's counts); None if empty."""
    mode = _text(fields, f"rack_mode_{i}") or "tiles"
    if mode == "points":
        points = _text(fields, f"points_{i}")
        return RackInput(points=parse_points(points, "label.points", holder=name)) if points else None
    if mode == "counts":
        high = _count(fields, f"high_{i}", "web.high_count", name)
        jokers = _count(fields, f"jokers_{i}", "web.joker_count", name)
        return RackInput(quick=QuickCount.parse(f"{high}H" + (f"{jokers}J" if jokers else "")))
    text = _text(fields, f"rack_{i}")
    return _rack_tiles(name, text) if text else None


def _rack_tiles(name: str, text: str) -> RackInput:
    from remi.scoresheet.hand import naming

    with naming("racks", "label.rack", holder=name):
        return RackInput.parse_tiles(text)


def fields_from_hand(hand: HandInput, players: Sequence[str], notation: Notation = "tile") -> dict[str, str]:
    """The form's fields for a recorded hand (to fix it), its tiles written in ``notation``
    (a Simple rummy hand's cards as cards: the hand's stored form, ``HandInput.to_dict``)."""
    stored = hand.to_dict(notation)
    out: dict[str, str] = {"atu": stored["atu"] or "", "closer": NOBODY if hand.nobody else (hand.closer or ""),
                           "board_mode": "points" if hand.board_points is not None else "tiles",
                           "board": stored["board"] or "",
                           "board_points": "" if hand.board_points is None else str(hand.board_points),
                           "throw": stored["throw"] or "", "atu_close": "1" if hand.atu_close else "",
                           "twin": hand.twin or "", "note": hand.note or ""}
    for i, name in enumerate(players):
        rack = hand.racks.get(name)
        if rack is None:
            continue
        if rack.tiles is not None:
            out[f"rack_mode_{i}"], out[f"rack_{i}"] = "tiles", stored["racks"][name]["tiles"]
        elif rack.points is not None:
            out[f"rack_mode_{i}"], out[f"points_{i}"] = "points", str(rack.points)
        elif rack.quick is not None:
            out[f"rack_mode_{i}"] = "counts"
            out[f"high_{i}"], out[f"jokers_{i}"] = str(rack.quick.high), str(rack.quick.jokers)
    return out


def board_status(hand: HandInput, rules: Rules) -> dict[str, Any] | None:
    """The closer's board as the engine sees it so far: how many tiles, closes or not and why."""
    if hand.board is None:
        return board_points_status(hand, rules)
    tiles = hand.board
    size = rules.hand_size if hand.atu_close else rules.close_size
    w = rules.words  # Simple rummy: cards that go out (SR-17)
    if len(tiles) != size:
        counted = {"count": len(tiles), "size": size}
        return {"ok": False, "text": (_("%(count)s of %(size)s tiles") if rules.is_closed else
                                      _("%(count)s of %(size)s cards")) % counted}
    try:
        atu = hand.atu if hand.atu_close else None
        result = check_close(tiles, rules, atu=atu)
    except (RemiError, IndexError) as exc:
        return {"ok": False, "text": said(exc) or _("give the atu")}
    if not result.can_close or result.best is None:
        why = {"reason": result.reason}
        return {"ok": False, "text": (_("does not close: %(reason)s") if rules.is_closed else
                                      _("does not go out: %(reason)s")) % why}
    best = result.best
    if rules.is_closed:
        return {"ok": True, "text": _("closes: %(points)s points, throw %(tile)s") % {
            "points": best.board, "tile": w.name(best.discard)}}
    return {"ok": True, "text": _("goes out, throwing %(card)s") % {"card": w.name(best.discard)}}


def rack_status(rack: RackInput | None, rules: Rules, name: str) -> dict[str, Any] | None:
    """A loser's rack so far: the tile count, then what it costs (CR-23), or why no real rack
    costs that (the score sheet's own check, ``entry.rack_cost``: "cannot cost 97")."""
    if rack is None:
        return None
    if rack.tiles is not None and len(rack.tiles) != rules.hand_size:
        return {"ok": False, "text": _("%(count)s of %(size)s tiles") % {"count": len(rack.tiles), "size": rules.hand_size}}
    try:
        cost, _points = rack_cost(name, rack, rules, limits=rules.check_points)
    except RemiError as exc:
        return {"ok": False, "text": said(exc)}
    return {"ok": True, "text": _("%(points)s points") % {"points": cost}}


def board_points_status(hand: HandInput, rules: Rules) -> dict[str, Any] | None:
    """A closer's board typed as a number: fine, or why no real board is worth it (CR-21, CR-22)."""
    if hand.board_points is None or hand.closer is None:
        return None
    if rules.check_points:
        try:
            check_board(hand.board_points, rules, who=f"{hand.closer}'s board")
        except RemiError as exc:
            return {"ok": False, "text": said(exc)}
    return {"ok": True, "text": _("board %(points)s points") % {"points": hand.board_points}}


def tiles_text(text: str | None, notation: Notation = "tile") -> str:
    """Tiles typed or read, in canonical notation (``card``: a Simple rummy game's); the text
    as it was when it does not parse.

    >>> tiles_text("r5 R6 jk"), tiles_text("r5 R6 jk", "card"), tiles_text("5h r14")
    ('r5 r6 *', '5h 6h *', '5h r14')
    """
    if not text:
        return ""
    try:
        return format_tiles(parse_tiles(text), notation)
    except RemiError:
        return text


_FLAG = re.compile(r"--([a-z][a-z/-]*)(?: (?:NAME|TILES|TILE|N)\b)?")
_FIELD = {"atu": "the atu", "closer": "who closed", "board": "the board's tiles", "board-points": "the board's points",
          "throw": "the tile thrown", "joker-close": "the tile thrown", "atu-close": "“atu pulled in”",
          "twin": "the twin", "rack": "a rack", "points": "a rack's points", "rack/--points": "the racks",
          "nobody": "“nobody closed”", "note": "the note", "again": "“record anyway”"}


def for_the_page(message: str) -> str:
    """A library message names the CLI's options (``--atu TILE``); the page names its fields."""
    message = message.replace("add --again to record it anyway", "tick “record it anyway” to record it")
    return _FLAG.sub(lambda m: _FIELD.get(m.group(1), m.group(0)), message)
