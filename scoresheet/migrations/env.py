"""Alembic environment: always run with a connection passed in by ``scoresheet.db.migrate``."""

from __future__ import annotations

from typing import Any

from alembic import context

from remi.scoresheet.models import VERSION_TABLE


def run(config: Any) -> None:
    context.configure(connection=config.attributes["connection"], version_table=VERSION_TABLE, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


try:
    _config = context.config
except (AttributeError, NameError):  # imported outside Alembic (a doctest collector): nothing to run
    _config = None
if _config is not None:
    run(_config)
