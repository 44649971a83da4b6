"""The photo zoomed on a phone (issue 39, item 13): at 390 px the photo is 360 px wide and a
crowded rack's boxes are too small to tap. A real headless Chromium at 390 x 844 against a
real `remi serve`: tap to zoom, the boxes grow with the photo, one is tapped and corrected;
two fingers pinch it. With ``REMI_WEB_SHOTS=FOLDER`` the zoomed photo is saved there.
"""

from __future__ import annotations

from tests.web.conftest import ROOT, Server
from tests.web.test_browser import Phone
from tests.web.test_browser_table import phone  # noqa: F401 - the fixture

PHOTO = ROOT / "samples" / "photos" / "rack-close.jpg"
BOX = 'g[data-index="4"]'


def _width(p: Phone, selector: str) -> float:
    return p.d.execute_script(f"return document.querySelector('{selector}').getBoundingClientRect().width")


def _pinch(p: Phone, spread_to: int) -> None:
    """Two fingers on the photo's middle, moved apart (Chrome's own touch events, as a phone's)."""
    box = p.d.execute_script("const r = document.querySelector('.shot-view').getBoundingClientRect();"
                             "return [r.left + r.width / 2, r.top + r.height / 2];")
    x, y = box

    def fingers(d: int) -> list[dict]:
        return [{"x": x - d, "y": y, "id": 1}, {"x": x + d, "y": y, "id": 2}]
    p.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": fingers(20)})
    for d in range(30, spread_to + 1, 10):
        p.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": fingers(d)})
    p.d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_tap_zooms_the_photo_with_its_boxes_and_a_box_is_tapped(phone: object, server: Server) -> None:  # noqa: F811
    p = Phone(phone, server.base)
    p.go("/photo")
    p.css('input[type="file"][capture]').send_keys(str(PHOTO))
    p.text_is("h1", "15 tiles read")
    small = _width(p, BOX)
    assert small < 44  # a crowded rack at 360 px: under a finger's 44 px
    p.tap("[data-zoom]")
    p.tap("[data-zoom]")
    assert p.css("[data-shot]").get_attribute("data-zoom-level") == "3.00"
    assert _width(p, BOX) > 2.5 * small  # the box grew with the photo
    assert p.d.execute_script("return document.documentElement.scrollWidth") <= 390  # the frame scrolls, not the page
    p.shot("photo-zoom")
    p.tap(BOX)  # a real tap on the box, scrolled into the frame
    assert "sel" in p.css(BOX).get_attribute("class") and "sel" in p.css('li[data-index="4"]').get_attribute("class")
    p.keys("k5")
    assert p.css("input[data-tiles]").get_attribute("value").split()[4] == "k5"
    assert "fixed" in p.css(BOX).get_attribute("class")
    p.tap("[data-zoom]")  # back to the whole photo
    assert p.css("[data-shot]").get_attribute("data-zoom-level") == "1.00" and abs(_width(p, BOX) - small) < 1
    _pinch(p, 120)
    assert float(p.css("[data-shot]").get_attribute("data-zoom-level")) > 2
