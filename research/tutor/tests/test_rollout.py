"""research.tutor.rollout: draws to close alone, the fewest-step throws, and the command's errors."""

from __future__ import annotations

import random

from remi.engine import CLOSED, can_close, parse_tiles
from remi.tutor.policy import weigh
from remi.tutor.view import View

from research.tutor.rollout import CAP, draws_to_close, fewest_step_throws, main, measure

ONE_AWAY = list(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1"))
BOARD = list(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12"))


def test_a_whole_board_closes_on_the_first_draw() -> None:
    assert draws_to_close(BOARD, [], list(parse_tiles("k2 k3 k4"))) == 1


def test_one_step_away_it_closes_on_the_first_out_drawn() -> None:
    seq = list(parse_tiles("k2 k5 r9 y8 b1"))  # y8 is the first out (y8 y9 y10 y11)
    assert draws_to_close(ONE_AWAY, [], seq) == 4
    assert can_close([*ONE_AWAY, parse_tiles("y8")[0]], CLOSED)


def test_no_out_in_the_sequence_counts_past_the_cap() -> None:
    # black and yellow 4s only: two colours make no set of 4s, and no run holds them here
    seq = list(parse_tiles("k4 y4")) * CAP
    assert draws_to_close(ONE_AWAY, [], seq) == CAP + 1
    assert draws_to_close(ONE_AWAY, [], list(parse_tiles("k4"))) == CAP + 1  # the draws ran out


def test_the_fewest_step_throws_are_the_tutors() -> None:
    rack15 = [*ONE_AWAY, parse_tiles("k13")[0]]
    cands, greedy = fewest_step_throws(rack15, [])
    opts = weigh(View(CLOSED, list(ONE_AWAY), [], players=2, stock=60), rack15)
    assert {o.discard for o in opts} == set(cands) == set(parse_tiles("k1 k13"))
    assert set(greedy) == set(cands)  # both leave the same 14 live outs


def test_measure_scores_held_out_sequences() -> None:
    rack15 = [*ONE_AWAY, parse_tiles("k13")[0]]
    r = measure((rack15, [], 40), 4, random.Random(1))
    assert r["candidates"] == 2 and 1 <= r["greedy"] <= CAP + 1
    assert r["best_in_hindsight"] <= r["rollout_best"]


def test_bad_arguments_are_one_line(capsys) -> None:  # noqa: ANN001
    assert main(["0", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error:") and err.count("\n") == 1
