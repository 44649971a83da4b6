"""`remi serve` on a PostgreSQL sheet, side by side with the CLI on the same URL (the real
server the score-sheet tests install and start; skipped loudly where it cannot be)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.scoresheet.conftest import Remi, pg_admin, pg_url  # noqa: F401 - the fixtures
from tests.web.conftest import Server, csrf, start_server, stop

pytestmark = pytest.mark.postgres
BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"


@pytest.fixture
def pg_remi(pg_url: str, home: Path) -> Remi:  # noqa: F811
    return Remi(pg_url, home)


@pytest.fixture
def pg_serve(pg_url: str, home: Path, pg_remi: Remi) -> Iterator[Server]:  # noqa: F811
    pg_remi.ok("games")
    s = start_server(pg_url, home)
    yield s
    stop(s)


def test_the_phone_and_the_cli_share_a_postgresql_sheet(pg_serve: Server, pg_remi: Remi) -> None:
    assert "remi_test@" in pg_serve.output() and "remi_test:" not in pg_serve.output()  # no password shown
    pg_remi.ok("new", "--players", "Ana,Dan", "--name", "club")
    phone = pg_serve.phone()
    v0 = phone.get("/g/1/version").json()["version"]
    pg_remi.ok("hand", "--atu", "y2", "--closer", "Ana", "--board", BOARD, "--points", "Dan=95")
    assert phone.get("/g/1/version").json()["version"] != v0
    assert 'id="hand-1"' in phone.get("/g/1").text
    r = phone.post("/g/1/hand/record", data={"csrf": csrf(phone), "atu": "r1", "closer": "-", "rack_mode_0": "points",
                                             "points_0": "70", "rack_mode_1": "points", "points_1": "80"})
    assert r.status_code == 303
    hands = pg_remi.ok("sheet")["hands"]
    assert [h["number"] for h in hands] == [1, 2]
    assert hands[1]["scores"] == {"Ana": -140, "Dan": -160}  # an ace atu doubles (CR-28)


def test_a_hand_in_progress_lives_in_the_postgresql_sheet(pg_serve: Server, pg_remi: Remi) -> None:
    pg_remi.ok("new", "--players", "Ana,Alexandra,Dan", "--name", "club")
    closer, loser = pg_serve.phone(), pg_serve.phone()
    r = closer.post("/g/1/pending/table", data={"csrf": csrf(closer), "atu": "y2", "closer": "Ana", "board": BOARD})
    assert r.status_code == 303
    for seat, points in ((1, "95"), (2, "90")):
        r = loser.post("/g/1/pending/rack", data={"csrf": csrf(loser), "seat": str(seat), f"rack_mode_{seat}": "points",
                                                   f"points_{seat}": points})
        assert r.status_code == 303
    assert pg_remi.ok("sheet")["hands"] == []  # in progress: nothing on the sheet yet
    assert closer.post("/g/1/pending/record", data={"csrf": csrf(closer)}).status_code == 303
    assert pg_remi.ok("sheet")["hands"][0]["scores"] == {"Ana": 100, "Alexandra": -95, "Dan": -90}
    assert "Still missing: the closer" in closer.get("/g/1/pending/live").text
