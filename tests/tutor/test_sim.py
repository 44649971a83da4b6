"""The simulator: tiles conserved, the row rules kept, scores from the engine, Simple's rules."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from remi.engine import CLOSED, SIMPLE, closed_hand, rack_penalty
from remi.tutor.policy import POLICIES, GreedyBot, RandomBot
from remi.tutor.sim import InvariantError, Table, play_hand, run_match


class RowLover(RandomBot):
    """Always asks for the row, even when a joker lies on top of it."""

    def draw(self, view):  # noqa: ANN001, ANN201
        return "row"


def _bots(kind: type, n: int, seed: int) -> list:
    return [kind(random.Random(seed * 10 + s)) for s in range(n)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_closed_conserves_106_tiles_every_turn(players: int, seed: int) -> None:
    table = Table(CLOSED, players, seed, _bots(RowLover, players, seed), check=True)
    assert table.total == 106
    table.check()
    table.play_closed()  # check=True verifies the count after every turn
    assert table.count() == 106


@pytest.mark.parametrize("seed", range(3))
def test_simple_conserves_108_cards_every_turn(seed: int) -> None:
    table = Table(SIMPLE, 2, seed, _bots(RowLover, 2, seed), check=True)
    assert table.total == 108
    table.play_simple()
    assert table.count() == 108


def test_the_check_catches_a_lost_tile() -> None:
    table = Table(CLOSED, 2, 1, _bots(RandomBot, 2, 1))
    table.stock.pop()
    with pytest.raises(InvariantError):
        table.check()


@pytest.mark.parametrize("seed", range(6))
def test_row_draws_take_only_the_top_and_never_a_joker(seed: int) -> None:
    table = Table(CLOSED, 3, seed, _bots(RowLover, 3, seed), check=True)
    table.play_closed()
    assert table.events, "the row lover drew from a row at least once"
    for _, where, tile, top in table.events:
        assert where == "row"
        assert tile is top
        assert not tile.is_joker


def test_a_joker_thrown_into_a_row_is_never_taken() -> None:
    from remi.engine import JOKER

    class JokerThrower(RowLover):
        def discard(self, view, rack15):  # noqa: ANN001, ANN201
            return JOKER if JOKER in rack15 else super().discard(view, rack15)

    bots = [JokerThrower(random.Random(1)), RowLover(random.Random(2))]
    table = Table(CLOSED, 2, 3, bots, check=True)
    if JOKER not in table.racks[0]:  # give the starter a joker from the stock
        k = table.stock.index(JOKER) if JOKER in table.stock else None
        if k is None:
            pytest.skip("both jokers elsewhere in this deal")
        table.stock[k], table.racks[0][0] = table.racks[0][0], table.stock[k]
    table.play_closed()
    assert table.rows[1][0] is JOKER  # thrown first, never taken, still at the bottom
    assert all(not tile.is_joker for _, _, tile, _ in table.events)


@pytest.mark.parametrize("seed", range(3))
def test_closed_scores_come_from_the_engine(seed: int) -> None:
    res = play_hand(CLOSED, _bots(GreedyBot, 3, seed), seed)
    names = ["0", "1", "2"]
    racks = {names[i]: rack_penalty(res.racks[i], CLOSED) for i in range(3) if i != res.closer}
    expected = closed_hand(
        names, atu=res.atu, closer=None if res.closer is None else names[res.closer],
        board=res.close.board if res.close else 0, discard=res.close.discard if res.close else None,
        racks=racks, twin=None if res.twin is None else names[res.twin], rules=CLOSED)
    assert res.scores == [expected[n].score for n in names]
    if res.closer is not None:
        assert res.scores[res.closer] > 0
        board = sorted(t.code for f in res.close.formations for t in f.tiles)
        assert board == sorted(t.code for t in res.racks[res.closer])


@pytest.mark.parametrize("seed", range(4))
def test_simple_nobody_goes_out_in_the_first_round(seed: int) -> None:
    res = play_hand(SIMPLE, _bots(GreedyBot, 2, seed), seed, check=True)
    if res.closer is not None:
        assert res.turns[res.closer] >= 1
        # the dealer's first chance is their second turn; everyone else's their second draw
        assert res.turns[res.closer] >= (1 if res.closer == 0 else 2)
        assert sorted(res.scores) == [-100, 0]


def test_simple_tournante_goes_under_the_pile_when_nobody_keeps_it() -> None:
    class Stocker(RandomBot):
        def draw(self, view):  # noqa: ANN001, ANN201
            return "stock"

    table = Table(SIMPLE, 2, 5, _bots(Stocker, 2, 5), check=True)
    first = None
    orig = table.bots[0].discard

    def spy(view, rack):  # noqa: ANN001, ANN202
        nonlocal first
        d = orig(view, rack)
        if first is None:
            first = d
        return d

    table.bots[0].discard = spy
    table.play_simple(max_turns=4)
    if not first.is_joker:
        assert table.rows[0][0] == first


def test_duplicate_match_reports_every_policy_with_errors() -> None:
    res = run_match(CLOSED, ["tutor", "greedy"], deals=2, seed=3)
    assert res["hands"] == 4
    for name in ("tutor", "greedy"):
        r = res["results"][name]
        for key in ("win_share", "win_share_se", "points_per_hand", "points_per_hand_se",
                    "turns_to_close", "turns_to_close_se", "feed_rate", "feed_rate_se"):
            assert key in r
    assert abs(res["results"]["tutor"]["win_share"] + res["results"]["greedy"]["win_share"] - 1) < 1e-9


def test_the_module_entry_point_prints_json() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "remi.tutor.sim", "--variant", "closed", "--players", "2", "--hands", "2",
         "--seed", "1", "--policies", "random,greedy", "--json"],
        capture_output=True, text=True, check=True, timeout=300)
    data = json.loads(out.stdout)
    assert set(data["results"]) == {"random", "greedy"}


def test_the_module_entry_point_rejects_bad_input() -> None:
    out = subprocess.run([sys.executable, "-m", "remi.tutor.sim", "--players", "3", "--policies", "tutor,greedy"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr.startswith("error:") and "Traceback" not in out.stderr


def test_policies_are_registered() -> None:
    assert set(POLICIES) == {"random", "greedy", "tutor"}


def test_a_round_without_a_stock_draw_ends_the_hand() -> None:
    # Row lovers always take their row's top: after the first round nobody draws from the
    # stock, so the table stops (docs/rules.md 0.8) instead of playing for ever.
    table = Table(CLOSED, 3, 7, _bots(RowLover, 3, 7), check=True)
    res = table.play_closed()
    assert table.stopped or res.closer is not None or not table.stock
