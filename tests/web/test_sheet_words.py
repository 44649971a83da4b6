"""The pages' own answers in the phone's language (issue 41), over real HTTP to `remi serve`:
the framework's 404 and 405, the hand form's live "does not close" line (its reason made from
its code, never an English sentence) and the history's times in the locale's form."""

from __future__ import annotations

import re
from datetime import datetime, timezone

from babel.dates import get_month_names

from tests.web.conftest import Server
from tests.web.test_field_checks import fields

#: a board of 15 tiles that does not close: five loose tiles
LOOSE = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 k1 k5 r13"


def test_no_page_and_a_wrong_request_are_said_in_the_phones_language(server: Server) -> None:
    for lang, missing, wrong in (("ro", "nu există această pagină", "această pagină nu primește acest fel de cerere"),
                                 ("fr", "cette page n&#39;existe pas", "cette page n&#39;accepte pas ce genre de requête"),
                                 ("en", "no such page", "this page does not take that kind of request")):
        phone = server.client(headers={"accept-language": lang})
        page = phone.get("/no/such/page")
        assert page.status_code == 404 and missing in page.text and f'lang="{lang}"' in page.text
        assert phone.get("/g/1/undo").status_code == 405 and wrong in phone.get("/g/1/undo").text


def test_the_live_line_of_a_board_that_does_not_close_is_said_whole(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan,Cristi,Alexandra", "--name", "vineri")
    phone = server.phone()
    said = {}
    for lang in ("ro", "fr", "en"):
        got = phone.post("/g/1/hand/check", data=fields(phone, board=LOOSE),
                         headers={"accept": "application/json", "accept-language": lang}).json()
        said[lang] = got["board"]
    assert said == {
        "ro": {"ok": False, "text": "nu închide: 5 piese libere: k1, k5, r13, y9, y10; închiderea lasă exact una"},
        "fr": {"ok": False, "text": "ne ferme pas : 5 tuiles isolées : k1, k5, r13, y9, y10 ; fermer en laisse "
                                   "exactement une"},
        "en": {"ok": False, "text": "does not close: 5 loose tiles: k1, k5, r13, y9, y10; a close leaves exactly one"}}


def test_the_history_writes_its_times_as_the_locale_does(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan", "--name", "vineri")
    remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 "
            "k2", "--points", "Bogdan=95")
    month = datetime.now(timezone.utc).month
    for lang in ("ro", "fr"):
        page = server.client(headers={"accept-language": lang}).get("/g/1/history").text
        assert not re.search(r"\d{4}-\d\d-\d\d \d\d:", page), "an ISO time on the page"
        assert get_month_names("abbreviated", locale=lang)[month] in page
