"""Typed refusals (issue 40): every error of the engine and the tutor is a code and its fields,
its sentence made in engine.messages; and the variant object's rules, enforced by the engine
itself (Simple rummy has no atu)."""

from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from remi.engine import (
    CLOSED,
    SIMPLE,
    NotationError,
    RuleError,
    Tile,
    can_close,
    check_close,
    check_counts,
    iter_closes,
    parse_tiles,
)
from remi.engine.messages import TEMPLATES, sentence
from remi.engine.rules import VARIANTS, variant
from remi.scoresheet.errors import EnteredTwice, GameFinished, NoGame, SheetError

ROOT = Path(__file__).resolve().parents[2]
SIMPLE_HAND = parse_tiles("5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac")


@pytest.mark.parametrize("call", [
    lambda atu: check_close(SIMPLE_HAND, SIMPLE, atu=atu),
    lambda atu: check_close(SIMPLE_HAND[:13], SIMPLE, atu=atu),
    lambda atu: can_close(SIMPLE_HAND[:13], SIMPLE, atu=atu),
    lambda atu: list(iter_closes(SIMPLE_HAND[:13], SIMPLE, atu=atu)),
    lambda atu: check_counts(SIMPLE_HAND, SIMPLE, atu=atu),
    lambda atu: check_counts({"Ana": SIMPLE_HAND}, SIMPLE, atu=atu),
])
def test_simple_rummy_has_no_atu_in_the_engine_itself(call) -> None:
    """SR-*: no atu is turned up; the engine refuses one, whichever entry point is called."""
    with pytest.raises(RuleError) as refused:
        call(Tile.parse("r7"))
    assert refused.value.code == "rule.no_atu" and str(refused.value) == "Simple rummy has no atu"
    try:
        call(None)  # without one, the same call answers (or refuses for another reason: 13 cards)
    except RuleError as other:
        assert other.code == "rule.close_size"


def test_a_variant_owns_what_differs() -> None:
    closed, simple = variant("closed"), variant("simple")
    assert (closed.notation, closed.has_atu, closed.scores_tiles, closed.preset) == ("tile", True, True, CLOSED)
    assert (simple.notation, simple.has_atu, simple.scores_tiles, simple.preset) == ("card", False, False, SIMPLE)
    assert (closed.discard_rows, simple.discard_rows) == (True, False)
    assert CLOSED.replace(twin_bonus=25).game is closed and set(VARIANTS) == {"closed", "simple"}
    with pytest.raises(RuleError) as refused:
        variant("gin")
    assert refused.value.code == "rule.unknown_variant" and refused.value.name == "gin"


def test_a_refusal_is_a_code_and_its_fields() -> None:
    with pytest.raises(NotationError) as bad:
        parse_tiles("7h 8h 9x", "card")
    err = bad.value
    assert (err.code, err.token, err.position, err.params["variant"]) == ("notation.bad_token_at", "9x", 3, "simple")
    assert str(err) == "card 3, '9x': not a card (like 7h, Qs, 10d, *)" == sentence(err.code, err.params)
    with pytest.raises(RuleError) as third:
        check_counts(parse_tiles("r7 r7 r7"))
    assert (third.value.code, third.value.tile, third.value.count, third.value.limit) == (
        "rule.third_copy", Tile.parse("r7"), 3, 2)
    with pytest.raises(RuleError) as jokers:
        check_counts(parse_tiles("* * * r1"), CLOSED, where="on Ana's board")
    assert jokers.value.code == "rule.extra_joker_where" and str(jokers.value) == (
        "a 3rd joker on Ana's board: the deck has only 2")
    with pytest.raises(RuleError) as short:
        check_close(SIMPLE_HAND[:13], SIMPLE)
    assert (short.value.code, short.value.size, short.value.count) == ("rule.close_size", 14, 13)
    assert str(short.value) == "a hand going out has 14 cards (SR-17); this one has 13"


def test_a_refusal_survives_pickling() -> None:
    err = pickle.loads(pickle.dumps(EnteredTwice(3)))
    assert isinstance(err, EnteredTwice) and (err.code, err.number) == ("sheet.entered_twice", 3)
    assert str(err) == str(EnteredTwice(3))


def test_the_sheets_refusals_are_typed() -> None:
    assert (NoGame("fri").code, NoGame("fri").selector, NoGame(None).code) == (
        "sheet.no_game", "fri", "sheet.no_game_yet")
    done = GameFinished("friday", "Ana won")
    assert (done.code, done.game, done.outcome, str(done)) == (
        "sheet.finished", "friday", "Ana won", "friday is finished (Ana won)")
    labelled = SheetError("rule.third_copy", fields=("atu",), label="label.atu", tile=Tile.parse("r7"), count=3,
                          limit=2)
    assert str(labelled) == "the atu: a 3rd r7: the deck has only 2" and labelled.detail.startswith("a 3rd")


def _codes_raised(folder: str) -> list[tuple[str, ast.expr]]:
    """Every first argument given to an engine error's constructor in the folder's modules."""
    out = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("RemiError", "RuleError", "NotationError") and node.args):
                out.append((f"{path.relative_to(ROOT)}:{node.lineno}", node.args[0]))
    return out


@pytest.mark.parametrize("folder", ["engine", "tutor"])
def test_every_refusal_of_the_engine_and_the_tutor_has_a_code(folder: str) -> None:
    """No sentence is written where an error is raised: a code of engine.messages, or a name
    holding one (``code = ...``), or an f-string that picks one by its last part."""
    untyped = []
    for where, first in _codes_raised(folder):
        if isinstance(first, ast.Constant) and first.value not in TEMPLATES:
            untyped.append(where)
        if isinstance(first, ast.JoinedStr):
            head = first.values[0]
            if not (isinstance(head, ast.Constant) and any(code.startswith(head.value) for code in TEMPLATES)):
                untyped.append(where)
    assert untyped == []


def test_the_errors_page_example_runs() -> None:
    """docs/errors.md's example is what the engine answers."""
    import doctest

    failures, tried = doctest.testfile(str(ROOT / "docs" / "errors.md"), module_relative=False)
    assert (failures, tried > 0) == (0, True)
