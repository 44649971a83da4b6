"""The tutor's page through HTTP: the same advice and reasons as `remi advise`."""

from __future__ import annotations

import html
import re

from tests.web.conftest import Server, csrf, errors_on

RACK = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1"


def test_the_page_gives_remi_advises_advice(server: Server, remi) -> None:
    phone = server.phone()
    fields = {"csrf": csrf(phone), "variant": "closed", "rack": RACK, "drawn": "k13", "atu": "b8",
              "name_0": "Ana", "name_1": "Dan", "me": "0", "row_0": "y8 b5", "row_1": "r9"}
    r = phone.post("/tutor", data=fields)
    assert r.status_code == 200
    cli = remi("advise", RACK, "--drawn", "k13", "--atu", "b8", "--seats", "Ana,Dan", "--me", "Ana", "--row",
               "Ana=y8 b5", "--row", "Dan=r9", "--json", db=False)
    advice = __import__("json").loads(cli.out)
    assert html.escape(advice["explanation"], quote=True) in r.text
    assert f'title="{advice["advice"][0]["discard"]}"' in r.text.split('class="best"')[1][:200]


def test_bad_tutor_input_is_one_line(server: Server) -> None:
    phone = server.phone()
    r = phone.post("/tutor", data={"csrf": csrf(phone), "variant": "closed", "rack": "r3 r4 zz"})
    assert r.status_code == 400 and any("zz" in e for e in errors_on(r.text))
    r = phone.post("/tutor", data={"csrf": csrf(phone), "variant": "closed", "rack": ""})
    assert r.status_code == 400 and any("give your rack" in e for e in errors_on(r.text))


def test_simple_rummy_s_tutor_page_speaks_of_a_hand_that_goes_out(server: Server) -> None:
    """Simple rummy's page asks for your hand and the card you drew, and its advice goes out
    (SR-17); Closed Rummy's page keeps the rack, the tile and the close."""
    phone = server.phone()
    page = phone.get("/tutor", params={"variant": "simple"}).text
    assert "<h2>Your hand" in page and "<h2>The card you drew" in page and "Your rack" not in page
    r = phone.post("/tutor", data={"csrf": csrf(phone), "variant": "simple",
                                   "rack": "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad Kd"})
    assert r.status_code == 200 and "<th>go out in 3</th>" in r.text and "close in 3" not in r.text
    r = phone.post("/tutor", data={"csrf": csrf(phone), "variant": "simple",
                                   "rack": "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac"})
    assert r.status_code == 200 and "<b>Go out:</b>" in r.text and "Close:" not in r.text
    closed = phone.get("/tutor").text
    assert "<h2>Your rack" in closed and "<h2>The tile you drew" in closed
    r = phone.post("/tutor", data={"csrf": csrf(phone), "variant": "closed", "rack": RACK, "drawn": "k13"})
    assert "<th>close in 3</th>" in r.text


def test_the_page_says_why_in_the_phones_language(server: Server) -> None:
    """The throw and why, a typed reason, worded from the phone's language (issue 39 item 14)."""
    from remi import i18n
    from remi.engine.messages import sentence
    from remi.tutor.advice import advise

    first = advise(RACK, variant="closed", drawn="k13").parts[0]
    for lang in ("ro", "fr"):
        phone = server.phone()
        phone.headers["Accept-Language"] = lang
        r = phone.post("/tutor", data={"csrf": csrf(phone), "variant": "closed", "rack": RACK, "drawn": "k13"})
        assert r.status_code == 200
        page = html.unescape(r.text)
        assert sentence(first.code, first.params, i18n.catalogue(lang)) in page
        assert str(first) not in page
        # its table's chances as the language writes a percentage (42 % with a no-break space)
        shares = re.findall(r"<td>(\d+[^<]*%)</td>", page)
        assert shares and all(re.fullmatch(r"\d+\u202f%", s) for s in shares), shares
