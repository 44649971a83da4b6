"""The hand in progress that every phone fills in: its parts, who is still missing, the hand.

At the end of a Closed Rummy hand the closer shows the board and each loser counts their own
rack. A pending hand lets each of them send their part from their own phone: ``table`` (the
atu, who closed or nobody, the board, the thrown tile, the twin, a note) and one rack per
loser's seat. The store keeps each part as one row (``models.PendingPart``), apart from the
log; when every part is in, one call records the hand they make, with every check of
``Store.record``, and drops the parts in the same transaction (docs/scoresheet.md).

Seats, not names, key the parts: each rack by its seat, and the closer's part names the
closer and the twin holder by seat too, so a rename while the hand is in progress keeps every
part (issue 39: renaming the closer left the hand "still missing" them).

>>> from remi.engine import CLOSED
>>> from remi.scoresheet.sheet import GameInfo
>>> game = GameInfo(1, "friday", "closed", ("Ana", "Dan", "Ion"), None, None, CLOSED)
>>> p = PendingHand(game, HandInput.parse(atu="y2", closer="Ana", board_points=100), {1: RackInput(points=95)})
>>> p.missing(), p.complete
(['Ion'], False)
>>> p = PendingHand(game, p.table, {**p.racks, 2: RackInput(points=70)})
>>> p.complete, {name: rack.points for name, rack in p.hand().racks.items()}
(True, {'Dan': 95, 'Ion': 70})
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from remi.scoresheet.entry import HandInput, QuickCount, RackInput, rack_cost, score_hand, seat_names
from remi.scoresheet.errors import SheetError
from remi.scoresheet.sheet import GameInfo
from remi.scoresheet.text import NOTE_MOST, check_text

TABLE = "table"


def seat_part(seat: int) -> str:
    """The part of a loser's rack: ``seat 2`` (0-based seat order)."""
    return f"seat {seat}"


@dataclass(frozen=True)
class PendingHand:
    """What the phones have sent so far for the game's next hand."""

    game: GameInfo
    table: HandInput | None = None
    racks: dict[int, RackInput] = field(default_factory=dict)
    #: changes whenever a part changes (the phones poll it)
    stamp: str = ""

    @property
    def started(self) -> bool:
        return self.table is not None or bool(self.racks)

    @property
    def closer_seat(self) -> int | None:
        closer = self.table.closer if self.table is not None else None
        names = [p.casefold() for p in self.game.players]
        return names.index(closer.casefold()) if closer and closer.casefold() in names else None

    def losers(self) -> list[int]:
        """The seats that owe a rack: everyone but the closer (all of them when nobody closed)."""
        return [i for i in range(len(self.game.players)) if i != self.closer_seat]

    def missing(self) -> list[str]:
        """Who has still to send their part: the closer's part first (``the closer``), then names."""
        out = ["the closer"] if self.table is None else []
        return out + self.missing_players()

    def missing_players(self) -> list[str]:
        """The losers who have still to send their rack, by name."""
        return [self.game.players[i] for i in self.losers() if i not in self.racks]

    @property
    def complete(self) -> bool:
        return not self.missing()

    def hand(self) -> HandInput:
        """The hand the parts make (a closer's own rack, sent before they were named, left out)."""
        if self.table is None:
            raise SheetError("sheet.closer_part_missing", fields=("closer",))
        racks = {self.game.players[i]: self.racks[i] for i in self.losers() if i in self.racks}
        return self.table.replace(racks=racks)


def check_table(game: GameInfo, table: HandInput) -> HandInput:
    """The closer's part alone, checked as ``remi hand`` checks a hand: each loser stands in with
    a rack of low tiles and no joker (CR-23), so only what the table part says can be refused."""
    if not game.rules.is_closed:
        raise SheetError("sheet.simple_no_racks", fields=("closer",))
    if table.racks:
        raise SheetError("sheet.closer_part_racks", fields=("racks",))
    table = seat_names(game.players, table)
    low = RackInput(quick=QuickCount.parse("0H"))
    stand_ins = {p: low for p in game.players if p != table.closer}
    score_hand(game.players, game.teams, game.rules, table.replace(racks=stand_ins))
    return table


def check_rack(game: GameInfo, pending: PendingHand, seat: int, rack: RackInput) -> None:
    """One loser's rack alone (``entry.rack_cost``: what ``remi hand`` checks of a rack)."""
    if not game.rules.is_closed:
        raise SheetError("sheet.simple_no_racks", fields=("racks",))
    if not 0 <= seat < len(game.players):
        raise SheetError("sheet.no_seat", fields=("racks",), seat=seat + 1, game=game.name, count=len(game.players))
    name = game.players[seat]
    if seat == pending.closer_seat:
        raise SheetError("sheet.closer_sends_board", fields=("racks",), holder=name)
    rack_cost(name, rack, game.rules, limits=game.rules.check_points)


#: the closer's part's fields that name a player: stored as a seat (``closer_seat``)
SEATED = ("closer", "twin")


def encode(part: HandInput | RackInput, game: GameInfo | None = None) -> str:
    """A part's stored form: the one codec of hands and racks (``to_dict``), as JSON; the
    closer's part (``game`` given) names its players by seat, not by name."""
    data = part.to_dict()
    if game is not None:
        for key in SEATED:
            if data.get(key) is not None:
                data[f"{key}_seat"] = game.players.index(data.pop(key))
    return json.dumps(data, sort_keys=True)


def _seated(game: GameInfo, data: dict[str, Any]) -> HandInput:
    """The closer's part with its seats named as the game names them now."""
    for key in SEATED:
        seat = data.pop(f"{key}_seat", None)
        if isinstance(seat, int) and 0 <= seat < len(game.players):
            data[key] = game.players[seat]
    return HandInput.from_dict(data)


def decode(game: GameInfo, rows: list[tuple[str, str]]) -> PendingHand:
    """The pending hand from its ``(part, value)`` rows."""
    table: HandInput | None = None
    racks: dict[int, RackInput] = {}
    for part, value in rows:
        data: dict[str, Any] = json.loads(value)
        if part == TABLE:
            table = _seated(game, data)
        elif part.startswith("seat ") and part[5:].isdigit():
            racks[int(part[5:])] = RackInput.from_dict(data)
    stamp = hashlib.sha1(json.dumps(sorted(rows)).encode()).hexdigest()[:12] if rows else ""
    return PendingHand(game, table, racks, stamp)


class PendingStore:
    """The pending hand's store calls, mixed into ``Store``: each is one transaction under the
    game's lock, as every write of the sheet, so two phones sending at once both land."""

    def pending(self, game_id: int) -> PendingHand:
        """What the phones have sent for the next hand (nothing yet: an empty PendingHand)."""
        game = self.game(game_id)  # type: ignore[attr-defined]

        def run() -> PendingHand:
            with self._session() as s:  # type: ignore[attr-defined]
                return decode(game, [(r.part, r.value) for r in _part_rows(s, game_id)])
        return self._guard(run)  # type: ignore[attr-defined,no-any-return]

    def put_pending(self, game_id: int, part: HandInput | RackInput, *, seat: int | None = None) -> PendingHand:
        """Send one part: the closer's (``seat`` None: a HandInput without racks) or seat
        ``seat``'s rack; it replaces what was sent for it before. Checked before it is kept."""
        from remi.scoresheet.errors import GameFinished

        game = self.game(game_id)  # type: ignore[attr-defined]
        sheet = self.sheet(game_id)  # type: ignore[attr-defined]
        if sheet.finished:
            raise GameFinished(game.name, sheet.outcome())

        def run() -> PendingHand:
            from remi.scoresheet.models import PendingPart
            from remi.scoresheet.locks import locked

            with self._session(write=True) as s:  # type: ignore[attr-defined]
                locked(s, game_id)
                rows = _part_rows(s, game_id)
                if seat is None:
                    if part.note is not None:  # type: ignore[union-attr]
                        check_text(part.note, NOTE_MOST, field="note")  # type: ignore[union-attr]
                    key, value = TABLE, encode(check_table(game, part), game)  # type: ignore[arg-type]
                else:
                    check_rack(game, decode(game, [(r.part, r.value) for r in rows]), seat, part)  # type: ignore[arg-type]
                    key, value = seat_part(seat), encode(part)
                row = next((r for r in rows if r.part == key), None) or PendingPart(game_id=game_id, part=key)
                row.value, row.created_at = value, datetime.now(UTC).isoformat(timespec="milliseconds")
                s.add(row)
                s.flush()
                pending = decode(game, [(r.part, r.value) for r in _part_rows(s, game_id)])
                s.commit()
                return pending
        return self._guard(run)  # type: ignore[attr-defined,no-any-return]

    def cancel_pending(self, game_id: int) -> None:
        """Drop the hand in progress, every part of it (the sheet and its history are untouched)."""
        game = self.game(game_id)  # type: ignore[attr-defined]

        def run() -> None:
            from remi.scoresheet.locks import locked

            with self._session(write=True) as s:  # type: ignore[attr-defined]
                locked(s, game_id)
                rows = _part_rows(s, game_id)
                if not rows:
                    raise SheetError("sheet.no_hand_in_progress", game=game.name)
                for r in rows:
                    s.delete(r)
                s.commit()
        self._guard(run)  # type: ignore[attr-defined]

    def record_pending(self, game_id: int, *, again: bool = False) -> Any:
        """Record the hand the parts make, as ``Store.record`` records one (every check, the
        entered-twice one included), and drop the parts: one transaction, so the hand is
        recorded once, however many phones tap Record."""
        game = self.game(game_id)  # type: ignore[attr-defined]
        taken: list[PendingHand] = []

        def before(s: Any) -> None:
            rows = _part_rows(s, game_id)
            taken[:] = [decode(game, [(r.part, r.value) for r in rows])]
            for r in rows:
                s.delete(r)

        def make(settled: GameInfo, log: list[Any]) -> dict[str, Any]:
            pending = taken[0]
            if not pending.started:
                raise SheetError("sheet.no_hand_in_progress_now", game=settled.name)
            if not pending.complete:
                names = tuple(pending.missing_players())
                code = ("sheet.incomplete_closer_and" if names else "sheet.incomplete_closer") if pending.table is None \
                    else "sheet.incomplete"
                raise SheetError(code, names=names)
            hand = seat_names(settled.players, pending.hand())
            result = score_hand(settled.players, settled.teams, settled.rules, hand)  # every check of remi hand
            return self._next_hand(settled, log, hand, result, again=again)  # type: ignore[attr-defined,no-any-return]
        return self._write(game_id, make, before=before)  # type: ignore[attr-defined]


def _part_rows(s: Any, game_id: int) -> list[Any]:
    from sqlmodel import select

    from remi.scoresheet.models import PendingPart

    return list(s.exec(select(PendingPart).where(PendingPart.game_id == game_id).order_by(PendingPart.part)).all())
