"""The hand in progress that every phone fills in (issue 28, item 3), on SQLite and on
PostgreSQL: parts sent one transaction each, re-sent, cancelled; recorded once with every
check of `remi hand`; nothing in the log until then, and only the recorded hand after."""

from __future__ import annotations

import threading

import pytest

from remi.scoresheet.entry import HandInput, RackInput
from remi.scoresheet.errors import SheetError
from remi.scoresheet.store import Store

BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
PLAYERS = ["Ana", "Alexandra", "Dan", "Dumitru"]
pytestmark = pytest.mark.postgres


@pytest.fixture
def store(db_url: str):
    s = Store.open(db_url)
    s.new_game("friday", "closed", PLAYERS)
    yield s
    s.engine.dispose()


def table(**more) -> HandInput:
    return HandInput.parse(**{"atu": "y2", "closer": "Ana", "board": BOARD, **more})


def test_the_parts_fill_in_and_one_call_records_the_hand(store: Store) -> None:
    assert not store.pending(1).started and store.pending(1).missing()[0] == "the closer"
    store.put_pending(1, RackInput(points=95), seat=1)  # a loser may send first
    got = store.put_pending(1, table())
    assert got.missing() == ["Dan", "Dumitru"] and not got.complete
    store.put_pending(1, RackInput(points=90), seat=2)
    store.put_pending(1, RackInput.parse("4h"), seat=3)
    assert store.log(1) == []  # nothing in the sheet's log while it is in progress
    store.put_pending(1, RackInput(points=100), seat=2)  # Dan counted again: replaced
    assert store.pending(1).complete
    sheet = store.record_pending(1)
    assert [r.result.scores[p].score for r in sheet.rows for p in PLAYERS] == [100, -95, -100, -90]
    assert [e.kind for e in store.log(1)] == ["hand"] and not store.pending(1).started
    with pytest.raises(SheetError, match="no hand in progress"):
        store.record_pending(1)  # a second phone's tap: recorded once
    assert len(store.sheet(1).rows) == 1


def test_each_part_is_checked_as_remi_hand_checks_it(store: Store) -> None:
    with pytest.raises(SheetError, match="cannot cost 97"):
        store.put_pending(1, RackInput(points=97), seat=2)
    with pytest.raises(SheetError, match="does not close"):
        store.put_pending(1, table(board=BOARD.replace("y12", "y13")))
    with pytest.raises(SheetError, match="unknown player"):
        store.put_pending(1, table(closer="Cristi"))
    store.put_pending(1, table())
    with pytest.raises(SheetError, match="Ana closed this hand"):
        store.put_pending(1, RackInput(points=95), seat=0)
    assert store.pending(1).missing() == ["Alexandra", "Dan", "Dumitru"]
    # Each rack alone is possible; together they hold 4 jokers and the deck has 2.
    store.put_pending(1, RackInput.parse("2j"), seat=1)
    store.put_pending(1, RackInput.parse("2j"), seat=2)
    store.put_pending(1, RackInput(points=70), seat=3)
    with pytest.raises(SheetError, match="joker"):
        store.record_pending(1)
    assert store.log(1) == [] and store.pending(1).complete  # refused: nothing written, nothing lost
    store.cancel_pending(1)
    store.put_pending(1, table())
    store.put_pending(1, RackInput(points=70), seat=1)
    store.put_pending(1, RackInput(points=70), seat=2)
    with pytest.raises(SheetError, match="not complete: still missing Dumitru"):
        store.record_pending(1)


def test_cancel_drops_the_parts_and_leaves_the_history(store: Store) -> None:
    store.record(1, table(racks={"Alexandra": "95", "Dan": "90", "Dumitru": "4h"}))
    history = store.history(1)
    store.put_pending(1, table())
    store.put_pending(1, RackInput(points=95), seat=1)
    store.cancel_pending(1)
    assert not store.pending(1).started and store.history(1) == history
    with pytest.raises(SheetError, match="no hand in progress"):
        store.cancel_pending(1)


def test_a_repeat_is_refused_unless_meant(store: Store) -> None:
    store.record(1, table(racks={"Alexandra": "95", "Dan": "90", "Dumitru": "4h"}))
    store.put_pending(1, table())
    for seat, rack in ((1, "95"), (2, "90"), (3, "4h")):
        store.put_pending(1, RackInput.parse(rack), seat=seat)
    with pytest.raises(SheetError, match="entered twice"):
        store.record_pending(1)
    assert store.pending(1).complete
    assert len(store.record_pending(1, again=True).rows) == 2


def test_two_phones_sending_at_once_both_land(store: Store, db_url: str) -> None:
    phones = [Store.open(db_url) for _ in range(3)]
    start = threading.Barrier(3)
    errors: list[BaseException] = []

    def send(phone: Store, seat: int) -> None:
        try:
            start.wait()
            for points in (70, 75, 80 + 5 * seat):  # each re-sends twice, the last one counts
                phone.put_pending(1, RackInput(points=points), seat=seat)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=send, args=(phone, seat)) for seat, phone in enumerate(phones, start=1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    for phone in phones:
        phone.engine.dispose()
    assert not errors
    assert {seat: r.points for seat, r in store.pending(1).racks.items()} == {1: 85, 2: 90, 3: 95}


def test_a_rename_while_pending_keeps_every_part(store: Store) -> None:
    """Issue 39.9: the closer's part names the closer and the twin holder by seat, as the racks
    are kept by seat: renaming either while the hand is in progress strands nothing."""
    store.put_pending(1, table(twin="Dan"))
    store.put_pending(1, RackInput(points=95), seat=1)
    store.rename(1, "Ana", "Anna")
    store.rename(1, "Dan", "Daniel")
    pending = store.pending(1)
    assert pending.table.closer == "Anna" and pending.table.twin == "Daniel"
    assert pending.missing() == ["Daniel", "Dumitru"]  # not "Anna": she closed
    store.put_pending(1, RackInput(points=90), seat=2)
    store.put_pending(1, RackInput(points=70), seat=3)
    row = store.record_pending(1).rows[0]
    assert (row.hand.closer, row.hand.twin) == ("Anna", "Daniel")
    assert row.scores["Anna"].closer and row.scores["Daniel"].twin
