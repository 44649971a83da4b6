"""The atu as a sure out (CR-19): a rack one tile short whose gap the atu fills closes on the
next turn, without drawing. The tutor's ranking and draw count it as such."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from remi.engine import CLOSED, Tile, can_close, check_close, parse_tiles
from remi.tutor.policy import POLICIES, atu_fills, draw_advice, p_close_within, p_reach, weigh
from remi.engine.counts import counts
from remi.engine.counts import need as need_of
from remi.tutor.sim import full_deck
from remi.tutor.steps import analyse_counts
from remi.tutor.view import View, seen_counts, unseen_total

# Four formations of 11 tiles (r3-r6, b10-b12, k1-k4) and two pairs, y8 y9 and k7 b7: any of
# y8 y9 k7 b7 thrown keeps one step; y8 or y9 leaves the 7s to complete (r7 or y7), k7 or b7
# the yellow run (y7 or y10).
RACK15 = parse_tiles("r3 r4 r5 r6 b10 b11 b12 k1 k2 k3 k4 y8 y9 k7 b7")
ATU = Tile.parse("r7")


def _view(rack: list[Tile], atu: Tile | None = ATU, top: Tile | None = None) -> View:
    return View(CLOSED, list(rack), [atu] if atu is not None else [], top, atu, [], [], 14, 40, 4)


def test_the_throw_that_lets_the_atu_fill_the_gap_comes_first_and_closes_surely() -> None:
    opts = weigh(_view(RACK15), RACK15)
    most = max(opts, key=lambda o: o.outs)
    assert str(most.discard) in ("k7", "b7")  # most live outs: y7 y10 and jokers, 6
    best = opts[0]
    assert str(best.discard) in ("y8", "y9") and best.atu_fills
    assert best.steps == 1 and best.p_close == 1.0
    assert {str(o.discard) for o in opts if not o.atu_fills} == {"k7", "b7"}
    assert all(o.p_close < 1 for o in opts if not o.atu_fills)
    # ... and it is a sure close: the next turn, the atu pulled in instead of drawing.
    rest = list(RACK15)
    rest.remove(best.discard)
    close = check_close(rest, CLOSED, atu=ATU).best
    assert close is not None and ATU in [t for f in close.formations for t in f.tiles]


def test_without_an_atu_filling_a_gap_nothing_changes() -> None:
    view = _view(RACK15, atu=Tile.parse("k13"))
    unseen = unseen_total(view, seen_counts(view, RACK15))
    for o in weigh(view, RACK15):
        assert not o.atu_fills and o.p_close == pytest.approx(p_reach(o.steps, o.outs / unseen, 3))


def test_a_joker_atu_fills_any_gap_a_joker_would() -> None:
    joker = Tile.parse("*")
    opts = weigh(_view(RACK15, atu=joker), RACK15)
    assert all(o.atu_fills and o.p_close == 1.0 for o in opts)


@pytest.mark.parametrize("seed", range(3))
def test_whenever_the_atu_is_said_to_fill_a_one_step_rack_it_closes(seed: int) -> None:
    """Against the engine: every 14-tile rack one step away whose outs hold the atu's kind
    closes with the atu pulled in (CR-19), and no atu outside the outs does."""
    rng = random.Random(seed)
    deck = full_deck(CLOSED)
    board = parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12")
    checked = 0
    while checked < 30:
        # A board with one tile swapped for a random one: one step away, or a board still.
        rack = list(board)
        rack.pop(rng.randrange(len(rack)))
        rack.append(rng.choice(deck))
        cnt, j = counts(rack)
        steps, mask = analyse_counts(cnt, j, 14, need_of(CLOSED), CLOSED.long_run)
        if steps != 1:
            continue
        for code in range(53):
            atu = Tile(code)
            if rack.count(atu) >= (CLOSED.jokers if atu.is_joker else CLOSED.copies):
                continue  # every copy on the rack: it cannot be the atu
            fills = atu_fills(_view(rack, atu), mask)
            assert can_close(rack, CLOSED, atu=atu) == fills, (rack, atu)
        checked += 1


def test_the_draw_takes_a_row_tile_that_lets_the_atu_fill_the_last_gap() -> None:
    rack = list(RACK15)
    rack.remove(Tile.parse("k7"))  # one step away: the 7s lack two, so y7 or y10 for the yellow run
    top = Tile.parse("k7")
    view = _view(rack, top=top)
    assert POLICIES["greedy"](random.Random(0)).draw(view) == "stock"  # k7 leaves the steps as they are
    assert draw_advice(view) == "row"  # ... but then y8 thrown, the atu r7 closes
    assert draw_advice(_view(rack, atu=Tile.parse("k13"), top=top)) == "stock"


def test_the_tutor_plays_the_atu_and_greedy_does_not() -> None:
    rng = random.Random(0)
    tutor, greedy = POLICIES["tutor"](rng), POLICIES["greedy"](rng)
    assert str(tutor.discard(_view(RACK15), list(RACK15))) in ("y8", "y9")
    assert str(greedy.discard(_view(RACK15), list(RACK15))) in ("k7", "b7")
    rack = list(RACK15)
    rack.remove(Tile.parse("k7"))
    row_view = _view(rack, top=Tile.parse("k7"))
    assert tutor.draw(row_view) == "row"
    assert greedy.draw(row_view) == "stock"


def test_the_advice_says_when_the_atu_fills_a_gap() -> None:
    from remi.tutor import advise

    after = advise(" ".join(map(str, RACK15)), variant="closed", atu="r7")
    assert after["advice"][0]["atu_fills"] and after["advice"][0]["p_close"] == 1.0
    assert "atu r7" in after["explanation"] and "pull the atu in" in after["explanation"]
    assert not any(o["atu_fills"] for o in after["advice"] if o["discard"] in ("k7", "b7"))
    before = advise("r3 r4 r5 r6 b10 b11 b12 k1 k2 k3 k4 y8 b7 k13", variant="closed", atu="r7")
    assert before["draw"] == "stock" and before["steps"] == 2
    assert "The atu r7 fills one of the gaps" in before["explanation"]
    plain = advise("r3 r4 r5 r6 b10 b11 b12 k1 k2 k3 k4 y8 b7 k13", variant="closed", atu="y1")
    assert "atu" not in plain["explanation"]


def _turn_by_turn(steps: int, p: float, turns: int, fills: bool) -> float:
    """The chance to close within ``turns`` turns, played out turn by turn over every
    sequence of draws (out or not): each turn the player pulls the atu in when it fills the
    one gap left (CR-19: instead of drawing), else draws, an out with chance ``p``."""
    if turns == 0:
        return 0.0
    if fills and steps == 1:
        return 1.0  # this turn: the atu instead of a draw
    hit = 1.0 if steps <= 1 else _turn_by_turn(steps - 1, p, turns - 1, fills)
    return p * hit + (1 - p) * _turn_by_turn(steps, p, turns - 1, fills)


@given(st.integers(1, 4), st.floats(0, 1), st.integers(0, 8), st.booleans())
def test_the_chance_to_close_with_the_atu_is_the_turn_by_turn_rule(steps: int, p: float, turns: int,
                                                                   fills: bool) -> None:
    assert p_close_within(steps, p, turns, fills) == pytest.approx(_turn_by_turn(steps, p, turns, fills))


def test_two_steps_with_the_atus_gap_are_one_out_and_then_the_pull() -> None:
    """The README's position: throwing b12 leaves two steps, and the atu (b8) fills a gap. The
    pull closes only after the one out that leaves the atu the last gap (b9: b8 b9 b10 b11);
    after another out (b12, y8, ...) the atu fills nothing. So its chance within 3 draws is
    under one out in 2 draws and the pull, and it is what the draws, dealt and played, bring."""
    from remi.tutor import advise
    from research.tutor.chance_check import simulate

    got = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", variant="closed", atu="b8",
                 drawn="k13", seats="Ana,Dan", me="Ana", rows={"Ana": ["y8", "b5"], "Dan": ["r9"]})
    b12 = next(o for o in got["advice"] if o["discard"] == "b12")
    assert b12["steps"] == 2 and b12["atu_fills"]
    unseen = 106 - 15 - 3 - 1  # the rack, the rows and the atu
    assert b12["p_close"] < 1 - (1 - b12["outs"] / unseen) ** 2
    rest = list(parse_tiles("r3 r4 r5 r6 b10 b11 k7 y7 b7 y9 y10 y11 k1 k13"))
    seen = list(parse_tiles("y8 b5 r9 b8 b12"))
    played = simulate(rest, CLOSED, seen, 3, Tile.parse("b8"), samples=300, clairvoyant=False).player
    assert abs(b12["p_close"] - played) <= 0.06, (b12["p_close"], played)
