"""Notes: a free-text note on a game and on each hand (SS-2.7, an annulled deal).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("game") as batch:
        batch.add_column(sa.Column("note", sa.String, nullable=True))
    with op.batch_alter_table("action") as batch:
        batch.add_column(sa.Column("note", sa.String, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("action") as batch:
        batch.drop_column("note")
    with op.batch_alter_table("game") as batch:
        batch.drop_column("note")
