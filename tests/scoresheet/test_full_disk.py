"""Issue 39.17: a full disk is one line that says nothing was recorded, and nothing was.

SQLite's ``max_page_count`` pragma, set on each connection to the pages the file holds now,
makes the file behave as a full disk would: the next write that needs a page fails."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from remi.scoresheet.entry import HandInput
from remi.scoresheet.errors import StoreError
from remi.scoresheet.store import Store


def test_a_full_disk_says_nothing_was_recorded(tmp_path: Path) -> None:
    path = tmp_path / "sheet.db"
    store = Store.open(str(path))
    game = store.new_game("friday", "closed", ["Ana", "Dan"])
    pages = sqlite3.connect(path).execute("PRAGMA page_count").fetchone()[0]

    @event.listens_for(store.engine, "connect")
    def full(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.execute(f"PRAGMA max_page_count = {pages}")

    hand = HandInput.parse(closer="Ana", atu="y2", board_points=100, racks={"Dan": "70"}, note="x" * 200)
    written = 0
    with pytest.raises(StoreError) as refused:
        for written in range(200):  # each hand's row fills the last free page a little more
            store.record(game.id, hand, again=True)
    assert str(refused.value).endswith("nothing was recorded; free some space and try again")
    assert "the disk is full (database or disk is full)" in str(refused.value)
    store.engine.dispose()
    assert len(Store.open(str(path)).sheet(game.id).rows) == written  # the refused hand is not there
