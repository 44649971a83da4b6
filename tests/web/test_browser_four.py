"""Issue 28 at a real four-player table, in a real headless Chromium at 390 x 844 against a real
`remi serve`: the new game's target chosen, the sheet of four (names like "Alexandra", x2 and
x4 marks) with no sideways scroll and nothing clipped, Undo naming what it takes back, and the
live check shown above the docked tile keyboard. ``REMI_WEB_SHOTS=docs/web`` saves sheet-four.png.
"""

from __future__ import annotations

from tests.web.conftest import Server
from tests.web.test_browser import Phone, phone  # noqa: F401 - phone: the browser fixture

#: the sheet's table against its box, the page against the phone, and any cell whose text is clipped
FITS = """const t = document.querySelector('table.sheet'), box = t.parentElement;
const clipped = [...t.querySelectorAll('th, td, .sc, .tot')].filter(e => e.scrollWidth > e.clientWidth + 0.5)
  .map(e => e.textContent.trim());
return {table: t.scrollWidth, box: box.clientWidth, page: document.documentElement.scrollWidth,
        phone: window.innerWidth, clipped: clipped};"""


def evening(remi, names: list[str], game: str) -> None:
    """Four hands: a joker atu nobody closed (Ø, x2, a twin), two x4 joker closes, a plain one."""
    a, b, c, d = names
    on = ["--game", game]
    remi.ok("hand", *on, "--atu", "*", "--nobody", "--twin", d, "--points", f"{a}=70", "--points", f"{b}=70",
            "--points", f"{c}=115", "--points", f"{d}=70")
    for closer, others in ((b, (a, c, d)), (c, (a, b, d))):
        remi.ok("hand", *on, "--atu", "r1", "--closer", closer, "--board-points", "135", "--joker-close", "--twin",
                closer, *[arg for p, n in zip(others, (120, 130, 170)) for arg in ("--points", f"{p}={n}")])
    remi.ok("hand", *on, "--atu", "y2", "--closer", a, "--board-points", "100", "--points", f"{b}=140",
            "--points", f"{c}=150", "--points", f"{d}=70")


def sheet_fits(p: Phone, game_id: int) -> None:
    p.go(f"/g/{game_id}")
    p.text_is("#hand-3", "+740")
    got = p.d.execute_script(FITS)
    assert got["phone"] == 390 and got["page"] <= 390, got  # no sideways scroll
    assert got["table"] <= got["box"] and got["clipped"] == [], got  # no cut column, no clipped name or score


def test_four_players_on_a_phone(phone: object, server: Server, remi) -> None:
    p = Phone(phone, server.base)
    p.go("/new")
    for i, name in enumerate(("Alexandra", "Bogdan", "Cristi", "Dumitru"), start=1):
        p.css(f'input[name="p{i}"]').send_keys(name)
    p.css('input[name="name"]').send_keys("friday")
    assert p.css('input[name="target_mode"][value="points"]').is_selected()  # a target, said, not a blank
    assert p.css('input[name="target"]').get_attribute("value") == "1000"
    p.tap('label:has(input[name="target_mode"][value="none"])')
    p.tap('button[type="submit"].primary')
    p.text_is("h1", "friday")
    assert remi.ok("sheet")["target"] is None and "No target" in p.css(".status").text

    evening(remi, ["Alexandra", "Bogdan", "Cristi", "Dumitru"], "friday")
    sheet_fits(p, 1)
    p.shot("sheet-four", full=True)
    p.d.set_window_size(390, 844)
    assert "Ø nobody closed" in p.css(".legend").text

    p.tap("form[data-undo-form] button")  # Undo says which, and asks first
    alert = p.d.switch_to.alert
    assert alert.text == "Undo hand 4?"
    alert.dismiss()
    assert len(remi.ok("sheet")["hands"]) == 4

    remi.ok("new", "--players", "Ana,Bo,Cris,Dan", "--name", "short")
    evening(remi, ["Ana", "Bo", "Cris", "Dan"], "short")
    sheet_fits(p, 2)


def test_the_live_check_shows_above_the_keyboard(phone: object, server: Server, remi) -> None:
    remi.ok("new", "--players", "Alexandra,Bogdan,Cristi,Dumitru", "--name", "friday")
    p = Phone(phone, server.base)
    p.go("/g/1/hand")
    p.tap('label:has(input[name="closer"][value="Alexandra"])')
    p.tap('.tray:has(input[name="board"]) .chips')
    p.keys("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y13 k2")
    p.text_is("[data-keystatus]", "does not close: 2 loose tiles")
    # the words are on the screen, on top: the keyboard does not cover them
    seen = p.d.execute_script("""const el = document.querySelector('[data-keystatus]'), r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.left + 5, r.top + r.height / 2);
      return {bottom: r.bottom, height: window.innerHeight, onTop: el.contains(top), bad: el.classList.contains('bad')};""")
    assert seen["onTop"] and seen["bad"] and 0 < seen["bottom"] <= seen["height"], seen
    p.tap("#keys [data-done]")
    assert not p.css("[data-keystatus]").is_displayed()
