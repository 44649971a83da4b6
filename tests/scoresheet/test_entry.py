"""Hand inputs in-process: forced throws, the atu close, quick counts, refusals (fast checks;
the CLI paths are in test_golden and test_bad_input)."""

from __future__ import annotations

import pytest

from remi.engine import CLOSED, SIMPLE
from remi.scoresheet.entry import HandInput, RackInput, quick_penalty, score_hand
from remi.scoresheet.errors import SheetError

C7 = "R10 R11 R12 B5 Y5 K5 R5 K7 K8 K9 K10 Y1 B1 K1 J*"
LOSER = {"L": RackInput(points=75)}


def scores(h: HandInput, players: list[str] | None = None) -> dict[str, int]:
    return {p: s.score for p, s in score_hand(players or ["C", "L"], None, CLOSED, h).scores.items()}


def test_the_best_throw_is_found_and_a_forced_throw_is_paid_as_shown() -> None:
    assert scores(HandInput.parse(closer="C", atu="y3", board=C7, racks=LOSER))["C"] == 300  # throws the joker
    # Forcing K10 keeps the joker on the board (K7 K8 K9 stays a run): paid for that board, CR-29.
    assert scores(HandInput.parse(closer="C", atu="y3", board=C7, throw="k10", racks=LOSER))["C"] == 150 - 10 + 50
    c1 = "R3 R4 R5 R6 B10 B11 B12 K7 Y7 B7 Y9 Y10 Y11 Y12 K2"
    assert scores(HandInput.parse(closer="C", atu="y2", board=c1, throw="k2", racks=LOSER))["C"] == 100
    with pytest.raises(SheetError, match="throwing b11"):
        scores(HandInput.parse(closer="C", atu="y2", board=c1, throw="b11", racks=LOSER))
    with pytest.raises(SheetError, match="not on C's board"):
        scores(HandInput.parse(closer="C", atu="y2", board=c1, throw="r13", racks=LOSER))


def test_atu_close_needs_the_atu_to_fit() -> None:
    board = "R6 R7 R9 B11 B12 B13 B1 Y3 B3 K3 Y5 Y6 Y7 K13"
    assert scores(HandInput.parse(closer="C", atu="r8", atu_close=True, board=board, racks=LOSER))["C"] == 105
    with pytest.raises(SheetError, match="with the atu k2"):
        scores(HandInput.parse(closer="C", atu="k2", atu_close=True, board=board, racks=LOSER))


@pytest.mark.parametrize(("text", "penalty"), [("11L3H", 85), ("3H", 85), ("1J5H", 140), ("2J5H7L", 185), ("14L", 70)])
def test_quick_counts(text: str, penalty: int) -> None:
    rack = RackInput.parse_value(text)
    assert rack.quick is not None and quick_penalty(rack.quick, CLOSED, "x") == penalty


@pytest.mark.parametrize("text", ["-5", "abc", "5.5", "1X", ""])
def test_bad_rack_values(text: str) -> None:
    with pytest.raises(SheetError):
        RackInput.parse_value(text)


def test_simple_board_is_checked_when_given() -> None:
    ok = HandInput.parse(closer="A", board="5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac")
    assert {p: s.score for p, s in score_hand(["A", "B"], None, SIMPLE, ok).scores.items()} == {"A": 0, "B": 100}
    with pytest.raises(SheetError, match="13 cards"):
        score_hand(["A", "B"], None, SIMPLE, HandInput.parse(closer="A", board="5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad"))


def test_hand_input_round_trips_through_a_dict() -> None:
    h = HandInput.parse(closer="C", atu="r1", board_points=135, throw="*", twin="C", racks={"L": "1J5H"},
                        note="late")
    assert HandInput.from_dict(h.to_dict()) == h
