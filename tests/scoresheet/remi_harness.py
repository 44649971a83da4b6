"""Fallback entry point for the CLI tests while ``remi/cli.py`` is not there yet: the same
commands (``remi.sheet_cli.register``) on a bare typer app. The tests prefer ``python -m remi``."""

import typer

from remi.sheet_cli import register

app = typer.Typer(no_args_is_help=True)
register(app)

if __name__ == "__main__":
    app()
