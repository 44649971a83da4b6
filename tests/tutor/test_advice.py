"""tutor.advise: the JSON contract, live outs, feed risk, joker throws, errors; and the CLI's errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from remi.engine import CLOSED, RemiError, Tile, parse_tiles
from remi.cli import app
from remi.tutor.advice import advise
from remi.tutor.feed import feed_risk
from remi.tutor.policy import Option, p_reach
from remi.tutor.view import View
from remi.tutor.words import throw_words

ONE_AWAY = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1"


def test_json_contract_after_the_draw() -> None:
    a = advise(ONE_AWAY, variant="closed", drawn="k13")
    assert set(a) >= {"draw", "advice", "explanation"}
    assert a["draw"] is None
    for item in a["advice"]:
        assert set(item) >= {"discard", "steps", "outs", "p_close", "feed_risk", "score"}
        assert 0 <= item["p_close"] <= 1 and 0 <= item["feed_risk"] <= 1
    steps = [x["steps"] for x in a["advice"]]
    assert steps == sorted(steps), "best first: the fewest steps lead"
    assert len({x["discard"] for x in a["advice"]}) == len(a["advice"]) == 15


def test_outs_never_count_a_tile_whose_copies_are_all_visible() -> None:
    base = advise(ONE_AWAY, drawn="k13")["advice"][0]
    assert "y8" in base["out_tiles"]
    # both y8 seen in the rows: y8 stays a needed kind, but adds no live out
    seen = advise(ONE_AWAY, drawn="k13", rows={"me": ["y8"], "Dan": ["y8"]}, seats=["me", "Dan"])["advice"][0]
    assert seen["outs"] == base["outs"] - 2
    # the atu counts as seen too, and so do my own tiles
    atu = advise(ONE_AWAY, drawn="k13", atu="y12")["advice"][0]
    assert atu["outs"] == base["outs"] - 1


def test_joker_copies_count_as_outs_until_both_are_seen() -> None:
    base = advise(ONE_AWAY, drawn="k13")["advice"][0]
    both = advise(ONE_AWAY, drawn="k13", rows={"me": ["*"], "Dan": ["*"]}, seats=["me", "Dan"])["advice"][0]
    assert base["outs"] - both["outs"] == 2


def test_throwing_a_joker_is_weighed_and_a_joker_never_feeds() -> None:
    rack = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 * k1"
    a = advise(rack, drawn="k13")
    joker = next(x for x in a["advice"] if x["discard"] == "*")
    assert joker["feed_risk"] == 0.0
    assert joker["steps"] > a["advice"][0]["steps"]


def test_feed_risk_rises_with_what_the_neighbour_took_and_falls_with_what_they_threw() -> None:
    rack = list(parse_tiles(ONE_AWAY + " k13"))
    tile = parse_tiles("r9")[0]
    plain = View(CLOSED, rack, [], players=2, left_hidden=14, stock=40)
    took = View(CLOSED, rack, [], players=2, left_hidden=14, stock=40, left_took=list(parse_tiles("r8 r10")))
    threw = View(CLOSED, rack, [], players=2, left_hidden=14, stock=40, left_threw=list(parse_tiles("r9")))
    seen = [0] * 53
    assert feed_risk(tile, took, seen) > feed_risk(tile, plain, seen) > feed_risk(tile, threw, seen)


def test_p_close_is_a_probability_growing_with_draws_and_outs() -> None:
    assert p_reach(0, 0.0, 1) == 1.0
    assert p_reach(1, 0.2, 1) == pytest.approx(0.2)
    assert p_reach(2, 0.2, 2) == pytest.approx(0.04)
    assert p_reach(1, 0.2, 3) < p_reach(1, 0.2, 5) < 1
    assert p_reach(2, 0.1, 5) < p_reach(2, 0.3, 5)


def test_before_the_draw_with_the_stock() -> None:
    a = advise(ONE_AWAY, rows={"me": ["k5"], "Dan": []}, seats=["me", "Dan"])
    assert a["draw"] == "stock" and a["stage"] == "draw"
    assert a["steps"] == 1 and a["outs"] == 14


def test_drawn_from_the_row_leaves_the_row() -> None:
    a = advise(ONE_AWAY, rows={"me": ["k5", "y12"], "Dan": []}, seats=["me", "Dan"], drawn="y12", source="row")
    assert a["advice"][0]["steps"] == 0


def test_simple_rummy_json() -> None:
    a = advise("7h 8h 9h Js Jh Jc 2c 3c 5c As Ad Ac 10d", variant="simple", drawn="Kd")
    assert a["variant"] == "simple"
    assert all(not x["discard"][0] in "kbry" or x["discard"] == "*" for x in a["advice"])


@pytest.mark.parametrize("kwargs,message", [
    (dict(rack="r3 r4"), "a rack holds 14"),
    (dict(rack=ONE_AWAY + " r3 r3"), "rack holds"),
    (dict(rack=ONE_AWAY, drawn="r3", rows={"me": ["r3"]}), "the deck has only 2"),
    (dict(rack=ONE_AWAY, atu="r3 r4"), "one tile"),
    (dict(rack=ONE_AWAY, variant="simple", atu="r3"), "no atu"),
    (dict(rack=ONE_AWAY, variant="bridge"), "unknown variant"),
    (dict(rack=ONE_AWAY, drawn="k13", source="sky"), "unknown source"),
    (dict(rack=ONE_AWAY, rows={"Zed": ["r9"]}, seats=["me", "Dan"]), "belongs to nobody"),
])
def test_bad_input_is_a_remi_error(kwargs: dict, message: str) -> None:
    with pytest.raises(RemiError, match=message):
        advise(**kwargs)


def test_cli_json_and_errors() -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["advise", ONE_AWAY, "--drawn", "k13", "--json"])
    assert ok.exit_code == 0
    assert json.loads(ok.output)["advice"][0]["discard"] in ("k1", "k13")
    bad = runner.invoke(app, ["advise", "r3 r4 q9"])
    assert bad.exit_code == 2
    assert "q9" in bad.output and "Traceback" not in bad.output
    bad_row = runner.invoke(app, ["advise", ONE_AWAY, "--row", "oops"])
    assert bad_row.exit_code == 2


def test_cli_help_has_an_example() -> None:
    out = CliRunner().invoke(app, ["advise", "--help"])
    assert out.exit_code == 0
    assert "remi advise" in out.output and "--drawn" in out.output


def test_cli_table_output() -> None:
    out = CliRunner().invoke(app, ["advise", ONE_AWAY, "--drawn", "k13"])
    assert out.exit_code == 0
    assert "Throw k1" in out.output or "Throw k13" in out.output


def test_a_row_tile_advised_counts_once_in_the_outs_after_it() -> None:
    # r5 serves both b5 k5 and r3 r4: taken from the row, its other copy is still a live out
    rack = "b5 k5 r3 r4 b10 b11 b12 k7 y7 b7 y9 y10 y11 k13"
    a = advise(rack, rows={"me": ["k2", "r5"], "Dan": []}, seats=["me", "Dan"])
    assert a["draw"] == "row"
    best = a["advice"][0]
    assert "r5" in best["out_tiles"]
    assert best["outs"] == 24  # r5 counts 1 live copy (2, less the one taken), not 0


# -- what the others took from their rows (``took`` / ``--took``) ---------------------------

HEADS_UP = dict(seats=["me", "Dan"], me="me")


def test_a_tile_another_player_took_and_holds_is_no_live_out() -> None:
    base = advise(ONE_AWAY, drawn="k13", rows={"me": [], "Dan": []}, **HEADS_UP)["advice"][0]
    assert "y8" in base["out_tiles"]
    took = advise(ONE_AWAY, drawn="k13", rows={"me": [], "Dan": []}, took={"Dan": ["y8"]}, **HEADS_UP)["advice"][0]
    assert took["steps"] == base["steps"] and took["outs"] == base["outs"] - 1
    # ... and a seat that is not the left neighbour holds it just the same (four players)
    four = dict(seats=["me", "Dan", "Ion", "Eva"], me="me")
    base4 = advise(ONE_AWAY, drawn="k13", **four)["advice"][0]
    ion = advise(ONE_AWAY, drawn="k13", took={"Ion": ["y8", "r2"]}, **four)["advice"][0]
    assert ion["outs"] == base4["outs"] - 2


def test_a_taken_tile_thrown_since_is_live_again() -> None:
    # Dan (heads-up) took y8, then threw it into my row: it lies there, counted once as seen
    base = advise(ONE_AWAY, drawn="k13", rows={"me": ["y8"], "Dan": []}, **HEADS_UP)["advice"][0]
    again = advise(ONE_AWAY, drawn="k13", rows={"me": ["y8"], "Dan": []}, took={"Dan": ["y8"]}, **HEADS_UP)
    assert again["advice"][0]["outs"] == base["outs"]
    # Four players: Dan's throws lie in Ion's row, or Ion took them from it
    four = dict(seats=["me", "Dan", "Ion"], me="me")
    ion_row = advise(ONE_AWAY, drawn="k13", rows={"Ion": ["y8"]}, took={"Dan": ["y8"]}, **four)["advice"][0]
    ion_took = advise(ONE_AWAY, drawn="k13", took={"Dan": ["y8"], "Ion": ["y8"]}, **four)["advice"][0]
    plain = advise(ONE_AWAY, drawn="k13", **four)["advice"][0]
    assert ion_row["outs"] == plain["outs"] - 1  # the one in Ion's row is seen
    assert ion_took["outs"] == plain["outs"] - 1  # Ion holds it now


def test_what_the_left_neighbour_took_raises_the_feed_risk_of_what_it_fits() -> None:
    rows = {"me": [], "Dan": []}
    plain = {x["discard"]: x["feed_risk"] for x in advise(ONE_AWAY, drawn="r9", rows=rows, **HEADS_UP)["advice"]}
    took = advise(ONE_AWAY, drawn="r9", rows=rows, took={"Dan": ["r10", "r11"]}, **HEADS_UP)["advice"]
    assert {x["discard"]: x["feed_risk"] for x in took}["r9"] > plain["r9"]


@pytest.mark.parametrize("kwargs,message", [
    (dict(took={"Zed": ["r9"]}), "took 'Zed': nobody of that name"),
    (dict(took={"me": ["r9"]}), "what you took is on your rack"),
    (dict(took={"Dan": ["r3", "r3"]}), "a 3rd r3"),
    (dict(took={"Dan": ["r9", "q4"]}), "took Dan: tile 2, 'q4'"),
    (dict(rows={"Dan": ["r9 q4"]}), "row Dan: tile 2, 'q4'"),
])
def test_bad_took_is_one_remi_error_naming_it(kwargs: dict, message: str) -> None:
    with pytest.raises(RemiError, match=message):
        advise(ONE_AWAY, drawn="k13", **HEADS_UP, **kwargs)


def test_cli_took() -> None:
    runner = CliRunner()
    args = ["advise", ONE_AWAY, "--drawn", "k13", "--seats", "me,Dan", "--json"]
    plain = json.loads(runner.invoke(app, args).output)["advice"][0]
    took = runner.invoke(app, [*args, "--took", "Dan=y8"])
    assert took.exit_code == 0
    assert json.loads(took.output)["advice"][0]["outs"] == plain["outs"] - 1
    for bad, message in ((["--took", "Dan"], "--took takes NAME="), (["--took", "Dan=y8", "--took", "Dan=r2"], "given twice"),
                         (["--took", "Zed=y8"], "nobody of that name")):
        out = runner.invoke(app, [*args, *bad])
        assert out.exit_code == 2 and message in out.output and "Traceback" not in out.output


def test_the_explanation_names_what_the_neighbour_took_that_a_risky_tile_fits() -> None:
    a = advise(ONE_AWAY, drawn="k13", seats=["Ana", "Dan"], took={"Dan": ["k12", "k11"]})
    risks = {x["discard"]: x["feed_risk"] for x in a["advice"]}
    assert a["advice"][0]["discard"] == "k1" and risks["k13"] > risks["k1"] + 0.1
    assert "Not k13: Dan took k12 and k11 from their row and it fits them" in a["explanation"].replace("\n", " ")


def test_the_explanation_says_when_the_neighbour_left_the_same_tile_lying() -> None:
    a = advise(ONE_AWAY, drawn="k13", seats=["Ana", "Dan"], rows={"Dan": ["k13", "r9"]})
    assert a["advice"][0]["discard"] == "k13"
    assert "Dan left a k13 lying in their row: it was no use to them then." in a["explanation"]


# -- words a learner can trust (issue 19, item 2) --------------------------------------------


def test_a_tie_says_what_broke_it_and_claims_no_most() -> None:
    a = advise(ONE_AWAY, drawn="k13", seats=["Ana", "Dan"])
    first, second = a["advice"][:2]
    assert (first["steps"], first["outs"]) == (second["steps"], second["outs"])  # k13 and k1 tie on both
    words = a["explanation"].replace("\n", " ")
    assert "the most live outs" not in words
    assert f"{second['discard']} keeps as many, but Dan is likelier to use it" in words
    assert f"({round(100 * second['feed_risk'])}% feed risk against {round(100 * first['feed_risk'])}%)" in words


def _option(tile: str, feed: float, rack_term: float = 0.0) -> Option:
    return Option(Tile.parse(tile), 1, 14, (), 0.39, feed, 0.0, 1.0 - feed + rack_term, False,
                  (("close", 1.0), ("feed", -feed), ("rack", rack_term)))


@pytest.mark.parametrize("second,words", [
    (_option("k1", 0.1), "k1 is as good: k13 comes first only by the order of the tiles, and either will do"),
    (_option("k1", 0.1, -0.001), "late in the hand k13 goes first, as it costs 10 on your rack against k1's 5"),
    (_option("k1", 0.3), "k1 keeps as many, but Ana is likelier to use it (30% feed risk against 10%)"),
])
def test_what_broke_a_tie_is_said(second: Option, words: str) -> None:
    rack = list(parse_tiles(ONE_AWAY + " k13"))
    view = View(CLOSED, rack, [], players=2)
    said = throw_words([_option("k13", 0.1), second], rack, view, "Ana").replace("\n", " ")
    assert words in said


@pytest.mark.parametrize("rack", [
    "k9 k3 y9 y7 b10 k10 r13 y3 b8 y1 y4 y2 r1 y5 b7",  # k3: 30 live outs, every other throw fewer
    ONE_AWAY + " k13",  # k13 and k1 keep 14 each: no "most"
    "r3 r4 r5 r6 b10 b11 b12 k1 k2 k3 k4 y8 y9 k7 b7",
])
def test_the_most_live_outs_is_said_only_when_no_throw_as_fast_keeps_as_many(rack: str) -> None:
    a = advise(rack)
    best = a["advice"][0]
    others = [x for x in a["advice"][1:] if x["steps"] == best["steps"]]
    said = f"with the most live outs ({best['outs']})" in a["explanation"]
    assert said == (bool(others) and all(x["outs"] < best["outs"] for x in others))


def test_keep_is_said_only_for_a_tile_of_an_unfinished_formation() -> None:
    # r3-r6 is a finished run: no "Keep r5" (it was said before, issue 19)
    a = advise(ONE_AWAY, drawn="k13", atu="b8", seats=["Ana", "Dan"], rows={"Ana": ["y8", "b5"], "Dan": ["r9"]})
    assert "Keep" not in a["explanation"]
    # y8 y9 wait for y7 or y10: throwing y8 costs a step, and it looks loose
    a = advise("r3 r4 r5 r6 b10 b11 b12 k1 k2 k3 k4 y8 y9 k7", drawn="r13")
    assert "Keep y8: it serves the yellow run." in a["explanation"] or "Keep y9: it serves the yellow run." in a["explanation"]


@pytest.mark.parametrize("kwargs,message", [
    (dict(seats="Ana,Dan", me="Eva"), "me 'Eva' is not one of the seats Ana,Dan"),
    (dict(rows={"Dan": ["k4"]}), "row 'Dan': give the seats in the order of play"),
    (dict(rows={"Dan": ["k4"]}, me="Ana"), "row 'Dan': give the seats"),
    (dict(variant="simple", rules=CLOSED), "the rules are closed rummy's, not simple"),
])
def test_seats_and_rows_must_agree(kwargs: dict, message: str) -> None:
    with pytest.raises(RemiError, match=message):
        advise(ONE_AWAY, **kwargs)


def test_my_own_row_needs_no_seats() -> None:
    a = advise(ONE_AWAY, rows={"me": ["k5"]})
    assert a["draw"] == "stock"
    b = advise(ONE_AWAY, rows={"Ana": ["k5"]}, me="Ana")
    assert b["draw"] == "stock"


def test_cli_rules_file_changes_the_board(tmp_path) -> None:  # noqa: ANN001
    house = tmp_path / "house.toml"
    house.write_text("positional_ace = true\n", encoding="utf-8")
    rack = ["advise", "k1 k2 k3 r3 r4 r5 r6 b10 b11 b12 y9 y10 y11 y12", "--drawn", "k13", "--json"]
    runner = CliRunner()
    flat = json.loads(runner.invoke(app, rack).output)["close"]["points"]
    positional = runner.invoke(app, [*rack, "--rules", str(house)])
    assert positional.exit_code == 0, positional.output
    assert flat - json.loads(positional.output)["close"]["points"] == 20  # the low ace: 25 flat, 5 positional (CR-22)
    for bad, message in ((["--rules", str(tmp_path / "none.toml")], "cannot read rules file"),
                         (["--seats", "Ana,Dan", "--me", "Eva"], "not one of the seats"),
                         (["--row", "Dan=k4"], "give the seats")):
        out = runner.invoke(app, ["advise", ONE_AWAY, *bad])
        assert out.exit_code == 2 and message in out.output and "Traceback" not in out.output


def test_cli_says_what_the_columns_mean() -> None:
    runner = CliRunner()
    plain = runner.invoke(app, ["advise", ONE_AWAY, "--drawn", "k13"]).output
    assert "live outs: unseen helpers" in plain.replace("\n", " ")
    explained = runner.invoke(app, ["advise", ONE_AWAY, "--drawn", "k13", "--explain"]).output.replace("\n", " ")
    for column in ("steps:", "live outs:", "close in 3:", "feed risk:"):
        assert column in explained
