"""The camera through HTTP against a real `remi serve`: a sample photo read with the shipped
models, a tile corrected, the tiles checked, sent to a hand or the tutor, and kept for
`remi vision adapt` only when asked."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from tests.web.conftest import ROOT, Server, csrf, errors_on

PHOTO = ROOT / "samples" / "photos" / "rack-close.jpg"


def upload(phone, path: Path = PHOTO, query: str = ""):
    return phone.post(f"/photo{query}", data={"csrf": csrf(phone)}, files={"photo": (path.name, path.read_bytes(), "image/jpeg")})


def read_tiles(page: str) -> list[str]:
    return re.search(r'name="tiles" value="([^"]*)"', page).group(1).split()


def test_a_photo_is_read_shown_with_numbered_boxes_and_checked(server: Server) -> None:
    phone = server.phone()
    r = upload(phone)
    assert r.status_code == 303
    page = phone.get(r.headers["location"]).text
    tiles = read_tiles(page)
    truth = PHOTO.with_suffix(".txt").read_text().split()
    assert sorted(tiles) == sorted(truth)  # the shipped reader reads this sample right
    assert len(re.findall(r'<g class="box', page)) == len(tiles)
    img = phone.get(r.headers["location"].split("?")[0] + "/image.jpg")
    assert img.headers["content-type"] == "image/jpeg" and img.content[:3] == b"\xff\xd8\xff"
    use = r.headers["location"].split("?")[0] + "/use"
    r = phone.post(use, data={"csrf": csrf(phone), "tiles": " ".join(tiles), "action": "check", "variant": "closed"})
    assert r.status_code == 200 and '<h2 class="ok">Closes' in r.text and "board <b>100</b> points" in r.text


def test_a_corrected_tile_goes_to_the_hand_and_the_photo_is_kept_when_asked(server: Server, remi, home: Path) -> None:
    remi.ok("new", "--players", "Ana,Bogdan", "--name", "g")
    phone = server.phone()
    r = upload(phone, query="?game=1&for=rack_1")
    shot = r.headers["location"].split("?")[0]
    tiles = read_tiles(phone.get(r.headers["location"]).text)
    fixed = ["y13" if t == "y12" else t for t in tiles]  # one tile corrected by tapping
    fixed[-1] = "-"  # and one box marked "not a tile"
    r = phone.post(f"{shot}/use?game=1&for=rack_1", data={"csrf": csrf(phone), "tiles": " ".join(fixed),
                                                         "action": "rack_1", "keep": "1"})
    assert r.status_code == 303
    target = urlsplit(r.headers["location"])
    assert target.path == "/g/1/hand"
    rack = parse_qs(target.query)["rack_1"][0].split()
    assert "y13" in rack and "y12" not in rack and len(rack) == len(tiles) - 1
    form = phone.get(r.headers["location"]).text
    assert "y13" in form  # the hand's form holds the photo's tiles for Bogdan
    kept = [p for p in (home / "data" / "remi" / "photos").iterdir() if p.suffix == ".json"]
    assert len(kept) == 1
    truth = json.loads(kept[0].read_text())
    assert [t["tile"] for t in truth["tiles"]] == [t for t in fixed if t != "-"]
    assert all(len(t["box"]) == 4 for t in truth["tiles"])


def test_nothing_is_kept_without_the_tick_and_bad_corrections_are_refused(server: Server, home: Path) -> None:
    phone = server.phone()
    r = upload(phone)
    shot = r.headers["location"].split("?")[0]
    tiles = read_tiles(phone.get(r.headers["location"]).text)
    r = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(["r14", *tiles[1:]]), "action": "check",
                                        "keep": "1"})
    assert r.status_code == 400 and any("tile 1" in e and "r14" in e for e in errors_on(r.text))
    r = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": "r1 r2", "action": "check"})
    assert r.status_code == 400 and any("2 tiles for" in e for e in errors_on(r.text))
    r = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(tiles), "action": "board"})
    assert r.status_code == 400 and any("choose a game first" in e for e in errors_on(r.text))
    r = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(tiles), "action": "tutor"})
    assert r.status_code == 303 and r.headers["location"].startswith("/tutor?rack=")
    assert not (home / "data" / "remi" / "photos").exists()


def list_shown(page: str) -> list[str]:
    """The tiles the list under the photo shows, box by box (✕: not a tile)."""
    items = re.findall(r'<li data-index="\d+"[^>]*>.*?<span class="tile-slot">(.*?)</span><span class="conf">', page, re.S)
    return ["-" if "✕" in item else re.search(r'title="([^"]+)"', item).group(1) for item in items]


def test_a_refusal_shows_the_corrections_and_a_missed_tile_can_be_added(server: Server) -> None:
    phone = server.phone()
    r = upload(phone)
    shot = r.headers["location"].split("?")[0]
    tiles = read_tiles(phone.get(r.headers["location"]).text)
    fixed = [*tiles[:12], "r13", "-", "-"]  # one tile corrected, two boxes dropped: 13 tiles
    r = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(fixed), "action": "check"})
    assert r.status_code == 400 and any("13" in e for e in errors_on(r.text))  # the refusal: 13 tiles
    assert list_shown(r.text) == fixed  # what the user chose, not the reader's first guess
    assert read_tiles(r.text) == fixed and "13 tiles after your corrections" in r.text
    # The box of the last tile dropped, and the tile added by hand (as remi scan --fix 15=- +=k2).
    fixed = [*tiles[:14], "-"]
    r = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(fixed), "added": tiles[14],
                                        "action": "check"})
    assert r.status_code == 200 and '<h2 class="ok">Closes' in r.text and "board <b>100</b> points" in r.text
    assert re.search(r'name="added" value="([^"]*)"', r.text).group(1) == tiles[14]
    assert 'aria-label="added tile ' + tiles[14] in r.text and "15 tiles after your corrections" in r.text
    r = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(fixed), "added": "k14",
                                        "action": "check"})
    assert r.status_code == 400 and any("added tile 1" in e and "k14" in e for e in errors_on(r.text))


def test_an_added_tile_goes_to_the_hand_and_is_kept_without_a_box(server: Server, remi, home: Path) -> None:
    remi.ok("new", "--players", "Ana,Bogdan", "--name", "g")
    phone = server.phone()
    r = upload(phone, query="?game=1&for=rack_1")
    shot = r.headers["location"].split("?")[0]
    tiles = read_tiles(phone.get(r.headers["location"]).text)
    fixed = [*tiles[:13], "-", "-"]
    r = phone.post(f"{shot}/use?game=1&for=rack_1", data={"csrf": csrf(phone), "tiles": " ".join(fixed), "added": "k5",
                                                         "action": "rack_1", "keep": "1"})
    assert r.status_code == 303
    rack = parse_qs(urlsplit(r.headers["location"]).query)["rack_1"][0].split()
    assert len(rack) == 14 and "k5" in rack
    kept = [p for p in (home / "data" / "remi" / "photos").iterdir() if p.suffix == ".json"]
    truth = json.loads(kept[0].read_text())["tiles"]
    assert truth[-1] == {"tile": "k5", "box": None} and len(truth) == 14


def test_how_sure_is_written_as_the_phones_language_writes_a_percentage(server: Server) -> None:
    """Babel's percent form for the reader (issue 41): ``42 %`` with a narrow no-break space in French
    and Romanian, ``42%`` in English."""
    shown = {}
    for lang in ("fr", "ro", "en"):
        phone = server.phone()
        phone.get(f"/?lang={lang}")
        r = upload(phone)
        shown[lang] = re.findall(r'<span class="conf">([^<?]*)', phone.get(r.headers["location"]).text)
    assert shown["en"] and all(re.fullmatch(r"\d+%", p) for p in shown["en"]), shown["en"]
    for lang in ("fr", "ro"):
        assert [p.replace("\u202f", "") for p in shown[lang]] == shown["en"]
        assert all(re.fullmatch(r"\d+\u202f%", p) for p in shown[lang]), shown[lang]
