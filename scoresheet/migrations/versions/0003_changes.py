"""Changes to a game in its log: a new target, a player renamed (action kinds target, rename).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("action") as batch:
        batch.add_column(sa.Column("change", sa.String, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("action") as batch:
        batch.drop_column("change")
