"""How every command reports bad input: one line on stderr, exit code 2, nothing written."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import typer

BAD_INPUT = 2


def fail(code: str, /, exit_code: int = BAD_INPUT, **fields: object) -> typer.Exit:
    """Print ``remi: <the sentence of code>`` on stderr and return the Exit to raise: a command's
    own refusal, a code and its fields like any other (engine.messages words it), in the
    reader's language (``--lang``, LANGUAGE/LC_ALL/LANG: remi.i18n)."""
    from remi.engine.messages import sentence
    from remi.i18n import cli_language, speaking

    with speaking(cli_language()):
        return stop(sentence(code, fields), exit_code)


def stop(line: str, exit_code: int = BAD_INPUT) -> typer.Exit:
    """Print ``remi: <line>`` (a refusal already worded) on stderr and return the Exit to raise."""
    from remi.render import visible

    print(f"remi: {visible(line)}", file=sys.stderr)
    return typer.Exit(exit_code)


@contextmanager
def user_errors(*, interrupted: str = "cli.interrupted",
                describe: Callable[[ValueError], str] | None = None) -> Iterator[None]:
    """Every error a command meets as one line on stderr and an exit code, never a traceback.

    Bad input (the engine's RemiError family, any ValueError, a missing file) exits 2; an
    error that carries its own ``exit_code`` (the score sheet's StoreError: 1) uses it;
    anything unexpected is one "internal error" line and exit 1 (REMI_DEBUG=1 shows it all).
    ``describe`` words a bad input for this command (the score sheet names its flags); a typed
    refusal is said in the reader's language (``--lang``, LANGUAGE/LC_ALL/LANG: remi.i18n);
    ``interrupted``: the code of the line for Ctrl-C.
    """
    from remi.i18n import cli_language, said, speaking

    try:
        yield
    except typer.Exit:
        raise
    except KeyboardInterrupt:
        raise fail(interrupted, 130) from None
    except ValueError as exc:
        with speaking(cli_language()):
            message = (describe or said)(exc)
        raise stop(message, getattr(exc, "exit_code", BAD_INPUT)) from None
    except OSError as exc:
        raise fail("cli.os_error" if exc.filename else "cli.os_error_no_file", file=exc.filename,
                   reason=exc.strerror or str(exc)) from None
    except Exception as exc:  # noqa: BLE001 - the user sees one line, never a traceback
        if os.environ.get("REMI_DEBUG"):
            raise
        raise fail("cli.internal", 1, kind=type(exc).__name__, detail=str(exc)) from None
