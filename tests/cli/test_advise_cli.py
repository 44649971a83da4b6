"""``remi advise`` end to end, as a subprocess: Simple rummy's advice speaks of a hand of
cards that goes out (SR-4, SR-17); Closed Rummy's keeps its tiles and closes."""

from __future__ import annotations

import os
import subprocess
import sys

REMI = [sys.executable, "-m", "remi"]
#: what only Closed Rummy says: a Simple player holds cards and goes out
CLOSED_WORDS = {"close", "closes", "closing", "rack", "tile", "tiles", "board", "row"}


def advise(*args: str) -> str:
    out = subprocess.run([*REMI, "advise", *args], capture_output=True, text=True, timeout=120,
                         env={**os.environ, "COLUMNS": "200"})
    assert out.returncode == 0, out.stderr
    return out.stdout


def words(text: str) -> set[str]:
    return set(text.lower().replace(":", " ").replace(",", " ").replace(".", " ").split())


def flat(text: str) -> str:
    """The output as one line: where rich wraps a sentence does not matter."""
    return " ".join(text.split())


def test_simple_rummy_advice_speaks_of_cards_and_going_out() -> None:
    throws = advise("--variant", "simple", "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad Kd")
    assert "┃ go out in 3 ┃" in throws.splitlines()[2]
    assert "steps: cards missing · live outs: unseen helpers · feed risk: neighbour uses it" in throws.splitlines()
    assert flat(throws).endswith("Keep Ad: it serves both the diamonds run and the aces. You are then 1 step from "
                                 "going out, with 10 live outs: 29% to go out within 3 draws.")
    out = advise("--variant", "simple", "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac")
    assert out.splitlines() == ["Go out: 2c 3c * · 5h 6h 7h 8h · As Ac Ad · Js Jc Jh, throw 5c",
                                "Go out: show 2c 3c * · 5h 6h 7h 8h · As Ac Ad · Js Jc Jh and throw 5c."]
    stock = advise("--variant", "simple", "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad", "--row", "pile=9d")
    assert flat(stock) == ("Draw: stock Draw from the stock: the card on offer, 9d, does not bring you nearer. "
                           "You are 1 step from going out, with 8 live outs.")
    explained = advise("--variant", "simple", "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad Kd", "--explain")
    assert "go out in 3: the chance that your next 3 draws let you go out, if nobody goes out first." in flat(explained)
    for text in (throws, out, stock, explained):
        assert not CLOSED_WORDS & words(text), CLOSED_WORDS & words(text)


def test_closed_rummy_advice_keeps_its_words() -> None:
    out = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", "--drawn", "k13")
    assert "┃ close in 3 ┃" in out.splitlines()[2]
    assert "steps: tiles missing · live outs: unseen helpers · feed risk: neighbour uses it" in out.splitlines()
    assert "You are then 1 step from a close, with 14 live outs: " in flat(out)
    assert flat(out).endswith("% to close within 3 draws.")
    explained = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", "--drawn", "k13", "--explain")
    assert ("steps: the fewest tiles your rack still lacks to be a whole board once you throw that tile (0: any draw "
            "closes).") in flat(explained)


def test_a_bad_card_is_named_as_a_card_in_one_line() -> None:
    """A card player's typo is a card (its place and a card's notation), never a tile."""
    hand = "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad"
    for args, said in (([f"{hand} Kx"], "remi: card 14, 'Kx': not a card (like 7h, Qs, 10d, *)\n"),
                       ([hand, "--drawn", "Kd Kh"], "remi: the drawn card is one card, not 2: 'Kd Kh'\n")):
        out = subprocess.run([*REMI, "advise", "--variant", "simple", *args], capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 2 and out.stderr == said and out.stdout == ""
