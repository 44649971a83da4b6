"""The hand in progress that every phone fills in, through HTTP against a real `remi serve`
beside the real CLI (issue 28, item 3): four phones send their parts, each sees who is still
missing, one records the hand; refusals are a line with nothing kept; two phones at once."""

from __future__ import annotations

import html
import re
import threading

from tests.web.conftest import Server, csrf, errors_on
from tests.web.test_photo_pages import read_tiles, upload

BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
PLAYERS = "Ana,Alexandra,Dan,Dumitru"


def send_table(phone, **more: str):
    data = {"csrf": csrf(phone), "atu": "y2", "closer": "Ana", "board_mode": "tiles", "board": BOARD, **more}
    return phone.post("/g/1/pending/table", data=data)


def send_rack(phone, seat: int, **fields: str):
    return phone.post("/g/1/pending/rack", data={"csrf": csrf(phone), "seat": str(seat), **fields})


def missing(phone) -> str:
    found = re.search(r"data-missing>Still missing: ([^<]*)<", phone.get("/g/1/pending/live").text)
    return found.group(1) if found else ""


def test_four_phones_fill_one_hand_and_one_records_it(server: Server, remi) -> None:
    remi.ok("new", "--players", PLAYERS, "--name", "friday")
    ana, alexandra, dan, dumitru = (server.phone() for _ in range(4))
    v0 = ana.get("/g/1/pending/version").json()["version"]
    assert missing(ana) == "the closer, Ana, Alexandra, Dan, Dumitru"
    assert send_table(ana).status_code == 303
    v1 = dan.get("/g/1/pending/version").json()["version"]
    assert v1 != v0 and missing(dan) == "Alexandra, Dan, Dumitru"
    r = send_rack(alexandra, 1, rack_mode_1="points", points_1="95")
    assert r.status_code == 303 and r.headers["location"] == "/g/1/pending?seat=1&sent=rack"
    assert "Sent: your rack." in alexandra.get(r.headers["location"]).text
    assert send_rack(dan, 2, rack_mode_2="counts", high_2="4", jokers_2="1").status_code == 303
    assert missing(ana) == "Dumitru" and remi.ok("sheet")["hands"] == []  # nothing recorded yet
    assert send_rack(dumitru, 3, rack_mode_3="points", points_3="70").status_code == 303
    assert send_rack(dumitru, 3, rack_mode_3="points", points_3="80").status_code == 303  # counted again
    live = ana.get("/g/1/pending/live").text
    assert "Hand 1: Ana <b" in live and 'id="record-pending"' in live and "-80" in live
    r = alexandra.post("/g/1/pending/record", data={"csrf": csrf(alexandra)})
    assert r.status_code == 303 and r.headers["location"].startswith("/g/1?done=recorded&n=1")
    r = dan.post("/g/1/pending/record", data={"csrf": csrf(dan)})  # a second tap, a moment late
    assert r.status_code == 400 and any("no hand in progress" in e for e in errors_on(r.text))
    cli = remi.ok("sheet")
    assert cli["hands"][0]["scores"] == {"Ana": 100, "Alexandra": -95, "Dan": -135, "Dumitru": -80}
    assert [a["kind"] for a in remi.ok("history")["actions"]] == ["hand"]  # only the recorded hand
    assert missing(ana).startswith("the closer")  # hand 2 starts empty


def test_a_bad_part_is_one_line_and_nothing_is_kept(server: Server, remi) -> None:
    remi.ok("new", "--players", PLAYERS, "--name", "friday")
    phone = server.phone()
    r = send_rack(phone, 2, rack_mode_2="points", points_2="97")
    assert r.status_code == 400 and [html.unescape(e) for e in errors_on(r.text)] == [
        "Dan's rack cannot cost 97: 14 tiles cost 70 to 220 in steps of 5 (CR-23)"]
    assert 'value="97"' in r.text  # what was typed stays in the field
    r = send_table(phone, board=BOARD.replace("y12", "y13"))
    assert r.status_code == 400 and any("does not close" in e for e in errors_on(r.text))
    assert missing(phone).startswith("the closer, Ana")  # neither was kept
    send_table(phone)
    r = send_rack(phone, 0, rack_mode_0="points", points_0="95")
    assert r.status_code == 400 and any("Ana closed this hand" in e for e in errors_on(r.text))
    r = send_rack(phone, 1, rack_mode_1="points")
    assert r.status_code == 400 and any("rack is empty" in e for e in errors_on(r.text))
    r = send_rack(phone, 9, rack_mode_1="points", points_1="95")
    assert r.status_code == 400 and any("tap your name" in e for e in errors_on(r.text))
    r = phone.post("/g/1/pending/record", data={"csrf": csrf(phone)})
    assert r.status_code == 400 and any("still missing Alexandra, Dan, Dumitru" in e for e in errors_on(r.text))
    assert remi.ok("sheet")["hands"] == []


def test_cancel_and_a_repeat_and_the_history_whole(server: Server, remi) -> None:
    remi.ok("new", "--players", PLAYERS, "--name", "friday")
    remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--points", "Alexandra=95", "--points",
            "Dan=90", "--points", "Dumitru=80")
    phone = server.phone()
    send_table(phone)
    for seat, points in ((1, "95"), (2, "90"), (3, "80")):
        send_rack(phone, seat, **{f"rack_mode_{seat}": "points", f"points_{seat}": points})
    live = phone.get("/g/1/pending/live").text
    assert "data-repeats" in live and "The same hand as hand 1" in live
    r = phone.post("/g/1/pending/record", data={"csrf": csrf(phone)})
    assert r.status_code == 400 and any("entered twice" in e for e in errors_on(r.text))
    r = phone.post("/g/1/pending/cancel", data={"csrf": csrf(phone)})
    assert r.status_code == 303 and "sent=cancelled" in r.headers["location"]
    assert missing(phone).startswith("the closer") and len(remi.ok("sheet")["hands"]) == 1
    assert [a["kind"] for a in remi.ok("history")["actions"]] == ["hand"]
    r = phone.post("/g/1/pending/cancel", data={"csrf": csrf(phone)})
    assert r.status_code == 400 and any("no hand in progress" in e for e in errors_on(r.text))


def test_two_phones_sending_at_the_same_moment_both_land(server: Server, remi) -> None:
    remi.ok("new", "--players", PLAYERS, "--name", "friday")
    phones = [server.phone() for _ in range(3)]
    start = threading.Barrier(3)
    codes: list[int] = []

    def send(phone, seat: int) -> None:
        start.wait()
        for points in ("70", "75", str(80 + 5 * seat)):
            codes.append(send_rack(phone, seat, **{f"rack_mode_{seat}": "points", f"points_{seat}": points}).status_code)

    threads = [threading.Thread(target=send, args=(phone, seat)) for seat, phone in enumerate(phones, start=1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert codes == [303] * 9
    live = phones[0].get("/g/1/pending/live").text
    assert [m for m in re.findall(r"✓ (\d+) points", live)] == ["85", "90", "95"]


def test_a_rack_photographed_for_the_hand_in_progress(server: Server, remi) -> None:
    remi.ok("new", "--players", PLAYERS, "--name", "friday")
    phone = server.phone()
    assert 'href="/photo?game=1&amp;for=pending_2"' in phone.get("/g/1/pending?seat=2").text
    r = upload(phone, query="?game=1&for=pending_2")
    page = phone.get(r.headers["location"]).text
    assert 'value="pending_2"' in page and "for the hand in progress" in page
    tiles = read_tiles(page)
    fixed = [*tiles[:14], "-"]  # a rack holds 14
    shot = r.headers["location"].split("?")[0]
    r = phone.post(f"{shot}/use?game=1&for=pending_2", data={"csrf": csrf(phone), "tiles": " ".join(fixed),
                                                            "action": "pending_2"})
    assert r.status_code == 303 and r.headers["location"].startswith("/g/1/pending?seat=2&rack=")
    form = phone.get(r.headers["location"]).text
    assert sorted(re.search(r'name="rack_2" value="([^"]*)"', form).group(1).split()) == sorted(tiles[:14])


def test_a_simple_game_has_no_hand_in_progress_and_says_where_to_record(server: Server, remi) -> None:
    # SR-20: every loser takes 100 whatever they hold, so no phone has a rack to send
    remi.ok("new", "--variant", "simple", "--players", "Ana,Ben")
    phone = server.phone()
    assert "Every phone its rack" not in phone.get("/g/1").text
    for r in (phone.get("/g/1/pending"), phone.get("/g/1/pending/live"), phone.get("/g/1/pending/version"),
              phone.post("/g/1/pending/table", data={"csrf": csrf(phone), "closer": "Ana"}),
              phone.post("/g/1/pending/rack", data={"csrf": csrf(phone), "seat": "1", "points_1": "5"})):
        assert r.status_code == 409
        assert "is Simple rummy" in r.text and "/g/1/hand" in r.text and "Atu" not in r.text
    assert remi.ok("sheet")["hands"] == []
