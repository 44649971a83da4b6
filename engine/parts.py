"""The parts of one hand a refusal names, and the numbers it quotes, as typed values (issue 40).

A refusal about a hand points at where the trouble is: a player's rack or board, the throw,
the atu (``Part``); how many jokers or copies each part holds (``Held``); which numbers a
rack or a board can be (``Span``). Each is a code and its fields like a refusal, so that its
words are made in ``engine.messages`` in the reader's language (issue 41), and a caller finds
its fields by ``part.kind``, never by reading ``"Dan's rack"``.

>>> str(Part("rack", "Dan")), str(Part("rack")), str(Part("atu"))
("Dan's rack", "a loser's rack", 'the atu')
>>> str(Held(Part("rack", "Cristi"), 1, points=150)), str(Span(70, 220, 5, (80,)))
("Cristi's rack 1: 150 needs a joker", '70 to 220 in steps of 5, but not 80')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from remi.engine.messages import ENGLISH, sentence

#: what a part can be: a player's rack or the closer's board (``holder``), the throw, the atu
KINDS = ("rack", "board", "throw", "atu")


class Worded:
    """A value worded like a refusal: ``code`` and ``params``; ``str()`` is its English sentence."""

    @property
    def code(self) -> str:
        raise NotImplementedError

    @property
    def params(self) -> dict[str, Any]:
        raise NotImplementedError

    def __str__(self) -> str:
        return sentence(self.code, self.params, ENGLISH)


@dataclass(frozen=True, slots=True)
class Part(Worded):
    """A part of one hand: ``Part("rack", "Dan")``; without a holder, any player's (a loser's rack)."""

    kind: str
    holder: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise LookupError(f"no part of a hand called {self.kind!r}: one of {KINDS}")

    @property
    def code(self) -> str:
        anyone = self.holder is None and self.kind in ("rack", "board")
        return f"part.{self.kind}_any" if anyone else f"part.{self.kind}"

    @property
    def params(self) -> dict[str, Any]:
        return {"holder": self.holder} if self.holder is not None else {}


@dataclass(frozen=True, slots=True)
class Held(Worded):
    """How many (jokers, copies of a tile) a part of the hand holds; ``points``: the number
    typed for it, which needs that many jokers (CR-23), when a number says so; ``counted``:
    the count said before the reason (``Dan's rack 1: 150 needs a joker``), else only the
    reason (``Dan's rack (150 needs a joker)``)."""

    part: Part | str
    count: int
    points: int | None = None
    counted: bool = True

    @property
    def code(self) -> str:
        if self.points is None:
            return "part.held"
        return "part.held_needs" if self.counted else "part.needs"

    @property
    def params(self) -> dict[str, Any]:
        return {"part": self.part, "count": self.count, "points": self.points}


@dataclass(frozen=True, slots=True)
class Either(Worded):
    """Parts of which any one would do: ``Cristi's rack or Dan's board``."""

    parts: tuple[Part | Held | str, ...]

    @property
    def code(self) -> str:
        return "part.one" if len(self.parts) == 1 else "part.either"

    @property
    def params(self) -> dict[str, Any]:
        return {"first": self.parts[:-1] if len(self.parts) > 1 else self.parts[0], "second": self.parts[-1]}


@dataclass(frozen=True, slots=True)
class Span(Worded):
    """The numbers a rack or a board can be: ``low`` to ``high`` in steps of ``step``, but not ``missing``."""

    low: int
    high: int
    step: int = 1
    missing: tuple[int, ...] = ()

    @property
    def code(self) -> str:
        return "span." + ("steps" if self.step > 1 else "range") + ("_gaps" if self.missing else "")

    @property
    def params(self) -> dict[str, Any]:
        return {"low": self.low, "high": self.high, "step": self.step, "missing": self.missing}


#: the atu and the throw: one of each in a hand
ATU, THROW = Part("atu"), Part("throw")
