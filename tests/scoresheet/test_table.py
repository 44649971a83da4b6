"""Issue 18, a new user's evening replayed through the real CLI (a subprocess, a real SQLite
file): impossible scores refused naming the rule, house rules allowing a table's own count,
which game a command acts on, names in any case, narrow terminals, cards typed for tiles,
completion, local times, ties, CSV, undo, the game's end, empty tables, players across
evenings, a changed target, a renamed player, and the sheet as a picture or a page."""

from __future__ import annotations

import csv
import io
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from tests.scoresheet.conftest import ROOT, Remi, snapshot

C1 = ["--atu", "y2", "--closer", "Ana", "--board", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2",
      "--rack", "Bogdan=k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10", "--points", "Cristi=1J4H"]
NOBODY = ["hand", "--atu", "b7", "--nobody"]


def test_remi_is_reachable_right_after_the_set_up() -> None:
    """The README's set-up says what to type, and that line puts remi on the PATH."""
    setup = (ROOT / "README.md").read_text().split("```")[1]
    assert "source .venv/bin/activate" in setup
    assert "source $(VENV)/bin/activate" in (ROOT / "Makefile").read_text()  # make demo says it too
    venv = Path(sys.executable).parent.parent
    p = subprocess.run(["bash", "-c", f"source {venv}/bin/activate && cd / && remi --help"], capture_output=True,
                       text=True, env={"PATH": "/usr/bin:/bin", "HOME": "/tmp"}, check=False)
    assert p.returncode == 0 and "score sheet" in p.stdout, p.stderr


IMPOSSIBLE = {
    # what the issue typed: each refused in one line naming the rule, the file unchanged
    "a rack of 93": (["--points", "Ana=93", "--points", "Bogdan=70", "--points", "Cristi=70"], "(CR-23)"),
    "a rack of 7": (["--points", "Ana=7", "--points", "Bogdan=70", "--points", "Cristi=70"], "70 to 220 in steps of 5"),
    "a rack of 0": (["--points", "Ana=0", "--points", "Bogdan=70", "--points", "Cristi=70"], "cannot cost 0"),
    "a rack of 225": (["--points", "Ana=225", "--points", "Bogdan=70", "--points", "Cristi=70"], "cannot cost 225"),
    "three jokers in counts": (["--points", "Ana=70", "--points", "Bogdan=3J", "--points", "Cristi=70"],
                               "3 jokers in one hand (Bogdan's rack 3): the deck has 2 (CR-1)"),
    "one joker each for three": (["--points", "Ana=1J", "--points", "Bogdan=1J", "--points", "Cristi=1J"],
                                 "3 jokers in one hand"),
    "two racks that need four jokers": (["--points", "Ana=220", "--points", "Bogdan=185", "--points", "Cristi=70"],
                                        "4 jokers in one hand"),
}


@pytest.mark.parametrize("case", list(IMPOSSIBLE))
def test_impossible_scores_are_refused_naming_the_rule(remi: Remi, case: str) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--target", "1000")
    before = snapshot(remi.db)
    args, says = IMPOSSIBLE[case]
    r = remi(*NOBODY, *args)
    assert r.code == 2 and says in r.err and len(r.err.splitlines()) == 1, r.err
    assert snapshot(remi.db) == before


def test_impossible_board_points_and_jokers_with_a_board(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan", "--target", "1000")
    before = snapshot(remi.db)
    for points, says in (("2000", "70 to 340 in steps of 5 (CR-21, CR-22)"), ("33", "cannot be worth 33")):
        r = remi("hand", "--atu", "k5", "--closer", "Ana", "--board-points", points, "--points", "Bogdan=70")
        assert r.code == 2 and says in r.err and r.err.startswith("remi: --board-points: "), r.err
    # a joker atu, a joker thrown and a board worth 300 (it needs a joker): three jokers
    r = remi("hand", "--atu", "*", "--closer", "Ana", "--board-points", "300", "--joker-close", "--points", "Bogdan=70")
    assert r.code == 2 and "3 jokers in one hand (Ana's board 1: 300 needs a joker, the throw 1, the atu 1)" in r.err
    assert snapshot(remi.db) == before
    s = remi.ok("hand", "--atu", "k5", "--closer", "Ana", "--board-points", "340", "--points", "Bogdan=70")
    assert s["hands"][0]["scores"] == {"Ana": 340, "Bogdan": -70}


def test_a_house_rules_file_allows_what_the_table_plays(remi: Remi, tmp_path: Path) -> None:
    own = tmp_path / "own.toml"
    own.write_text("check_points = false  # we count our own way\n")
    remi.ok("new", "--players", "Ana,Bogdan", "--rules", str(own), "--name", "own")
    assert remi.ok(*NOBODY, "--points", "Ana=93", "--points", "Bogdan=3")["totals"] == {"Ana": -93, "Bogdan": -3}
    four = tmp_path / "four.toml"
    four.write_text("jokers = 4\n")
    remi.ok("new", "--players", "Ana,Bogdan", "--rules", str(four), "--name", "four jokers")
    s = remi.ok(*NOBODY, "--points", "Ana=3J", "--points", "Bogdan=1J")
    assert s["totals"] == {"Ana": -(11 * 5 + 150), "Bogdan": -(13 * 5 + 50)}
    r = remi(*NOBODY, "--points", "Ana=3J", "--points", "Bogdan=2J")
    assert r.code == 2 and "the deck has 4 (CR-1)" in r.err


def test_simple_rummy_refuses_too_many_jokers(remi: Remi) -> None:
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben")
    r = remi("hand", "--closer", "Ana", "--board", "* * * * * 6h 7h 8h Js Jh Jc As Ad Ac")
    assert r.code == 2 and "a 5th joker" in r.err and len(r.err.splitlines()) == 1, r.err
    # a loser's number, a board's value: no such thing in Simple rummy, refused naming the rule
    for option in (["--points", "Ben=93"], ["--board-points", "2000"]):
        r = remi("hand", "--closer", "Ana", *option)
        assert r.code == 2 and len(r.err.splitlines()) == 1, r.err
        assert "are for Closed Rummy; in Simple rummy each opponent of the player who went out takes 100 (SR-20)" in r.err


def test_the_game_just_used_and_the_next_one(remi: Remi) -> None:
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben", "--name", "older")
    remi.ok("new", "--variant", "simple", "--players", "North,East,South,West", "--teams", "North+South,East+West",
            "--name", "sunday")
    for closer in ("West", "South", "East", "North", "North"):
        s = remi.ok("hand", "--closer", closer)
    assert s["finished"]
    r = remi("sheet")  # the game just used, finished: not the older open one
    assert r.code == 0 and "sunday" in r.out and "this was game" not in r.err
    r = remi("hand", "--closer", "west")
    assert r.code == 2 and r.err.strip() == ("remi: sunday is finished (won by North and South): start the next one "
                                             "with remi new --like sunday")
    nxt = remi.ok("new", "--like", "SUNDAY")
    assert nxt["name"] == "sunday 2" and nxt["players"] == ["North", "East", "South", "West"]
    assert nxt["teams"] == [["North", "South"], ["East", "West"]]
    assert remi.ok("hand", "--closer", "west")["hands"][0]["scores"]["North"] == 100
    # Another user of the same file (no game used yet): the command names the game it picked.
    other = Remi(remi.db, Path(remi.env["HOME"]) / "other")
    r = other("sheet")
    assert r.code == 0 and "this was game 'sunday 2', the latest open one" in r.err


def test_when_every_game_is_over_the_picked_one_is_not_called_open(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Dan", "--target", "100", "--name", "short")
    remi.ok("hand", "--atu", "k5", "--closer", "Ana", "--board-points", "120", "--points", "Dan=70")
    other = Remi(remi.db, Path(remi.env["HOME"]) / "other")  # another user: no game used yet
    r = other("sheet")
    assert r.code == 0 and "short" in r.out
    assert r.err.strip() == "remi: this was game 'short', the latest one, every game is over (--game NAME for another)"
    r = Remi(remi.db, Path(remi.env["HOME"]) / "third")("hand", "--atu", "k5", "--closer", "Ana", "--board-points",
                                                         "120", "--points", "Dan=70")
    assert r.code == 2 and len(r.err.splitlines()) == 1, r.err
    assert "start the next one with remi new --like short" in r.err and "open" not in r.err


def test_names_in_any_case(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--name", "Friday")
    s = remi.ok("hand", "--atu", "y2", "--closer", "ana", "--board-points", "100", "--points", "BOGDAN=95",
                "--points", "cristi=70", "--twin", "CRISTI", "--game", "friday")
    assert s["hands"][0]["scores"] == {"Ana": 100, "Bogdan": -95, "Cristi": -20}
    entered = remi.ok("history")["actions"][0]["input"]
    assert (entered["closer"], entered["twin"], list(entered["racks"])) == ("Ana", "Cristi", ["Bogdan", "Cristi"])
    # a fix names players in any case too: Bogdan's rack replaced, not given twice; a new closer's rack dropped
    s = remi.ok("fix", "1", "--points", "bogdan=90")
    assert s["hands"][0]["scores"] == {"Ana": 100, "Bogdan": -90, "Cristi": -20}
    s = remi.ok("fix", "1", "--closer", "BOGDAN", "--points", "ana=70")
    assert s["hands"][0]["scores"] == {"Ana": -70, "Bogdan": 100, "Cristi": -20}
    assert list(remi.ok("history")["actions"][-1]["input"]["racks"]) == ["Cristi", "Ana"]
    r = remi("new", "--players", "Ana,ana")
    assert r.code == 2 and "named twice" in r.err
    r = remi("new", "--players", "Dan,Eva", "--name", "FRIDAY")
    assert r.code == 2 and "already exists" in r.err


def _four_players(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi,Dumitru", "--target", "1000", "--name", "friday")
    remi.ok("hand", *C1, "--points", "Dumitru=70")
    remi.ok("hand", "--atu", "r1", "--closer", "Bogdan", "--board-points", "135", "--joker-close", "--twin", "Bogdan",
            "--points", "Ana=100", "--points", "Cristi=70", "--points", "Dumitru=75")
    remi.ok(*NOBODY, "--points", "Ana=70", "--points", "Bogdan=75", "--points", "Cristi=80", "--points", "Dumitru=85")


@pytest.mark.parametrize("width", [40, 50, 80, 100, 120])
def test_the_sheet_fits_the_terminal(remi: Remi, width: int) -> None:
    _four_players(remi)
    remi.env["COLUMNS"] = str(width)
    out = remi("sheet").out
    lines = out.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= width, out
    for total in ("-170", "570", "-355", "-305"):  # every number whole
        assert any(total in line.split() for line in lines), (total, out)
    assert "…" not in out
    if width >= 80:  # a four-player hand on one line
        row = next(line for line in lines if "-200×2" in line)
        assert all(cell in row for cell in ("-200×2", "+740★×4T", "-140×2", "-150×2")), out


def _evening_of_four(remi: Remi) -> None:
    """Issue 28's table: long names, x2 and x4 marks, a hand nobody closed, a joker close."""
    remi.ok("new", "--players", "Alexandra,Bogdan,Cristi,Dumitru", "--target", "1000", "--name", "friday")
    remi.ok("hand", "--atu", "*", "--nobody", "--twin", "Dumitru", "--points", "Alexandra=70", "--points", "Bogdan=70",
            "--points", "Cristi=115", "--points", "Dumitru=70")
    remi.ok("hand", "--atu", "y2", "--closer", "Alexandra", "--board-points", "100", "--points", "Bogdan=70",
            "--points", "Cristi=150", "--points", "Dumitru=70")
    for closer, others in (("Bogdan", ("Alexandra", "Cristi", "Dumitru")), ("Cristi", ("Alexandra", "Bogdan", "Dumitru"))):
        remi.ok("hand", "--atu", "r1", "--closer", closer, "--board-points", "135", "--joker-close", "--twin", closer,
                *[arg for p, n in zip(others, (120, 130, 170)) for arg in ("--points", f"{p}={n}")])


def test_at_80_columns_four_players_keep_each_hand_s_kind(remi: Remi) -> None:
    """A hand nobody closed or closed with a joker never looks ordinary, however narrow the sheet."""
    _evening_of_four(remi)
    remi.env["COLUMNS"] = "80"
    out = remi("sheet").out
    lines = out.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 80, out
    row = {line.split()[0]: line.split() for line in lines if line.split()[:1] in (["1"], ["3"])}
    assert row["1"][-2:] == ["*", "Ø"] and row["3"][-2:] == ["r1", "J"], out  # the atu and the kind, on one line
    assert "+740★×4T" in row["3"] and "Ø nobody closed" in out and "J joker close" in out
    remi.env["COLUMNS"] = "40"
    out = remi("sheet").out
    lines = out.splitlines()
    assert max(len(line.rstrip()) for line in lines) <= 40 and "+740★×4T" in out, out
    under = {lines[i].split()[0]: lines[i + 1].split()[0] for i, line in enumerate(lines[:-1]) if line.split()[:1] in (["1"], ["3"])}
    assert under == {"1": "Ø", "3": "J"}, out  # the kind under the hand's number
    assert "Ø nobody" in out


def test_at_40_columns_a_long_name_gives_way_not_a_number(remi: Remi) -> None:
    """Long names and a doubled four-digit score: rich once cut the score (``+1200★…``)."""
    remi.ok("new", "--players", "Alexandra,Bartholomew,Constantin,Dumitrescu")
    remi.ok("hand", "--atu", "r1", "--closer", "Bartholomew", "--board-points", "250", "--joker-close", "--twin",
            "Bartholomew", "--points", "Alexandra=140", "--points", "Constantin=140", "--points", "Dumitrescu=140")
    remi.env["COLUMNS"] = "40"
    out = remi("sheet").out
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 40, out
    row = next(line for line in out.splitlines() if line.split()[:1] == ["1"])
    assert row.split() == ["1", "-280×2", "+1200★×4T", "-280×2", "-280×2"], out
    assert "Bartho" in out and "…" in out  # the names are cut instead


def test_cards_typed_for_closed_rummy_get_a_hint(remi: Remi) -> None:
    r = remi("check", "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac", db=False)
    assert "cards read as Closed Rummy tiles (5h as r5, 6h as r6, 7h as r7 ...)" in r.err
    assert "add --variant simple" in r.err
    r = remi("check", "--variant", "simple", "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac", db=False)
    assert r.code == 0 and "cards read as" not in r.err
    # a hand of cards for a game started without --variant simple: refused for its atu, saying why
    remi.ok("new", "--players", "Ana,Ben", "--name", "cards")
    r = remi("hand", "--closer", "Ana", "--board", "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac")
    assert r.code == 2 and len(r.err.splitlines()) == 1, r.err
    assert "the atu is missing" in r.err and "cards is Closed Rummy" in r.err and "remi new --variant simple" in r.err


def test_tab_completion_installs(tmp_path: Path) -> None:
    remi = Path(sys.executable).with_name("remi")
    env = {"HOME": str(tmp_path), "SHELL": "/bin/bash", "PATH": f"{remi.parent}:/usr/bin:/bin"}
    # typer finds the user's shell among the parent processes: run it from bash, as a user does
    # (a command after it keeps bash from exec'ing remi in its place, which would leave remi no
    # shell ancestor when the tests were started outside one, as a detached `make test` is)
    p = subprocess.run(["bash", "-c", f"{remi} --install-completion; exit $?"], capture_output=True, text=True,
                       env=env, check=False)
    assert p.returncode == 0, p.stderr
    assert (tmp_path / ".bash_completions" / "remi.sh").exists() and "remi.sh" in (tmp_path / ".bashrc").read_text()
    p = subprocess.run([str(remi)], capture_output=True, text=True, check=False,
                       env={**env, "_REMI_COMPLETE": "complete_bash", "COMP_WORDS": "remi sh", "COMP_CWORD": "1"})
    assert p.stdout.split() == ["sheet"]


def test_times_in_local_time(remi: Remi) -> None:
    remi.env["TZ"] = "Asia/Tokyo"  # UTC+9, no summer time
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben", "--name", "tokyo")
    remi.ok("hand", "--closer", "Ana")
    tokyo = ZoneInfo("Asia/Tokyo")

    def local(stamp: str) -> str:  # stored and exported in UTC
        return datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone(tokyo).strftime("%Y-%m-%d %H:%M")

    assert local(remi.ok("history")["actions"][0]["at"]) in remi("history").out
    assert local(remi.ok("games")[0]["created_at"]) in remi("games").out


def test_ties_are_ranked_as_ties_and_the_end_says_why(remi: Remi) -> None:
    remi.ok("new", "--variant", "simple", "--players", "North,East,South,West", "--teams", "North+South,East+West")
    remi.ok("hand", "--closer", "West")
    r = remi("hand", "--closer", "North")
    assert "Standing: 1. East+West 200, 1. North+South 200" in r.out, r.out
    for closer in ("North", "North"):
        r = remi("hand", "--closer", closer)
    assert "Game over after hand 4: East+West reached 600 (a side loses at 600); North and South win." in r.out, r.out
    remi.ok("new", "--players", "Ana,Dan", "--target", "100")
    r = remi("hand", "--atu", "k5", "--closer", "Dan", "--board-points", "120", "--points", "Ana=70")
    assert "Game over after hand 1: Dan reached 120 (target ±100); Dan wins." in r.out, r.out


def test_csv_keeps_notes_multipliers_and_the_atu_close(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan", "--name", "csv")
    remi.ok("hand", "--atu", "r8", "--atu-close", "--closer", "Ana", "--board",
            "R6 R7 R9 B11 B12 B13 B1 Y3 B3 K3 Y5 Y6 Y7 K13", "--points", "Bogdan=70", "--note", "with the atu")
    remi.ok("hand", "--atu", "k1", "--nobody", "--points", "Ana=70", "--points", "Bogdan=75")
    rows = list(csv.DictReader(io.StringIO(remi("export", "--format", "csv").out)))
    assert (rows[0]["atu close"], rows[0]["note"], rows[0]["x Ana"]) == ("yes", "with the atu", "1")
    assert (rows[1]["atu close"], rows[1]["x Bogdan"], rows[1]["Bogdan"]) == ("", "2", "-150")


def test_undo_says_which_hand_and_empty_tables_say_so(remi: Remi) -> None:
    assert "No games yet" in remi("games").out
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben", "--name", "quiet")
    assert "nothing entered yet" in remi("history").out
    assert "No hands yet" in remi("stats").out and "No hands yet" in remi("sheet").out
    remi.ok("hand", "--closer", "Ana")
    remi.ok("hand", "--closer", "Ben")
    remi.ok("fix", "1", "--closer", "Ben")
    assert "undid the correction of hand 1" in remi("undo").out
    assert "undid hand 2" in remi("undo").out
    r = remi("new", "--players", "Ana")
    assert r.code == 2 and "1 player: a table has 2 to 4" in r.err


def test_players_across_evenings(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Dan", "--target", "100", "--name", "monday")
    remi.ok("hand", "--atu", "k5", "--closer", "Ana", "--board-points", "120", "--points", "Dan=70")
    remi.ok("new", "--players", "dan,ANA,Ion", "--target", "100", "--name", "tuesday")
    remi.ok("hand", "--atu", "k5", "--closer", "Dan", "--board-points", "150", "--points", "Ana=70", "--points", "Ion=90")
    stats = remi.ok("stats")
    players = {s["player"]: s for s in stats["players"]}
    assert set(players) == {"ANA", "dan", "Ion"}  # one person each; the latest spelling
    assert (players["ANA"]["games"], players["ANA"]["games_won"], players["ANA"]["points"]) == (2, 1, 50)
    assert (players["dan"]["rank"], players["ANA"]["rank"], players["Ion"]["rank"]) == (1, 2, 3)  # won, then points
    duel = next(h for h in stats["head_to_head"] if {h["a"], h["b"]} == {"ANA", "dan"})
    assert duel["games"] == 2 and duel["a_ahead"] == 1 and duel["b_ahead"] == 1
    text = remi("stats").out
    assert "head to head" in text and "ANA – dan" in text
    # at a phone's 40 columns the tables become lines, nothing cut (rich once drew a table of "…")
    remi.env["COLUMNS"] = "40"
    text = remi("stats").out
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 40 and "…" not in text, text
    flat = " ".join(text.split())
    assert "1. dan (closed): 2 games, 1 won, 80 points;" in flat and "ANA – dan (closed): 2 games, ahead 1–1" in flat


def test_a_rename_and_a_new_target_are_recorded_and_undone(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdi", "--target", "1000", "--name", "friday")
    remi.ok("hand", "--atu", "k5", "--closer", "Ana", "--board-points", "150", "--points", "bogdi=70")
    s = remi.ok("rename", "bogdi", "Bogdan")
    assert s["players"] == ["Ana", "Bogdan"] and s["totals"] == {"Ana": 150, "Bogdan": -70}
    s = remi.ok("target", "100")
    assert s["target"] == 100 and s["finished"] and s["winners"] == ["Ana"]
    r = remi("hand", "--atu", "k5", "--closer", "Ana", "--board-points", "150", "--points", "Bogdan=70")
    assert r.code == 2 and "finished" in r.err
    assert "undid the target change to 100" in remi("undo").out
    s = remi.ok("hand", "--atu", "k5", "--closer", "Bogdan", "--board-points", "150", "--points", "Ana=70")
    assert s["target"] == 1000 and not s["finished"] and s["totals"] == {"Ana": 80, "Bogdan": 80}
    kinds = [(a["kind"], a["undone"], a.get("change")) for a in remi.ok("history")["actions"]]
    assert kinds[1:4] == [("rename", False, {"old": "Bogdi", "new": "Bogdan"}), ("target", True, {"target": 100}),
                          ("undo", False, None)]
    text = remi("history").out
    assert "renamed" in text and "Bogdi → Bogdan" in text and "target changed" in text
    # the export carries the changes; an import replays them
    out = Path(remi.env["HOME"]) / "friday.json"
    remi.ok("export", "--out", str(out))
    copy = remi.ok("import", str(out), "--name", "copy")
    assert copy["players"] == ["Ana", "Bogdan"] and copy["totals"] == {"Ana": 80, "Bogdan": 80}


def test_no_target_when_there_is_none_says_so_in_words(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Dan", "--name", "g")
    r = remi("target", "none")
    assert r.code == 2 and r.err.strip() == "remi: --target: g has no target already"  # was "is None already"
    assert remi.ok("history")["actions"] == []


def test_a_rename_in_a_two_against_two_game(remi: Remi) -> None:
    remi.ok("new", "--variant", "simple", "--players", "North,East,South,West", "--teams", "North+South,East+West")
    remi.ok("hand", "--closer", "West")
    r = remi("rename", "west", "Vest")  # the teams follow the name (it was refused as a table without teams)
    assert r.code == 0 and "West is now Vest" in r.out, r.err
    s = remi.ok("sheet")
    assert s["teams"] == [["North", "South"], ["East", "Vest"]] and s["totals"]["Vest"] == 0


def test_the_sheet_to_share(remi: Remi, tmp_path: Path) -> None:
    _four_players(remi)
    png, page = tmp_path / "sheet.png", tmp_path / "sheet.html"
    assert remi.ok("sheet", "--out", str(png))["hands"] == 3
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(data[16:20], "big") == 1080  # a phone's width
    remi.ok("sheet", "--out", str(page))
    text = page.read_text()
    assert 'name="viewport"' in text and "+740★×4T" in text and "Standing: 1. Bogdan 570" in text
    r = remi("sheet", "--out", str(tmp_path / "sheet.txt"))
    assert r.code == 2 and ".png (a picture) or .html (a page)" in r.err
    assert os.path.getsize(png) > 10_000
    assert "<th>3<small>b7 Ø</small></th>" in text and "Ø nobody closed" in text  # each hand's atu and kind


def test_the_picture_to_share_has_the_atu_and_the_legend(remi: Remi, tmp_path: Path) -> None:
    from remi.scoresheet.store import Store
    from remi.sheet_picture import sheet_figure

    _evening_of_four(remi)
    png = tmp_path / "sheet.png"
    assert remi.ok("sheet", "--out", str(png))["hands"] == 4 and png.stat().st_size > 10_000
    store = Store.open(remi.db)
    fig = sheet_figure(store.sheet(store.find_game("friday").id))
    drawn = [t.get_text() for t in fig.axes[0].texts]
    assert ["* Ø", "y2", "r1 J", "r1 J"] == [t for t in drawn if t.split()[:1] in (["*"], ["y2"], ["r1"])]
    assert "★ closed ×2/×4 doubled T twin Ø nobody closed J joker close" in drawn
    store.engine.dispose()


def test_a_simple_csv_has_simple_columns(remi: Remi) -> None:
    """Issue 39.15: a Simple rummy sheet carries no atu, board, throw, twin or multiplier."""
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben", "--name", "rami")
    remi.ok("hand", "--closer", "Ana", "--note", "first")
    remi.ok("hand", "--closer", "Ben")
    rows = list(csv.reader(io.StringIO(remi("export", "--format", "csv").out)))
    assert rows[0] == ["hand", "went out", "Ana", "Ben", "note", "total Ana", "total Ben"]
    assert rows[1:] == [["1", "Ana", "0", "100", "first", "0", "100"], ["2", "Ben", "100", "0", "", "100", "100"]]
