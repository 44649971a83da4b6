"""Alembic environment: always run with a connection passed in by ``scoresheet.db.migrate``."""

from __future__ import annotations

from alembic import context

from scoresheet.models import VERSION_TABLE

connection = context.config.attributes["connection"]
context.configure(connection=connection, version_table=VERSION_TABLE, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
