"""Each phone at a table reads its own language (issue 41), over real HTTP to `remi serve`:
the browser's Accept-Language, the switch kept in a cookie, English otherwise; the sheet's
rendered part is never shared between languages, and a refusal is said in the phone's."""

from __future__ import annotations

from tests.web.conftest import Server, csrf, errors_on

BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"


def test_phones_of_one_table_each_read_their_own_language(server: Server, remi) -> None:
    remi.ok("new", "--players", "Ana,Bogdan", "--name", "vineri")
    remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--points", "Bogdan=95")
    ro, fr, en = server.client(headers={"accept-language": "ro-RO,ro;q=0.9"}), server.client(), server.client()
    assert "remi_lang=fr; Path=/; SameSite=Lax" in fr.get("/?lang=fr").headers["set-cookie"]
    for _ in range(2):  # alternately: the part rendered for one language is not served to another
        assert "Introdu mâna 2" in ro.get("/g/1").text and 'lang="ro"' in ro.get("/g/1").text
        assert "Saisir la manche 2" in fr.get("/g/1/part").text
        page = en.get("/g/1", headers={"accept-language": "de-DE"}).text
        assert "Enter hand 2" in page and 'lang="en"' in page
    fr.get("/?lang=en")  # the switch again: this phone is English from now on
    assert "Enter hand 2" in fr.get("/g/1/part").text


def test_a_refusal_on_a_page_is_composed_in_the_phones_language(server: Server, remi) -> None:
    phone = server.phone()
    form = {"csrf": csrf(phone), "variant": "closed", "name": "x", "p1": "Ana", "p2": "Dan", "target_mode": "points",
            "target": "1000", "rules_text": "close_size = 100000"}
    said = {lang: errors_on(phone.post("/new", data=form, headers={"accept-language": lang}).text)
            for lang in ("ro", "fr", "en")}
    assert said == {"ro": ["opțiunea de regulă close_size trebuie să fie între 4 și 22, nu 100000"],
                    "fr": ["l&#39;option de règle close_size doit être de 4 à 22, pas 100000"],
                    "en": ["rule option close_size must be 4 to 22, not 100000"]}
    assert remi("games", "--json").json() == []  # nothing written
