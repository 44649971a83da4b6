"""Notation round trips, rule sets from TOML, racks against the deck, hand scoring."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from remi.engine import (
    ALL_KINDS,
    CLOSED,
    SIMPLE,
    NotationError,
    Rules,
    RuleError,
    Tile,
    check_close,
    check_counts,
    closed_hand,
    closed_winners,
    format_tiles,
    parse_tiles,
)

kinds = st.sampled_from(ALL_KINDS)


@given(st.lists(kinds, max_size=20), st.sampled_from(["tile", "card"]))
def test_format_then_parse_is_identity(tiles: list[Tile], notation: str) -> None:
    text = format_tiles(tiles, notation)  # type: ignore[arg-type]
    assert list(parse_tiles(text)) == tiles
    assert format_tiles(parse_tiles(text), notation) == text  # one canonical form  # type: ignore[arg-type]


@given(kinds, st.sampled_from([str.upper, str.lower, str.title]))
def test_case_does_not_matter(tile: Tile, case) -> None:  # noqa: ANN001
    assert Tile.parse(case(str(tile))) is tile
    assert Tile.parse(case(tile.card())) is tile


@pytest.mark.parametrize(
    ("text", "expected"),
    [("R7", "r7"), ("o5", "y5"), ("K13", "k13"), ("Qs", "k12"), ("10♦", "y10"), ("A♠", "k1"),
     ("7h", "r7"), ("Kc", "b13"), ("jk", "*"), ("J*", "*"), ("joker", "*"), ("Jk", "*"), ("Jh", "r11")],
)
def test_both_notations_mean_the_same_kinds(text: str, expected: str) -> None:
    assert str(Tile.parse(text)) == expected


@pytest.mark.parametrize("bad", ["r0", "r14", "x5", "g7", "11h", "Zs", "", "r 7x", "**"])
def test_bad_tokens_name_the_token_and_position(bad: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_tiles(f"r1 r2 {bad}x")
    assert err.value.position == 3
    assert repr(err.value.token) in str(err.value)


def test_rules_from_toml() -> None:
    r = Rules.from_toml_text("positional_ace = true\nmax_multiplier = 2\n", variant="closed")
    assert r.positional_ace and r.max_multiplier == 2 and r.variant == "closed"
    s = Rules.from_toml_text("[rules]\njokers = 2\n", variant="simple")
    assert s.jokers == 2 and s.need_run_and_set and s.close_size == 14
    for bad, word in [("colour = 3", "unknown rule option"), ("twin_bonus = 'x'", "twin_bonus"),
                      ("tie = 'coin'", "tie"), ("jokers = 9", "jokers"), ("[[", "TOML"),
                      ("positional_ace = 1", "positional_ace")]:
        with pytest.raises(RuleError, match=word):
            Rules.from_toml_text(bad)
    with pytest.raises(RuleError, match="for simple"):
        Rules.from_toml_text('variant = "simple"', variant="closed")


@pytest.mark.parametrize("field, value", [("copies", 0), ("low_penalty", -5), ("close_size", 100000),
                                          ("close_size", 3), ("joker_penalty", 501), ("loser_points", 0),
                                          ("limit_teams", 10**9)])
def test_every_number_field_has_the_range_a_table_plays(field: str, value: int) -> None:
    from remi.engine.rules import RANGES

    low, high = RANGES[field]
    with pytest.raises(RuleError) as err:
        Rules.from_toml_text(f"{field} = {value}")
    assert str(err.value) == f"rule option {field} must be {low} to {high}, not {value}"
    assert Rules.from_toml_text(f"{field} = {high}").to_dict()[field] == high  # the ends are playable


def test_rules_round_trip_through_dict() -> None:
    for r in (CLOSED, SIMPLE, CLOSED.replace(positional_ace=True, tie="play_on")):
        assert Rules.from_dict(r.to_dict()) == r


def test_rack_sizes_and_copies() -> None:
    check_close(parse_tiles("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 k1 k2"))
    check_close(parse_tiles("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 k1"), atu=Tile.parse("k2"))
    with pytest.raises(RuleError, match="has 15 tiles"):
        check_close(parse_tiles("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 k1"))
    with pytest.raises(RuleError, match="14 cards"):
        check_close(parse_tiles("r1 r2 r3"), SIMPLE)
    with pytest.raises(RuleError, match="3rd r1 counting the atu"):
        check_close(parse_tiles("r1 r1 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 k1"), atu=Tile.parse("r1"))
    check_counts(parse_tiles("* * * *"), SIMPLE)
    with pytest.raises(RuleError, match="5th joker"):
        check_counts(parse_tiles("* * * * *"), SIMPLE)
    with pytest.raises(RuleError, match=r"a 3rd r7 in one hand \(the atu, Ana 1, Dan 1\)"):
        check_counts({"Ana": parse_tiles("r7"), "Dan": parse_tiles("r7")}, atu=Tile.parse("r7"))


def test_hand_scoring_checks_its_inputs() -> None:
    with pytest.raises(RuleError, match="no rack given for Dan"):
        closed_hand(["Ana", "Dan"], atu=None, closer="Ana", board=100, racks={})
    with pytest.raises(RuleError, match="not at this table"):
        closed_hand(["Ana", "Dan"], atu=None, closer="Eve", board=100, racks={"Dan": 70})
    void = closed_hand(["A", "B"], atu=Tile.parse("r1"), closer=None, racks={"A": 70, "B": 80},
                       rules=CLOSED.replace(nobody_closed="void"))
    assert {p: s.score for p, s in void.items()} == {"A": 0, "B": 0}


def test_tie_at_the_stop() -> None:
    assert closed_winners({"A": 500, "B": 500, "C": -10}, target=500) == ["A", "B"]
    assert closed_winners({"A": 500, "B": 500}, target=500, rules=CLOSED.replace(tie="play_on")) is None
    assert closed_winners({"A": 10, "B": -500}, target=500) == ["A"]
