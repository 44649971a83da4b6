"""The ``remi serve`` command. Starlette, uvicorn and the pages are imported inside it only."""

from __future__ import annotations

from typing import Annotated, Optional

import typer


def serve(
    db: Annotated[Optional[str], typer.Option("--db", help="Database: a file path or a URL (postgresql://user:pw@host/db). Default: env REMI_DB, else remi.db in the user data folder.", show_default=False)] = None,
    host: Annotated[str, typer.Option("--host", help="Address to listen on: 127.0.0.1 is this computer only; 0.0.0.0 lets the phones on your network in (with the table key).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on (0: any free port).", min=0, max=65535)] = 8000,
    key: Annotated[bool, typer.Option("--key/--no-key", help="Ask for the table key even on 127.0.0.1 (off this computer it is always asked).")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON line (the sheet, the addresses, the key) instead of the text and QR code, then serve.")] = False,
) -> None:
    """Serve the score sheet, the camera and the tutor to the phones at the table.

    Example: remi serve --host 0.0.0.0 --port 8000   (then scan the QR code it prints)
    """
    from remi.errors import user_errors

    with user_errors(interrupted="stopped"):
        from remi.web.server import run

        run(db=db, host=host, port=port, key=key, as_json=as_json)


def register(app: typer.Typer) -> None:
    """Add ``remi serve`` to the main app."""
    app.command("serve")(serve)
