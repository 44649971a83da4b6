"""Issue 39 item 6 over real HTTP: a photo is kept for `remi vision adapt` only once its tiles
were accepted (a refused check keeps nothing), and the kept folder has a cap, one line when full."""

from __future__ import annotations

import html
from pathlib import Path

from tests.web.conftest import Server, csrf, errors_on
from tests.web.test_photo_pages import read_tiles, upload


def _kept(home: Path) -> list[Path]:
    folder = home / "data" / "remi" / "photos"
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def test_a_refused_photo_is_not_kept(server: Server, home: Path) -> None:
    phone = server.phone()
    r = upload(phone)
    shot = r.headers["location"].split("?")[0]
    tiles = read_tiles(phone.get(r.headers["location"]).text)
    refused = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(tiles), "added": "r1",
                                               "action": "check", "variant": "closed", "keep": "1"})
    assert refused.status_code == 400  # 16 tiles: no rack to check
    assert _kept(home) == [] and not (home / "data" / "remi" / "photos").exists()
    accepted = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(tiles), "action": "check",
                                                "variant": "closed", "keep": "1"})
    assert accepted.status_code == 200 and "Kept for remi vision adapt" in accepted.text
    assert len(_kept(home)) == 1


def test_a_full_kept_folder_is_one_line_and_keeps_nothing_more(server: Server, home: Path) -> None:
    from remi.vision.labels import KEPT_PHOTOS

    folder = home / "data" / "remi" / "photos"
    folder.mkdir(parents=True)
    for i in range(KEPT_PHOTOS):
        (folder / f"old-{i}.jpg").write_bytes(b"x")
    phone = server.phone()
    r = upload(phone)
    shot = r.headers["location"].split("?")[0]
    tiles = read_tiles(phone.get(r.headers["location"]).text)
    page = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(tiles), "action": "check",
                                            "variant": "closed", "keep": "1"})
    assert page.status_code == 200 and '<h2 class="ok">Closes' in page.text  # the check still answers
    assert f"the kept photos are full ({KEPT_PHOTOS} photos" in page.text
    assert _kept(home) == [] and len(list(folder.iterdir())) == KEPT_PHOTOS


def test_the_note_under_a_corrected_tile_shows_the_new_read(server: Server) -> None:
    """Issue 39 item 12: shown again after a check, the list under the photo says what tile 3
    now is, not the reader's doubt about what it was."""
    import html
    import re

    phone = server.phone()
    r = upload(phone)
    shot = r.headers["location"].split("?")[0]
    tiles = read_tiles(phone.get(r.headers["location"]).text)
    fixed = [*tiles[:2], "k1", *tiles[3:]]
    page = phone.post(f"{shot}/use", data={"csrf": csrf(phone), "tiles": " ".join(fixed), "action": "check",
                                            "variant": "closed"})
    assert page.status_code == 200
    notes = re.search(r'<ul class="unsure">(.*?)</ul>', page.text, re.S)
    assert notes is not None
    # the tiles drawn as chips, each named by its title
    note = html.unescape(re.sub(r"<[^>]+>", "", re.sub(r'<span class="t [^"]*" title="([^"]*)">.*?</span>', r"[\1]",
                                                       notes.group(1))))
    assert note.startswith(f"3 [{tiles[2]}]: fixed to [k1]"), note


def test_missing_models_say_what_to_do_and_no_server_path(db: str, home: Path, tmp_path: Path, monkeypatch) -> None:
    """Issue 39 item 17 on the page: one line saying what to do, never the server's folder."""
    import html

    from tests.web.conftest import errors_on, start_server, stop

    empty = tmp_path / "no-models-here"
    empty.mkdir()
    monkeypatch.setenv("REMI_MODELS", str(empty))
    server = start_server(db, home)
    try:
        phone = server.phone()
        r = upload(phone)
        assert r.status_code == 400
        said = [html.unescape(e) for e in errors_on(r.text)]
        assert len(said) == 1 and "name a models folder with --models DIR or REMI_MODELS=DIR" in said[0], said
        assert str(empty) not in r.text and "site-packages" not in r.text
    finally:
        stop(server)


def test_a_use_for_a_seat_that_is_no_number_is_refused(server: Server, home: Path) -> None:
    """``rack_²`` and ``pending_²``: "²".isdigit() is True in Python; the page names the use as unknown."""
    phone = server.phone()
    phone.post("/new", data={"csrf": csrf(phone), "variant": "closed", "p1": "Ana", "p2": "Bogdan", "name": "seats",
                             "target_mode": "none", "target": ""})
    r = upload(phone, query="?game=1")
    shot = r.headers["location"].split("?")[0]
    tiles = read_tiles(phone.get(r.headers["location"]).text)
    for action in ("rack_²", "pending_²", "rack_1234"):
        refused = phone.post(f"{shot}/use?game=1", data={"csrf": csrf(phone), "tiles": " ".join(tiles),
                                                         "action": action, "variant": "closed"})
        assert refused.status_code == 400
        assert [html.unescape(e) for e in errors_on(refused.text)] == [f"unknown use '{action}' for the tiles"]
