"""The sheet's pages through HTTP against a real `remi serve`, the CLI beside it on the same
file: new games of both variants, the live sheet, the plot, history, undo, and bad input."""

from __future__ import annotations

import re

from tests.web.conftest import Server, csrf, errors_on

BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
RACK = "k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10"


def new_game(phone, **fields: str):
    return phone.post("/new", data={"csrf": csrf(phone), **fields})


def test_new_games_of_both_variants_land_in_the_clis_sheet(server: Server, remi) -> None:
    phone = server.phone()
    r = new_game(phone, variant="closed", name="friday", p1="Ana", p2="Bogdan", p3="Cristi", target="1000")
    assert r.status_code == 303 and r.headers["location"].startswith("/g/1")
    r = new_game(phone, variant="simple", name="cards", p1="North", p2="East", p3="South", p4="West")
    assert r.status_code == 303
    rules = "positional_ace = true\nmax_multiplier = 2\n"
    r = phone.post("/new", data={"csrf": csrf(phone), "variant": "closed", "name": "house", "p1": "A", "p2": "B"},
                   files={"rules_file": ("house.toml", rules.encode(), "text/plain")})
    assert r.status_code == 303
    games = {g["name"]: g for g in remi.ok("games")}
    assert games["friday"]["players"] == ["Ana", "Bogdan", "Cristi"]
    cards = remi.ok("sheet", "--game", "cards")
    assert cards["teams"] == [["North", "South"], ["East", "West"]]  # partners opposite
    house = remi.ok("export", "--game", "house")
    assert house["game"]["rules"]["positional_ace"] is True and house["game"]["rules"]["max_multiplier"] == 2


def test_a_bad_new_game_says_why_and_writes_nothing(server: Server, remi) -> None:
    phone = server.phone()
    cases = [
        ({"variant": "closed", "p1": "Ana", "p2": "Ana"}, "named twice"),
        ({"variant": "closed", "p1": "Ana"}, "at least two names"),
        ({"variant": "closed", "p1": "Ana", "p2": "Dan", "target": "-5"}, "not a positive number"),
        ({"variant": "closed", "p1": "Ana", "p2": "Dan", "rules_text": "twin_bonus = 'lots'"}, "twin_bonus"),
        ({"variant": "poker", "p1": "Ana", "p2": "Dan"}, "unknown variant"),
    ]
    for fields, says in cases:
        r = new_game(phone, **fields)
        assert r.status_code == 400, fields
        assert any(says in e for e in errors_on(r.text)), (fields, errors_on(r.text))
        assert "Traceback" not in r.text
    assert remi.ok("games") == []


def test_the_sheet_shows_hands_recorded_by_the_cli_and_changes_its_version(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--target", "1000", "--name", "friday")
    phone = server.phone()
    v0 = phone.get("/g/1/version").json()["version"]
    remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--rack", f"Bogdan={RACK}",
            "--points", "Cristi=1J4H")
    v1 = phone.get("/g/1/version").json()["version"]
    assert v1 != v0
    page = phone.get("/g/1").text
    assert "+100" in page and "★" in page and "-95" in page and "-135" in page
    assert "next starter: <b>Bogdan</b>" in page
    part = phone.get("/g/1/part").text
    assert 'id="hand-1"' in part and "<html" not in part  # the fragment the page swaps in
    svg = phone.get("/g/1/plot.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml") and b"<svg" in svg.content
    history = phone.get("/g/1/history").text
    assert "recorded" in history and "closer Ana" in history


def test_undo_from_the_phone_is_undo_in_the_cli(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Dan", "--name", "g")
    remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--points", "Dan=95")
    phone = server.phone()
    r = phone.post("/g/1/undo", data={"csrf": csrf(phone)})
    assert r.status_code == 303 and "done=undo-hand" in r.headers["location"]
    assert remi.ok("sheet")["hands"] == []
    r = phone.post("/g/1/undo", data={"csrf": csrf(phone)})
    assert r.status_code == 400 and any("nothing to undo" in e for e in errors_on(r.text))


def test_a_long_game_shows_the_last_hands_and_all_on_demand(server: Server) -> None:
    from remi.scoresheet.entry import HandInput, RackInput
    from remi.scoresheet.store import Store

    store = Store.open(server.db)  # the library, on the server's file, for speed
    game = store.new_game("long", "closed", ["Ana", "Dan"])
    for i in range(45):
        store.record(game.id, HandInput.parse(nobody=True, atu="y2", racks={"Ana": RackInput(points=70 + 5 * (i % 2)),
                                                                      "Dan": RackInput(points=80)}))
    phone = server.phone()
    page = phone.get("/g/1").text
    assert len(re.findall(r'id="hand-\d+"', page)) == 40 and "5 earlier hands" in page
    assert len(re.findall(r'id="hand-\d+"', phone.get("/g/1?all=1").text)) == 45
