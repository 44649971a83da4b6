"""The score sheet's errors, under the engine's root ``RemiError``.

``SheetError``: bad input (an unknown player, a board that does not close, a finished game);
the CLI exits 2. ``StoreError``: the database cannot be used (not ours, read-only, newer
schema, unreachable); the CLI exits 1.
"""

from __future__ import annotations

from remi.engine import RemiError


class SheetError(RemiError):
    """Input the sheet refuses; nothing was written."""


class StoreError(RemiError):
    """The database cannot be opened or written; nothing was written."""

    #: not the user's input but the database: the CLI exits 1, not 2
    exit_code = 1
