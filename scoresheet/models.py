"""The tables (SQLModel). Schema changes go through an Alembic revision in ``migrations/``.

``game``: one row per game with its settings (seats, teams, target, rules as JSON).
``action``: the append-only log of what the table entered: ``hand`` (a new hand), ``fix``
(a hand's inputs replaced), ``delete`` (a hand struck out), ``undo`` (an earlier action
cancelled), ``target`` (the game's target changed) and ``rename`` (a player renamed). Hand
inputs are stored as typed, tiles in canonical notation; scores are never stored. ``(game_id, seq)`` is unique: the sequence that orders (and numbers) a game's actions.
``pending``: the parts of the hand in progress that each phone sends (``table``: the atu,
the closer and their board; ``seat N``: a loser's rack); not part of the log: only the hand
recorded from them is, and the rows go in the same transaction.
"""

from __future__ import annotations

from sqlalchemy import UniqueConstraint
from sqlmodel import Field, SQLModel

#: The Alembic revision this code writes; ``remi_version`` holds the database's.
SCHEMA_HEAD = "0004"
VERSION_TABLE = "remi_version"


class Game(SQLModel, table=True):
    __tablename__ = "game"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True)
    variant: str
    #: JSON list of names in seat (play) order
    players: str
    #: JSON list of lists of names (Simple 2 vs 2), or null
    teams: str | None = None
    target: int | None = None
    #: JSON of ``engine.Rules.to_dict()``
    rules: str
    created_at: str
    note: str | None = None


class Action(SQLModel, table=True):
    __tablename__ = "action"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_action_game_seq"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seq: int
    #: hand | fix | delete | undo | target | rename
    kind: str
    #: fix/delete: the seq of the ``hand`` action that created the hand
    hand_seq: int | None = None
    #: undo: the seq of the action it cancels
    undoes: int | None = None
    created_at: str
    # The hand as entered (hand and fix actions).
    closer: str | None = None
    nobody: bool = False
    atu: str | None = None
    board: str | None = None
    board_points: int | None = None
    throw: str | None = None
    atu_close: bool = False
    twin: str | None = None
    #: JSON {name: {"tiles": "..."} | {"points": n} | {"quick": "11L3H"}}
    racks: str | None = None
    note: str | None = None
    #: target and rename actions: JSON {"target": T or null} | {"old": NAME, "new": NAME}
    change: str | None = None


class PendingPart(SQLModel, table=True):
    __tablename__ = "pending"
    __table_args__ = (UniqueConstraint("game_id", "part", name="uq_pending_game_part"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    #: ``table`` (atu, closer or nobody, the board, the twin, a note) or ``seat N`` (0-based)
    part: str
    #: JSON: the table's HandInput.to_dict() (no racks), or a seat's RackInput.to_dict()
    value: str
    created_at: str
