"""Each field of the hand checked as it is typed, with the score sheet's own rules (issue 28,
item 4): a rack's or a board's number no real hand gives is said beside the field, and a
hand entered twice is warned of on the summary, before Record."""

from __future__ import annotations

from tests.web.conftest import Server, csrf, errors_on

BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"


def fields(phone, **more: str) -> dict[str, str]:
    base = {"csrf": csrf(phone), "atu": "y2", "closer": "Ana", "board_mode": "tiles", "board": BOARD,
            "rack_mode_1": "points", "points_1": "95", "rack_mode_2": "points", "points_2": "135",
            "rack_mode_3": "counts", "high_3": "4", "jokers_3": "0"}
    return {**base, **more}


def test_a_number_no_rack_gives_is_said_beside_its_field(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi,Alexandra", "--name", "friday")
    phone = server.phone()

    def check(**more: str) -> dict:
        return phone.post("/g/1/hand/check", data=fields(phone, **more), headers={"accept": "application/json"}).json()

    got = check(points_2="97")
    assert got["racks"]["2"] == {"ok": False, "text": "Cristi's rack cannot cost 97: 14 tiles cost 70 to 220 "
                                                      "in steps of 5 (CR-23)"}
    assert got["racks"]["1"] == {"ok": True, "text": "95 points"} and not got["ok"]
    assert check(points_2="225")["racks"]["2"]["ok"] is False
    assert check(high_3="15")["racks"]["3"]["ok"] is False  # more high tiles than a rack holds
    board = check(board_mode="points", board_points="93")["board"]
    assert not board["ok"] and "cannot" in board["text"] and "93" in board["text"]
    assert check(board_mode="points", board_points="100")["board"] == {"ok": True, "text": "board 100 points"}
    assert check()["ok"]


def test_a_house_that_does_not_check_numbers_is_not_told_otherwise(server: Server, remi, tmp_path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text("check_points = false\n")
    remi.ok("new", "--players", "Ana,Bogdan,Cristi,Alexandra", "--name", "friday", "--rules", str(rules))
    phone = server.phone()
    got = phone.post("/g/1/hand/check", data=fields(phone, points_2="97"), headers={"accept": "application/json"}).json()
    assert got["racks"]["2"] == {"ok": True, "text": "97 points"} and got["ok"]


def test_a_hand_entered_twice_is_warned_of_before_record(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi,Alexandra", "--name", "friday")
    phone = server.phone()
    first = phone.post("/g/1/hand/confirm", data=fields(phone))
    assert first.status_code == 200 and "data-repeats" not in first.text
    assert phone.post("/g/1/hand/record", data=fields(phone)).status_code == 303
    again = phone.post("/g/1/hand/confirm", data=fields(phone, closer="ana"))  # any spelling of the names
    assert again.status_code == 200
    assert any("The same hand as hand 1" in e for e in errors_on(again.text))
    assert 'name="again" value="1" required' in again.text
    assert len(remi.ok("sheet")["hands"]) == 1  # the summary writes nothing
    refused = phone.post("/g/1/hand/record", data=fields(phone))
    assert refused.status_code == 400 and len(remi.ok("sheet")["hands"]) == 1
    assert phone.post("/g/1/hand/record", data=fields(phone, again="1")).status_code == 303
    assert len(remi.ok("sheet")["hands"]) == 2
    other = phone.post("/g/1/hand/confirm", data=fields(phone, points_1="100"))
    assert "data-repeats" not in other.text
