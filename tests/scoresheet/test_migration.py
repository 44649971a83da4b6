"""The schema version: an older file is migrated without loss, and a new database made in
one step has exactly the schema the migrations build."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from remi.scoresheet.db import create, make_engine, migrate, resolve_url
from remi.scoresheet.models import SCHEMA_HEAD
from tests.scoresheet.conftest import Remi

OLD = Path(__file__).with_name("data") / "schema_0001.sql"


def test_a_file_of_schema_0001_is_migrated_without_loss(tmp_path: Path) -> None:
    path = tmp_path / "spring.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD.read_text())
    remi = Remi(str(path), tmp_path)
    sheet = remi.ok("sheet")
    assert sheet["game"] == "spring 2026" and sheet["target"] == 1000
    assert [h["scores"] for h in sheet["hands"]] == [
        {"Ana": 100, "Bogdan": -95, "Cristi": -135},
        {"Ana": -110, "Bogdan": -35, "Cristi": -70},
        {"Ana": -200, "Bogdan": -180, "Cristi": 740},
    ]
    assert sheet["totals"] == {"Ana": -210, "Bogdan": -310, "Cristi": 535}
    history = remi.ok("history")
    assert [a["kind"] for a in history["actions"]] == ["hand", "fix", "hand", "hand"]
    assert history["actions"][1]["input"]["racks"]["Cristi"] == {"quick": "1J4H"}
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM remi_version").fetchone()[0] == SCHEMA_HEAD
        assert "note" in [r[1] for r in conn.execute("PRAGMA table_info(action)")]
    # The new column works on the migrated file.
    assert remi.ok("hand", "--atu", "k5", "--closer", "Ana", "--board-points", "100", "--points", "Bogdan=70",
                   "--points", "Cristi=70", "--note", "after the upgrade")["totals"]["Ana"] == -110


def _schema(url: str) -> dict[str, Any]:
    from sqlalchemy import inspect

    engine = make_engine(url)
    with engine.connect() as conn:
        insp = inspect(conn)
        out = {}
        for table in sorted(insp.get_table_names()):
            out[table] = {
                "columns": sorted((c["name"], str(c["type"]).split("(")[0], c["nullable"]) for c in insp.get_columns(table)),
                "pk": sorted(insp.get_pk_constraint(table)["constrained_columns"]),
                "unique": sorted(tuple(u["column_names"]) for u in insp.get_unique_constraints(table)),
                "indexes": sorted((tuple(i["column_names"]), bool(i["unique"])) for i in insp.get_indexes(table)),
                "fks": sorted((tuple(f["constrained_columns"]), f["referred_table"]) for f in insp.get_foreign_keys(table)),
            }
    engine.dispose()
    return out


@pytest.mark.postgres
def test_create_matches_the_migrations(db_url: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    if "://" in db_url:
        other = request.getfixturevalue("pg_url")  # a second fresh database
        urls = (resolve_url(db_url), resolve_url(other))
    else:
        urls = (resolve_url(str(tmp_path / "a.db")), resolve_url(str(tmp_path / "b.db")))
    e1, e2 = make_engine(urls[0]), make_engine(urls[1])
    create(e1, urls[0])
    migrate(e2, urls[1])
    e1.dispose()
    e2.dispose()
    a, b = _schema(urls[0]), _schema(urls[1])
    if "://" not in db_url:  # SQLite reports the unique constraint as an index after a batch copy
        for s in (a, b):
            s["action"]["indexes"] = [i for i in s["action"]["indexes"] if i != (("game_id", "seq"), True)]
    assert a == b


def test_a_file_of_schema_0002_takes_a_target_change_and_a_rename(tmp_path: Path) -> None:
    """0003 adds action.change: an older file upgrades in place, its hands kept, and takes the new entries."""
    path = tmp_path / "autumn.db"
    url = resolve_url(str(path))
    engine = make_engine(url)
    migrate(engine, url, "0002")
    with engine.begin() as conn:
        conn.exec_driver_sql(
            "INSERT INTO game (id, name, variant, players, teams, target, rules, created_at) VALUES "
            "(1, 'autumn', 'closed', '[\"Ana\", \"Dan\"]', NULL, 1000, '{\"variant\": \"closed\"}', '2026-10-01T19:00:00.000Z')")
        conn.exec_driver_sql(
            "INSERT INTO action (game_id, seq, kind, created_at, closer, nobody, atu, board_points, atu_close, racks) "
            "VALUES (1, 1, 'hand', '2026-10-01T19:30:00.000Z', 'Ana', 0, 'k5', 150, 0, '{\"Dan\": {\"points\": 70}}')")
    engine.dispose()
    remi = Remi(str(path), tmp_path)
    assert remi.ok("target", "100", "--game", "autumn")["winners"] == ["Ana"]
    assert remi.ok("rename", "dan", "Daniel")["totals"] == {"Ana": 150, "Daniel": -70}
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT version_num FROM remi_version").fetchone()[0] == SCHEMA_HEAD == "0004"
        assert [r[0] for r in conn.execute("SELECT kind FROM action ORDER BY seq")] == ["hand", "target", "rename"]
