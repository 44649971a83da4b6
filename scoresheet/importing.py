"""An exported game read back (``remi import``): every value typed and bounded, every action
checked as the command that wrote it checks it, before anything is written.

An export is a file from anywhere, so nothing in it is trusted: each action must be one the
sheet could have written. A hand scores as a typed hand must (``entry.score_hand``, with its
limits); a correction or deletion names a hand recorded before it and still on the sheet;
an undo names what ``remi undo`` would have cancelled at that point; no hand follows the end
of the game. A refusal is one ``SheetError`` line naming the action and the field; nothing is
written. ``MOST_ACTIONS`` caps the size of a game (a long evening writes a few hundred).

>>> read_export({"format": "remi-game/1", "game": {"name": "g", "variant": "simple", "players": ["A", "B"],
...     "rules": {"variant": "simple"}}, "actions": [{"seq": 1, "kind": "undo", "undoes": 2,
...     "created_at": "2026-01-01T20:00:00Z"}]})
Traceback (most recent call last):
...
remi.scoresheet.errors.SheetError: bad export: action 1: undoes: 2 is not an earlier action
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from remi.engine import RemiError, Rules
from remi.engine.messages import shown
from remi.scoresheet.entry import HandInput, score_hand, seat_names
from remi.scoresheet.errors import SheetError
from remi.scoresheet.hand import FIELDS, POINTS_DIGITS, RackInput
from remi.scoresheet.seating import check_seating, check_target
from remi.scoresheet.sheet import (
    HAND_KINDS,
    GameInfo,
    LogEntry,
    Sheet,
    build_sheet,
    ends,
    hand_numbers,
    replay,
    settle,
    undoable,
)
from remi.scoresheet.text import GAME_NAME_MOST, NAME_MOST, NOTE_MOST, check_note, check_text

EXPORT_FORMAT = "remi-game/1"
#: the most actions an import holds: a long evening writes a few hundred (hands, fixes, undos)
MOST_ACTIONS = 1000
#: the most bytes of an export file read (about 300 bytes an action, with room to spare)
MOST_BYTES = 1024 * 1024
KINDS = ("hand", "fix", "delete", "undo", "target", "rename")
#: the largest action number SQLite and PostgreSQL hold
MAX_SEQ = 2**63 - 1
_TEXT_MOST = {"closer": NAME_MOST, "twin": NAME_MOST, "note": NOTE_MOST, "atu": 8, "throw": 8, "board": 400}


def bad(code: str, where: str, **fields: Any) -> SheetError:
    """A refusal of the export file at ``where`` (``action 3: hand``: its place in the file)."""
    return SheetError(code, where=where, **fields)


def read_export(data: Any, name: str | None = None) -> tuple[GameInfo, list[LogEntry]]:
    """The game's settings and its log from ``export_game``'s JSON, checked; SheetError otherwise."""
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise SheetError("export.format", format=EXPORT_FORMAT)
    info = _game(data.get("game"), name)
    actions = data.get("actions")
    if not isinstance(actions, list):
        raise bad("export.missing_list", "actions")
    if len(actions) > MOST_ACTIONS:
        raise bad("export.too_many_actions", "actions", count=len(actions), most=MOST_ACTIONS)
    log: list[LogEntry] = []
    tally = _Tally(info)
    for i, raw in enumerate(actions, start=1):
        where = f"action {raw.get('seq') if isinstance(raw, dict) and _is_int(raw.get('seq')) else f'#{i}'}"
        entry = _action(raw, where, log)
        scores = _check(tally, log, entry, where)
        if entry.kind == "hand" and ends(tally.game, tally.totals):
            raise bad("export.after_end", where)
        log.append(entry)
        tally.add(log, entry, scores)
    return info, log


class _Tally:
    """The sheet so far, kept up as the actions are read: the live hands' scores by hand seq,
    the totals and the settings. A hand, a fix or a deletion changes them by its own scores;
    an undo, a target or a rename works them out again from the log, so a long import stays
    about linear (1,000 actions: under a second)."""

    def __init__(self, info: GameInfo) -> None:
        self.info = self.game = info
        self.scores: dict[int, dict[str, int]] = {}
        self.totals = dict.fromkeys(info.players, 0)
        self.sheet: Sheet | None = None

    def add(self, log: Sequence[LogEntry], entry: LogEntry, scores: dict[str, int]) -> None:
        """``entry`` (now the last of ``log``) with ``scores``, the scores of its hand if any."""
        if entry.kind in HAND_KINDS and entry.kind != "hand" and entry.hand_seq is not None:
            self._put(entry.hand_seq, scores)
        elif entry.kind == "hand":
            self._put(entry.seq, scores)
        else:
            self.game = settle(self.info, log)
            self.sheet = build_sheet(self.game, replay(log)[0], numbers=hand_numbers(log), start=self.sheet)
            self.scores = {r.hand_seq: {p: sc.score for p, sc in r.scores.items()} for r in self.sheet.rows}
            self.totals = dict(self.sheet.totals)

    def _put(self, hand_seq: int, scores: dict[str, int]) -> None:
        """Hand ``hand_seq``'s scores replaced (none: struck out), the totals by the difference."""
        old = self.scores.pop(hand_seq, {})
        self.totals = {p: t + scores.get(p, 0) - old.get(p, 0) for p, t in self.totals.items()}
        if scores:
            self.scores[hand_seq] = scores


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _game(g: Any, name: str | None) -> GameInfo:
    if not isinstance(g, dict):
        raise bad("export.missing_object", "game")
    for key in ("name", "variant"):
        if not isinstance(g.get(key), str):
            raise bad("export.missing_text", f"game: {key}")
    players, teams, target = g.get("players"), g.get("teams"), g.get("target")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise bad("export.not_names", "game: players")
    if teams is not None and not (isinstance(teams, list) and all(
            isinstance(t, list) and all(isinstance(p, str) for p in t) for t in teams)):
        raise bad("export.not_teams", "game: teams")
    if target is not None and not (_is_int(target) and target > 0):
        raise bad("export.target", "game: target", value=_shown(target))
    if not isinstance(g.get("rules"), dict):
        raise bad("export.missing_object", "game: rules")
    try:
        rules = Rules.from_dict(g["rules"])
        players, teams = check_seating(g["variant"], rules, players, teams, target)
        check_target(target)
        game_name = check_text(str(name or g["name"]), GAME_NAME_MOST, field="name")
    except RemiError as exc:
        raise bad("export.refused", "game", reason=exc) from None
    except (TypeError, ValueError) as exc:
        raise bad("export.refused", "game: rules", reason=exc) from None
    return GameInfo(0, game_name, g["variant"], tuple(players), tuple(tuple(t) for t in teams) if teams else None,
                    target, rules, g.get("created_at") if isinstance(g.get("created_at"), str) else "")


def _action(raw: Any, where: str, log: Sequence[LogEntry]) -> LogEntry:
    """One action's values, typed: numbers whole and in range, earlier actions named only."""
    if not isinstance(raw, dict):
        raise bad("export.not_object", where)
    seq, kind, at = raw.get("seq"), raw.get("kind"), raw.get("created_at")
    last = log[-1].seq if log else 0
    if not _is_int(seq) or not last < seq <= MAX_SEQ:
        raise bad("export.seq", where, value=_shown(seq), last=last)
    if kind not in KINDS:
        raise bad("export.kind", where, value=_shown(kind), kinds=KINDS)
    if not isinstance(at, str) or len(at) > 40:
        raise bad("export.created_at", where)
    refs = {key: raw.get(key) for key in ("hand_seq", "undoes")}
    for key, ref in refs.items():
        if ref is not None and not (_is_int(ref) and 0 < ref < seq):
            raise bad("export.ref", where, key=key, value=_shown(ref))
    hand = _hand(raw.get("hand"), where) if kind in ("hand", "fix") else None
    change = _change(raw.get("change"), kind, where) if kind in ("target", "rename") else None
    return LogEntry(seq, kind, at, refs["hand_seq"], refs["undoes"], hand, change)


def _hand(raw: Any, where: str) -> HandInput:
    """A hand's stored form with every value of its type and size; parsed as a typed hand is."""
    if not isinstance(raw, dict):
        raise bad("export.missing_object", f"{where}: hand")
    unknown = sorted(set(raw) - set(FIELDS))
    if unknown:
        raise bad("export.unknown_field", where, value=_shown(unknown[0]))
    for key, most in _TEXT_MOST.items():
        value = raw.get(key)
        if value is not None and not (isinstance(value, str) and len(value) <= most):
            raise bad("export.text_field", where, key=key, value=_shown(value), most=most)
    for key in ("nobody", "atu_close"):
        if not isinstance(raw.get(key, False), bool):
            raise bad("export.bool_field", where, key=key, value=_shown(raw[key]))
    points = raw.get("board_points")
    if points is not None and not _small(points):
        raise bad("export.board_points", where, value=_shown(points))
    racks = raw.get("racks") or {}
    if not isinstance(racks, dict):
        raise bad("export.racks", where)
    for player, rack in racks.items():
        _rack(player, rack, f"{where}: hand: racks: {player[:NAME_MOST]}")
    try:
        return HandInput.from_dict(raw)
    except (RemiError, TypeError, ValueError) as exc:
        raise bad("export.refused", f"{where}: hand", reason=exc) from None


def _rack(player: str, rack: Any, where: str) -> None:
    forms: dict[str, Callable[[Any], bool]] = {
        "tiles": lambda v: isinstance(v, str) and len(v) <= 400, "points": _small,
        "quick": lambda v: isinstance(v, str) and len(v) <= 20}
    if len(player) > NAME_MOST or not isinstance(rack, dict) or len(rack) != 1 or not set(rack) <= set(forms):
        raise bad("export.rack_form", where)
    (form, value), = rack.items()
    if not forms[form](value):
        raise bad("export.rack_points" if form == "points" else "export.rack_text", where, form=form, value=_shown(value))


def _small(value: Any) -> bool:
    """A number of points as a player could type it: whole, 0 or more, at most POINTS_DIGITS digits."""
    return _is_int(value) and 0 <= value < 10**POINTS_DIGITS


def _change(change: Any, kind: str, where: str) -> dict[str, Any]:
    if kind == "target":
        if not (isinstance(change, dict) and set(change) == {"target"}
                and (change["target"] is None or (_is_int(change["target"]) and change["target"] > 0))):
            raise bad("export.target_change", where)
        check_target(change["target"])
        return change
    if not (isinstance(change, dict) and set(change) == {"old", "new"} and all(
            isinstance(v, str) and len(v) <= NAME_MOST for v in change.values())):
        raise bad("export.rename_change", where)
    check_text(change["new"])
    return change


def _check(tally: _Tally, log: Sequence[LogEntry], entry: LogEntry, where: str) -> dict[str, int]:
    """``entry`` is what the command that writes it would have accepted after ``log`` (``tally``:
    the sheet the log leaves); a hand's scores, else none."""
    game = tally.game
    if entry.kind in ("fix", "delete") and entry.hand_seq not in tally.scores:
        raise bad("export.hand_seq", where, value=_shown(entry.hand_seq))
    if entry.kind == "undo":
        last = undoable(log)
        if last is None or entry.undoes != last.seq:
            raise bad("export.undoes" if last else "export.undoes_nothing", where, value=_shown(entry.undoes),
                      last=last.seq if last else None)
    if entry.kind == "rename" and entry.change is not None:
        _check_rename(game, entry.change, where)
    if entry.kind == "target" and entry.change is not None and not game.rules.is_closed:
        raise bad("export.simple_target", where)
    if entry.hand is None:
        return {}
    try:
        check_note(entry.hand.note)
        if seat_names(game.players, entry.hand) != entry.hand:
            raise SheetError("export.names_spelled")
        result = score_hand(game.players, game.teams, game.rules, entry.hand)
    except SheetError as exc:
        raise bad("export.refused", f"{where}: hand", reason=exc) from None
    return {p: s.score for p, s in result.scores.items()}


def _check_rename(game: GameInfo, change: Mapping[str, Any], where: str) -> None:
    if change["old"] not in game.players:
        raise bad("export.not_player", where, value=_shown(change["old"]))
    players = [change["new"] if p == change["old"] else p for p in game.players]
    teams = [[change["new"] if p == change["old"] else p for p in t] for t in game.teams] if game.teams else None
    try:
        check_seating(game.variant, game.rules, players, teams, game.target)
    except SheetError as exc:
        raise bad("export.refused", f"{where}: change", reason=exc) from None


def _shown(value: Any) -> str:
    """A value from the file as a message shows it: cut short (``engine.rules.shown``); a list
    or an object, nested to any depth, is named, not shown."""
    if isinstance(value, (list, dict)):
        return "a list" if isinstance(value, list) else "an object"
    return shown(value)


__all__ = ["EXPORT_FORMAT", "HAND_KINDS", "MOST_ACTIONS", "MOST_BYTES", "RackInput", "read_export"]
