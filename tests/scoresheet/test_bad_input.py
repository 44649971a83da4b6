"""Bad input through the real CLI: one clear line on stderr, a non-zero exit, and the database
unchanged (SQLite: the file byte for byte; PostgreSQL: every row). A finished game refusing a
hand is in the golden cases (C13, S5)."""

from __future__ import annotations

import os
import sqlite3
import stat
from pathlib import Path

import pytest

from remi.scoresheet.entry import HandInput
from remi.scoresheet.store import Store
from tests.scoresheet.conftest import Remi, snapshot

C1_BOARD = "R3 R4 R5 R6 B10 B11 B12 K7 Y7 B7 Y9 Y10 Y11 Y12 K2"
C1_BOGDAN = "K1 R2 R8 B8 Y5 B6 K11 K12 Y13 R13 B3 Y4 K9 R10"
C1_CRISTI = "J* B1 B2 Y6 Y7 K3 K4 R9 B9 Y11 R12 B13 K10 Y8"


def seed(db: str) -> None:
    store = Store.open(db)
    g = store.new_game("friday", "closed", ["Ana", "Bogdan", "Cristi"], target=1000)
    store.record(g.id, HandInput.parse(closer="Ana", atu="y2", board=C1_BOARD,
                                       racks={"Bogdan": C1_BOGDAN, "Cristi": C1_CRISTI}))
    store.engine.dispose()


HAND = ["hand", "--atu", "y2", "--closer", "Ana", "--board", C1_BOARD]
BAD = {
    "unknown closer": (["hand", "--atu", "y2", "--closer", "Anna", "--board-points", "100", "--points", "Bogdan=95",
                        "--points", "Cristi=70"], "unknown player 'Anna'"),
    "unknown rack owner": ([*HAND, "--points", "Bogdan=95", "--points", "Cristy=70"], "unknown player 'Cristy' for a rack: the players are Ana, Bogdan, Cristi; did you mean Cristi?"),
    "unknown twin": ([*HAND, "--points", "Bogdan=95", "--points", "Cristi=70", "--twin", "Eve"], "unknown player 'Eve'"),
    "a rack given twice": ([*HAND, "--points", "Bogdan=95", "--rack", f"Bogdan={C1_BOGDAN}", "--points", "Cristi=70"],
                           "given twice"),
    "a rack missing": ([*HAND, "--points", "Bogdan=95"], "no rack given for Cristi"),
    "board does not close": (["hand", "--atu", "y2", "--closer", "Ana", "--board",
                              "R4 R5 R6 B9 Y9 K9 K11 K12 K13 Y2 Y3 Y4 R13 B13 R8", "--points", "Bogdan=95",
                              "--points", "Cristi=70"], "does not close"),
    "board of 14 tiles": (["hand", "--atu", "y2", "--closer", "Ana", "--board", C1_BOARD.rsplit(" ", 1)[0],
                           "--points", "Bogdan=95", "--points", "Cristi=70"], "has 14 tiles"),
    "a forced throw that does not close": ([*HAND, "--throw", "r3", "--points", "Bogdan=95", "--points", "Cristi=70"],
                                           "throwing r3"),
    "rack of 13 tiles": ([*HAND, "--rack", "Bogdan=" + C1_BOGDAN.rsplit(" ", 1)[0], "--points", "Cristi=70"],
                         "Bogdan's rack has 13 tiles"),
    "a 3rd copy across racks": ([*HAND, "--rack", "Bogdan=" + C1_BOGDAN, "--rack",
                                 "Cristi=K1 K1 B2 Y6 Y7 K3 K4 R9 B9 Y11 R12 B13 K10 Y8"], "3rd k1"),
    "a 3rd copy on the board and a rack": ([*HAND, "--rack", "Bogdan=R3 R3 R8 B8 Y5 B6 K11 K12 Y13 R13 B3 Y4 K9 R10",
                                            "--points", "Cristi=70"],
                                           "remi: --rack/--points/--board: a 3rd r3 in one hand (Bogdan's rack 2, "
                                           "Ana's board 1): the deck has only 2"),
    "the atu on two racks": (["hand", "--atu", "k9", "--closer", "Ana", "--board", C1_BOARD, "--rack",
                              f"Bogdan={C1_BOGDAN}", "--rack", "Cristi=J* B1 B2 Y6 Y7 K3 K4 R9 B9 Y11 R12 B13 K10 K9"],
                             "a 3rd k9 in one hand (the atu, Bogdan's rack 1, Cristi's rack 1)"),
    "a joker atu's twin elsewhere": (["hand", "--atu", "*", "--nobody", "--twin", "Bogdan", "--points", "Ana=70",
                                      "--points", "Bogdan=70", "--points", "Cristi=1J"],
                                     "the atu is a joker and Bogdan holds its twin, the other joker (CR-25): no joker "
                                     "is left for Cristi's rack"),
    "a number that needs a joker": (["hand", "--atu", "*", "--closer", "Ana", "--board-points", "100", "--joker-close",
                                     "--points", "Bogdan=70", "--points", "Cristi=150"],
                                    "3 jokers in one hand (Cristi's rack 1: 150 needs a joker, the throw 1, the atu 1)"),
    "a bad tile": ([*HAND, "--rack", "Bogdan=K1 R2 R8 B8 Y5 B6 K11 K12 Y13 R13 B3 Y4 K9 R14", "--points", "Cristi=70"],
                   "'R14'"),
    "negative points": ([*HAND, "--points", "Bogdan=-95", "--points", "Cristi=70"], "cannot be negative"),
    "non-numeric points": ([*HAND, "--points", "Bogdan=lots", "--points", "Cristi=70"], "'lots'"),
    "quick counts that are not 14 tiles": ([*HAND, "--points", "Bogdan=10L3H", "--points", "Cristi=70"], "13 tiles"),
    "non-numeric board points": (["hand", "--atu", "y2", "--closer", "Ana", "--board-points", "100x", "--points",
                                  "Bogdan=95", "--points", "Cristi=70"], "'100x'"),
    "an impossible board value": (["hand", "--atu", "y2", "--closer", "Ana", "--board-points", "52", "--points",
                                   "Bogdan=95", "--points", "Cristi=70"], "cannot be worth 52"),
    "no atu": (["hand", "--closer", "Ana", "--board-points", "100", "--points", "Bogdan=95", "--points", "Cristi=70"],
               "atu is missing"),
    "nobody and a closer": (["hand", "--atu", "y2", "--nobody", "--closer", "Ana", "--points", "Bogdan=95"],
                            "contradict"),
    "a rack for the closer": ([*HAND, "--points", "Ana=70", "--points", "Bogdan=95", "--points", "Cristi=70"],
                              "Ana closed"),
    "simple options in closed": (["hand", "--closer", "Ana", "--atu", "y2", "--board-points", "100", "--points",
                                  "Bogdan=x"], "'x'"),
    "a name typed twice": (["new", "--players", "Ana,Dan,Ana"], "Ana named twice"),
    "a game name taken": (["new", "--players", "Ana,Dan", "--name", "friday"], "already exists"),
    "an unknown variant": (["new", "--variant", "poker", "--players", "Ana,Dan"], "unknown variant"),
    "partners not opposite": (["new", "--variant", "simple", "--players", "Ana,Ion,Dan,Eva", "--teams", "Ana+Ion,Dan+Eva"],
                              "partners sit opposite"),
    "one player": (["new", "--players", "Ana"], "a table has 2 to 4"),
    "fix of a hand that is not there": (["fix", "7", "--atu", "y2", "--closer", "Ana", "--board-points", "100",
                                         "--points", "Bogdan=95", "--points", "Cristi=70"], "no hand 7"),
    "an unknown game": (["sheet", "--game", "saturday"], "no game 'saturday'"),
    "a missing photo": (["hand", "--atu", "y2", "--closer", "Ana", "--board-photo", "/nonexistent/board.jpg",
                         "--points", "Bogdan=95", "--points", "Cristi=70"], "no photo /nonexistent/board.jpg"),
    # issue 27: what a phone could type reaches the host's terminal and every page
    "a terminal escape in a name": (["new", "--players", "Ana,Bo\x01\x07\x1b[31m"],
                                    "a player's name 'Bo\\x01\\x07\\x1b[31m' holds a control character (\\x01)"),
    "a bidi override in a name": (["new", "--players", "Ana,\u202eDan"], "holds a bidi control (\\u202e)"),
    "a zero-width look-alike": (["new", "--players", "Ana,Ana\u200b"], "holds a zero-width character (\\u200b)"),
    "an escape in a note": ([*HAND, "--points", "Bogdan=95", "--points", "Cristi=70", "--note", "ok\x1b]0;pwned\x07"],
                            "the note 'ok\\x1b]0;pwned\\x07' holds a control character (\\x1b)"),
    "a rename of 20,000 characters": (["rename", "Ana", "A" * 20_000], "is 20000 characters long: at most 40"),
    "a game id past the database's integers": (["sheet", "--game", "9" * 20], f"no game '{'9' * 20}'"),
    "a target past any evening": (["target", "10" * 10], "at most 100,000"),
}


#: the cases also run against PostgreSQL (rows unchanged); all of them run against SQLite
ON_POSTGRES = ["unknown closer", "a rack given twice", "board does not close", "rack of 13 tiles",
               "a 3rd copy across racks", "the atu on two racks", "negative points", "a name typed twice",
               "a game name taken", "a terminal escape in a name", "a game id past the database's integers",
               "a target past any evening"]


def check_refused(remi: Remi, case: str) -> None:
    seed(remi.db)
    before = snapshot(remi.db)
    args, message = BAD[case]
    r = remi(*args)
    assert r.code == 2, (r.code, r.out, r.err)
    assert message in r.err, r.err
    assert len(r.err.strip().splitlines()) == 1 and r.err.startswith("remi: "), r.err
    assert "Traceback" not in r.err + r.out
    assert snapshot(remi.db) == before


@pytest.mark.parametrize("case", list(BAD))
def test_bad_input_leaves_the_file_unchanged(case: str, remi: Remi) -> None:
    check_refused(remi, case)


@pytest.mark.postgres
@pytest.mark.parametrize("case", ON_POSTGRES)
def test_bad_input_leaves_postgres_unchanged(case: str, pg_url: str, tmp_path: Path) -> None:
    check_refused(Remi(pg_url, tmp_path), case)


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping list: tiles, snacks\n")
    remi = Remi(str(path), tmp_path)
    r = remi("games")
    assert r.code == 1 and "not a remi database" in r.err and len(r.err.splitlines()) == 1
    assert path.read_text() == "shopping list: tiles, snacks\n"


def test_an_sqlite_file_of_another_program(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT)")
    before = path.read_bytes()
    r = Remi(str(path), tmp_path)("new", "--players", "Ana,Dan")
    assert r.code == 1 and "not a remi database" in r.err
    assert path.read_bytes() == before


def test_a_read_only_database(tmp_path: Path) -> None:
    remi = Remi(str(tmp_path / "sheet.db"), tmp_path)
    seed(remi.db)
    os.chmod(remi.db, stat.S_IRUSR | stat.S_IRGRP)
    try:
        before = snapshot(remi.db)
        assert remi.ok("sheet")["totals"] == {"Ana": 100, "Bogdan": -95, "Cristi": -135}  # reading still works
        r = remi("hand", "--atu", "y2", "--closer", "Ana", "--board-points", "100", "--points", "Bogdan=95",
                 "--points", "Cristi=70")
        assert r.code == 1 and "read-only" in r.err and len(r.err.splitlines()) == 1, r.err
        assert snapshot(remi.db) == before
    finally:
        os.chmod(remi.db, stat.S_IRUSR | stat.S_IWUSR)


def test_a_database_from_a_newer_remi(tmp_path: Path) -> None:
    remi = Remi(str(tmp_path / "sheet.db"), tmp_path)
    seed(remi.db)
    with sqlite3.connect(remi.db) as conn:
        conn.execute("UPDATE remi_version SET version_num = '0999'")
    before = snapshot(remi.db)
    r = remi("sheet")
    assert r.code == 1 and "newer than this remi" in r.err
    assert snapshot(remi.db) == before
