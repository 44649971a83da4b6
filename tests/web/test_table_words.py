"""Issue 28's words on the phones, through HTTP against a real `remi serve` beside the real CLI:
a new game's target as an explicit choice, Undo naming what it takes back, a joker atu's twin
counted in the live check, and the photo's doubts in a player's words."""

from __future__ import annotations

import html
import re

import pytest

from remi.engine import Tile
from remi.web.photos import unsure_words
from tests.web.conftest import Server, csrf, errors_on


def test_a_new_game_s_target_is_a_choice_not_a_blank(server: Server, remi) -> None:
    phone = server.phone()
    page = phone.get("/new").text
    assert 'name="target_mode" value="points" checked' in page and 'name="target" value="1000"' in page
    assert "no target: play until you stop" in page and "placeholder=\"1000" not in page
    base = {"csrf": csrf(phone), "variant": "closed", "p1": "Ana", "p2": "Bogdan"}
    r = phone.post("/new", data={**base, "name": "open", "target_mode": "none", "target": "1000"})
    assert r.status_code == 303
    r = phone.post("/new", data={**base, "name": "to1500", "target_mode": "points", "target": "1500"})
    assert r.status_code == 303
    r = phone.post("/new", data={**base, "name": "blank", "target_mode": "points", "target": ""})
    assert r.status_code == 400 and errors_on(r.text) == [
        "give the target in points, or choose no target (play until you stop)"]
    assert 'name="target_mode" value="points" checked' in r.text  # the choice kept for the retry
    targets = {g["name"]: remi.ok("sheet", "--game", g["name"])["target"] for g in remi.ok("games")}
    assert targets == {"open": None, "to1500": 1500}


def undo_button(page: str) -> str:
    found = re.search(r'<form[^>]*data-undo-form[^>]*data-confirm="([^"]*)"[^>]*>.*?<button[^>]*>([^<]*)</button>',
                      page, re.S)
    assert found, page
    confirm, label = (html.unescape(g) for g in found.groups())
    assert confirm == label + "?"
    return label


def test_undo_says_what_it_will_take_back(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdi,Cristi", "--name", "friday")
    remi.ok("hand", "--atu", "k5", "--closer", "Ana", "--board-points", "150", "--points", "Bogdi=70",
            "--points", "Cristi=75")
    phone = server.phone()
    assert undo_button(phone.get("/g/1").text) == "Undo hand 1"
    remi.ok("fix", "1", "--points", "Cristi=80")
    assert undo_button(phone.get("/g/1").text) == "Undo the correction of hand 1"
    remi.ok("rename", "Bogdi", "Bogdan")
    assert undo_button(phone.get("/g/1").text) == "Undo the rename of Bogdi to Bogdan"
    assert 'data-undo="the rename of Bogdi to Bogdan"' in phone.get("/g/1/part").text  # the live sheet's words
    r = phone.post("/g/1/players/target", data={"csrf": csrf(phone), "target": "1500"})
    assert "Undo the target change to 1500" in phone.get(r.headers["location"]).text
    for _ in range(4):
        remi.ok("undo")
    assert re.search(r"<form[^>]*data-undo-form[^>]*hidden", phone.get("/g/1").text)  # nothing left to undo


def test_the_live_check_counts_a_joker_atu_s_twin(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi,Dan", "--name", "friday")
    phone = server.phone()
    fields = {"csrf": csrf(phone), "atu": "*", "closer": "-", "twin": "Dan",
              **{f"rack_mode_{i}": "points" for i in range(4)},
              "points_0": "70", "points_1": "70", "points_2": "150", "points_3": "70"}
    got = phone.post("/g/1/hand/check", data=fields, headers={"accept": "application/json"}).json()
    assert not got["ok"] and "Dan holds its twin, the other joker (CR-25)" in got["error"]
    assert "no joker is left for Cristi's rack (150 needs a joker)" in got["error"]
    fields["twin"] = ""
    assert phone.post("/g/1/hand/check", data=fields, headers={"accept": "application/json"}).json()["ok"]


def text(markup: str) -> str:
    """What a player reads: the tiles' titles in place of their chips."""
    return html.unescape(re.sub(r'<span class="t [^"]*" title="([^"]*)">.*?</span>', r"[\1]", str(markup)))


def test_a_photo_s_doubts_in_a_player_s_words() -> None:
    from remi.vision.doubts import Doubt, DoubtKind
    from remi.vision.reader import Detection

    box = (0.0, 0.0, 10.0, 10.0)
    r13, joker = Tile.parse("r13"), Tile.parse("*")
    # the reader liked a joker best, but two were read already: the deck's two
    spent = Detection(r13, 0.31, box, 0.9, doubt=Doubt(DoubtKind.DECK_LIMIT, alternatives=((joker, 0.62),), count=2),
                      alternatives=((joker, 0.62), (Tile.parse("r12"), 0.03)))
    assert text(unsure_words(spent)) == "looks most like [*] (62 % sure), but all 2 jokers are already read: which is it?"
    copies = Detection(r13, 0.3, box, 0.9, doubt=Doubt(DoubtKind.DECK_LIMIT, alternatives=((Tile.parse("r12"), 0.6),), count=2),
                       alternatives=((Tile.parse("r12"), 0.6),))
    assert text(unsure_words(copies)) == "looks most like [r12] (60 % sure), but all 2 are already read: which is it?"
    empty = Detection(r13, 0.9, box, 0.9, doubt=Doubt(DoubtKind.MAYBE_NO_TILE, share=0.29))
    assert text(unsure_words(empty)) == "maybe no tile here (29 % likely none): if so, tap it, then “not a tile”"
    # a Simple game's photo of cards: its doubts in cards
    assert text(unsure_words(empty, "card")) == "maybe no card here (29 % likely none): if so, tap it, then “not a card”"
    assert text(unsure_words(copies, "card")) == "looks most like [Qh] (60 % sure), but all 2 are already read: which is it?"
    unsure = Detection(Tile.parse("y11"), 0.21, box, 0.9, doubt=Doubt(DoubtKind.UNSURE, alternatives=((Tile.parse("y11"), 0.21), (Tile.parse("y4"), 0.14))),
                       alternatives=((Tile.parse("y4"), 0.14),))
    assert text(unsure_words(unsure)) == "[y11] or [y4]? remi is 21 % sure of the first, 14 % of the other"
    other = Detection(r13, 0.9, box, 0.9, doubt=Doubt(DoubtKind.ONE_TOO_MANY, count=14))
    assert text(unsure_words(other)) == "more than 14 tiles: one of the least sure"


@pytest.mark.parametrize("lang", ["ro", "fr"])
def test_a_photo_s_doubts_in_the_phone_s_language(lang: str) -> None:
    """Every doubt the photo page words itself (issue 41): whole sentences from the catalogue,
    no English left, the tiles still drawn as chips and the shares as the language writes them."""
    from remi.i18n import speaking
    from remi.vision.doubts import Doubt, DoubtKind
    from remi.vision.reader import Detection
    from tests.english import english_left, english_words

    box = (0.0, 0.0, 10.0, 10.0)
    r13, r12, joker = Tile.parse("r13"), Tile.parse("r12"), Tile.parse("*")
    reads = [Detection(r13, 0.31, box, 0.9, doubt=Doubt(DoubtKind.DECK_LIMIT, alternatives=((tile, 0.62),), count=count),
                       alternatives=((tile, 0.62),)) for tile in (joker, r12) for count in (1, 2, 20)]
    reads += [Detection(r13, 0.9, box, 0.9, doubt=Doubt(kind, share=0.29)) for kind in DoubtKind]
    reads += [Detection(Tile.parse("y11"), 0.21, box, 0.9, doubt=Doubt(DoubtKind.UNSURE, alternatives=((r12, 0.14),)),
                        alternatives=((Tile.parse("y4"), 0.14),)),
              Detection(Tile.parse("y11"), 0.21, box, 0.9, doubt=None)]
    with speaking(lang):
        said = [str(unsure_words(d, notation)) for d in reads for notation in ("tile", "card")]
    shown = "\n".join(text(s) for s in said)
    assert english_left(re.sub(r"\[[^\]]*\]", " ", shown), english_words(lang)) == []
    assert "[r12]" in shown and "[Qh]" in shown and "[*]" in shown  # the tiles and cards as pictures
    assert "62\xa0%" in shown and "62%" not in shown
