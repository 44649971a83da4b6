"""A joker atu and its twin against the deck (CR-1, CR-12, CR-25): with the atu a joker and its
twin, the other joker, dealt to one player, no other part of the hand holds a joker. Checked
where every hand is checked (``score_hand``, so the CLI and the phones alike), against a
model of the deck written from docs/rules.md, on generated hands.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.engine import CLOSED
from remi.scoresheet.entry import HandInput, RackInput, QuickCount, score_hand
from remi.scoresheet.errors import SheetError

PLAYERS = ["Ana", "Bogdan", "Cristi", "Dan"]
#: a rack's cost that needs exactly this many jokers: 14 tiles without one cost at most 140,
#: with one at most 50 + 13 x 10 = 180 (CR-23)
NEEDS = {0: 70, 1: 150, 2: 185}


def deck_allows(atu_joker: bool, twin: str | None, held: dict[str, int]) -> bool:
    """The rules' own count: 2 jokers (CR-1); a joker atu is one; its twin, the other, was dealt
    to the twin holder and never leaves them but thrown into a row, where nobody takes it (CR-12)."""
    if sum(held.values()) + atu_joker > CLOSED.jokers:
        return False
    if atu_joker and twin is not None:
        return all(n == 0 for who, n in held.items() if who != twin)
    return True


@settings(max_examples=300, deadline=None)
@given(atu=st.sampled_from(["*", "y2", "r1"]), twin=st.none() | st.sampled_from(PLAYERS),
       closer=st.none() | st.sampled_from(PLAYERS), data=st.data())
def test_the_atu_and_its_twin_count_against_the_deck(atu: str, twin: str | None, closer: str | None,
                                                     data: st.DataObject) -> None:
    held: dict[str, int] = {}
    racks: dict[str, RackInput] = {}
    for p in PLAYERS:
        if p == closer:
            continue
        jokers = data.draw(st.integers(0, 2), label=f"{p}'s jokers")
        held[p] = jokers
        # a rack's jokers said as counts or implied by its points (the fewest for that number)
        as_points = data.draw(st.booleans(), label=f"{p} as points")
        racks[p] = RackInput(points=NEEDS[jokers]) if as_points else RackInput(quick=QuickCount.parse(f"{jokers}J"))
    joker_close = closer is not None and data.draw(st.booleans(), label="joker close")
    if closer is not None:
        held[closer] = int(joker_close)
    hand = HandInput(closer=closer, nobody=closer is None, atu=HandInput.parse(atu=atu).atu, twin=twin, racks=racks,
                     board_points=100 if closer else None, throw=HandInput.parse(atu="*").atu if joker_close else None)
    allowed = deck_allows(atu == "*", twin, held)
    try:
        score_hand(PLAYERS, None, CLOSED, hand)
    except SheetError as exc:
        assert not allowed, f"refused a possible hand: {exc}"
        assert "(CR-1)" in str(exc) or "(CR-25)" in str(exc), exc
    else:
        assert allowed, f"accepted an impossible hand: {held}, atu {atu}, twin {twin}"


def test_the_issue_s_hand_is_refused_and_the_twin_holder_may_hold_it() -> None:
    """Issue 28: a joker atu, Dan's twin, Cristi 1J: three jokers at the table."""
    base = dict(atu="*", nobody=True, twin="Dan")
    with pytest.raises(SheetError, match=r"Dan holds its twin, the other joker \(CR-25\): no joker is left for "
                                         r"Cristi's rack$") as refused:
        score_hand(PLAYERS, None, CLOSED, HandInput.parse(**base, racks={"Ana": "70", "Bogdan": "70", "Cristi": "1J",
                                                                         "Dan": "70"}))
    assert refused.value.fields == ("racks",)
    with pytest.raises(SheetError, match=r"no joker is left for Cristi's rack \(150 needs a joker\)"):
        score_hand(PLAYERS, None, CLOSED, HandInput.parse(**base, racks={"Ana": "70", "Bogdan": "70", "Cristi": "150",
                                                                         "Dan": "70"}))
    # the twin holder holds the other joker; a joker atu without a declared twin leaves it free
    ok = score_hand(PLAYERS, None, CLOSED, HandInput.parse(**base, racks={"Ana": "70", "Bogdan": "70", "Cristi": "70",
                                                                          "Dan": "1J"}))
    assert ok.scores["Dan"].score == 2 * (-115 + 50)
    free = HandInput.parse(atu="*", nobody=True, racks={"Ana": "70", "Bogdan": "70", "Cristi": "1J", "Dan": "70"})
    assert score_hand(PLAYERS, None, CLOSED, free).scores["Cristi"].score == -230
