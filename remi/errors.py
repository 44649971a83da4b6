"""How every command reports bad input: one line on stderr, exit code 2, nothing written."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

import typer

BAD_INPUT = 2


def fail(message: str, code: int = BAD_INPUT) -> typer.Exit:
    """Print ``remi: <message>`` on stderr and return the Exit to raise."""
    print(f"remi: {message}", file=sys.stderr)
    return typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the library's errors (ValueError family: RemiError and friends) into one line."""
    try:
        yield
    except ValueError as exc:
        raise fail(str(exc)) from None
    except OSError as exc:
        raise fail(f"{exc.filename or ''}: {exc.strerror or exc}".lstrip(": ")) from None
