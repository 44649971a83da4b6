"""A game's row locked for one write transaction: what the store and the pending hands share.

Its own module so that ``pending.py`` (which ``store.py`` imports) needs nothing of ``store.py``:
no import cycle between the two.
"""

from __future__ import annotations

from typing import Any

from remi.scoresheet.errors import SheetError


def locked(s: Any, game_id: int) -> Any:
    """The game's row, locked for this write transaction (PostgreSQL: ``FOR UPDATE``; SQLite's
    ``BEGIN IMMEDIATE`` already holds the file): writers to one game go one at a time."""
    from sqlmodel import select

    from remi.scoresheet.models import Game

    row = s.exec(select(Game).where(Game.id == game_id).with_for_update()).first()
    if row is None:
        raise SheetError("sheet.no_game_id", game_id=game_id)
    return row
