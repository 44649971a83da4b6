"""Entering hands through HTTP against a real `remi serve`: the live check, the summary, the
record, fix, strike out and undo, bad input refused with nothing written, and two phones
recording at the same moment."""

from __future__ import annotations

import html
import re
import threading

from tests.web.conftest import Server, csrf, errors_on

BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
RACK = "k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10"


def hand(phone, **fields: str) -> dict[str, str]:
    base = {"csrf": csrf(phone), "atu": "y2", "closer": "Ana", "board_mode": "tiles", "board": BOARD,
            "rack_mode_1": "tiles", "rack_1": RACK, "rack_mode_2": "counts", "high_2": "4", "jokers_2": "1"}
    return {**base, **fields}


def test_the_engine_checks_as_you_go(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--name", "friday")
    phone = server.phone()
    check = lambda **f: phone.post("/g/1/hand/check", data=hand(phone, **f), headers={"accept": "application/json"}).json()  # noqa: E731
    got = check()
    assert got["ok"] and got["board"] == {"ok": True, "text": "closes: 100 points, throw k2"}
    assert got["racks"]["1"]["text"] == "95 points" and got["racks"]["2"]["text"] == "135 points"
    assert [(p["name"], p["score"] + p["badges"]) for p in got["summary"]["parts"]] == [
        ("Ana", "+100★"), ("Bogdan", "-95"), ("Cristi", "-135")]
    half = check(board="r3 r4 r5")
    assert not half["ok"] and half["board"]["text"] == "3 of 15 tiles"
    loose = check(board=BOARD.replace("y12", "y13"))
    assert loose["board"]["text"].startswith("does not close: 2 loose tiles")
    assert check(atu="")["error"].startswith("the atu is missing")
    assert "not a tile" in check(rack_1=RACK.replace("k1", "k14"))["racks"]["1"]["text"]


def test_confirm_then_record_as_remi_hand_does(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--name", "friday")
    phone = server.phone()
    r = phone.post("/g/1/hand/confirm", data=hand(phone))
    assert r.status_code == 200 and "Record hand 1" in r.text and "+100" in r.text
    assert remi.ok("sheet")["hands"] == []  # the summary writes nothing
    r = phone.post("/g/1/hand/record", data=hand(phone))
    assert r.status_code == 303 and r.headers["location"].startswith("/g/1?done=recorded&n=1")
    cli = remi.ok("sheet")
    assert cli["hands"][0]["scores"] == {"Ana": 100, "Bogdan": -95, "Cristi": -135}
    r = phone.post("/g/1/hand/record", data=hand(phone))
    assert r.status_code == 400 and any("entered twice" in e for e in errors_on(r.text))
    assert "record it anyway" in r.text
    r = phone.post("/g/1/hand/record", data=hand(phone, again="1"))
    assert r.status_code == 303 and len(remi.ok("sheet")["hands"]) == 2


def test_fix_strike_and_undo_are_the_clis(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--name", "friday")
    remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--rack", f"Bogdan={RACK}", "--points",
            "Cristi=1J4H")
    phone = server.phone()
    form = phone.get("/g/1/hand/1").text
    assert "Fix hand 1" in form and 'value="k1 r2 r8' in form  # the recorded hand, ready to fix
    r = phone.post("/g/1/hand/record", data=hand(phone, fix="1", rack_mode_2="points", points_2="70"))
    assert r.status_code == 303 and "done=fixed" in r.headers["location"]
    assert remi.ok("sheet")["hands"][0]["scores"]["Cristi"] == -70
    r = phone.post("/g/1/hand/1/delete", data={"csrf": csrf(phone)})
    assert r.status_code == 303 and remi.ok("sheet")["hands"] == []
    kinds = [a["kind"] for a in remi.ok("history")["actions"]]
    assert kinds == ["hand", "fix", "delete"]
    r = phone.post("/g/1/hand/9/delete", data={"csrf": csrf(phone)})
    assert r.status_code == 400 and any("has no hand 9" in e for e in errors_on(r.text))


def test_bad_hands_are_refused_with_a_line_and_nothing_written(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi", "--name", "friday")
    phone = server.phone()
    cases = [
        (dict(atu=""), "the atu is missing"),
        (dict(board=BOARD.replace("y12", "y13")), "does not close"),
        (dict(rack_1="k1 k1 k1" + RACK[8:]), "3rd k1"),
        (dict(closer=""), "who closed"),
        (dict(board_mode="points", board_points="7"), "cannot be worth 7"),
        (dict(rack_mode_1="points", points_1="lots"), "not a number"),
        (dict(rack_mode_2="counts", high_2="15"), "not a count"),
    ]
    for fields, says in cases:
        for step in ("confirm", "record"):
            r = phone.post(f"/g/1/hand/{step}", data=hand(phone, **fields))
            assert r.status_code == 400, (fields, step)
            assert any(says in e for e in errors_on(r.text)), (fields, errors_on(r.text))
    assert remi.ok("sheet")["hands"] == []


def test_simple_rummy_by_tapping_who_went_out(server: Server, remi) -> None:
    remi.ok("new", "--variant", "simple", "--players", "North,East,South,West", "--teams", "North+South,East+West")
    phone = server.phone()
    fields = {"csrf": csrf(phone), "closer": "West", "board": "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac"}
    got = phone.post("/g/1/hand/check", data=fields, headers={"accept": "application/json"}).json()
    assert got["board"] == {"ok": True, "text": "goes out, throwing 5c"}
    # Simple rummy's points are what a side takes: 100 is bad news, not "+100".
    assert [(p["name"], p["score"], p["tone"]) for p in got["summary"]["parts"]] == [
        ("North", "100", "minus"), ("East", "0", ""), ("South", "100", "minus"), ("West", "0", "")]
    r = phone.post("/g/1/hand/record", data=fields)
    assert r.status_code == 303
    assert remi.ok("sheet")["hands"][0]["scores"] == {"North": 100, "East": 0, "South": 100, "West": 0}


S1_CARDS = "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac"  # docs/rules.md S1
S1_TILES = "r5 r6 r7 r8 k11 r11 b11 b2 b3 * b5 k1 y1 b1"  # the same cards in tile notation
TILE_WORD = re.compile(r"(?<![\w-])[kbryo](?:1[0-3]|[1-9])(?![\w-])", re.IGNORECASE)


def field_value(page: str, name: str) -> str:
    return html.unescape(re.search(rf'name="{name}" value="([^"]*)"', page).group(1))


def test_a_simple_game_speaks_cards_on_every_page(server: Server, remi) -> None:
    """The hand's check as you go, the fix form, a hand filled in through the address (a photo's
    cards, an old link's tiles), the history and the tutor: cards in card notation, going out."""
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben")
    phone = server.phone()
    check = lambda board: phone.post("/g/1/hand/check", data={"csrf": csrf(phone), "closer": "Ana", "board": board},  # noqa: E731
                                     headers={"accept": "application/json"}).json()["board"]["text"]
    assert check(S1_CARDS.replace("Ac", "Kc").replace("*", "9d")) == (
        "does not go out: 7 loose cards: As, 2c, 3c, 5c, Kc, Ad, 9d; going out leaves exactly one (SR-17)")
    assert check(S1_CARDS.rsplit(" ", 1)[0]) == "13 of 14 cards"
    assert "· dealer Ana" in phone.get("/g/1/hand").text
    r = phone.post("/g/1/hand/record", data={"csrf": csrf(phone), "closer": "Ana", "board": S1_CARDS.upper()})
    assert r.status_code == 303, r.text
    assert field_value(phone.get("/g/1/hand/1").text, "board") == S1_CARDS  # the fix form, as typed
    for board in (S1_TILES, S1_CARDS):  # a new hand filled in through the address
        assert field_value(phone.get("/g/1/hand", params={"board": board, "closer": "Ben"}).text, "board") == S1_CARDS
    history = phone.get("/g/1/history").text
    assert f"Ana went out; hand {S1_CARDS}" in html.unescape(history) and not TILE_WORD.findall(history)
    tutor = phone.get("/tutor", params={"variant": "simple", "rack": S1_TILES}).text
    assert field_value(tutor, "rack") == S1_CARDS
    closed = phone.get("/tutor", params={"variant": "closed", "rack": S1_CARDS}).text
    assert field_value(closed, "rack") == S1_TILES


def test_two_phones_recording_at_the_same_moment_both_land_numbered_uniquely(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Dan", "--name", "race")
    phones = [server.phone(), server.phone()]
    rounds = 6
    results: list[int] = []
    barrier = threading.Barrier(2)

    def record(k: int) -> None:
        phone = phones[k]
        for i in range(rounds):
            barrier.wait()  # both phones send their hand at the same moment
            fields = {"csrf": csrf(phone), "atu": "y2", "closer": "-", "rack_mode_0": "points",
                      "points_0": str(70 + 5 * (2 * i + k)), "rack_mode_1": "points", "points_1": "70"}
            results.append(phone.post("/g/1/hand/record", data=fields).status_code)

    threads = [threading.Thread(target=record, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [303] * (2 * rounds)
    hands = remi.ok("sheet")["hands"]
    assert [h["number"] for h in hands] == list(range(1, 2 * rounds + 1))
    assert sorted(-h["scores"]["Ana"] for h in hands) == sorted(70 + 5 * (2 * i + k) for i in range(rounds) for k in (0, 1))
