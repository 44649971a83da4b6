"""What the command line prints, in Romanian and in French (issue 41): the real CLI as a
subprocess against a real SQLite file and the sample photos, every main command in each
language, and no English word left in what it prints (tests/english.py decides; names,
notation and file names aside). The tutor's reasons are the tutor's own words (tutor/, its
own tests): they are taken out of ``remi advise``'s output before it is read.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.english import english_left, english_words

ROOT = Path(__file__).resolve().parents[2]
PHOTOS = ROOT / "samples" / "photos"
REMI = [sys.executable, "-m", "remi"]
BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
RACK = "k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10"
#: the names these tests give players and games: never counted as English
NAMES = ("Cristi", "Cris", "Nord", "Est", "Sud", "duminica")
#: the environment less every locale variable: each run names its language with --lang
BARE = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}


class Cli:
    """``remi --lang LANG ...`` in a subprocess with a private home and sheet; collects what it prints."""

    def __init__(self, lang: str, home: Path) -> None:
        self.lang, self.home = lang, home
        self.env = {**BARE, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
                    "XDG_STATE_HOME": str(home / "state"), "COLUMNS": "1000", "NO_COLOR": "1", "YOLO_OFFLINE": "1"}
        self.printed: list[str] = []

    def __call__(self, *args: str, db: bool = False, record: bool = True) -> str:
        argv = [*REMI, "--lang", self.lang, *args, *(["--db", str(self.home / "club.db")] if db else [])]
        p = subprocess.run(argv, capture_output=True, text=True, env=self.env, cwd=ROOT, timeout=300,
                           stdin=subprocess.DEVNULL)
        assert p.returncode == 0, (args, p.stdout, p.stderr)
        if record:
            self.printed.append(p.stdout + p.stderr)
        return p.stdout

    def english(self, *paths: str) -> list[str]:
        """The English words of everything printed so far, ``paths`` (file names) taken out."""
        text = "\n".join(self.printed)
        for path in sorted(paths, key=len, reverse=True):
            text = text.replace(path, " ")
        for name in NAMES:
            text = text.replace(name, " ")
        return english_left(text, english_words(self.lang))


@pytest.mark.parametrize("lang", ["ro", "fr"])
def test_the_score_sheet_speaks_the_chosen_language(tmp_path: Path, lang: str) -> None:
    remi = Cli(lang, tmp_path)
    remi("new", "--variant", "closed", "--players", "Ana,Bogdan,Cristi", "--target", "1000", "--name", "vineri", db=True)
    remi("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--rack", f"Bogdan={RACK}",
         "--points", "Cristi=1J4H", db=True)
    remi("hand", "--atu", "r1", "--closer", "Bogdan", "--board-points", "135", "--joker-close", "--twin", "Bogdan",
         "--points", "Ana=100", "--points", "Cristi=70", db=True)
    remi("hand", "--atu", "b7", "--nobody", "--points", "Ana=70", "--points", "Bogdan=75", "--points", "Cristi=80",
         db=True)
    remi("fix", "3", "--points", "Cristi=85", db=True)
    for args in (["sheet", "--last", "2"], ["history"], ["target", "500"], ["undo"], ["rename", "Cristi", "Cris"]):
        remi(*args, db=True)
    remi("new", "--variant", "simple", "--players", "Nord,Est,Sud", "--name", "duminica", db=True)
    for _ in range(3):  # each opponent takes 100 a hand: the game is over at 300 (SR-20, SR-21)
        remi("hand", "--closer", "Sud", db=True)
    for args in (["sheet"], ["games"], ["stats"]):
        remi(*args, db=True)
    assert remi.english() == []
    assert ("Joc terminat după mâna 3" if lang == "ro" else "Partie terminée après la manche 3") in remi.printed[-3]


@pytest.mark.parametrize("lang", ["ro", "fr"])
def test_history_and_games_write_times_as_the_language_does(tmp_path: Path, lang: str) -> None:
    """The times ``remi history`` and ``remi games`` show: the locale's date and time (Babel's
    medium form, ``6 dec. 2026, 05:03:00``) in the computer's time zone, not ISO."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from babel.dates import format_datetime

    remi = Cli(lang, tmp_path)
    remi.env["TZ"] = "Asia/Tokyo"  # UTC+9, no summer time

    def local(stamp: str) -> str:  # stored and exported in UTC
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(ZoneInfo("Asia/Tokyo"))
        return format_datetime(when.replace(tzinfo=None), "medium", locale=lang)

    remi("new", "--variant", "simple", "--players", "Nord,Est", "--name", "duminica", db=True)
    remi("hand", "--closer", "Nord", db=True)
    at = json.loads(remi("history", "--json", db=True, record=False))["actions"][0]["at"]
    started = json.loads(remi("games", "--json", db=True, record=False))[0]["created_at"]
    history, games = remi("history", db=True), remi("games", db=True)
    assert local(at) in history and local(started) in games, (history, games)
    assert not re.search(r"\d{4}-\d\d-\d\d", history + games)


@pytest.mark.parametrize("lang", ["ro", "fr"])
def test_check_and_advise_speak_the_chosen_language(tmp_path: Path, lang: str) -> None:
    remi = Cli(lang, tmp_path)
    remi("check", "r6 r7 r9 b11 b12 b13 b1 y3 b3 k3 y5 y6 y7 k13", "--atu", "r8")
    remi("check", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 *")
    remi("check", "r4 r5 r6 b9 y9 k9 k11 k12 k13 y2 y3 y4 r13 b13 r8")
    remi("check", "--variant", "simple", "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac")
    remi("check", "--variant", "simple", "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Kc")
    remi("check", "5h 6h 7h r8 r9 r10 b3 b4 b5 k1 k2 k3 y11 y12 y13")  # cards typed for tiles: a hint line
    reasons = []
    for args in (["r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", "--drawn", "k13", "--explain"],
                 ["--variant", "simple", "7h 8h 9h Js Jh Jc 2c 3c 5c As Ad Ac 10d", "--row", "pile=Kd 4c"],
                 ["--variant", "simple", "7h 8h 9h Js Jh Jc 2c 3c 5c As Ad Qc 10d", "--drawn", "Kd", "--explain"]):
        remi("advise", *args)
        reasons.append(json.loads(remi("advise", *args, "--json", record=False))["explanation"])  # the tutor's words
    for reason in reasons:
        remi.printed = [text.replace(reason, " ") for text in remi.printed]
    assert remi.english() == []


@pytest.mark.parametrize("lang", ["ro", "fr"])
def test_the_photo_commands_speak_the_chosen_language(tmp_path: Path, lang: str) -> None:
    import cv2

    grey = tmp_path / "grey.jpg"
    cv2.imwrite(str(grey), cv2.cvtColor(cv2.imread(str(PHOTOS / "rack-close.jpg")), cv2.COLOR_BGR2GRAY))
    annotated = tmp_path / "annotated.png"
    remi = Cli(lang, tmp_path)
    remi("scan", str(PHOTOS / "rack-close.jpg"), "--fix", "3=r1", "--fix", "+=k5", "--annotate", str(annotated))
    remi("scan", str(grey))
    remi("check", "--photo", str(PHOTOS / "rack-joker.jpg"))
    assert annotated.is_file()
    assert remi.english(str(PHOTOS / "rack-close.jpg"), str(grey), str(annotated), "rack-close.jpg", "rack-joker.jpg",
                        "grey.jpg") == []


def test_english_stays_english_and_the_json_stays_data(tmp_path: Path) -> None:
    """The words in English by default (tests/conftest.py pins it) and with --lang en; --json the same in any language."""
    en, ro = Cli("en", tmp_path), Cli("ro", tmp_path)
    assert "Board 105 points." in en("check", "r6 r7 r9 b11 b12 b13 b1 y3 b3 k3 y5 y6 y7 k13", "--atu", "r8")
    assert "Tabla face 105 puncte." in ro("check", "r6 r7 r9 b11 b12 b13 b1 y3 b3 k3 y5 y6 y7 k13", "--atu", "r8")
    ro("new", "--players", "Ana,Bogdan", "--name", "vineri", db=True)
    recorded = json.loads(ro("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--points", "Bogdan=95",
                             "--json", db=True))
    assert recorded["message"] == "hand 1 recorded"
    picked = subprocess.run([*REMI, "sheet", "--db", str(tmp_path / "club.db")], capture_output=True, text=True,
                            env={**ro.env, "LANG": "fr_FR.UTF-8"}, cwd=ROOT, timeout=120)
    assert "Classement : 1. Ana 100, 2. Bogdan -95" in picked.stdout, picked.stdout + picked.stderr


@pytest.mark.parametrize("lang", ["ro", "fr"])
def test_the_photos_doubts_and_adapts_verdicts_are_worded_per_reader(lang: str) -> None:
    """Typed values worded in one place (engine/messages_vision.py): in the reader's language
    for the command line, in English for --json."""
    from remi.engine import Tile
    from remi.engine.messages import TEMPLATES, Reason
    from remi.i18n import said as say, speaking
    from remi.vision.adapt import Verdict, heads_words
    from remi.vision.doubts import Doubt, DoubtKind

    pairs = ((Tile.parse("r6"), 0.6), (Tile.parse("r9"), 0.3))
    doubts = [Doubt(kind, share=0.4, alternatives=pairs, count=count) for kind in DoubtKind for count in (1, 14)]
    heads = {"adopted": True, "fitted_on": ["a.jpg", "b.jpg"], "held_back": ["c.jpg"], "fitted_right": [20, 28],
             "held_back_right": [10, 12]}
    figures = {"held_back": "c.jpg", "before": 9, "after": 8, "samples_before": 3, "samples_after": 3, "photos": 2,
               "count": 1, "path": "a.jpg"}
    steps = [code for code in TEMPLATES if code.startswith("adapt.step_")]
    assert len(steps) == 9
    verdicts = [Verdict(code, figures) for code in ("adapt.detector_without_extra", "adapt.detector_none_held",
                                                    "adapt.detector_kept", "adapt.detector_tuned",
                                                    "adapt.network_without_extra", "adapt.network_tiles_only",
                                                    "adapt.network_skipped", "adapt.detector_skipped",
                                                    "adapt.network_no_weights", "adapt.network_none_held",
                                                    "adapt.network_kept", "adapt.network_tuned")]
    english = [d.said(n) for d in doubts for n in ("tile", "card")] + [heads_words(heads, None)]
    with speaking(lang):
        said = [d.said(n) for d in doubts for n in ("tile", "card")] + [heads_words(heads, None)]
        said += [heads_words({**heads, "adopted": False, "held_back": []}, None)] + [v.said(None) for v in verdicts]
        said += [say(Reason(code, name="a.jpg")) for code in steps]  # the progress bar's steps (vision.adapt)
        assert [d.words(n) for d in doubts for n in ("tile", "card")] + [heads_words(heads)] == english
    text = "\n".join(said).replace("a.jpg", "").replace("b.jpg", "").replace("c.jpg", "")
    assert english_left(text, english_words(lang)) == []
    assert "r6 60%" in said[0] and "6h 60%" in said[1]


def test_lang_is_taken_wherever_it_is_typed(tmp_path: Path) -> None:
    """``--lang`` after the command, as a player adds it at the end of a line, or with ``=``."""
    rack = "r6 r7 r9 b11 b12 b13 b1 y3 b3 k3 y5 y6 y7 k13"
    env = Cli("en", tmp_path).env
    run = lambda *args: subprocess.run([*REMI, *args], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert "Tabla face 105 puncte." in run("check", rack, "--atu", "r8", "--lang", "ro").stdout
    assert "Le jeu vaut 105 points." in run("check", rack, "--lang=fr", "--atu", "r8").stdout
    wrong = run("check", rack, "--atu", "r8", "--lang", "xx")
    assert wrong.returncode == 2 and wrong.stderr.strip() == "remi: unknown language 'xx': use en, ro, fr"
    dangling = run("check", rack, "--lang")  # no value at the end: said as such, not "no such option"
    assert dangling.returncode == 2 and dangling.stderr.strip() == "remi: Option '--lang' requires an argument."


@pytest.mark.parametrize("lang", ["ro", "fr"])
def test_the_reader_s_training_lines_speak_the_language(lang: str) -> None:
    """`remi vision train`'s epoch lines are typed (vision.training.classifier): said in the
    reader's words, their decimals and shares as the language writes them."""
    from remi.engine.messages import Reason
    from remi.i18n import said, speaking

    lines = [Reason("train.reader_data", crops=1200, background=300, sessions=("rummy", "rummy2")),
             Reason("train.epoch", epoch=1, epochs=6),
             Reason("train.epoch_done", epoch=1, epochs=6, loss=0.9154, seconds=60),
             Reason("train.epoch_checked", epoch=1, epochs=6, loss=0.9154, seconds=60, number=0.973, colour=0.99,
                    tile=0.963)]
    english = [str(line) for line in lines]
    with speaking(lang):
        words = [said(line) for line in lines]
    assert english[3] == ("epoch 1/6: loss 0.915, 60 s; on the held-out photos 97.3% of numbers, 99.0% of colours, "
                          "96.3% of tiles right")
    assert english_left("\n".join(words).replace("rummy2", " ").replace("rummy", " "), english_words(lang)) == []
    assert "0,915" in words[3] and "97,3\xa0%" in words[3] and "96,3\xa0%" in words[3]
