"""Renames and target changes through HTTP against a real `remi serve`, the CLI beside it on
the same SQLite file: the History page shows the CLI's in words (it answered 500 before), the
"Players & target" page writes what `remi rename` and `remi target` write, and every bad input
is one line on the page with nothing written."""

from __future__ import annotations

import html
import re

from tests.web.conftest import Server, csrf, errors_on

BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
RACK = "k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10"


def history_lines(page: str) -> list[str]:
    """The History page's entries, as text on one line each."""
    items = re.findall(r"<li(?:\s[^>]*)?>(.*?)</li>", page, re.S)
    return [" ".join(re.sub(r"<[^>]+>", " ", item).split()) for item in items]


def error_lines(page: str) -> list[str]:
    return [html.unescape(e) for e in errors_on(page)]


def actions(remi) -> int:
    return len(remi.ok("history")["actions"])


def test_history_shows_the_clis_renames_and_target_changes_in_words(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdi,Cristi", "--target", "1000", "--name", "friday")
    remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--rack", f"Bogdi={RACK}",
            "--points", "Cristi=1J4H")
    remi.ok("rename", "Bogdi", "Bogdan")
    remi.ok("target", "1500")
    remi.ok("target", "none")
    remi.ok("undo")  # takes back "no target": the target is 1500 again
    phone = server.phone()
    r = phone.get("/g/1/history")
    assert r.status_code == 200, r.text  # was a 500 (KeyError: 'rename')
    lines = history_lines(r.text)
    assert len(lines) == 5
    assert "recorded hand 1" in lines[0] and "closer Ana" in lines[0]
    assert lines[1].endswith("renamed Bogdi is now Bogdan")
    assert lines[2].endswith("target changed the target is now 1500")
    assert lines[3].endswith("target changed (undone) no target from now on")
    assert lines[4].endswith("undo of #4")
    assert "Traceback" not in r.text and "remi met an error" not in r.text
    sheet = phone.get("/g/1").text
    assert "Bogdan" in sheet and "Bogdi" not in sheet and "Target ±1500" in sheet


def test_rename_and_target_from_the_phone_are_the_clis(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdi,Cristi", "--target", "1000", "--name", "friday")
    remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--rack", f"Bogdi={RACK}",
            "--points", "Cristi=1J4H")
    phone = server.phone()
    assert 'href="/g/1/players"' in phone.get("/g/1").text  # reachable from the sheet
    page = phone.get("/g/1/players").text
    assert "Seat 2" in page and 'value="Bogdi"' in page and "Now ±1000" in page
    r = phone.post("/g/1/players/rename", data={"csrf": csrf(phone), "old": "Bogdi", "new": " Bogdan "})
    assert r.status_code == 303 and r.headers["location"] == "/g/1/players?done=renamed"
    cli = remi.ok("sheet")
    assert cli["players"] == ["Ana", "Bogdan", "Cristi"]
    assert cli["hands"][0]["scores"] == {"Ana": 100, "Bogdan": -95, "Cristi": -135}  # the hand before too
    r = phone.post("/g/1/players/target", data={"csrf": csrf(phone), "target": "1500"})
    assert r.status_code == 303 and r.headers["location"] == "/g/1/players?done=target"
    assert remi.ok("sheet")["target"] == 1500
    assert "target changed" in phone.get("/g/1/players?done=target").text.lower()
    r = phone.post("/g/1/players/target", data={"csrf": csrf(phone), "none": "1"})
    assert r.status_code == 303 and remi.ok("sheet")["target"] is None
    kinds = [(a["kind"], a.get("change")) for a in remi.ok("history")["actions"]]
    assert kinds[1:] == [("rename", {"old": "Bogdi", "new": "Bogdan"}), ("target", {"target": 1500}),
                         ("target", {"target": None})]
    remi.ok("undo")  # the CLI takes back the phone's "no target"...
    assert "Now ±1500" in phone.get("/g/1/players").text
    r = phone.post("/g/1/undo", data={"csrf": csrf(phone)})  # ...and the phone the target change
    assert r.status_code == 303 and r.headers["location"] == "/g/1?done=undo-target"
    assert "The latest target change was undone." in phone.get(r.headers["location"]).text
    assert remi.ok("sheet")["target"] == 1000
    history = history_lines(phone.get("/g/1/history").text)
    assert history[1].endswith("renamed Bogdi is now Bogdan") and "(undone)" in history[2]


def test_simple_rummy_renames_and_has_no_target(server: Server, remi) -> None:
    remi.ok("new", "--variant", "simple", "--players", "North,East,South", "--name", "cards")
    phone = server.phone()
    page = phone.get("/g/1/players").text
    assert "has no target" in page and "/players/target" not in page
    r = phone.post("/g/1/players/rename", data={"csrf": csrf(phone), "old": "South", "new": "Sud"})
    assert r.status_code == 303 and remi.ok("sheet")["players"] == ["North", "East", "Sud"]
    r = phone.post("/g/1/players/target", data={"csrf": csrf(phone), "target": "500"})
    assert r.status_code == 400 and error_lines(r.text) == ["Simple rummy has no target: a side loses at its limit"]
    assert actions(remi) == 1


def test_simple_rummy_renames_a_partner(server: Server, remi) -> None:
    # Store.rename checks the seats with the teams (before, any rename at a 2 vs 2 table was refused)
    remi.ok("new", "--variant", "simple", "--players", "North,East,South,West", "--teams", "North+South,East+West",
            "--name", "cards")
    phone = server.phone()
    r = phone.post("/g/1/players/rename", data={"csrf": csrf(phone), "old": "South", "new": "Sud"})
    assert r.status_code == 303, error_lines(r.text)
    assert remi.ok("sheet")["teams"] == [["North", "Sud"], ["East", "West"]]


def test_bad_names_and_targets_say_why_and_write_nothing(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--target", "1000", "--name", "friday")
    phone = server.phone()
    cases = [
        ("rename", {"old": "Bogdan", "new": "  "}, "a player's name is empty"),
        ("rename", {"old": "Bogdan", "new": "ana"}, "named twice"),
        ("rename", {"old": "Bogdan", "new": "Bogdan"}, "called that already"),
        ("rename", {"old": "Zed", "new": "Zoe"}, "no player 'Zed' in friday"),
        ("rename", {"old": "Bogdan", "new": "12"}, "cannot be a name"),
        ("target", {"target": ""}, "give the new target"),
        ("target", {"target": "abc"}, "not a positive number of points"),
        ("target", {"target": "-5"}, "not a positive number of points"),
        ("target", {"target": "0"}, "the target is a positive number of points, not 0"),
        ("target", {"target": "1000"}, "is 1000 already"),
    ]
    for what, fields, says in cases:
        r = phone.post(f"/g/1/players/{what}", data={"csrf": csrf(phone), **fields})
        assert r.status_code == 400, (fields, r.text)
        shown = error_lines(r.text)
        assert len(shown) == 1 and says in shown[0], (fields, shown)
        assert "Traceback" not in r.text and 'name="new"' in r.text  # the page again, to try once more
    assert actions(remi) == 0
    assert remi.ok("sheet")["players"] == ["Ana", "Bogdan", "Cristi"] and remi.ok("sheet")["target"] == 1000
    r = phone.post("/g/1/players/rename", data={"old": "Bogdan", "new": "Bob"})  # no CSRF token
    assert r.status_code == 403 and "nothing was written" in r.text
    r = phone.post("/g/1/players/rename", data={"csrf": csrf(phone), "old": "Bogdan", "new": "Bob"},
                   headers={"origin": "http://evil.example"})
    assert r.status_code == 403
    assert actions(remi) == 0


def test_a_finished_game_plays_on_with_a_higher_target(server: Server, remi) -> None:
    """As `remi target` does: a table that reached its target may raise it and play on, and a
    name mistyped all evening can still be put right; undo finishes the game again."""
    remi.ok("new", "--players", "Ana,Dan", "--target", "100", "--name", "short")
    remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--points", "Dan=95")
    assert remi.ok("sheet")["finished"]
    phone = server.phone()
    page = phone.get("/g/1/players").text
    assert "short is finished (won by Ana). A higher target plays on." in page and "/players/rename" in page
    assert "Enter hand 2" not in phone.get("/g/1").text
    r = phone.post("/g/1/players/rename", data={"csrf": csrf(phone), "old": "Dan", "new": "Daniel"})
    assert r.status_code == 303 and remi.ok("sheet")["players"] == ["Ana", "Daniel"]
    r = phone.post("/g/1/players/target", data={"csrf": csrf(phone), "target": "500"})
    assert r.status_code == 303 and not remi.ok("sheet")["finished"]
    assert "Enter hand 2" in phone.get("/g/1").text  # the game goes on
    remi.ok("hand", "--atu", "y3", "--closer", "Daniel", "--board-points", "100", "--points", "Ana=70")
    remi.ok("undo")
    remi.ok("undo")  # the target change: 100 again, and the game over again
    assert remi.ok("sheet")["finished"] and actions(remi) == 6


def test_the_page_needs_the_table_key(keyed: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Dan", "--name", "g")
    stranger = keyed.client()
    assert stranger.get("/g/1/players").status_code == 403
    r = stranger.post("/g/1/players/rename", data={"old": "Dan", "new": "Daniel"})
    assert r.status_code == 403 and remi.ok("sheet")["players"] == ["Ana", "Dan"]
    phone = keyed.phone()
    r = phone.post("/g/1/players/rename", data={"csrf": csrf(phone), "old": "Dan", "new": "Daniel"})
    assert r.status_code == 303 and remi.ok("sheet")["players"] == ["Ana", "Daniel"]
