"""The engine's errors: one root, bad syntax apart from impossible racks.

Only the CLI turns these into a message and an exit code; library callers catch
``RemiError`` (or ``ValueError``, which both subclass).
"""

from __future__ import annotations


class RemiError(ValueError):
    """Root of every error the engine raises on bad input."""


class NotationError(RemiError):
    """A token that is not a tile or card: the text, its 1-based position in the input."""

    def __init__(self, message: str, *, token: str = "", position: int = 0) -> None:
        self.token = token
        self.position = position
        super().__init__(message)


class RuleError(RemiError):
    """Well-formed tiles that break the rules: a 3rd copy, a wrong rack size, a bad formation.

    ``parts``: the parts of a hand at fault, as the caller named them (``"Dan's rack"``), so
    that it can point at its own fields.
    """

    def __init__(self, message: str, *, parts: tuple[str, ...] = ()) -> None:
        self.parts = parts
        super().__init__(message)
