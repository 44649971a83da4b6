"""A seat that is no seat of the game, on every route of the hand in progress (issue 39, item 7):
``seat=²`` (a digit to ``str.isdigit`` that ``int`` refuses) was a 500 on each, and the closer's
part and Cancel wrote before they failed. Now: one line (400), and nothing written."""

from __future__ import annotations

import html

import pytest

from remi.engine.messages import shown
from remi.scoresheet.store import Store
from tests.web.conftest import Server, csrf, errors_on
from tests.web.test_pending_pages import BOARD, PLAYERS, send_rack, send_table

ROUTES = ("table", "rack", "record", "cancel")


def _parts(db: str) -> tuple[object, dict[int, object]]:
    pending = Store.open(db).pending(1)
    return pending.table, dict(pending.racks)


@pytest.mark.parametrize("seat", ["²", "9", "-1", "1" * 40])
def test_no_seat_is_one_line_on_every_pending_route_and_nothing_is_written(server: Server, remi, seat: str) -> None:
    remi.ok("new", "--players", PLAYERS, "--name", "friday")
    phone = server.phone()
    assert send_rack(phone, 1, rack_mode_1="points", points_1="95").status_code == 303
    before = _parts(server.db)
    r = phone.get("/g/1/pending", params={"seat": seat})
    lines = [html.unescape(e) for e in errors_on(r.text)]
    assert r.status_code == 400 and lines == [f"there is no seat {shown(seat)} at this table (0 to 3): tap your name "
                                              "again; nothing was written"], r.text
    for route in ROUTES:
        data = {"csrf": csrf(phone), "seat": seat, "atu": "y2", "closer": "Ana", "board_mode": "tiles", "board": BOARD,
                "rack_mode_1": "points", "points_1": "90"}
        r = phone.post(f"/g/1/pending/{route}", data=data)
        assert r.status_code == 400 and len(errors_on(r.text)) == 1 and "no seat" in r.text, (route, r.status_code)
        assert _parts(server.db) == before, route  # the closer's part not sent, the rack not dropped
    assert send_table(phone).status_code == 303  # the same table from a phone that said no seat
    assert remi.ok("sheet")["hands"] == []
