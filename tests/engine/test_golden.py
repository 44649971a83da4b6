"""Every worked example of docs/rules.md A13 and B8, through the engine."""

from __future__ import annotations

import pytest

from remi.engine import (
    CLOSED,
    SIMPLE,
    Formation,
    Tile,
    board_value,
    can_close,
    check_close,
    classify,
    close_multiplier,
    closed_hand,
    iter_closes,
    parse_tiles,
    rack_penalty,
    simple_hand,
    simple_result,
)
from tests.golden.cases import Case, load, pairs

CLOSED_CASES = load("engine/closed.txt")
SIMPLE_CASES = load("engine/simple.txt")


def _losers(case: Case, rules):  # noqa: ANN001, ANN202
    racks: dict[str, int] = {}
    for key, values in case.lists.items():
        kind, _, name = key.partition(" ")
        for value in values:
            if kind == "rack":
                tiles, _, expected = value.partition("=>")
                penalty = rack_penalty(parse_tiles(tiles), rules)
                assert len(parse_tiles(tiles)) == 14
                assert penalty == int(expected), f"{name}'s rack"
                racks[name] = penalty
            elif kind == "penalty":
                racks[name] = int(value)
    return racks


@pytest.mark.parametrize("case", CLOSED_CASES, ids=repr)
def test_closed_example(case: Case) -> None:
    f = case.fields
    if "close" in f:
        tiles, _, expected = f["close"].partition("=>")
        result = check_close(parse_tiles(tiles), CLOSED)
        assert result.can_close is (expected.strip() == "yes")
        if "loose" in f:
            assert len(result.loose) == int(f["loose"])
        return
    for rules, key, scores_key in (
        (CLOSED, "board_value", "scores"),
        (CLOSED.replace(positional_ace=True), "positional", "scores_positional"),
        (CLOSED.replace(max_multiplier=2), "board_value", "scores_cap2"),
    ):
        throw = Tile.parse(f["throw"]) if "throw" in f else None
        if "board" in f:
            groups = [Formation.parse(g, rules) for g in f["board"].split("|")]
            tiles = [t for g in groups for t in g.tiles]
            assert len(tiles) == 14
            if key in f:
                assert board_value(groups, rules) == int(f[key])
            atu = Tile.parse(f["atu"])
            if f.get("atu_close") == "yes":
                rack = list(tiles)
                rack.remove(atu)
                rack.append(throw)
                assert can_close(rack, rules, atu=atu)
                assert not can_close(rack, rules)
            else:
                # The declared board with its throw closes, and the best close pays at least as much.
                result = check_close(tiles + [throw], rules)
                assert result.can_close
                assert result.best.points >= board_value(groups, rules) * close_multiplier(throw, rules)
            board = board_value(groups, rules)
        else:
            board = int(f.get("board_points", 0))
        if scores_key not in f:
            continue
        players = list(pairs(f["scores"]))
        closer = None if f["closer"] == "-" else f["closer"]
        scores = closed_hand(
            players,
            atu=Tile.parse(f["atu"]),
            closer=closer,
            board=board,
            discard=throw if closer else None,
            racks=_losers(case, rules),
            twin=f.get("twin"),
            rules=rules,
        )
        assert {p: s.score for p, s in scores.items()} == pairs(f[scores_key])


@pytest.mark.parametrize("case", SIMPLE_CASES, ids=repr)
def test_simple_example(case: Case) -> None:
    f = case.fields
    if "close" in f:
        tiles, _, expected = f["close"].partition("=>")
        rack = parse_tiles(tiles)
        result = check_close(rack, SIMPLE)
        assert result.can_close is (expected.strip() == "yes")
        if result.can_close:
            assert result.best.points == 0  # card values never matter (SR-20)
        if "reason" in f:
            assert f["reason"] in result.reason
        if "throws" in f:
            discards = {str(c.discard) for c in iter_closes(rack, SIMPLE)}
            assert {str(Tile.parse(t)) for t in f["throws"].split()} <= discards
        if "board" in f:
            groups = [Formation.parse(g, SIMPLE) for g in f["board"].split("|")]
            shown = sorted(t for g in groups for t in g.tiles) + [Tile.parse(f["throw"])]
            assert sorted(shown) == sorted(rack)
            assert {g.kind for g in groups} == {"run", "set"}
    for line in case.lists.get("formation", []):
        tiles, _, verdict = line.partition("=>")
        assert (classify(parse_tiles(tiles), SIMPLE) is not None) is (verdict.strip() == "valid")
    if "rounds" in f:
        players = f["players"].split()
        sides = [s.split("+") for s in f["sides"].split()] if "sides" in f else [[p] for p in players]
        totals = {p: 0 for p in players}
        result = None
        for closer in f["rounds"].split():
            assert result is None, "the game went on after it was lost"
            for p, s in simple_hand(players, closer=closer, teams=sides, rules=SIMPLE).items():
                totals[p] += s.score
            side_totals = {"+".join(s): sum(totals[p] for p in s) for s in sides}
            result = simple_result(side_totals, limit=SIMPLE.limit_teams if "sides" in f else SIMPLE.limit_single)
        assert side_totals == pairs(f["totals"])
        if "loser" in f:
            assert result is not None and result[0] == [f["loser"]]
