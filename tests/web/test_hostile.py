"""A careless or hostile phone against a real `remi serve` (issue 27): no request holds the
others, decoding is bounded, names stay printable, malformed values are 4xx pages, no open
redirect, no temporary path on a page, SIGTERM cleans up, slow connections are dropped.
"""

from __future__ import annotations

import html
import io
import json
import signal
import socket
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.web.conftest import ROOT, Server, csrf, errors_on, start_server, stop

NEW = {"variant": "closed", "p1": "Ana", "p2": "Bogdan"}


def said(r: httpx.Response) -> list[str]:
    """The page's error lines as a reader sees them (HTML entities read)."""
    return [html.unescape(e) for e in errors_on(r.text)]


def new_game(phone: httpx.Client, **fields: str) -> httpx.Response:
    return phone.post("/new", data={"csrf": csrf(phone), **NEW, **fields})


def test_house_rules_past_a_tables_range_are_one_line_on_the_page(server: Server, remi) -> None:
    phone = server.phone()
    for rules, says in (("close_size = 100000", "rule option close_size must be 4 to 22, not 100000"),
                        ("copies = 0", "rule option copies must be 1 to 3, not 0"),
                        ("low_penalty = -5", "rule option low_penalty must be 0 to 100, not -5")):
        started = time.monotonic()
        r = new_game(phone, rules_text=rules)
        assert r.status_code == 400 and errors_on(r.text) == [says], r.text
        assert time.monotonic() - started < 30
    assert remi.ok("games") == []


def _timed_get(client: httpx.Client, path: str) -> float:
    started = time.monotonic()
    assert client.get(path).status_code == 200
    return time.monotonic() - started


def test_a_second_phone_is_answered_within_a_second_while_the_heaviest_hands_are_scored(server: Server) -> None:
    # The heaviest work a form can ask: a board's worth under the largest house rules, each
    # game's rules counted anew (engine.limits.board_values, about 0.3 s each here).
    phone = server.phone()
    games = []
    for i in range(6):
        rules = f"close_size = 22\njokers = 4\ncopies = 3\njoker_board_value = {40 + i}"
        r = new_game(phone, rules_text=rules, name=f"big {i}")
        assert r.status_code == 303, r.text
        games.append(r.headers["location"].split("?")[0])
    statuses: list[int] = []

    def confirm(game: str) -> None:
        c = server.phone()
        r = c.post(f"{game}/hand/confirm", data={"csrf": csrf(c), "atu": "y2", "closer": "Ana", "board_mode": "points",
                                                 "board_points": "100", "rack_mode_1": "counts", "high_1": "4"})
        statuses.append(r.status_code)

    other = server.phone()
    _timed_get(other, "/static/remi.css")
    workers = [threading.Thread(target=confirm, args=(g,)) for g in games]
    for w in workers:
        w.start()
    waits = []
    while any(w.is_alive() for w in workers):
        waits.append(_timed_get(other, "/g/1/version"))
        time.sleep(0.05)
    for w in workers:
        w.join()
    assert statuses and all(s < 500 for s in statuses), statuses
    assert waits and max(waits) < 1.0, waits


def _png(width: int, height: int, mode: str = "1") -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new(mode, (width, height)).save(out, "PNG")
    return out.getvalue()


def _rss(pid: int) -> int:
    import psutil

    return psutil.Process(pid).memory_info().rss


def test_small_files_that_decode_large_are_refused_before_they_cost_memory(server: Server) -> None:
    bomb = _png(7000, 7000)  # 12 KB on the wire, 147 MB of RGB decoded
    assert len(bomb) < 100_000
    phones = [server.phone() for _ in range(8)]
    before = _rss(server.proc.pid)
    answers: list[httpx.Response] = []

    def send(phone: httpx.Client) -> None:
        answers.append(phone.post("/photo", data={"csrf": csrf(phone)}, files={"photo": ("bomb.png", bomb, "image/png")}))

    threads = [threading.Thread(target=send, args=(p,)) for p in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.status_code for r in answers] == [400] * 8
    assert errors_on(answers[0].text) == ["the photo is too large to read as PNG (7000x7000 pixels; at most 24 "
                                          "megapixels): send it as a JPEG"]
    assert _rss(server.proc.pid) - before < 200 * 2**20


def test_the_pixel_budget_makes_a_decode_wait_or_refuses_it() -> None:
    from remi.engine import RemiError
    from remi.web.photos import PixelBudget

    budget = PixelBudget(total=100, wait=0.2)
    with budget.holding(60):
        with pytest.raises(RemiError, match="reading other photos"):
            with budget.holding(60):
                pass
        with budget.holding(40):  # what fits beside it goes at once
            assert budget.used == 100
    with budget.holding(500):  # alone, anything the limits let in is read
        assert budget.used == 100
    assert budget.used == 0


def test_a_refused_photo_names_no_folder_of_the_server(server: Server) -> None:
    phone = server.phone()
    r = phone.post("/photo", data={"csrf": csrf(phone)}, files={"photo": ("flat.png", _png(200, 200, "RGB"), "image/png")})
    assert r.status_code == 400
    assert errors_on(r.text) == ["the photo: the image is blank (one flat colour)"]
    assert "remi-web-photos" not in r.text and "/tmp" not in r.text


@pytest.mark.parametrize("name, says", [
    ("Bo\x01\x07\x1b[31m", "holds a control character (\\x01)"),
    ("Bo\x00", "holds a control character (\\x00)"),
    ("\u202eDan", "holds a bidi control (\\u202e)"),
    ("Ana\u200b", "holds a zero-width character (\\u200b)"),
])
def test_names_refuse_control_bidi_and_zero_width_characters(server: Server, remi, name: str, says: str) -> None:
    phone = server.phone()
    r = new_game(phone, p2=name)
    assert r.status_code == 400 and says in errors_on(r.text)[0], r.text
    assert "\x1b" not in r.text and "\x00" not in r.text
    assert remi.ok("games") == []


def test_renames_and_notes_are_checked_as_new_names_are(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan", "--name", "g")
    phone = server.phone()
    r = phone.post("/g/1/players/rename", data={"csrf": csrf(phone), "old": "Ana", "new": "A" * 20_000})
    assert r.status_code == 400 and said(r) == ["a player's name is 20000 characters long: at most 40"]
    r = phone.post("/g/1/players/rename", data={"csrf": csrf(phone), "old": "Ana", "new": "Ana\x1b[2J"})
    assert r.status_code == 400 and "holds a control character (\\x1b)" in errors_on(r.text)[0]
    r = phone.post("/g/1/hand/record", data={"csrf": csrf(phone), "atu": "y2", "closer": "-", "rack_mode_0": "points",
                                             "points_0": "70", "rack_mode_1": "points", "points_1": "75",
                                             "note": "ok\x1b]0;pwned\x07"})
    assert r.status_code == 400 and "the note" in errors_on(r.text)[0] and "\\x1b" in errors_on(r.text)[0]
    assert remi.ok("sheet")["hands"] == [] and remi.ok("sheet")["players"] == ["Ana", "Bogdan"]


def test_the_terminal_never_prints_an_escape_stored_behind_remis_back(server: Server, remi) -> None:
    import sqlite3

    remi.ok("new", "--players", "Ana,Bogdan", "--name", "g")
    remi.ok("hand", "--atu", "y2", "--nobody", "--points", "Ana=70", "--points", "Bogdan=75", "--note", "quiet")
    with sqlite3.connect(server.db) as conn:  # written before remi checked names, or by another program
        conn.execute("UPDATE game SET name = ?", ("g\x1b]0;x\x07",))
        conn.execute("UPDATE action SET note = ?", ("n\x1b[2J\u202e",))
        conn.execute("INSERT INTO action (game_id, seq, kind, created_at, change, nobody, atu_close) "
                     "VALUES (1, 2, 'rename', '2026-12-03T14:00:00.000Z', ?, 0, 0)",
                     (json.dumps({"old": "Bogdan", "new": "Bo\x1b[31m"}),))
    for args in (("sheet",), ("games",), ("history",)):
        r = remi(*args)
        assert r.code == 0, r.err
        out = r.out + r.err
        assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out, (args, out)
    assert "\\x1b" in remi("sheet").out


MALFORMED = [
    ("GET", "/g/99999999999999999999", None, 404),
    ("GET", "/g/99999999999999999999/version", None, 404),
    ("GET", "/g/999999/version", None, 404),
    ("GET", "/g/99999999999999999999/hand", None, 404),
    ("GET", "/photo?game=99999999999999999999", None, 404),
    ("GET", "/tutor?game=99999999999999999999", None, 404),
    ("GET", "/photo?game=%C2%B2", None, 404),
    ("GET", "/%E2%98%83", None, 404),
    ("GET", "/%FF%FE", None, 404),
    ("POST", "/g/1/hand/confirm", {"fix": "²"}, 400),
    ("POST", "/g/1/hand/record", {"fix": "²"}, 400),
    ("POST", "/g/1/hand/confirm", {"board_mode": "points", "board_points": "²"}, 400),
    ("POST", "/g/1/hand/confirm", {"rack_mode_1": "counts", "high_1": "²"}, 400),
    ("POST", "/g/1/players/target", {"target": "9" * 20}, 400),
    ("POST", "/new", {**NEW, "target": "9" * 20}, 400),
    ("POST", "/g/99999999999999999999/undo", {}, 404),
]


def test_every_malformed_value_is_a_4xx_page_in_remis_words(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan", "--name", "g")
    phone = server.phone()
    base = {"atu": "y2", "closer": "Ana", "board_mode": "points", "board_points": "100", "rack_mode_1": "points",
            "points_1": "95"}
    for method, path, data, status in MALFORMED:
        if method == "GET":
            r = phone.get(path)
        else:
            r = phone.post(path, data={"csrf": csrf(phone), **(base if "/hand/" in path else {}), **data})
        assert r.status_code == status, (path, data, r.status_code, r.text[-400:])
        assert errors_on(r.text), (path, data)  # the page's own line, not Python's
        assert not any(w in r.text for w in ("invalid literal", "Traceback", "OverflowError", "did not expect")), path
    assert len(remi.ok("sheet")["hands"]) == 0


def test_the_key_redirect_stays_on_this_server(keyed: Server) -> None:
    c = keyed.client()
    for path, location in (("//evil.example/", "/evil.example/"), ("/%5Cevil.example/", "/evil.example/"),
                           ("/\\\\evil.example/", "/evil.example/"), ("/%E2%98%83", "/%E2%98%83"),
                           ("/%FF", "/%EF%BF%BD")):
        r = c.get(httpx.URL(f"{keyed.base}{path}?key={keyed.key}"))
        assert r.status_code == 303 and r.headers["location"] == location, (path, r.headers.get("location"))
    assert c.get("/%E2%98%83").status_code == 404  # the key is held: the page's own 404


def test_refusals_carry_the_security_headers(keyed: Server) -> None:
    c = keyed.client()
    no_key = c.get("/")
    foreign = c.get("/", headers={"host": "rebound.example"})
    for r, status in ((no_key, 403), (foreign, 421)):
        assert r.status_code == status
        assert "frame-ancestors 'none'" in r.headers["content-security-policy"], status
        assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
    host = keyed.base.split("//")[1]
    with socket.create_connection(tuple(host.split(":")[:1]) + (int(host.split(":")[1]),), timeout=60) as s:
        # a body of 200 MB declared: refused at once, before any of it is read
        s.sendall(f"POST /photo HTTP/1.1\r\nHost: {host}\r\nCookie: remi_table={keyed.key}\r\n"
                  f"Content-Length: {200 * 2**20}\r\n\r\n".encode())
        head = s.recv(65536).decode("latin-1").lower()
    assert head.startswith("http/1.1 413") and "content-security-policy: default-src 'self'" in head, head[:300]
    assert "x-frame-options: deny" in head


def test_a_connection_that_stalls_its_head_is_dropped(server: Server) -> None:
    from remi.web.timing import HEAD_S

    host, port = server.base.split("//")[1].split(":")
    with socket.create_connection((host, int(port)), timeout=HEAD_S + 20) as s:
        s.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\n".encode())  # and never the blank line
        started = time.monotonic()
        assert s.recv(1024) == b""  # closed by the server
        assert HEAD_S - 1 < time.monotonic() - started < HEAD_S + 10
    assert _timed_get(server.phone(), "/") < 5


def test_sigterm_stops_the_server_in_five_seconds_and_removes_its_photos(db: str, home: Path, remi, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setenv("TMPDIR", str(temp))
    remi.ok("games")
    server = start_server(db, home)
    try:
        phone = server.phone()
        photo = (ROOT / "samples" / "photos" / "rack-close.jpg").read_bytes()
        r = phone.post("/photo", data={"csrf": csrf(phone)}, files={"photo": ("rack.jpg", photo, "image/jpeg")})
        assert r.status_code == 303
        assert list(temp.glob("remi-web-photos-*/*"))  # the photo waits there to be used
        busy = threading.Thread(target=lambda: _quietly(phone.post, "/photo", data={"csrf": csrf(phone)},
                                                        files={"photo": ("rack.jpg", photo, "image/jpeg")}))
        busy.start()  # a photo being read as the signal comes
        time.sleep(0.3)
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.wait(timeout=15)
        assert time.monotonic() - started < 5
        busy.join(timeout=30)
        assert list(temp.glob("remi-web-photos-*")) == []
    finally:
        stop(server)


def _quietly(call, *args, **kwargs) -> None:  # noqa: ANN001, ANN002, ANN003
    try:
        call(*args, **kwargs)
    except httpx.HTTPError:
        pass  # the server went away mid-request: that is the point
