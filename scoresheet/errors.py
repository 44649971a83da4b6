"""The score sheet's errors, under the engine's root ``RemiError``.

``SheetError``: bad input (an unknown player, a board that does not close, a finished game);
the CLI exits 2. Its messages name the hand's fields in words, never a command-line flag.
``StoreError``: the database cannot be used (not ours, read-only, newer schema,
unreachable); the CLI exits 1.
"""

from __future__ import annotations

from remi.engine import RemiError


def plural(n: int, word: str) -> str:
    """``1 tile``, ``2 tiles``: a count in the sheet's messages and tables.

    >>> plural(1, "hand"), plural(0, "hand")
    ('1 hand', '0 hands')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


class SheetError(RemiError):
    """Input the sheet refuses; nothing was written.

    ``fields``: the hand's fields at fault (``HandInput`` names such as ``"atu"``), for a
    caller that shows them its own way (the CLI names its flags, a form its questions).
    ``label``: the field in words when the message is about one value (``"the atu"``), kept
    apart from ``detail`` so that a caller can put its own name for the field in its place.
    """

    def __init__(self, message: str, *, fields: tuple[str, ...] = (), label: str | None = None) -> None:
        super().__init__(f"{label}: {message}" if label else message)
        self.detail = message
        self.fields = fields
        self.label = label


class EnteredTwice(SheetError):
    """A hand identical to the one before it: a slip far more often than a repeat."""

    def __init__(self, number: int) -> None:
        super().__init__(f"hand {number} has exactly these entries: entered twice? record it again on purpose "
                         "to keep it anyway")
        self.number = number


class StoreError(RemiError):
    """The database cannot be opened or written; nothing was written."""

    #: not the user's input but the database: the CLI exits 1, not 2
    exit_code = 1


class NoGame(SheetError):
    """No game by that name or id (``selector``), or none at all yet (``selector`` None)."""

    def __init__(self, selector: str | None) -> None:
        super().__init__(f"no game {selector!r}" if selector is not None else "no game yet", fields=("game",))
        self.selector = selector


class GameFinished(SheetError):
    """A new hand for a game that is over (CR-33, SR-21..23); a correction is still allowed."""

    def __init__(self, game: str, outcome: str) -> None:
        super().__init__(f"{game} is finished ({outcome})")
        self.game = game
        self.outcome = outcome


class NoHand(SheetError):
    """No hand ``number`` on the game's sheet: never recorded (``last``: the latest number, 0
    for none) or struck out (``struck``). Numbers do not move when a hand is struck out."""

    def __init__(self, game: str, number: int, last: int, *, struck: bool = False) -> None:
        if struck:
            message = f"hand {number} of {game} was struck out"
        else:
            message = f"{game} has no hand {number} " + (f"(its last is hand {last})" if last else "(no hand yet)")
        super().__init__(message, fields=("number",))
        self.game = game
        self.number = number
        self.last = last
        self.struck = struck
