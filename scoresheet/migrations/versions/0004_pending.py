"""The hand in progress that every phone fills in: its parts, apart from the log (table pending).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pending",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("game_id", sa.Integer, sa.ForeignKey("game.id"), nullable=False),
        sa.Column("part", sa.String, nullable=False),
        sa.Column("value", sa.String, nullable=False),
        sa.Column("created_at", sa.String, nullable=False),
        sa.UniqueConstraint("game_id", "part", name="uq_pending_game_part"),
    )
    op.create_index("ix_pending_game_id", "pending", ["game_id"])


def downgrade() -> None:
    op.drop_table("pending")
