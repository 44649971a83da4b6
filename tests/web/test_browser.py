"""A real headless Chromium at a phone's size (390 x 844) against a real `remi serve`: create a
game, tap a hand in, photograph a loser's rack, correct a tile, record the hand, and watch
the open sheet update by itself after a CLI `remi hand`.

Chromium comes from Debian (installed by the test set-up, ``tests/web/browser.py``). With
``REMI_WEB_SHOTS=FOLDER`` the test also saves the phone's screenshots there (docs/web/).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web import browser
from tests.web.conftest import ROOT, Server

BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
PHOTO = ROOT / "samples" / "photos" / "rack-close.jpg"


@pytest.fixture
def phone(tmp_path: Path) -> Iterator[object]:
    try:
        driver = browser.phone(tmp_path / "profile")
    except browser.Unavailable as exc:
        pytest.skip(f"NO BROWSER: {exc}")
    yield driver
    driver.quit()


class Phone:
    """What a player does with the page: tap, type, wait; screenshots when asked."""

    def __init__(self, driver: object, base: str) -> None:
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.support.ui import WebDriverWait

        self.d = driver
        self.base = base
        # The live sheet swaps its table in: an element found a moment ago may be gone.
        self.wait = WebDriverWait(driver, 45, ignored_exceptions=(StaleElementReferenceException,))
        self.shots = Path(os.environ["REMI_WEB_SHOTS"]) if os.environ.get("REMI_WEB_SHOTS") else None

    def go(self, path: str) -> None:
        self.d.get(self.base + path)

    def css(self, selector: str):
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions as ec

        return self.wait.until(ec.presence_of_element_located((By.CSS_SELECTOR, selector)))

    def tap(self, selector: str) -> None:
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support import expected_conditions as ec

        el = self.wait.until(ec.element_to_be_clickable((By.CSS_SELECTOR, selector)))
        self.d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        el.click()

    def keys(self, tiles: str) -> None:
        for tile in tiles.split():
            self.tap(f'#keys button[data-tile="{tile}"]')

    def text_is(self, selector: str, wanted: str) -> None:
        from selenium.common.exceptions import TimeoutException

        try:
            self.wait.until(lambda d: wanted in self._text(selector))
        except TimeoutException:
            raise AssertionError(f"{selector} shows {self.css(selector).text!r}, not {wanted!r}") from None

    def _text(self, selector: str) -> str:
        """The element's text, or "" while the page it was found on is being replaced: Chromium
        (156) reports an element of a page navigated away from as "Node with given id does not
        belong to the document", an unknown error rather than a stale element."""
        from selenium.common.exceptions import WebDriverException

        try:
            return self.css(selector).text
        except WebDriverException as exc:
            if "does not belong to the document" not in str(exc):
                raise
            return ""

    def shot(self, name: str, *, full: bool = False) -> None:
        if self.shots is None:
            return
        self.shots.mkdir(parents=True, exist_ok=True)
        if full:  # the whole page at the phone's width, as a player scrolls it
            height = self.d.execute_script("return document.documentElement.scrollHeight")
            self.d.set_window_size(390, min(int(height) + 120, 2400))
        self.d.save_screenshot(str(self.shots / f"{name}.png"))


def test_a_phone_records_a_hand_with_a_photo_and_sees_the_cli(phone: object, server: Server, remi) -> None:
    p = Phone(phone, server.base)
    p.go("/new")
    for i, name in enumerate(("Ana", "Bogdan", "Cristi"), start=1):
        p.css(f'input[name="p{i}"]').send_keys(name)
    p.css('input[name="name"]').send_keys("friday")
    assert p.css('input[name="target"]').get_attribute("value") == "1000"  # the target is said, not a blank
    p.tap('button[type="submit"].primary')
    p.text_is("h1", "friday")
    assert "viewport" in p.d.page_source and p.d.execute_script("return window.innerWidth") == 390

    p.tap("a.button.primary")  # Enter hand 1
    p.tap('.tray:has(input[name="atu"]) .chips')
    p.keys("y2")
    p.tap("#keys [data-done]")
    p.tap('label:has(input[name="closer"][value="Ana"])')
    p.tap('.tray:has(input[name="board"]) .chips')
    p.keys(BOARD)
    p.text_is('[data-status="board"]', "closes: 100 points, throw k2")
    p.shot("hand-keys")  # the tile keyboard, docked at the bottom
    p.tap("#keys [data-done]")
    p.tap('label:has(input[name="rack_mode_2"][value="points"])')
    p.css('input[name="points_2"]').send_keys("135")

    p.tap('section[data-seat="Bogdan"] a.cam')  # Bogdan's rack from a photo
    p.css('input[type="file"][capture]').send_keys(str(PHOTO))
    p.text_is("h1", "15 tiles read")
    p.shot("photo-read")
    p.tap('li[data-index="13"] button')  # tile 14 (y12): tap it, then the right tile
    p.keys("y13")
    p.tap('li[data-index="14"] button')  # tile 15 is no tile of this rack
    p.tap("#keys [data-drop]")
    assert p.css("input[data-tiles]").get_attribute("value").split()[13:] == ["y13", "-"]
    p.tap('button[name="action"][value="rack_1"]')

    p.text_is('[data-status="rack-1"]', "points")  # back on the hand, the draft kept
    assert p.css('input[name="atu"]').get_attribute("value") == "y2"
    assert p.css('input[name="board"]').get_attribute("value") == BOARD
    p.text_is("[data-summary]", "Hand 1: Ana +100★")
    p.shot("hand-ready", full=True)
    p.d.set_window_size(390, 844)
    p.tap('#hand button[type="submit"]')
    p.text_is("h1", "Record hand 1?")
    p.shot("confirm")
    p.tap('#record button[type="submit"]')
    p.text_is(".done", "Hand 1 recorded.")
    cli = remi.ok("sheet")
    assert [h["number"] for h in cli["hands"]] == [1]
    assert cli["hands"][0]["scores"]["Ana"] == 100

    remi.ok("hand", "--atu", "r1", "--closer", "Bogdan", "--board-points", "135", "--joker-close",
            "--twin", "Bogdan", "--points", "Ana=100", "--points", "Cristi=70")
    p.css("#hand-2")  # the open sheet redraws itself (it asks every second)
    p.text_is("#hand-2", "+740")
    p.wait.until(lambda d: d.execute_script(  # the plot of the new version drawn too, not the old one
        "const img = document.querySelector('[data-plot]'), sec = document.querySelector('[data-live]');"
        "return img.src.endsWith('?v=' + sec.dataset.version) && img.complete && img.naturalWidth > 0"))
    p.shot("sheet")

    p.tap('a.button[href="/g/1/players"]')  # a name mistyped at the start, fixed from the phone
    seat = 'form.rename:has(input[name="old"][value="Cristi"])'
    p.css(f"{seat} input[name='new']").clear()
    p.css(f"{seat} input[name='new']").send_keys("Cristina")
    p.tap(f"{seat} button")
    p.text_is(".done", "Renamed")
    p.shot("players")
    assert remi.ok("sheet")["players"] == ["Ana", "Bogdan", "Cristina"]

    p.go("/tutor?game=1")
    p.tap('.tray:has(input[name="rack"]) .chips')
    p.keys("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1")
    p.tap("#keys [data-done]")
    p.tap('.tray:has(input[name="drawn"]) .chips')
    p.keys("k12")
    p.tap("#keys [data-backspace]")  # a slip, taken back
    p.keys("k13")
    assert p.css('input[name="drawn"]').get_attribute("value") == "k13"
    p.tap("#keys [data-done]")
    p.tap('#tutor button[type="submit"]')
    p.text_is(".explain", "Throw")
    p.shot("tutor")
