"""The score sheet in the reader's language (issue 41): the parts of a hand a refusal names,
the place in an export file and the game a command picked itself are typed values (issue 40),
worded whole in Romanian and French; the real CLI as a subprocess on a real SQLite file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from remi.engine import RuleError
from remi.engine.limits import check_rack
from remi.engine.parts import Part
from remi.scoresheet.errors import SheetError
from remi.scoresheet.importing import read_export
from tests.scoresheet.conftest import Remi
from tests.web.test_browser_languages import WORD, english_words

BOARD = ["--atu", "Y2", "--closer", "Ana", "--board", "R3 R4 R5 R6 B10 B11 B12 K7 Y7 B7 Y9 Y10 Y11 Y12 K2"]
THIRD_R7 = "Dan=R7 R7 R7 B8 Y5 B6 K11 K12 Y13 R13 B3 Y4 K9 R10"


def refusal(remi: Remi, *args: str) -> str:
    r = remi(*args)
    assert r.code == 2 and r.out == "", r
    return r.err.strip()


@pytest.mark.parametrize(("lang", "third", "cost"), [
    ("en", "remi: a 3rd r7 on Dan's rack: the deck has only 2",
     "Dan's rack cannot cost 93: 14 tiles cost 70 to 220 in steps of 5 (CR-23)"),
    ("ro", "remi: al 3-lea r7 pe tabla lui Dan: jocul are doar 2",
     "tabla lui Dan nu poate costa 93: 14 piese costă de la 70 la 220 cu pasul 5 (CR-23)"),
    ("fr", "remi: un 3e r7 sur le chevalet de Dan : le jeu n'en a que 2",
     "le chevalet de Dan ne peut pas coûter 93 : 14 tuiles coûtent de 70 à 220 par pas de 5 (CR-23)"),
])
def test_a_refusal_names_the_part_in_the_readers_language(remi: Remi, lang: str, third: str, cost: str) -> None:
    remi.ok("new", "--players", "Ana,Dan,Ion", "--name", "friday")
    assert refusal(remi, "--lang", lang, "hand", *BOARD, "--rack", THIRD_R7, "--points", "Ion=150") == third
    assert refusal(remi, "--lang", lang, "hand", *BOARD, "--points", "Dan=93", "--points", "Ion=150").endswith(cost)


@pytest.mark.parametrize(("lang", "jokers"), [
    ("en", "3 jokers in one hand (Dan's rack 1: 150 needs a joker, Ana's board 2: 340 needs 2 jokers)"),
    ("ro", "3 jokeri într-o mână (tabla lui Dan 1: 150 cere un joker, tabla lui Ana 2: 340 cere 2 jokeri)"),
    ("fr", "3 jokers dans une manche (le chevalet de Dan 1 : 150 demande un joker, le jeu de Ana 2 : 340 demande "
           "2 jokers)"),
])
def test_the_jokers_each_part_holds_are_said_in_the_readers_language(remi: Remi, lang: str, jokers: str) -> None:
    remi.ok("new", "--players", "Ana,Dan,Ion", "--name", "friday")
    line = refusal(remi, "--lang", lang, "hand", "--atu", "Y2", "--closer", "Ana", "--board-points", "340",
                   "--points", "Dan=150", "--points", "Ion=70")
    assert jokers in line


@pytest.mark.parametrize(("lang", "place"), [
    ("en", "remi: bad export: action 1: hand: racks: B: points: 'x' is not a number of points"),
    ("ro", "remi: export greșit: acțiunea 1: hand: racks: B: points: 'x' nu este un număr de puncte"),
    ("fr", "remi: export invalide : action 1 : hand: racks: B : points : 'x' n'est pas un nombre de points"),
])
def test_the_place_in_an_export_is_said_in_the_readers_language(remi: Remi, tmp_path: Path, lang: str,
                                                                place: str) -> None:
    export = tmp_path / "e.json"
    export.write_text(json.dumps(_export({"atu": "r1", "closer": "A", "board_points": 100,
                                          "racks": {"B": {"points": "x"}}})), encoding="utf-8")
    assert refusal(remi, "--lang", lang, "import", str(export)) == place


def test_the_picked_game_is_named_in_the_readers_language(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Dan", "--name", "friday")
    remi.env["XDG_STATE_HOME"] = str(Path(remi.env["HOME"]) / "other")  # no game used last: the command picks
    assert refusal(remi, "--lang", "ro", "hand", "--atu", "zz", "--closer", "Ana", "--board-points", "100",
                   "--points", "Dan=70").endswith("(în jocul 'friday', cel mai recent neterminat)")
    remi.env["XDG_STATE_HOME"] = str(Path(remi.env["HOME"]) / "another")
    r = remi("--lang", "fr", "sheet")
    assert r.code == 0 and r.err.strip() == \
        "remi: c'était la partie 'friday', la plus récente en cours (--game NOM pour une autre)"


def test_the_parts_are_typed_values_a_caller_reads_by_kind() -> None:
    with pytest.raises(RuleError) as cost:
        check_rack(93, who=Part("rack", "Dan"))
    assert cost.value.parts == (Part("rack", "Dan"),) and cost.value.who.holder == "Dan"
    with pytest.raises(SheetError) as bad:
        read_export(_export({"atu": "r1", "closer": "A", "board_points": "many"}))
    assert (bad.value.where.seq, bad.value.where.keys) == (1, ())
    assert str(bad.value) == "bad export: action 1: hand: board_points: 'many' is not a number of points"


def _export(hand: dict[str, object]) -> dict[str, object]:
    return {"format": "remi-game/1", "game": {"name": "x", "variant": "closed", "players": ["A", "B"],
                                              "rules": {"variant": "closed"}},
            "actions": [{"seq": 1, "kind": "hand", "created_at": "2026-01-01T20:00:00Z", "hand": hand}]}


def _played(remi: Remi) -> None:
    """A game of two hands that ended on its target (300), so every line of the sheet shows."""
    remi.ok("new", "--players", "Ana,Bogdan", "--target", "300", "--name", "vineri")
    remi.ok("hand", *BOARD[:4], "--board", BOARD[5], "--points", "Bogdan=95")
    remi.ok("hand", "--atu", "b5", "--closer", "Ana", "--board-points", "150", "--points", "Bogdan=220")


@pytest.mark.parametrize("lang", ["ro", "fr"])
def test_the_sheet_to_share_has_no_english_left(remi: Remi, tmp_path: Path, lang: str) -> None:
    _played(remi)
    out = tmp_path / "sheet.html"
    r = remi("--lang", lang, "sheet", "--out", str(out))
    assert r.code == 0, r
    page = out.read_text(encoding="utf-8")
    text = re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S)
    english = english_words(lang)
    assert sorted({w for w in WORD.findall(text) if w.lower() in english}) == []
    said = r.out.replace(str(out), "")  # the file's path is the test's, not words
    assert sorted({w for w in WORD.findall(said) if w.lower() in english}) == []
    assert f'<html lang="{lang}">' in page


def test_the_picture_and_the_plot_draw_the_translated_words(remi: Remi, tmp_path: Path) -> None:
    from remi.i18n import speaking
    from remi.scoresheet.store import Store
    from remi.sheet_picture import plot_words, summary_lines, variant_name

    _played(remi)
    store = Store.open(remi.db)
    data = store.sheet(store.find_game("vineri").id)
    with speaking("ro"):
        words, lines, name = plot_words(data), summary_lines(data), variant_name(data)
    assert (words.title, words.hand, words.total, words.number(-1250.0)) == (
        "vineri: totalurile pe parcurs", "mâna", "total", "-1.250")
    assert name == "Remi pe tablă" and lines[0].startswith("Clasament: 1. Ana")
    assert lines[1] == "Joc terminat după mâna 2: Bogdan a coborât la -315 (ținta ±300); câștigă Ana."
    for command in (["sheet", "--out", str(tmp_path / "sheet.png")], ["plot", "--out", str(tmp_path / "plot.png")]):
        r = remi("--lang", "ro", *command)
        assert r.code == 0 and "scris" in r.out, r
        assert Path(command[-1]).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
