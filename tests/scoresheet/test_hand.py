"""The typed hand input: parsed once, one codec for the stored form, scored once per write,
and errors that name fields (the CLI names its flags; no library message names one)."""

from __future__ import annotations

import ast
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.engine import ALL_KINDS, JOKER, Tile
from remi.scoresheet import entry, sheet, store
from remi.scoresheet.entry import HandInput, QuickCount, RackInput, score_hand
from remi.scoresheet.errors import SheetError
from remi.scoresheet.hand import FIELDS
from remi.scoresheet.models import Action
from remi.scoresheet.store import Store
from tests.scoresheet.conftest import ROOT, Remi

tiles = st.lists(st.sampled_from(ALL_KINDS), min_size=1, max_size=15).map(tuple)
names = st.sampled_from(["Ana", "Dan", "Ion", "Émile"])
racks = st.one_of(
    st.builds(RackInput, tiles=tiles),
    st.builds(RackInput, points=st.integers(0, 500)),
    st.builds(RackInput, quick=st.sampled_from(["11L3H", "1J4H", "3H", "2J5H7L", "14L"]).map(QuickCount.parse)),
)
hands = st.builds(
    HandInput, closer=st.none() | names, nobody=st.booleans(), atu=st.none() | st.sampled_from(ALL_KINDS),
    board=st.none() | tiles, board_points=st.none() | st.integers(0, 2000), throw=st.none() | st.sampled_from(ALL_KINDS),
    atu_close=st.booleans(), twin=st.none() | names, racks=st.dictionaries(names, racks, max_size=3),
    note=st.none() | st.text(max_size=20),
)


@settings(max_examples=200, deadline=None)
@given(hands)
def test_the_stored_form_round_trips(h: HandInput) -> None:
    stored = json.loads(json.dumps(h.to_dict()))  # plain JSON values only
    assert HandInput.from_dict(stored) == h
    assert list(stored) == list(FIELDS)


def test_the_table_holds_exactly_the_codec_fields() -> None:
    """The hand's columns of ``action`` are the codec's fields: one declaration each."""
    columns = set(Action.model_fields) - {"id", "game_id", "seq", "kind", "hand_seq", "undoes", "created_at", "change"}
    assert columns == set(FIELDS)


def test_an_old_stored_form_still_reads() -> None:
    """What remi stored before the typed input (strings, a missing note) reads the same."""
    old = {"closer": "Ana", "nobody": False, "atu": "y2", "board": "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2",
           "board_points": None, "throw": None, "atu_close": False, "twin": None,
           "racks": {"Bogdan": {"points": 95}, "Cristi": {"quick": "1J4H"}}}
    h = HandInput.from_dict(old)
    assert h.atu == Tile.parse("y2") and len(h.board or ()) == 15 and h.racks["Cristi"].quick == QuickCount.parse("1j4h")
    assert {k: v for k, v in h.to_dict().items() if k != "note"} == old


@pytest.mark.parametrize("word", ["*", "jk", "j*", "joker", "jkr", "JKR", "Joker"])
def test_every_joker_word_is_a_joker_close(word: str) -> None:
    assert HandInput.parse(throw=word, joker_close=True).throw == JOKER


@pytest.mark.parametrize(("field", "value", "label"), [
    ("atu", "r14", "the atu"), ("atu", "r1 r2", "the atu"), ("board", "r3 q9", "the board"),
    ("board_points", "12x", "the board's points"), ("throw", "zz", "the throw"),
])
def test_a_bad_value_names_its_field(field: str, value: str, label: str) -> None:
    with pytest.raises(SheetError) as refused:
        HandInput.parse(**{field: value})
    assert refused.value.fields == (field,) and refused.value.label == label
    assert str(refused.value).startswith(f"{label}: ")


def test_a_joker_close_with_another_throw_names_the_throw() -> None:
    with pytest.raises(SheetError, match="a joker close throws a joker") as refused:
        HandInput.parse(throw="k5", joker_close=True)
    assert refused.value.fields == ("throw",)


def test_text_where_tiles_belong_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="HandInput.parse"):
        HandInput(atu="y2")  # type: ignore[arg-type]


def test_no_library_message_names_a_command_line_flag() -> None:
    """Library strings (not docstrings) never say --flag: the CLI maps fields to its flags."""
    offenders = []
    for path in sorted((ROOT / "scoresheet").glob("*.py")):
        tree = ast.parse(path.read_text())
        docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                      if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                      and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                if any(w.startswith("--") and w[2:3].isalpha() for w in node.value.split()):
                    offenders.append(f"{path.name}:{node.lineno}: {node.value!r}")
    assert offenders == []


def test_a_hand_is_scored_once_per_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """record validates by scoring, and the sheet it returns reuses those scores (and the
    earlier hands' scores from the store's last sheet): one score_hand call per write."""
    calls: list[HandInput] = []

    def counting(*args: Any) -> Any:
        calls.append(args[-1])
        return score_hand(*args)

    for module in (store, sheet, entry):
        monkeypatch.setattr(module, "score_hand", counting, raising=False)
    s = Store.open("sqlite://")
    g = s.new_game("x", "closed", ["Ana", "Dan"])
    board = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
    for i in range(5):
        hand = HandInput.parse(closer="Ana", atu="y2", board=board, racks={"Dan": str(70 + 5 * i)})
        calls.clear()
        sheet_after = s.record(g.id, hand)
        assert calls == [hand] and len(sheet_after.rows) == i + 1
    calls.clear()
    s.fix(g.id, 2, HandInput.parse(closer="Ana", atu="y2", board_points=150, racks={"Dan": "95"}))
    assert len(calls) == 1  # the fixed hand only: the others keep their scores


def test_the_cli_names_the_flag_and_reads_jkr(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Dan")
    r = remi("hand", "--atu", "r14", "--closer", "Ana", "--board-points", "100", "--points", "Dan=70")
    assert r.code == 2 and r.err.startswith("remi: --atu: ") and "'r14'" in r.err
    r = remi("hand", "--atu", "y2", "--closer", "Dan", "--board-points", "100", "--points", "Dan=70")
    assert r.code == 2 and r.err.startswith("remi: --rack/--points: Dan closed"), r.err
    s = remi.ok("hand", "--atu", "r1", "--closer", "Ana", "--board-points", "135", "--throw", "jkr", "--joker-close",
                "--points", "Dan=100")
    assert s["hands"][0]["scores"] == {"Ana": 540, "Dan": -200} and s["hands"][0]["throw"] == "*"


def test_every_hand_field_has_a_flag() -> None:
    from remi.sheet_hand import FLAGS

    assert set(FIELDS) <= set(FLAGS)


def test_the_version_grows_with_every_change() -> None:
    s = Store.open("sqlite://")
    g = s.new_game("x", "simple", ["Ana", "Dan"])
    seen = [s.version(g.id)]
    s.record(g.id, HandInput(closer="Ana"))
    seen.append(s.version(g.id))
    s.undo(g.id)
    seen.append(s.version(g.id))
    assert seen == [0, 1, 2]
