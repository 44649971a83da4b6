"""The first schema: games and the action log.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String, nullable=False),
        sa.Column("variant", sa.String, nullable=False),
        sa.Column("players", sa.String, nullable=False),
        sa.Column("teams", sa.String, nullable=True),
        sa.Column("target", sa.Integer, nullable=True),
        sa.Column("rules", sa.String, nullable=False),
        sa.Column("created_at", sa.String, nullable=False),
    )
    op.create_index("ix_game_name", "game", ["name"], unique=True)
    op.create_table(
        "action",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String, nullable=False),
        sa.Column("hand_seq", sa.Integer, nullable=True),
        sa.Column("undoes", sa.Integer, nullable=True),
        sa.Column("created_at", sa.String, nullable=False),
        sa.Column("closer", sa.String, nullable=True),
        sa.Column("nobody", sa.Boolean, nullable=False),
        sa.Column("atu", sa.String, nullable=True),
        sa.Column("board", sa.String, nullable=True),
        sa.Column("board_points", sa.Integer, nullable=True),
        sa.Column("throw", sa.String, nullable=True),
        sa.Column("atu_close", sa.Boolean, nullable=False),
        sa.Column("twin", sa.String, nullable=True),
        sa.Column("racks", sa.String, nullable=True),
        sa.UniqueConstraint("game_id", "seq", name="uq_action_game_seq"),
    )
    op.create_index("ix_action_game_id", "action", ["game_id"])


def downgrade() -> None:
    op.drop_table("action")
    op.drop_table("game")
