"""The hostile probe's steps for issue 39 (items 5 to 11), run by ``bench/hostile_probe.py``.

Each step is bounded in requests and seconds and targets only the probe's loopback server:
uploads held open a byte every 12 s (5); a refused photo that must not be kept (6); a seat
that is no seat on every route of the hand in progress (7); hands checked while six phones
upload photos nonstop (8); the closer renamed while a hand is pending (9); house rules
uploaded huge or with a huge value (10: the page uploads bytes, so /dev/zero and a FIFO are
the CLI's, not reachable here); a grayscale photo, which must say it has no colour (11).
"""

from __future__ import annotations

import io
import os
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx

from tests.web.held import hold_upload, still_open

ROOT = Path(__file__).resolve().parents[1]
PHOTO = ROOT / "samples" / "photos" / "rack-close.jpg"
BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
SEAT_ROUTES = ("table", "rack", "record", "cancel")


def _csrf(phone: httpx.Client) -> str:
    return phone.cookies.get("remi_csrf", "")


def probe_slow_bodies(p: Any, count: int = 300, every: float = 12.0, hold: float = 45.0) -> None:
    """Item 5: ``count`` uploads, each sending a byte every ``every`` s, for at most ``hold`` s."""
    url = urlsplit(p.base)
    started = time.monotonic()
    socks = [s for s in (hold_upload(url.hostname, url.port, p.key) for _ in range(count)) if s is not None]
    opened, sent_at = len(socks), time.monotonic()
    while socks and time.monotonic() - started < hold:
        trickle = time.monotonic() - sent_at >= every
        sent_at = time.monotonic() if trickle else sent_at
        socks = [s for s in socks if still_open(s, trickle) or s.close()]
        time.sleep(0.5)
    for s in socks:
        s.close()
    took = time.monotonic() - started
    p.notes.append(f"slow bodies: {opened} of {count} uploads opened, a byte every {every:.0f} s; "
                   f"{opened - len(socks)} dropped within {took:.0f} s")
    if socks:
        p.bad.append(f"{len(socks)} of {opened} slow uploads still open after {hold:.0f} s")


def _noise_jpeg() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.frombytes("RGB", (640, 480), os.urandom(640 * 480 * 3)).save(out, "JPEG", quality=90)
    return out.getvalue()


def _files_under(folder: Path) -> int:
    return sum(len(files) for _, _, files in os.walk(folder))


def probe_kept(p: Any) -> None:
    """Item 6: a photo whose use is refused (400) must not be kept for ``remi vision adapt``."""
    phone = p.phone()
    data = p.folder / "data" if p.folder is not None else None
    before = _files_under(data) if data is not None else 0
    r = p.send(phone, "POST", "/photo", data={"csrf": _csrf(phone)}, expect=range(303, 304),
               files={"photo": ("noise.jpg", _noise_jpeg(), "image/jpeg")})
    if r is None or r.status_code != 303:
        return
    use = r.headers["location"].split("?")[0] + "/use"
    p.send(phone, "POST", use, data={"csrf": _csrf(phone), "tiles": "", "keep": "1", "added": "r1", "action": "check"},
           expect=range(400, 401))
    if data is None:
        p.notes.append("refused photo kept: not checked (a server of --url keeps its own folder)")
        return
    kept = _files_under(data) - before
    p.notes.append(f"refused photo: {kept} file(s) kept")
    if kept:
        p.bad.append(f"a refused photo was kept ({kept} files under the data folder)")


def probe_seats(p: Any) -> None:
    """Item 7: ``seat=²`` on every route of the hand in progress is a 400, never a 500."""
    phone = p.phone()
    p.send(phone, "GET", "/g/1/pending?seat=%C2%B2", expect=range(400, 401))
    for route in SEAT_ROUTES:
        p.send(phone, "POST", f"/g/1/pending/{route}", expect=range(400, 401),
               data={"csrf": _csrf(phone), "seat": "²", "atu": "y2", "closer": "Ana", "board_mode": "tiles",
                     "board": BOARD, "rack_mode_1": "points", "points_1": "95"})


def probe_photo_load(p: Any, phones: int = 6, seconds: float = 20.0) -> None:
    """Item 8: hand checks timed while ``phones`` phones upload the sample photo nonstop."""
    stop_at = time.monotonic() + seconds
    photo = PHOTO.read_bytes()

    def upload(camera: httpx.Client) -> None:
        while time.monotonic() < stop_at:
            p.send(camera, "POST", "/photo", data={"csrf": _csrf(camera)}, expect=range(303, 304),
                   files={"photo": (PHOTO.name, photo, "image/jpeg")})
    cameras = [threading.Thread(target=upload, args=(p.phone(),)) for _ in range(phones)]
    for c in cameras:
        c.start()
    phone = p.phone()
    hand = {"csrf": _csrf(phone), "atu": "y2", "closer": "Ana", "board_mode": "points", "board_points": "100",
            "rack_mode_1": "points", "points_1": "95"}
    waits = []
    time.sleep(2)  # every camera has its photo in
    while time.monotonic() < stop_at - 1:
        started = time.monotonic()
        p.send(phone, "POST", "/g/1/hand/check", data=hand, headers={"accept": "application/json"},
               expect=range(200, 201))
        waits.append(time.monotonic() - started)
        time.sleep(0.2)
    for c in cameras:
        c.join()
    waits.sort()
    if waits:
        p.notes.append(f"hand check while {phones} phones upload photos: {len(waits)} checks, median "
                       f"{waits[len(waits) // 2] * 1000:.0f} ms, slowest {waits[-1] * 1000:.0f} ms")


def probe_rename_pending(p: Any) -> None:
    """Item 9: the closer renamed while the hand is pending; the hand still records."""
    phone = p.phone()
    token = _csrf(phone)
    r = p.send(phone, "POST", "/new", expect=range(303, 304),
               data={"csrf": token, "variant": "closed", "p1": "Ana", "p2": "Bogdan", "name": f"rename {time.time():.0f}"})
    if r is None or r.status_code != 303:
        return
    game = r.headers["location"].split("?")[0]
    p.send(phone, "POST", f"{game}/pending/table", expect=range(303, 304),
           data={"csrf": token, "atu": "y2", "closer": "Ana", "board_mode": "tiles", "board": BOARD})
    p.send(phone, "POST", f"{game}/players/rename", data={"csrf": token, "old": "Ana", "new": "Anna"},
           expect=range(300, 400))
    p.send(phone, "POST", f"{game}/pending/rack", expect=range(303, 304),
           data={"csrf": token, "seat": "1", "rack_mode_1": "points", "points_1": "95"})
    live = p.send(phone, "GET", f"{game}/pending/live", expect=range(200, 201))
    if live is not None and "Still missing" in live.text:
        p.bad.append("a hand pending when its closer was renamed is stranded (\"Still missing\")")
    p.send(phone, "POST", f"{game}/pending/record", data={"csrf": token}, expect=range(303, 304))


def probe_rules_upload(p: Any) -> None:
    """Item 10: house rules uploaded as 8 MB of NULs, or with a 200 KB value: one short line."""
    phone = p.phone()
    new = {"csrf": _csrf(phone), "variant": "closed", "p1": "Ana", "p2": "Bogdan", "name": "rules"}
    for name, data in (("zero.toml", b"\0" * 8 * 2**20), ("long.toml", b'close_size = "' + b"9" * 200_000 + b'"')):
        started = time.monotonic()
        r = p.send(phone, "POST", "/new", data=new, files={"rules_file": (name, data, "text/plain")})
        if r is not None and (time.monotonic() - started > 5 or len(r.content) > 50_000):
            p.bad.append(f"rules {name}: {time.monotonic() - started:.1f} s, a page of {len(r.content)} bytes")
    p.notes.append("rules: /dev/zero and a FIFO are the CLI's (the page uploads bytes, at most 16 KB read)")


def probe_gray(p: Any) -> None:
    """Item 11: a grayscale photo is read, and the page says it has no colour."""
    from PIL import Image

    out = io.BytesIO()
    Image.open(PHOTO).convert("L").save(out, "JPEG", quality=90)
    phone = p.phone()
    r = p.send(phone, "POST", "/photo", data={"csrf": _csrf(phone)}, expect=range(303, 304),
               files={"photo": ("gray.jpg", out.getvalue(), "image/jpeg")})
    if r is None or r.status_code != 303:
        return
    page = p.send(phone, "GET", r.headers["location"], expect=range(200, 201))
    if page is not None and "colour" not in page.text.lower():
        p.bad.append("a grayscale photo's page says nothing of its colour")


STEPS = (probe_seats, probe_kept, probe_rules_upload, probe_gray, probe_rename_pending, probe_photo_load,
         probe_slow_bodies)
