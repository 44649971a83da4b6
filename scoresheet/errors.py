"""The score sheet's errors, under the engine's root ``RemiError``.

``SheetError``: bad input (an unknown player, a board that does not close, a finished game);
the CLI exits 2. Its messages name the hand's fields in words, never a command-line flag.
``StoreError``: the database cannot be used (not ours, read-only, newer schema,
unreachable); the CLI exits 1.

Like the engine's, each is a code and its fields, its sentence made in ``engine.messages``
(docs/errors.md): a caller tells a hand entered twice by ``except EnteredTwice``, never by
its words.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from remi.engine import RemiError
from remi.engine.messages import ENGLISH, sentence


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
    ``label``: the code of the field's words when the message is about one value
    (``"label.atu"``: "the atu"; ``label_fields`` fill it), kept apart from ``detail`` so that
    a caller can put its own name for the field in its place.
    """

    #: the hand's fields at fault
    fields: tuple[str, ...]

    def __init__(self, code: str, /, *, fields: tuple[str, ...] = (), label: str | None = None,
                 label_fields: Mapping[str, Any] | None = None, **params: Any) -> None:
        super().__init__(code, **params)
        self.detail = str(self)
        self.fields = fields
        #: the field in words (None: the sentence is about no one field), and its code and fields
        self.label = sentence(label, label_fields or {}, ENGLISH) if label else None
        self.labelled = (label, dict(label_fields or {})) if label else None
        if label:
            self.args = (sentence("sheet.field", {"label": self.label, "detail": self.detail}, ENGLISH),)

    @classmethod
    def of(cls, exc: RemiError, *, fields: tuple[str, ...] = (), label: str | None = None,
           label_fields: Mapping[str, Any] | None = None) -> SheetError:
        """A refusal met below the sheet (the engine's) as the sheet's: its code and fields
        kept (so its words are still its own template's), the hand's fields at fault added."""
        return cls(exc.code, fields=fields, label=label, label_fields=label_fields, **exc.params)


class EnteredTwice(SheetError):
    """A hand identical to the one before it: a slip far more often than a repeat."""

    number: int

    def __init__(self, number: int) -> None:
        super().__init__("sheet.entered_twice", number=number)


class StoreError(RemiError):
    """The database cannot be opened or written; nothing was written."""

    #: not the user's input but the database: the CLI exits 1, not 2
    exit_code = 1


class NoGame(SheetError):
    """No game by that name or id (``selector``), or none at all yet (``selector`` None)."""

    selector: str | None

    def __init__(self, selector: str | None) -> None:
        super().__init__("sheet.no_game" if selector is not None else "sheet.no_game_yet", fields=("game",),
                         selector=selector)


class GameFinished(SheetError):
    """A new hand for a game that is over (CR-33, SR-21..23); a correction is still allowed."""

    game: str
    outcome: str

    def __init__(self, game: str, outcome: str) -> None:
        super().__init__("sheet.finished", game=game, outcome=outcome)


class NoHand(SheetError):
    """No hand ``number`` on the game's sheet: never recorded (``last``: the latest number, 0
    for none) or struck out (``struck``). Numbers do not move when a hand is struck out."""

    game: str
    number: int
    last: int
    struck: bool

    def __init__(self, game: str, number: int, last: int, *, struck: bool = False) -> None:
        code = "sheet.hand_struck" if struck else ("sheet.no_hand" if last else "sheet.no_hand_yet")
        super().__init__(code, fields=("number",), game=game, number=number, last=last, struck=struck)
