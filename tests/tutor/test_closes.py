"""Never miss a close (issue 19, item 1): on random positions of both games, jokers included,
the advice closes exactly when a draw on offer closes, with the engine's best close."""

from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from remi.engine import CLOSED, JOKER, SIMPLE, RemiError, Rules, Tile, check_close, iter_closes
from remi.tutor import advise

#: the ways to split a board (14 tiles in Closed Rummy, 13 in Simple) into formations of 3-5
SPLITS = {14: [(3, 3, 4, 4), (3, 3, 3, 5), (4, 5, 5), (3, 4, 7), (3, 3, 4, 4)], 13: [(3, 3, 3, 4), (4, 4, 5), (3, 5, 5)]}


@st.composite
def boards(draw: st.DrawFn, rules: Rules) -> list[Tile]:
    """Tiles that (nearly always) form a whole board: runs and sets, a joker now and then."""
    tiles: list[Tile] = []
    for size in draw(st.sampled_from(SPLITS[rules.hand_size])):
        if size <= 4 and draw(st.booleans()):
            number = draw(st.integers(1, 13))
            colours = draw(st.permutations(range(4)))[:size]
            group = [Tile(c * 13 + number - 1) for c in colours]
        else:
            colour = draw(st.integers(0, 3))
            start = draw(st.integers(1, 15 - size))  # position 14 is the ace above the 13
            group = [Tile(colour * 13 + (n - 1) % 13) for n in range(start, start + size)]
        if draw(st.integers(0, 4)) == 0:
            group[draw(st.integers(0, size - 1))] = JOKER
        tiles += group
    return tiles


def _fits_deck(tiles: list[Tile], rules: Rules) -> bool:
    return all(tiles.count(t) <= (rules.jokers if t.is_joker else rules.copies) for t in set(tiles))


def _engine_close(rack: list[Tile], rules: Rules, keep: Tile | None = None):  # noqa: ANN202
    """The engine's best close of the rack; in Simple rummy one that does not throw ``keep``
    (a card taken from the pile, SR-13), and any close pays the same there (SR-20)."""
    if keep is None or rules.is_closed or rack.count(keep) > 1:
        return check_close(rack, rules).best
    return next((c for c in iter_closes(rack, rules) if c.discard != keep), None)


def _same(advice_close: dict, close, rules: Rules) -> None:  # noqa: ANN001
    name = str if rules.is_closed else Tile.card
    style = "tile" if rules.is_closed else "card"
    assert advice_close["points"] == close.points
    if rules.is_closed:  # the very board and throw the engine pays most for
        assert advice_close["discard"] == name(close.discard)
        assert advice_close["formations"] == [f.format(style) for f in close.formations]


@pytest.mark.parametrize("rules", [CLOSED, SIMPLE], ids=["closed", "simple"])
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_a_draw_that_closes_is_the_advice(rules: Rules, data: st.DataObject) -> None:
    simple = not rules.is_closed
    full = data.draw(boards(rules)) + [Tile(data.draw(st.integers(0, 52)))]
    assume(_fits_deck(full, rules))
    # one tile of the closing rack is on offer: the row's top (the pile's), or the atu; now and
    # then the top is any other tile
    i = data.draw(st.integers(0, len(full) - 1))
    rack, missing = full[:i] + full[i + 1:], full[i]
    mode = data.draw(st.sampled_from(["row", "row", "atu", "other"] if not simple else ["row", "row", "other"]))
    top = missing if mode == "row" else Tile(data.draw(st.integers(0, 51)))
    atu = missing if mode == "atu" else None
    if not simple and mode != "atu" and data.draw(st.booleans()):
        atu = Tile(data.draw(st.integers(0, 52)))
    assume(not top.is_joker and _fits_deck([*rack, top, *([atu] if atu else [])], rules))
    where = {"rows": {"me": [str(top)]}, "seats": ["me", "Dan"]} if not simple else {"rows": {"pile": [top.card()]}}
    try:
        a = advise([str(t) for t in rack], variant=rules.variant, atu=str(atu) if atu else None, **where)
    except RemiError:
        assume(False)  # a position the deck refuses (a 3rd copy with the atu)
        return
    by_row = _engine_close([*rack, top], rules, keep=top)
    by_atu = check_close(rack, rules, atu=atu).best if atu is not None else None
    event(f"{rules.variant}: " + ("no close" if by_row is None and by_atu is None else f"closes by {a['draw']}"))
    if by_row is None and by_atu is None:
        assert a["close"] is None and a["stage"] == "draw"
        return
    assert a["stage"] == "close" and a["close"] is not None, a["explanation"]
    best = max(p for p in (by_row.points if by_row else -1, by_atu.points if by_atu else -1))
    assert a["close"]["points"] == best
    if a["draw"] == "atu":
        _same(a["close"], by_atu, rules)
        assert a["explanation"].startswith(f"Pull the atu {atu} in instead of drawing and close: ")
    else:
        assert a["draw"] == ("row" if not simple else "pile")
        _same(a["close"], by_row, rules)
        assert a["explanation"].startswith(f"Take {str(top) if not simple else top.card()} from ")
    # ... and once drawn, the throw is the close
    after = advise([str(t) for t in rack], variant=rules.variant, atu=str(atu) if atu else None,
                   drawn=str(top), source="row" if not simple else "pile", **where)
    if by_row is not None:
        assert after["stage"] == "close"
        _same(after["close"], by_row, rules)
    else:
        assert after["close"] is None and after["stage"] == "throw"


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_after_any_draw_the_advice_closes_exactly_when_the_engine_does(data: st.DataObject) -> None:
    rules = data.draw(st.sampled_from([CLOSED, SIMPLE]))
    full = data.draw(boards(rules)) + [Tile(data.draw(st.integers(0, 52)))]
    if data.draw(st.booleans()):  # now and then a tile swapped: mostly no close
        full[data.draw(st.integers(0, len(full) - 1))] = Tile(data.draw(st.integers(0, 52)))
    assume(_fits_deck(full, rules))
    a = advise([str(t) for t in full], variant=rules.variant)
    close = check_close(full, rules).best
    assert (a["close"] is not None) == (close is not None)
    if close is not None:
        assert a["stage"] == "close"
        _same(a["close"], close, rules)
