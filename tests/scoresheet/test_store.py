"""The store API on SQLite and PostgreSQL, and the property that any sequence of hands,
undos, fixes and deletions gives the totals of recomputing the hands as finally recorded."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from remi.engine import ALL_KINDS, CLOSED, JOKER, SIMPLE, Tile
from remi.scoresheet.entry import HandInput, QuickCount, RackInput, score_hand
from remi.scoresheet.errors import SheetError
from remi.scoresheet.store import Store

PLAYERS = ["Ana", "Dan", "Ion"]
_names = itertools.count()


@st.composite
def closed_hands(draw: Any) -> HandInput:
    """Valid Closed Rummy hands as a table enters them: numbers, counts, flags (engine.limits:
    numbers a real hand gives, and the deck's 2 jokers among the atu, racks and throw)."""
    closer = draw(st.sampled_from([*PLAYERS, None]))
    atu = draw(st.sampled_from(ALL_KINDS))
    twin = draw(st.sampled_from([*PLAYERS, None]))
    # a joker atu's twin is the other joker (CR-25): held by the twin, in no one's count
    jokers_left = 2 - atu.is_joker - (atu.is_joker and twin is not None)
    racks = {}
    for p in PLAYERS:
        if p == closer:
            continue
        if draw(st.booleans()):
            racks[p] = RackInput(points=draw(st.integers(14, 28)) * 5)  # 70-140: no joker needed
        else:
            j = draw(st.integers(0, min(2, jokers_left)))
            jokers_left -= j
            racks[p] = RackInput(quick=QuickCount.parse(f"{j}J{draw(st.integers(0, 12))}H"))
    if closer is None:
        return HandInput(nobody=True, atu=atu, twin=twin, racks=racks)
    throws = [None, Tile.parse("k5"), *([JOKER] if jokers_left else [])]
    return HandInput(closer=closer, atu=atu, board_points=draw(st.integers(14, 52)) * 5,
                     throw=draw(st.sampled_from(throws)), twin=twin, racks=racks)


ops = st.lists(st.one_of(
    st.tuples(st.just("hand"), closed_hands()),
    st.tuples(st.just("undo")),
    st.tuples(st.just("fix"), st.integers(0, 20), closed_hands()),
    st.tuples(st.just("delete"), st.integers(0, 20)),
), max_size=14)


def apply(store: Store, game_id: int, script: list[tuple[Any, ...]]) -> tuple[list[HandInput], list[int]]:
    """Run the script on the store and on a plain list model with an undo stack; the hands and
    their numbers (issue 39.3: a struck-out hand keeps its number, no later hand takes it)."""
    hands: list[HandInput] = []
    numbers: list[int] = []
    recorded = 0
    undo: list[Any] = []
    for op in script:
        if op[0] == "hand":
            store.record(game_id, op[1], again=True)  # repeats are wanted here: totals are the point
            recorded += 1
            hands.append(op[1])
            numbers.append(recorded)
            undo.append(("pop",))
        elif op[0] == "undo":
            if not undo:
                with pytest.raises(SheetError, match="nothing to undo"):
                    store.undo(game_id)
                continue
            store.undo(game_id)
            inverse = undo.pop()
            if inverse[0] == "pop":
                hands.pop()
                numbers.pop()
                recorded -= 1
            elif inverse[0] == "put":
                hands[inverse[1]] = inverse[2]
            else:
                hands.insert(inverse[1], inverse[2])
                numbers.insert(inverse[1], inverse[3])
        elif not hands:
            continue
        elif op[0] == "fix":
            i = op[1] % len(hands)
            store.fix(game_id, numbers[i], op[2])
            undo.append(("put", i, hands[i]))
            hands[i] = op[2]
        else:
            i = op[1] % len(hands)
            store.delete(game_id, numbers[i])
            undo.append(("insert", i, hands.pop(i), numbers.pop(i)))
    return hands, numbers


def recompute(hands: list[HandInput]) -> dict[str, int]:
    totals = dict.fromkeys(PLAYERS, 0)
    for h in hands:
        for p, s in score_hand(PLAYERS, None, CLOSED, h).scores.items():
            totals[p] += s.score
    return totals


@pytest.mark.postgres
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(script=ops)
def test_any_sequence_of_entries_gives_the_recomputed_totals(store: Store, script: list[tuple[Any, ...]]) -> None:
    game = store.new_game(f"g{next(_names)}", "closed", PLAYERS)
    hands, numbers = apply(store, game.id, script)
    sheet = store.sheet(game.id)
    assert [r.hand for r in sheet.rows] == hands
    assert sheet.totals == recompute(hands)
    assert [r.number for r in sheet.rows] == numbers
    # A fresh store (another process) reads the same, and a round trip through export keeps it.
    again = Store(store.engine, url=store.url).sheet(game.id)
    assert again.totals == sheet.totals and [r.hand for r in again.rows] == hands
    copy = store.import_game(store.export_game(game.id), name=f"copy{next(_names)}")
    assert store.export_game(copy.id)["actions"] == store.export_game(game.id)["actions"]
    assert store.sheet(copy.id).totals == sheet.totals


@pytest.fixture
def store(db_url: str) -> Any:
    s = Store.open(db_url)
    yield s
    s.engine.dispose()


@pytest.mark.postgres
def test_a_game_end_to_end_in_the_store(store: Store) -> None:
    g = store.new_game(None, "simple", ["N", "E", "S", "W"], teams=[["N", "S"], ["E", "W"]])
    assert g.name == "game 1" and store.find_game().id == g.id
    for closer in ("W", "S", "E", "N", "N"):
        sheet = store.record(g.id, HandInput(closer=closer))
    assert sheet.finished and sheet.winners == ["N", "S"] and sheet.side_totals() == {"N+S": 400, "E+W": 600}
    with pytest.raises(SheetError, match="finished"):
        store.record(g.id, HandInput(closer="E"))
    sheet, undone = store.undo(g.id)
    assert undone.kind == "hand" and not sheet.finished
    assert store.find_game(str(g.id)).name == "game 1"
    with pytest.raises(SheetError, match="no game"):
        store.find_game("nope")


def test_hands_are_stored_as_entered_in_canonical_notation() -> None:
    store = Store.open("sqlite://")
    g = store.new_game("x", "closed", PLAYERS)
    store.record(g.id, HandInput.parse(closer="Ana", atu="Y2", board="R3,R4,R5,R6 · B10 B11 B12 K7 Y7 B7 Y9 Y10 Y11 Y12 K2",
                                       racks={"Dan": "3h", "Ion": "Qs Qs 7h 7h 2c 2c 3d 3d 4s 4s 8h 8h 6c 6c"}))
    hand = store.log(g.id)[0].hand.to_dict()  # the stored form: canonical notation
    assert hand is not None and hand["atu"] == "y2" and hand["board"].startswith("r3 r4 r5 r6 b10")
    assert hand["racks"]["Dan"]["quick"] == "3H" and hand["racks"]["Ion"]["tiles"] is not None


def test_scores_follow_the_rules_stored_with_the_game() -> None:
    """A rules fix (here: the game's house option) recomputes old hands from their inputs."""
    store = Store.open("sqlite://")
    positional = CLOSED.replace(positional_ace=True)
    g = store.new_game("x", "closed", ["Closer", "Dan"], rules=positional)
    board = "R1 R2 R3 B12 B13 B1 K1 Y1 B1 Y4 Y5 Y6 Y7 Y8 R10"
    sheet = store.record(g.id, HandInput.parse(closer="Closer", atu="k6", board=board, racks={"Dan": "90"}))
    assert sheet.totals == {"Closer": 145, "Dan": -90}
    assert score_hand(["Closer", "Dan"], None, CLOSED, sheet.rows[0].hand).scores["Closer"].score == 180


def test_simple_refuses_closed_only_options() -> None:
    with pytest.raises(SheetError, match="the atu is for Closed Rummy") as refused:
        score_hand(["A", "B"], None, SIMPLE, HandInput.parse(closer="A", atu="k5"))
    assert refused.value.fields == ("atu",)  # the CLI names its flag: --atu


@pytest.mark.postgres
def test_a_target_and_a_rename_are_actions_on_both_databases(store: Store) -> None:
    """Recorded, undoable and in the history like a hand; an export replays them (SQLite and PostgreSQL)."""
    g = store.new_game("evening", "closed", ["Ana", "Bogdi"], target=1000)
    store.record(g.id, HandInput.parse(closer="Ana", atu="k5", board_points=150, racks={"bogdi": "70"}))
    sheet = store.rename(g.id, "BOGDI", "Bogdan")
    assert sheet.game.players == ("Ana", "Bogdan") and sheet.rows[0].hand.racks.keys() == {"Bogdan"}
    sheet = store.set_target(g.id, 100)
    assert sheet.finished and sheet.winners == ["Ana"] and store.game(g.id).target == 100
    with pytest.raises(SheetError, match="finished"):
        store.record(g.id, HandInput.parse(closer="Ana", atu="k5", board_points=150, racks={"Bogdan": "70"}))
    sheet, undone = store.undo(g.id)
    assert undone.kind == "target" and sheet.game.target == 1000 and not sheet.finished
    assert [(h.kind, h.undone) for h in store.history(g.id)] == [
        ("hand", False), ("rename", False), ("target", True), ("undo", False)]
    with pytest.raises(SheetError, match="named twice"):
        store.rename(g.id, "ana", "bogdan")
    copy = store.import_game(store.export_game(g.id), name="evening copy")
    assert store.game(copy.id).players == ("Ana", "Bogdan") and store.sheet(copy.id).totals == sheet.totals
    assert store.version(g.id) == 4
