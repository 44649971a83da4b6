"""A four-player table (short and long names) on phones: a real headless Chromium at 390 x 844
against a real `remi serve` (issue 28). A photo's corrections stay on the page after a
refusal and a missed tile is added by tapping; each field of the hand is checked as it is
typed; a hand entered twice is warned of before Record.

With ``REMI_WEB_SHOTS=FOLDER`` the screenshots are saved there (docs/web/).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web import browser
from tests.web.conftest import ROOT, Server
from tests.web.test_browser import Phone

BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
PHOTO = ROOT / "samples" / "photos" / "rack-close.jpg"
PLAYERS = ("Ana", "Alexandra", "Dan", "Dumitru")


def driver_or_skip(profile: Path) -> object:
    try:
        return browser.phone(profile)
    except browser.Unavailable as exc:
        pytest.skip(f"NO BROWSER: {exc}")


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[object]:
    driver = driver_or_skip(tmp_path / "profile")
    yield driver
    driver.quit()


def test_a_photos_corrections_stay_and_a_missed_tile_is_added(phone: object, server: Server) -> None:
    p = Phone(phone, server.base)
    p.go("/photo")
    p.css('input[type="file"][capture]').send_keys(str(PHOTO))
    p.text_is("h1", "15 tiles read")
    read = p.css("input[data-tiles]").get_attribute("value").split()
    p.tap('li[data-index="12"] button')  # tile 13 corrected
    p.keys("r13")
    p.tap('li[data-index="14"] button')  # the last box: no tile
    p.tap("#keys [data-drop]")
    p.text_is("[data-count]", "14 tiles after your corrections")
    p.tap('button[name="action"][value="check"]')
    p.text_is(".error", "14")  # refused: 14 tiles without an atu
    chosen = p.css("input[data-tiles]").get_attribute("value").split()
    assert chosen == [*read[:12], "r13", read[13], "-"]
    assert p.css('li[data-index="12"] .tile-slot .t').get_attribute("title") == "r13"  # shown, not the read
    assert "dropped" in p.css('li[data-index="14"]').get_attribute("class")

    p.tap('li[data-index="12"] button')  # put tile 13 back as read
    p.keys(read[12])
    p.tap("[data-add]")  # the dropped box's tile, added by hand (remi scan --fix +=k2)
    p.keys(read[14])
    p.tap("#keys [data-done]")
    p.text_is("[data-count]", "15 tiles after your corrections")
    assert p.css("input[data-added]").get_attribute("value") == read[14]
    p.tap('button[name="action"][value="check"]')
    p.text_is("#checked h2", "Closes")
    assert p.css("input[data-added]").get_attribute("value") == read[14]  # still there after the check
    p.tap('[data-addedlist] li button')  # tapped again: taken out
    assert p.css("input[data-added]").get_attribute("value") == ""
    p.text_is("[data-count]", "14 tiles after your corrections")


def tap_hand(p: Phone, points: tuple[str, ...]) -> None:
    """Ana closes with the board tapped in, atu y2; the others' racks typed as points."""
    for field, tiles in (("atu", "y2"), ("board", BOARD)):
        p.tap(f'.tray:has(input[name="{field}"]) .chips')
        p.keys(tiles)
        p.tap("#keys [data-done]")
        if field == "atu":
            p.tap('label:has(input[name="closer"][value="Ana"])')
    for seat, value in enumerate(points, start=1):
        p.tap(f'label:has(input[name="rack_mode_{seat}"][value="points"])')
        p.css(f'input[name="points_{seat}"]').send_keys(value)


def test_each_field_is_checked_as_typed_and_a_repeat_is_warned_of(phone: object, server: Server, remi) -> None:
    remi.ok("new", "--players", ",".join(PLAYERS), "--name", "friday")
    p = Phone(phone, server.base)
    p.go("/g/1/hand")
    tap_hand(p, ("95", "97", "135"))
    p.text_is('[data-status="rack-2"]', "Dan's rack cannot cost 97")
    assert "bad" in p.css('[data-status="rack-2"]').get_attribute("class")
    p.text_is('[data-status="rack-1"]', "95 points")
    p.d.execute_script("document.querySelector('[data-status=\"rack-2\"]').scrollIntoView({block: 'center'})")
    p.shot("field-check")
    p.css('input[name="points_2"]').clear()
    p.css('input[name="points_2"]').send_keys("90")
    p.text_is('[data-status="rack-2"]', "90 points")
    p.text_is("[data-summary]", "Hand 1: Ana +100★")
    p.tap('#hand button[type="submit"]')
    p.text_is("h1", "Record hand 1?")
    assert not p.d.find_elements("css selector", "[data-repeats]")
    p.tap('#record button[type="submit"]')
    p.text_is(".done", "Hand 1 recorded.")

    p.go("/g/1/hand")  # the same hand entered again
    tap_hand(p, ("95", "90", "135"))
    p.text_is("[data-summary]", "Hand 2: Ana +100★")
    p.tap('#hand button[type="submit"]')
    p.text_is("[data-repeats]", "The same hand as hand 1")
    p.shot("confirm-twice")
    p.tap('#record button[type="submit"]')  # the box not ticked: the browser holds the form
    assert p.d.current_url.endswith("/hand/confirm") and len(remi.ok("sheet")["hands"]) == 1
    p.tap('#record label.check')
    p.tap('#record button[type="submit"]')
    p.text_is(".done", "Hand 2 recorded.")
    assert len(remi.ok("sheet")["hands"]) == 2


@pytest.fixture
def second(tmp_path: Path) -> Iterator[object]:
    driver = driver_or_skip(tmp_path / "profile-2")
    yield driver
    driver.quit()


def seat_line(p: Phone, name: str, wanted: str) -> None:
    """Wait until the live part shows ``wanted`` on ``name``'s line (it redraws itself)."""
    from selenium.common.exceptions import TimeoutException

    try:
        p.wait.until(lambda d: any(name in li.text and wanted in li.text for li in
                                   d.find_elements("css selector", "#pending .seats li")))
    except TimeoutException:
        lines = [li.text for li in p.d.find_elements("css selector", "#pending .seats li")]
        raise AssertionError(f"{name}'s line never showed {wanted!r}: {lines}") from None


def test_two_phones_fill_one_hand_in_progress(phone: object, second: object, server: Server, remi, tmp_path) -> None:
    remi.ok("new", "--players", ",".join(PLAYERS), "--name", "friday")
    ana, alexandra = Phone(phone, server.base), Phone(second, server.base)
    ana.go("/g/1")
    ana.tap('a.button[href="/g/1/pending"]')  # from the sheet
    ana.tap('a[data-seat-link="0"]')  # Ana says who she is, then sends the closer's part
    ana.tap('#table-part .tray:has(input[name="atu"]) .chips')
    ana.keys("y2")
    ana.tap("#keys [data-done]")
    ana.tap('#table-part label:has(input[name="closer"][value="Ana"])')
    ana.tap('#table-part .tray:has(input[name="board"]) .chips')
    ana.keys(BOARD)
    ana.tap("#keys [data-done]")
    ana.text_is('#table-part [data-status="board"]', "closes: 100 points, throw k2")
    ana.tap('#table-part button[type="submit"]')
    ana.text_is(".done", "Sent: the closer's part.")
    ana.text_is("#pending .table-line", "Ana closed")
    ana.text_is("#pending [data-missing]", "Still missing: Alexandra, Dan, Dumitru")

    alexandra.go("/g/1/pending")  # the second phone: Alexandra photographs her rack
    alexandra.text_is("#pending .table-line", "Ana closed")
    alexandra.tap('a[data-seat-link="1"]')
    alexandra.tap('#my-rack a.cam')
    alexandra.css('input[type="file"][capture]').send_keys(str(PHOTO))
    alexandra.text_is("h1", "15 tiles read")
    alexandra.tap('li[data-index="14"] button')  # a rack holds 14: the last box is no tile of hers
    alexandra.tap("#keys [data-drop]")
    alexandra.tap('button[name="action"][value="pending_1"]')
    alexandra.text_is('#my-rack [data-status="rack-1"]', "points")
    alexandra.tap('#my-rack button[type="submit"]')
    alexandra.text_is(".done", "Sent: your rack.")
    seat_line(ana, "Alexandra", "✓")  # Ana's phone sees it without a reload
    ana.text_is("#pending [data-missing]", "Still missing: Dan, Dumitru")

    alexandra.tap('a[data-seat-link="2"]')  # Dan types his on Alexandra's phone: 97 first
    alexandra.tap('#my-rack label:has(input[name="rack_mode_2"][value="points"])')
    alexandra.css('input[name="points_2"]').send_keys("97")
    alexandra.text_is('#my-rack [data-status="rack-2"]', "Dan's rack cannot cost 97")
    alexandra.css('input[name="points_2"]').clear()
    alexandra.css('input[name="points_2"]').send_keys("90")
    alexandra.text_is('#my-rack [data-status="rack-2"]', "90 points")
    alexandra.tap('#my-rack button[type="submit"]')
    seat_line(ana, "Dan", "✓ 90 points")
    alexandra.d.execute_script("window.scrollTo(0, 0)")
    alexandra.shot("pending")  # who is in, who is still missing

    alexandra.d.quit()  # a phone that drops out loses nothing: its parts are in the store
    dumitru = Phone(driver_or_skip(tmp_path / "profile-3"), server.base)
    try:
        dumitru.go("/g/1/pending?seat=3")
        seat_line(dumitru, "Alexandra", "✓")
        dumitru.tap('#my-rack label:has(input[name="rack_mode_3"][value="counts"])')
        dumitru.css('input[name="high_3"]').clear()
        dumitru.css('input[name="high_3"]').send_keys("4")
        dumitru.text_is('#my-rack [data-status="rack-3"]', "90 points")
        dumitru.tap('#my-rack button[type="submit"]')
        dumitru.text_is("#pending [data-pending-summary]", "Hand 1: Ana +100★")
    finally:
        dumitru.d.quit()
    ana.text_is("#pending [data-pending-summary]", "Dumitru -90")  # every phone sees it complete
    assert remi.ok("sheet")["hands"] == []  # nothing recorded until the tap
    ana.tap("#record-pending button[type=submit]")
    ana.text_is(".done", "Hand 1 recorded.")
    scores = remi.ok("sheet")["hands"][0]["scores"]
    assert scores["Ana"] == 100 and scores["Dan"] == -90 and scores["Dumitru"] == -90
    assert [a["kind"] for a in remi.ok("history")["actions"]] == ["hand"]
