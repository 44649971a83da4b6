"""The store API: games, hands, fixes, undo and history on an SQLAlchemy engine.

Every write is one transaction that first locks the game (SQLite: ``BEGIN IMMEDIATE``;
PostgreSQL: ``SELECT ... FOR UPDATE`` on the game row), re-reads its log, checks the new
action against it, and appends one row. Input is validated through the engine before any
write starts, so refused input never touches the database.

>>> store = Store.open("sqlite://")
>>> g = store.new_game("demo", "simple", ["Ana", "Ben"])
>>> store.record(g.id, HandInput(closer="Ana")).totals
{'Ana': 0, 'Ben': 100}
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from remi.engine import RemiError, Rules, preset
from remi.scoresheet.entry import HandInput, HandResult, score_hand, seat_names
from remi.scoresheet.errors import EnteredTwice, GameFinished, NoGame, NoHand, SheetError, StoreError
from remi.scoresheet.hand import FIELDS
from remi.scoresheet.locks import locked
from remi.scoresheet.importing import EXPORT_FORMAT, read_export
from remi.scoresheet.pending import PendingStore
from remi.scoresheet.seating import check_seating, check_target
from remi.scoresheet.text import GAME_NAME_MOST, check_note, check_text
from remi.scoresheet.sheet import (
    GameInfo,
    HistoryLine,
    LogEntry,
    Sheet,
    build_sheet,
    game_info,
    hand_numbers,
    replay,
    settle,
    undoable,
)

T = TypeVar("T")
#: the largest key SQLite and PostgreSQL hold: a larger id names no game (and would overflow)
MAX_ID = 2**63 - 1


def game_id_of(text: str) -> int | None:
    """The game id a selector spells in ASCII digits, if it can be one (``²`` is a digit to isdigit).

    >>> game_id_of("12"), game_id_of("99999999999999999999"), game_id_of("²")
    (12, None, None)
    """
    return int(text) if text.isascii() and text.isdigit() and 0 < int(text) <= MAX_ID else None


def _known(game_id: int) -> int:
    if not 0 < game_id <= MAX_ID:
        raise NoGame(str(game_id))
    return game_id




def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Store(PendingStore):
    """Games and their hands in one database. Takes the engine; holds nothing else."""

    def __init__(self, engine: Any, *, url: str = "") -> None:
        self.engine = engine
        self.url = url
        #: the latest sheet computed per game, reused when a log only grew by new hands
        self._sheets: dict[int, Sheet] = {}
        #: each action read, decoded (the log is append-only: a row never changes once written)
        self._decoded: dict[int, LogEntry] = {}

    @classmethod
    def open(cls, db: str | None = None, *, migrate: bool = True) -> Store:
        """Open (creating or migrating) the sheet at ``db``: a path, a URL, or REMI_DB/the default."""
        from remi.scoresheet.db import ensure_schema, make_engine, resolve_url

        url = resolve_url(db) if db != "sqlite://" else db
        engine = make_engine(url)
        if migrate:
            ensure_schema(engine, url)
        return cls(engine, url=url)

    # -- reading -------------------------------------------------------------------------

    def _session(self, *, write: bool = False) -> Any:
        from sqlmodel import Session

        engine = self.engine.execution_options(remi_write=True) if write else self.engine
        return Session(engine, expire_on_commit=False)

    def _guard(self, fn: Callable[[], T]) -> T:
        """Database errors as one clear StoreError line; retries a write that lost a race."""
        from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError

        from remi.scoresheet.db import first_line, describe

        for attempt in range(8):
            try:
                return fn()
            except IntegrityError as exc:
                if "uq_action_game_seq" in str(exc) or "action.game_id, action.seq" in str(exc):
                    time.sleep(0.05 * (attempt + 1))
                    continue
                raise StoreError("store.failed", url=describe(self.url), reason=first_line(exc)) from None
            except OperationalError as exc:
                msg = first_line(exc)
                if "readonly" in msg.replace("-", "").replace(" ", "") or "read-only" in msg:
                    raise StoreError("store.read_only", url=describe(self.url)) from None
                if ("deadlock" in msg or "could not serialize" in msg) and attempt < 7:
                    time.sleep(0.1 * (attempt + 1))
                    continue
                if "full" in msg or "No space left" in msg:  # SQLite's "database or disk is full", PostgreSQL's 53100
                    raise StoreError("store.disk_full", url=describe(self.url), reason=msg) from None
                if "locked" in msg:  # SQLite waited 20 s for another writer
                    raise StoreError("store.busy", url=describe(self.url)) from None
                raise StoreError("store.failed", url=describe(self.url), reason=msg) from None
            except DBAPIError as exc:
                raise StoreError("store.failed", url=describe(self.url), reason=first_line(exc)) from None
        raise StoreError("store.too_busy", url=describe(self.url))

    def games(self) -> list[Sheet]:
        """Every game's sheet, newest first."""
        def run() -> list[Sheet]:
            from sqlmodel import select

            from remi.scoresheet.models import Action, Game

            with self._session() as s:
                rows = s.exec(select(Game).order_by(Game.id.desc())).all()  # type: ignore[union-attr]
                actions = s.exec(select(Action).order_by(Action.game_id, Action.seq)).all()
            by_game: dict[int, list[Any]] = {}
            for a in actions:
                by_game.setdefault(a.game_id, []).append(a)
            return [self._sheet(game_info(g), by_game.get(g.id, []), lenient=True) for g in rows]
        return self._guard(run)

    def find_game(self, selector: str | None = None) -> GameInfo:
        """A game by name or id; by default the latest open one."""
        def run() -> GameInfo:
            from sqlmodel import select

            from remi.scoresheet.models import Game

            with self._session() as s:
                if selector:
                    row = s.exec(select(Game).where(Game.name == selector)).first() or _named(s, selector)
                    if row is None and game_id_of(selector) is not None:
                        row = s.get(Game, game_id_of(selector))
                    if row is None:
                        raise NoGame(selector)
                    return self._settled(s, row)
                rows = s.exec(select(Game).order_by(Game.id.desc())).all()  # type: ignore[union-attr]
                if not rows:
                    raise NoGame(None)
                for row in rows:
                    sheet = self._sheet(game_info(row), self._log(s, row.id), lenient=True)
                    if not sheet.finished:
                        return sheet.game
                return self._settled(s, rows[0])  # every game is over: the latest one (a new hand is refused)
        return self._guard(run)

    def _log(self, s: Any, game_id: int) -> list[Any]:
        from sqlmodel import select

        from remi.scoresheet.models import Action

        return list(s.exec(select(Action).where(Action.game_id == game_id).order_by(Action.seq)).all())

    def _entries(self, rows: Sequence[Any]) -> list[LogEntry]:
        """The rows as LogEntries, each decoded once per store (a reader polling a game pays
        only for what was added since)."""
        out = []
        for a in rows:
            entry = self._decoded.get(a.id)
            if entry is None:
                entry = self._decoded[a.id] = _entry(a)
            out.append(entry)
        return out

    def _sheet(self, game: GameInfo, rows: Sequence[Any], *, lenient: bool = False) -> Sheet:
        return self._sheet_of(game, self._entries(rows), lenient=lenient)

    def _sheet_of(self, base: GameInfo, log: Sequence[LogEntry], *, lenient: bool = False,
                  known: Sequence[tuple[HandInput, HandResult]] = ()) -> Sheet:
        """The sheet of a game (``base``: its row's settings) from its log."""
        game = settle(base, log)
        hands, _ = replay(log)
        try:
            sheet = build_sheet(game, hands, start=self._sheets.get(game.id), known=known, numbers=hand_numbers(log))
            self._sheets[game.id] = sheet
            return sheet
        except SheetError:
            if not lenient:
                raise
            return build_sheet(game, [])

    def sheet(self, game_id: int) -> Sheet:
        _known(game_id)

        def run() -> Sheet:
            from remi.scoresheet.models import Game

            with self._session() as s:
                row = s.get(Game, game_id)
                if row is None:
                    raise NoGame(str(game_id))
                game = game_info(row)
                return self._sheet(game, self._log(s, game_id))
        return self._guard(run)

    def log(self, game_id: int) -> list[LogEntry]:
        _known(game_id)

        def run() -> list[LogEntry]:
            with self._session() as s:
                return self._entries(self._log(s, game_id))
        return self._guard(run)

    def version(self, game_id: int) -> int:
        """A number that grows with every change to the game (its latest action's seq; 0 for none).

        Every write is an action, so a reader polling for changes compares this one number.
        NoGame when there is no such game (a phone polling a game struck from the sheet).
        """
        _known(game_id)

        def run() -> int:
            from sqlalchemy import func
            from sqlmodel import select

            from remi.scoresheet.models import Action, Game

            with self._session() as s:
                found = s.exec(select(Game.id, func.max(Action.seq)).outerjoin(Action, Action.game_id == Game.id)
                               .where(Game.id == game_id).group_by(Game.id)).first()
            if found is None:
                raise NoGame(str(game_id))
            return int(found[1] or 0)
        return self._guard(run)

    def hand(self, game_id: int, number: int) -> HandInput:
        """Hand ``number`` of the game as entered (its latest correction); NoHand if none."""
        game = self._info(game_id)
        log = self.log(game_id)
        return dict(replay(log)[0])[_hand_seq(game, log, number)]

    def history(self, game_id: int) -> list[HistoryLine]:
        return replay(self.log(game_id))[1]

    # -- writing -------------------------------------------------------------------------

    def new_game(self, name: str | None, variant: str, players: Sequence[str], *,
                 teams: Sequence[Sequence[str]] | None = None, target: int | None = None,
                 rules: Rules | None = None, note: str | None = None) -> GameInfo:
        """Seat a new game; players in seat order (Simple 2 vs 2: partners opposite)."""
        try:
            rules = rules or preset(variant)
        except RemiError as exc:
            raise SheetError.of(exc) from None
        players, teams = check_seating(variant, rules, players, teams, target)
        if name:
            check_text(name.strip(), GAME_NAME_MOST, field="name")
        check_note(note)

        def run() -> GameInfo:
            from sqlmodel import select

            from remi.scoresheet.models import Game

            with self._session(write=True) as s:
                game_name = name
                if not game_name:
                    count = len(s.exec(select(Game.id)).all())
                    game_name = f"game {count + 1}"
                    while s.exec(select(Game).where(Game.name == game_name)).first() is not None:
                        count += 1
                        game_name = f"game {count + 1}"
                elif _named(s, game_name) is not None:
                    raise SheetError("sheet.name_taken", fields=("name",), name=game_name)
                row = Game(name=game_name, variant=variant, players=json.dumps(list(players)),
                           teams=json.dumps([list(t) for t in teams]) if teams else None, target=target,
                           rules=json.dumps(rules.to_dict(), sort_keys=True), created_at=_now(), note=note)
                s.add(row)
                s.commit()
                return game_info(row)
        return self._guard(run)

    def next_name(self, name: str) -> str:
        """A free name for the game after ``name``: ``friday 2`` after ``friday``, ``friday 3`` after that."""
        def run() -> str:
            from sqlmodel import select

            from remi.scoresheet.models import Game

            with self._session() as s:
                taken = {n.casefold() for n in s.exec(select(Game.name)).all()}
            stem, _, last = name.rpartition(" ")
            base, n = (stem, int(last) + 1) if stem and last.isdigit() else (name, 2)
            while f"{base} {n}".casefold() in taken:
                n += 1
            return f"{base} {n}"
        return self._guard(run)

    def _write(self, game_id: int, make: Callable[[GameInfo, list[LogEntry]], dict[str, Any]], *,
               known: Sequence[tuple[HandInput, HandResult]] = (), before: Callable[[Any], None] | None = None) -> Sheet:
        """One write transaction: lock the game, read its log, append what ``make`` returns.

        ``make`` returns the action's ``kind``, ``hand_seq``, ``undoes`` and ``hand`` (or some
        of them); ``known``: hands already scored, whose scores the new sheet reuses;
        ``before(session)`` runs first under the lock (the pending hand's parts read and dropped).
        """
        _known(game_id)

        def run() -> Sheet:
            from remi.scoresheet.models import Action

            with self._session(write=True) as s:
                base = game_info(locked(s, game_id))
                if before is not None:
                    before(s)
                rows = self._log(s, game_id)
                log = self._entries(rows)
                fields = make(settle(base, log), log)
                seq = (rows[-1].seq if rows else 0) + 1
                hand = fields.pop("hand", None)
                action = Action(game_id=game_id, seq=seq, created_at=_now(), **fields, **_row(hand))
                s.add(action)
                s.flush()
                entry = _entry(action, hand)
                sheet = self._sheet_of(base, [*log, entry], known=known)
                s.commit()
                return sheet
        return self._guard(run)

    def record(self, game_id: int, hand: HandInput, *, again: bool = False) -> Sheet:
        """Record the next hand (refused on a finished game or invalid input).

        A Closed Rummy hand identical to the one before it (same atu, closer, board and racks)
        is refused as entered twice unless ``again``: at a real table that is a slip far more
        often than a repeat. (In Simple rummy "Ana went out" twice running is ordinary.)
        """
        game = self._info(game_id)
        check_note(hand.note)
        hand = seat_names(game.players, hand)  # stored as the game spells the names
        result = score_hand(game.players, game.teams, game.rules, hand)  # refuse bad input before writing

        def make(game: GameInfo, log: list[LogEntry]) -> dict[str, Any]:
            return self._next_hand(game, log, hand, result, again=again)
        return self._write(game_id, make, known=[(hand, result)])

    def _next_hand(self, game: GameInfo, log: list[LogEntry], hand: HandInput, result: HandResult, *,
                   again: bool) -> dict[str, Any]:
        """A new hand's action, checked against the log under the write lock: the game is not
        over, and the hand is not the last one again unless ``again`` (entered twice?)."""
        current = self._sheet_of(game, log)
        if current.finished:
            raise GameFinished(game.name, current.outcome())
        repeated = None if again else current.repeats(hand, result)
        if repeated is not None:
            raise EnteredTwice(repeated)
        return {"kind": "hand", "hand": hand}

    def fix(self, game_id: int, number: int, hand: HandInput) -> Sheet:
        """Replace hand ``number``'s inputs (recorded; undo reverts it)."""
        game = self._info(game_id)
        check_note(hand.note)
        hand = seat_names(game.players, hand)
        result = score_hand(game.players, game.teams, game.rules, hand)

        def make(game: GameInfo, log: list[LogEntry]) -> dict[str, Any]:
            return {"kind": "fix", "hand_seq": _hand_seq(game, log, number), "hand": hand}
        return self._write(game_id, make, known=[(hand, result)])

    def delete(self, game_id: int, number: int) -> Sheet:
        """Strike hand ``number`` out (recorded; undo brings it back)."""
        def make(game: GameInfo, log: list[LogEntry]) -> dict[str, Any]:
            return {"kind": "delete", "hand_seq": _hand_seq(game, log, number)}
        return self._write(game_id, make)

    def undo(self, game_id: int) -> tuple[Sheet, LogEntry]:
        """Cancel the latest action not yet undone (a hand, a fix or a deletion)."""
        undone: list[LogEntry] = []

        def make(game: GameInfo, log: list[LogEntry]) -> dict[str, Any]:
            last = undoable(log)
            if last is None:
                raise SheetError("sheet.nothing_to_undo", game=game.name)
            undone[:] = [last]
            return {"kind": "undo", "undoes": last.seq, "hand_seq": last.hand_seq if last.kind != "hand" else last.seq}
        sheet = self._write(game_id, make)
        return sheet, undone[0]

    def game(self, game_id: int) -> GameInfo:
        """A game by id, with the settings its log leaves; NoGame if there is none."""
        try:
            return self._info(game_id)
        except NoGame:
            raise
        except SheetError:
            raise NoGame(str(game_id)) from None

    def _info(self, game_id: int, *, settled: bool = True) -> GameInfo:
        """The game's settings: as its log leaves them (``settled``), or as it was started."""
        _known(game_id)

        def run() -> GameInfo:
            from remi.scoresheet.models import Game

            with self._session() as s:
                row = s.get(Game, game_id)
                if row is None:
                    raise SheetError("sheet.no_game_id", game_id=game_id)
                return self._settled(s, row) if settled else game_info(row)
        return self._guard(run)

    def _settled(self, s: Any, row: Any) -> GameInfo:
        """A game row's settings after the target and rename actions of its log."""
        from sqlmodel import col, select

        from remi.scoresheet.models import Action

        changes = s.exec(select(Action).where(Action.game_id == row.id, col(Action.kind).in_(("target", "rename", "undo")))
                         .order_by(Action.seq)).all()
        return settle(game_info(row), [_entry(a) for a in changes])

    def set_target(self, game_id: int, target: int | None) -> Sheet:
        """Change the game's target from the next read on (recorded; undo reverts it; None: no target)."""
        def make(game: GameInfo, log: list[LogEntry]) -> dict[str, Any]:
            if not game.rules.is_closed:
                raise SheetError("sheet.simple_no_target", fields=("target",))
            if target is not None and target <= 0:
                raise SheetError("sheet.target_not_positive", fields=("target",), target=target)
            check_target(target)
            if target == game.target:
                raise SheetError("sheet.no_target_already" if target is None else "sheet.target_already",
                                 fields=("target",), game=game.name, target=target)
            return {"kind": "target", "change": json.dumps({"target": target})}
        return self._write(game_id, make)

    def rename(self, game_id: int, old: str, new: str) -> Sheet:
        """Call player ``old`` ``new`` in this game, the hands before included (recorded; undo reverts it)."""
        def make(game: GameInfo, log: list[LogEntry]) -> dict[str, Any]:
            spelled = {p.casefold(): p for p in game.players}
            was = spelled.get(old.strip().casefold())
            if was is None:
                raise SheetError("sheet.no_player", fields=("players",), name=old, game=game.name,
                                 players=tuple(game.players))
            if new.strip() == was:
                raise SheetError("sheet.named_already", fields=("players",), name=was)

            def renamed(names: Sequence[str]) -> list[str]:
                return [new.strip() if p == was else p for p in names]

            # a team game checks its teams too: Simple rummy 2 vs 2 seats teams, not players
            check_seating(game.variant, game.rules, renamed(game.players),
                          [renamed(t) for t in game.teams] if game.teams else None, game.target)
            return {"kind": "rename", "change": json.dumps({"old": was, "new": new.strip()})}
        return self._write(game_id, make)

    # -- export / import -----------------------------------------------------------------

    def export_game(self, game_id: int) -> dict[str, Any]:
        """The game's settings and its whole log (every action as entered): lossless. A Simple
        rummy hand's cards are written as cards (``import_game`` reads either notation)."""
        game = self._info(game_id, settled=False)  # as started: the log's changes follow
        log = self.log(game_id)
        notation = game.rules.words.notation
        return {
            "format": EXPORT_FORMAT,
            "game": {k: v for k, v in game.to_dict().items() if k != "id"},
            "actions": [
                {"seq": e.seq, "kind": e.kind, "created_at": e.created_at, "hand_seq": e.hand_seq,
                 "undoes": e.undoes, "hand": e.hand.to_dict(notation) if e.hand else None,
                 **({"change": dict(e.change)} if e.change is not None else {})}
                for e in log
            ],
        }

    def import_game(self, data: dict[str, Any], *, name: str | None = None) -> GameInfo:
        """A game from ``export_game``'s JSON, every action checked as the command that wrote it
        checks it (``importing.read_export``) before anything is written."""
        info, entries = read_export(data, name)
        players, teams, rules = info.players, info.teams, info.rules

        def run() -> GameInfo:

            from remi.scoresheet.models import Action, Game

            with self._session(write=True) as s:
                if _named(s, info.name) is not None:
                    raise SheetError("sheet.import_name_taken", fields=("name",), name=info.name)
                row = Game(name=info.name, variant=info.variant, players=json.dumps(list(players)),
                           teams=json.dumps([list(t) for t in teams]) if teams else None, target=info.target,
                           rules=json.dumps(rules.to_dict(), sort_keys=True), created_at=info.created_at or _now())
                s.add(row)
                s.flush()
                for e in entries:
                    s.add(Action(game_id=row.id, seq=e.seq, kind=e.kind, created_at=e.created_at, hand_seq=e.hand_seq,
                                 undoes=e.undoes, change=json.dumps(e.change) if e.change is not None else None,
                                 **_row(e.hand)))
                s.commit()
                return game_info(row)
        return self._guard(run)


def _named(s: Any, name: str) -> Any:
    """The game whose name is ``name`` compared without case (None if none)."""
    from sqlmodel import select

    from remi.scoresheet.models import Game

    return next((row for row in s.exec(select(Game)).all() if row.name.casefold() == name.strip().casefold()), None)


def _hand_seq(game: GameInfo, log: list[LogEntry], number: int) -> int:
    """The seq of the action that recorded hand ``number`` (the number on the sheet); NoHand
    when there is none or it was struck out."""
    numbers = hand_numbers(log)
    live = dict(replay(log)[0])
    seq = next((s for s, n in numbers.items() if n == number), None)
    if seq is None or seq not in live:
        raise NoHand(game.name, number, max(numbers.values(), default=0), struck=seq is not None)
    return seq


def _row(hand: HandInput | None) -> dict[str, Any]:
    """A hand's columns of the ``action`` table: its stored form, the racks as JSON text."""
    if hand is None:
        return {}
    row = hand.to_dict()
    row["racks"] = json.dumps(row["racks"]) if row["racks"] else None
    return row


def _entry(a: Any, hand: HandInput | None = None) -> LogEntry:
    """An ``action`` row as a LogEntry, its hand decoded from the stored form (unless given)."""
    if hand is None and a.kind in ("hand", "fix"):
        hand = HandInput.from_dict({**{name: getattr(a, name) for name in FIELDS},
                                    "racks": json.loads(a.racks) if a.racks else None})
    return LogEntry(a.seq, a.kind, a.created_at, a.hand_seq, a.undoes, hand, json.loads(a.change) if a.change else None)
