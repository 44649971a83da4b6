"""The sheet commands end to end (real CLI, real database): undo, fix, history, games,
export/import, stats, plot, the interactive form, help and JSON."""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scoresheet.conftest import ROOT, Remi, remi_command

C1 = ["--atu", "Y2", "--closer", "Ana", "--board", "R3 R4 R5 R6 B10 B11 B12 K7 Y7 B7 Y9 Y10 Y11 Y12 K2",
      "--rack", "Bogdan=K1 R2 R8 B8 Y5 B6 K11 K12 Y13 R13 B3 Y4 K9 R10", "--points", "Cristi=1J4H"]


@pytest.mark.postgres
def test_undo_fix_delete_and_history(remi_any: Remi) -> None:
    remi = remi_any
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--name", "friday")
    remi.ok("hand", *C1)
    s = remi.ok("hand", "--atu", "b7", "--nobody", "--twin", "Bogdan", "--points", "Ana=70", "--points", "Bogdan=11L3H",
                "--points", "Cristi=75")
    assert s["totals"] == {"Ana": 30, "Bogdan": -130, "Cristi": -210}
    # Correct hand 1: Cristi's rack was 120, not 135.
    s = remi.ok("fix", "1", *C1[:-2], "--points", "Cristi=120")
    assert s["hands"][0]["scores"] == {"Ana": 100, "Bogdan": -95, "Cristi": -120}
    assert s["totals"] == {"Ana": 30, "Bogdan": -130, "Cristi": -195}
    # Strike hand 2 out, then undo that, then undo the fix.
    s = remi.ok("fix", "2", "--delete")
    assert len(s["hands"]) == 1 and s["totals"] == {"Ana": 100, "Bogdan": -95, "Cristi": -120}
    s = remi.ok("undo")
    assert len(s["hands"]) == 2 and s["totals"]["Cristi"] == -195
    s = remi.ok("undo")
    assert s["totals"] == {"Ana": 30, "Bogdan": -130, "Cristi": -210}
    s = remi.ok("undo")
    assert [h["number"] for h in s["hands"]] == [1]
    h = remi.ok("history")
    kinds = [(a["kind"], a["hand"], a["undone"]) for a in h["actions"]]
    assert kinds == [("hand", 1, False), ("hand", 2, True), ("fix", 1, True), ("delete", 2, True),
                     ("undo", 2, False), ("undo", 1, False), ("undo", 2, False)]
    assert h["actions"][2]["input"]["racks"]["Cristi"] == {"points": 120}
    assert h["actions"][0]["input"]["board"] == "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"  # canonical
    text = remi("history")
    assert text.code == 0 and "corrected" in text.out and "struck out" in text.out
    remi.ok("undo")
    r = remi("undo")
    assert r.code == 2 and "nothing to undo" in r.err


def test_sheet_table_and_games(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--target", "1000", "--name", "friday")
    remi.ok("hand", *C1)
    remi.ok("hand", "--atu", "r1", "--closer", "Bogdan", "--board-points", "135", "--joker-close", "--twin", "Bogdan",
            "--points", "Ana=100", "--points", "Cristi=70")
    r = remi("sheet")
    assert r.code == 0, r.err
    for text in ("friday", "Ana", "Bogdan", "Cristi", "★", "×4", "T", "Target: ±1000", "Standing: 1. Bogdan",
                 "Next starter: Cristi"):
        assert text in r.out, (text, r.out)
    remi.ok("new", "--variant", "simple", "--players", "North,East,South,West", "--teams", "North+South,East+West")
    remi.ok("hand", "--closer", "West")
    r = remi("sheet")
    assert "North+South" in r.out and "(1 lost)" in r.out and "A side loses at 600" in r.out
    games = remi.ok("games")
    assert [g["name"] for g in games] == ["game 2", "friday"]
    assert games[0]["totals"] == {"North": 100, "East": 0, "South": 100, "West": 0}
    assert remi.ok("sheet", "--game", "friday")["totals"]["Bogdan"] == -95 + (135 + 50) * 4
    assert "friday" in remi("games").out


def test_export_import_round_trip(remi: Remi, tmp_path: Path) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--name", "friday", "--target", "2000")
    remi.ok("hand", *C1)
    remi.ok("hand", "--atu", "r8", "--atu-close", "--closer", "Cristi", "--board",
            "R6 R7 R9 B11 B12 B13 B1 Y3 B3 K3 Y5 Y6 Y7 K13", "--points", "Ana=70", "--points", "Bogdan=2J5H")
    remi.ok("fix", "1", *C1[:-2], "--points", "Cristi=80")
    remi.ok("hand", "--atu", "k5", "--nobody", "--points", "Ana=70", "--points", "Bogdan=75", "--points", "Cristi=80",
            "--note", "stock ran out")
    remi.ok("undo")
    out = tmp_path / "friday.json"
    remi.ok("export", "--format", "json", "--out", str(out))
    exported = json.loads(out.read_text())
    assert exported["format"] == "remi-game/1" and len(exported["actions"]) == 5
    imported = remi.ok("import", str(out), "--name", "copy")
    original = remi.ok("sheet", "--game", "friday")
    for key in ("hands", "totals", "finished", "winners", "players", "target"):
        assert imported[key] == original[key]
    again = remi("export", "--game", "copy")
    data = json.loads(again.out)
    assert data["actions"] == exported["actions"]
    assert {k: v for k, v in data["game"].items() if k != "name"} == {k: v for k, v in exported["game"].items() if k != "name"}
    r = remi("import", str(out))
    assert r.code == 2 and "already exists" in r.err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**exported, "actions": [{**exported["actions"][0], "hand": {
        **exported["actions"][0]["hand"], "closer": "Zed"}}]}))
    r = remi("import", str(bad), "--name", "bad")
    assert r.code == 2 and "Zed" in r.err
    rows = list(csv.reader(io.StringIO(remi("export", "--format", "csv", "--game", "friday").out)))
    assert rows[0][:6] == ["hand", "closer", "atu", "board", "throw", "twin"]
    assert rows[1][6:9] == ["100", "-95", "-80"] and rows[-1][-3:] == [str(v) for v in original["totals"].values()]


S1_CARDS = "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac"  # docs/rules.md S1, as a card player writes it
S1_TILES = "r5 r6 r7 r8 k11 r11 b11 b2 b3 * b5 k1 y1 b1"  # the same hand in tile notation
TILE_WORD = re.compile(r"(?<![\w-])[kbryo](?:1[0-3]|[1-9])(?![\w-])", re.IGNORECASE)


def test_a_simple_hand_is_shown_and_exported_as_cards(remi: Remi, tmp_path: Path) -> None:
    """A Simple rummy hand typed as cards comes back as cards: remi history (its table and
    --json) and remi export; the export imports again, and so does one written in tile
    notation (before exports spoke cards). The database keeps its one stored form."""
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben", "--name", "rami")
    remi.ok("hand", "--closer", "Ana", "--board", "5H 6h 7♥ 8h JS Jh Jc 2c 3C jk 5c As AD Ac")
    remi.ok("hand", "--closer", "Ben")
    history = remi.ok("history")
    assert [a["input"]["board"] for a in history["actions"]] == [S1_CARDS, None]
    text = remi("history")
    assert text.code == 0 and "Ana went out; hand 5h 6h" in text.out and "Ben went out" in text.out
    assert "closer" not in text.out and not TILE_WORD.findall(text.out), text.out
    out = tmp_path / "rami.json"
    remi.ok("export", "--format", "json", "--out", str(out))
    exported = json.loads(out.read_text())
    assert exported["actions"][0]["hand"]["board"] == S1_CARDS
    assert not TILE_WORD.findall(json.dumps(exported["actions"]))
    original = remi.ok("sheet", "--game", "rami")
    older = tmp_path / "older.json"
    older.write_text(json.dumps({**exported, "actions": [
        {**a, "hand": {**a["hand"], "board": S1_TILES}} if a["hand"]["board"] else a for a in exported["actions"]]}))
    for name, path in (("copy", out), ("older", older)):
        imported = remi.ok("import", str(path), "--name", name)
        for key in ("hands", "totals", "finished", "players", "teams"):
            assert imported[key] == original[key], (name, key)
        assert json.loads(remi("export", "--game", name).out)["actions"] == exported["actions"]
    import sqlite3

    with sqlite3.connect(remi.db) as conn:  # the stored form is as it was: no migration
        boards = [b for (b,) in conn.execute("SELECT board FROM action WHERE board IS NOT NULL ORDER BY id")]
    assert boards == [S1_TILES] * 3
    closed = remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--name", "friday")
    assert closed["variant"] == "closed"
    remi.ok("hand", *C1)
    assert remi.ok("history")["actions"][0]["input"]["board"] == "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
    assert "closer Ana; atu y2; board r3 r4" in " ".join(remi("history").out.split())


def test_a_simple_hand_is_refused_in_its_own_words(remi: Remi) -> None:
    """A hand of cards that does not go out is refused naming the rule (SR-17, SR-18), in
    cards; nothing is recorded."""
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben", "--name", "rami")
    refused = {
        S1_CARDS.rsplit(" ", 1)[0]: "--board: Ana's hand has 13 cards; give all 14: 13 in melds plus the discard (SR-17)",
        S1_CARDS.replace("*", "9d").replace("Ac", "Kc"): (
            "--board: Ana's hand does not go out: 7 loose cards: As, 2c, 3c, 5c, Kc, Ad, 9d; "
            "going out leaves exactly one (SR-17)"),
        "8s 9s 10s 4h 5h 6h 7h 2d 3d 4d Jc Qc Kc 9h": (
            "--board: Ana's hand does not go out: no arrangement has a set (Tria); going out needs a run and a set "
            "(SR-18)"),
    }
    for board, line in refused.items():
        r = remi("hand", "--closer", "Ana", "--board", board)
        assert r.code == 2 and r.err == f"remi: {line}\n", r.err
    r = remi("hand", "--board", S1_CARDS)
    assert r.code == 2 and r.err == "remi: --closer: who went out? give their name\n", r.err
    r = remi("hand", "--closer", "Ana", "--board", S1_CARDS.replace("Jc", "Jx", 1))  # a typo is named as a card
    position = S1_CARDS.split().index("Jc") + 1
    assert r.code == 2 and r.err == f"remi: --board: card {position}, 'Jx': not a card (like 7h, Qs, 10d, *)\n", r.err
    assert remi.ok("sheet")["hands"] == []


def test_stats_and_plot(remi: Remi, tmp_path: Path) -> None:
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben")
    for closer in ("Ana", "Ana", "Ben", "Ana"):
        remi.ok("hand", "--closer", closer)
    remi.ok("new", "--players", "Ana,Ben", "--target", "100")
    remi.ok("hand", "--atu", "k5", "--closer", "Ben", "--board-points", "150", "--points", "Ana=70")
    stats = {(s["variant"], s["player"]): s for s in remi.ok("stats")["players"]}
    ana, ben = stats["simple", "Ana"], stats["simple", "Ben"]
    assert (ana["hands"], ana["closes"], ana["best_streak"], ana["games_won"], ana["average"]) == (4, 3, 2, 1, 25.0)
    assert (ben["closes"], ben["games_won"], ben["best_hand"]) == (1, 0, 0)
    ben = stats["closed", "Ben"]
    assert (ben["hands"], ben["closes"], ben["games_won"], ben["best_hand"], ben["average"]) == (1, 1, 1, 150, 150.0)
    assert "best streak" in remi("stats").out
    remi.env["COLUMNS"] = "40"  # a phone: the standing as lines, each variant in its words
    lines = " ".join(remi("stats").out.split())
    assert "Ana (simple): 1 game, 1 won, 100 points; 4 hands, went out 3 times, average 25.0" in lines
    assert "Ben (closed): 1 game, 1 won, 150 points; 1 hand, 1 closed, average 150.0" in lines
    remi.env["COLUMNS"] = "120"
    png = tmp_path / "totals.png"
    res = remi.ok("plot", "--out", str(png), "--game", "game 1")
    assert res["hands"] == 4 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def _hand_axis_labels(svg: str) -> list[str]:
    """The tick labels of the x (hand) axis. matplotlib draws SVG text as glyph paths, but
    writes each text as a comment before its glyphs: ``<g id="xtick_1"> ... <!-- 0 -->``."""
    return re.findall(r'<g id="xtick_\d+">.*?<!-- (.*?) -->', svg, flags=re.S)


def test_plot_ticks_whole_hands_only(remi: Remi, tmp_path: Path) -> None:
    """A short game once ticked the hand axis at 0.5, 1.5 (even 0.25): hands are whole."""
    remi.ok("new", "--players", "Ana,Bogdan,Cristi")
    for number, atu in enumerate(("b7", "b8", "b9"), start=1):
        remi.ok("hand", "--atu", atu, "--nobody", "--points", "Ana=70", "--points", "Bogdan=75",
                "--points", "Cristi=80")
        if number == 1:
            continue
        svg = tmp_path / f"totals{number}.svg"
        r = remi("plot", "--out", str(svg))
        assert r.code == 0, r.err
        labels = _hand_axis_labels(svg.read_text())
        assert labels and all(re.fullmatch(r"\d+", label) for label in labels), (number, labels)
        assert {"0", str(number)} <= set(labels), (number, labels)


def test_interactive_closed_hand(remi: Remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi")
    answers = "\n".join([
        "y22",                       # a bad atu: asked again
        "Y2",
        "Anna",                      # unknown: asked again
        "Ana",
        "n",                         # not an atu close
        "R3 R4 R5 R6 B10 B11 B12 K7 Y7 B7 Y9 Y10 Y11 Y12 K2",
        "",                          # no twin
        "K1 R2 R8 B8 Y5 B6 K11 K12 Y13 R13 B3 Y4 K9",  # 13 tiles: asked again
        "K1 R2 R8 B8 Y5 B6 K11 K12 Y13 R13 B3 Y4 K9 R10",
        "-5",                        # negative: asked again
        "222",                       # no 14 tiles cost that: asked again, naming the rule
        "1J4H",
        "y",                         # save, after the hand and its scores are shown
    ]) + "\n"
    r = remi("hand", "--ask", input=answers)
    assert r.code == 0, r.err + r.out
    assert "Hand 1: Ana +100★, Bogdan -95, Cristi -135" in r.out
    assert r.out.count("not a tile") >= 1 and "unknown player 'Anna'" in r.out and "13 tiles" in r.out
    assert "Cristi's rack cannot cost 222: 14 tiles cost 70 to 220 in steps of 5 (CR-23)" in r.out


def test_interactive_simple_hand_and_end_of_input(remi: Remi) -> None:
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben")
    assert remi("hand", "--ask", input="Ben\n\ny\n").code == 0
    before = remi.ok("sheet")
    r = remi("hand", "--ask", input="Ana\n")  # the input ends before the last answer
    assert r.code == 130 and "nothing was recorded" in r.err
    assert remi.ok("sheet") == before


def test_help_has_examples_and_json_everywhere() -> None:
    cmd = remi_command()
    for name in ("new", "hand", "sheet", "undo", "fix", "history", "games", "export", "import", "stats", "plot"):
        p = subprocess.run([*cmd, name, "--help"], capture_output=True, text=True, cwd=ROOT, check=False,
                           env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
        assert p.returncode == 0, p.stderr
        assert "Example" in p.stdout or "remi hand --atu" in p.stdout, name
        assert "--json" in p.stdout, name


def test_sheet_commands_do_not_import_sqlmodel_at_start_up() -> None:
    code = ("import sys, typer; from remi.sheet_cli import register; register(typer.Typer()); "
            "print(sorted(m for m in ('sqlmodel', 'sqlalchemy', 'alembic', 'matplotlib') if m in sys.modules))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert p.stdout.strip() == "[]"


def test_at_a_terminal_with_no_options_it_asks(remi: Remi) -> None:
    """stdin a terminal (a pty) and no hand options: the interactive form."""
    import os
    import pty

    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben")
    master, slave = pty.openpty()
    try:
        p = subprocess.Popen([*remi.cmd, "hand", "--db", remi.db], stdin=slave, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, env=remi.env, cwd=ROOT, text=True)
        os.write(master, b"Ben\n\ny\n")
        out, err = p.communicate(timeout=60)
    finally:
        os.close(master)
        os.close(slave)
    assert p.returncode == 0, err
    assert "Who went out?" in out and "hand 1 recorded" in out
    assert remi.ok("sheet")["totals"] == {"Ana": 100, "Ben": 0}


def test_new_prints_names_as_typed_not_as_markup(remi: Remi) -> None:
    # a game or player name with square brackets is the table's text: rich must not style it
    r = remi("new", "--players", "[red]Ana,Bogdan", "--name", "[bold]friday[/]")
    assert r.code == 0, r.err
    assert "[bold]friday[/]" in r.out and "1. [red]Ana" in r.out, r.out
