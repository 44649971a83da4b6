"""The engine's errors: one root, bad syntax apart from impossible racks.

Each error is a typed refusal: a stable ``code`` (``"rule.third_copy"``) and its fields as
attributes (``err.tile``, ``err.limit``); its sentence is made from them by
``engine.messages`` (one place, which a translation replaces), and ``str(err)`` is that
sentence in English. No caller decides what happened by reading the sentence: it reads the
type, the code and the fields.

>>> from remi.engine.tiles import Tile
>>> err = RuleError("rule.third_copy", tile=Tile.parse("r7"), count=3, limit=2)
>>> err.code, err.tile, err.limit, str(err)
('rule.third_copy', Tile.parse('r7'), 2, 'a 3rd r7: the deck has only 2')

Only the CLI turns these into a message and an exit code; library callers catch
``RemiError`` (or ``ValueError``, which both subclass).
"""

from __future__ import annotations

from typing import Any

from remi.engine.messages import ENGLISH, TEMPLATES, sentence


class RemiError(ValueError):
    """Root of every error the engine raises on bad input.

    ``RemiError(code, **fields)``: a typed refusal, its sentence from ``engine.messages``.
    A code without a template there is a mistake of the raise site, not of the user's input:
    a LookupError (tests/test_refusals_typed.py holds every raise site to a code).
    """

    #: the stable name of what was refused (a key of ``engine.messages.TEMPLATES``)
    code: str
    #: the fields its sentence is made from, by name (each also an attribute)
    params: dict[str, Any]

    def __init__(self, code: str, /, **fields: Any) -> None:
        if code not in TEMPLATES:
            raise LookupError(f"no template for the refusal code {code!r} (engine.messages): raise a code, "
                              "never a sentence")
        self.code = code
        self.params = fields
        for name, value in fields.items():
            setattr(self, name, value)
        super().__init__(sentence(code, fields, ENGLISH))  # str(err) is English; the reader's: remi.i18n

    def __reduce__(self) -> tuple[Any, ...]:
        # a subclass's own arguments differ: rebuilt from its sentence and its attributes
        return (_rebuild, (type(self), str(self)), self.__dict__)


def _rebuild(cls: type[RemiError], text: str) -> RemiError:
    err = cls.__new__(cls)
    Exception.__init__(err, text)
    return err


class NotationError(RemiError):
    """A token that is not a tile or card: the text (``token``), its 1-based ``position`` in the
    input (0: a single token)."""

    token: str
    position: int

    def __init__(self, code: str, /, *, token: str = "", position: int = 0, **fields: Any) -> None:
        super().__init__(code, token=token, position=position, **fields)


class RuleError(RemiError):
    """Well-formed tiles that break the rules: a 3rd copy, a wrong rack size, a bad formation.

    ``parts``: the parts of a hand at fault, as the caller named them (``"Dan's rack"``), so
    that it can point at its own fields.
    """

    parts: tuple[str, ...]

    def __init__(self, code: str, /, *, parts: tuple[str, ...] = (), **fields: Any) -> None:
        super().__init__(code, **fields)
        self.parts = parts
