"""The server's safety, through HTTP against a real `remi serve`: the host check, the table
key, cross-site forms, upload limits, and error pages without tracebacks."""

from __future__ import annotations

import struct
import zlib

import httpx
import pytest

from tests.web.conftest import Server, csrf, errors_on


def test_loopback_answers_only_its_own_host_name(server: Server) -> None:
    c = server.client()
    page = c.get("/")
    assert page.status_code == 200
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"
    r = c.get("/", headers={"host": "rebound.example:80"})
    assert r.status_code == 421
    assert "answers only as" in r.text


def test_without_the_key_nothing_is_read_or_written(keyed: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Dan", "--name", "secret")
    c = keyed.client()
    for path in ("/", "/g/1", "/g/1/version", "/g/1/part", "/g/1/plot.svg", "/tutor", "/photo"):
        r = c.get(path)
        assert r.status_code == 403, path
        assert "secret" not in r.text and "Ana" not in r.text
        assert "needs its key" in r.text
    r = c.post("/new", data={"variant": "closed", "p1": "X", "p2": "Y"})
    assert r.status_code == 403
    r = c.get("/?key=wrong-key")
    assert r.status_code == 403
    assert len(remi.ok("games")) == 1  # nothing written
    assert c.get("/static/remi.css").status_code == 200  # the package's own CSS is no secret


def test_the_key_in_the_url_becomes_a_cookie_and_leaves_the_address(keyed: Server) -> None:
    c = keyed.client()
    r = c.get(f"/g/1?key={keyed.key}")
    assert r.status_code == 303
    assert r.headers["location"] == "/g/1"
    assert "remi_table=" in r.headers["set-cookie"] and "SameSite=Strict" in r.headers["set-cookie"]
    assert c.get("/").status_code == 200


def test_the_terminal_shows_the_key_and_a_qr_code(keyed: Server) -> None:
    out = keyed.output()
    assert f"Table key: {keyed.key}" in out
    assert keyed.url.endswith(f"/?key={keyed.key}")
    qr_lines = [line for line in out.splitlines() if "█" in line or "▀" in line or "\x1b[" in line]
    assert len(qr_lines) >= 10  # the code's modules, drawn in the terminal


def test_forms_refuse_cross_site_requests(server: Server, remi) -> None:
    phone = server.phone()
    fields = {"variant": "closed", "p1": "Ana", "p2": "Dan", "name": "x"}
    r = phone.post("/new", data=fields)  # no token
    assert r.status_code == 403 and "nothing was written" in r.text
    r = phone.post("/new", data={**fields, "csrf": "0" * 32})  # a wrong token
    assert r.status_code == 403
    r = phone.post("/new", data={**fields, "csrf": csrf(phone)}, headers={"origin": "http://evil.example"})
    assert r.status_code == 403 and "another site" in r.text
    stranger = server.client()  # a browser that never loaded a page: no cookie to match
    r = stranger.post("/new", data={**fields, "csrf": csrf(phone)})
    assert r.status_code == 403
    assert remi.ok("games") == []
    r = phone.post("/new", data={**fields, "csrf": csrf(phone)})
    assert r.status_code == 303
    assert [g["name"] for g in remi.ok("games")] == ["x"]


def _png_header(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))
            + struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND")))


@pytest.mark.parametrize("name, data, says", [
    ("notes.txt", b"these are not pixels", "not a photo remi can read"),
    ("fake.jpg", b"\xff\xd8\xff" + b"\x00" * 64, "damaged or not an image"),
    ("bomb.png", _png_header(20_000, 20_000), "the photo is too large"),
])
def test_uploads_must_be_images_of_sane_size(server: Server, name: str, data: bytes, says: str) -> None:
    phone = server.phone()
    r = phone.post("/photo", data={"csrf": csrf(phone)}, files={"photo": (name, data, "image/jpeg")})
    assert r.status_code == 400
    assert any(says in e for e in errors_on(r.text)), r.text


def test_a_body_over_the_limit_is_refused_as_it_arrives(server: Server) -> None:
    phone = server.phone()
    big = b"\xff\xd8\xff" + b"\x00" * (26 * 1024 * 1024)
    try:
        r = phone.post("/photo", data={"csrf": csrf(phone)}, files={"photo": ("big.jpg", big, "image/jpeg")})
    except httpx.HTTPError:
        return  # the server answered 413 and closed before the client had sent it all
    assert r.status_code == 413
    assert "too large" in r.text


def test_bad_paths_and_methods_are_pages_not_tracebacks(server: Server) -> None:
    c = server.phone()
    for path, status in (("/nope", 404), ("/g/99", 404), ("/g/99/hand", 404), ("/photo/nothing-here", 404)):
        r = c.get(path)
        assert r.status_code == status, path
        assert "Traceback" not in r.text and "<p class=\"error\"" in r.text
    assert c.get("/g/1/undo").status_code == 405


def test_an_unexpected_error_is_a_page_and_the_traceback_stays_in_the_terminal(server: Server, remi) -> None:
    import sqlite3

    remi.ok("new", "--players", "Ana,Dan", "--name", "g")
    remi.ok("hand", "--atu", "y2", "--nobody", "--points", "Ana=70", "--points", "Dan=80")
    with sqlite3.connect(server.db) as conn:  # a row damaged behind remi's back
        conn.execute("UPDATE action SET racks = '{not json' WHERE seq = 1")
    r = server.client().get("/g/1")
    assert r.status_code == 500
    assert "did not expect; nothing was written" in r.text
    assert "Traceback" not in r.text and "JSONDecodeError" not in r.text and "File \"" not in r.text
    import time

    deadline = time.monotonic() + 10
    while "Traceback" not in server.output() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert "Traceback" in server.output()  # the details are for whoever runs the server
