"""Commands of remi's CLI (registered by remi.cli). Filled in by its issue's work."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add this module's commands to the main app."""
