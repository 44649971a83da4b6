"""Closing a rack: whether it closes, the best way, every way, and why not (CR-18..CR-19, SR-17..SR-18).

Three questions, three calls, in the manner of python-chess (``is_checkmate()``,
``outcome()``, ``legal_moves``):

* ``can_close(rack, rules)``: a bool, the fastest answer (for a strategy's inner loops);
* ``check_close(rack, rules)``: one ``CloseResult`` value: a ``status``, the best close or,
  when there is none, the closest arrangement and a sentence saying why;
* ``iter_closes(rack, rules)``: every distinct close.

>>> from remi.engine.tiles import parse_tiles
>>> result = check_close(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"))
>>> result.status, str(result.best.discard), result.best.points
(<CloseStatus.CLOSES: 'closes'>, 'k2', 100)
>>> result = check_close(parse_tiles("R4 R5 R6 B9 Y9 K9 K11 K12 K13 Y2 Y3 Y4 R13 B13 R8"))
>>> result.status, result.reason
(<CloseStatus.LOOSE_TILES: 'loose tiles'>, '3 loose tiles: k11, k12, r8; a close leaves exactly one')

An atu given with one tile short of a closing rack is pulled in to close (CR-19); with a
full rack it only counts against the deck. The search itself is search.py, on counts.py's
encoding.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from remi.engine.counts import HIGH, counts, need, slot
from remi.engine.formations import Formation, tile_board_value
from remi.engine.messages import Reason
from remi.engine.racks import check_close_rack
from remi.engine.rules import CLOSED, Rules
from remi.engine.scoring import close_multiplier
from remi.engine.search import FailKey, Search, Step, hopeless, min_loose
from remi.engine.tiles import JOKER, Tile

#: a rack on counts: the counts, the jokers, what a close must show, the tile codes it may throw
Setup = tuple[list[int], int, int, "frozenset[int] | None"]

class CloseStatus(enum.Enum):
    """What ``check_close`` found: the rack closes, or the one reason it does not."""

    #: all tiles but one in formations, that one thrown (CR-18, SR-17): ``best`` is the close
    CLOSES = "closes"
    #: every arrangement leaves two or more tiles out of the formations (``loose``)
    LOOSE_TILES = "loose tiles"
    #: every tile fits formations of 3, so none is left to throw (CR-18, SR-17)
    NO_SPARE = "no spare tile"
    #: Simple rummy: no arrangement shows both a run and a set (SR-18)
    NO_RUN_AND_SET = "no run and set"
    #: it closes, but not throwing the tile asked for (CR-29)
    OTHER_THROW = "other throw"


@dataclass(frozen=True, slots=True)
class Close:
    """One way to close: the formations shown and the tile thrown."""

    formations: tuple[Formation, ...]
    discard: Tile
    #: the closer's pay for this board (CR-21/22/27): board value, doubled by a joker throw.
    points: int
    board: int

    @property
    def doubled(self) -> bool:
        return self.points != self.board


class _Why(NamedTuple):
    status: CloseStatus
    loose: tuple[Tile, ...]
    formations: tuple[Formation, ...]
    why: Reason | None


@dataclass(frozen=True)
class CloseResult:
    """The answer to "can this rack close?": the best close, or why not.

    The explanation (``status``, ``loose``, ``formations``, ``reason``) of a rack that does
    not close is worked out when first asked for: a strategy that only wants ``best`` does
    not pay for it.
    """

    rack: tuple[Tile, ...] = field(repr=False)
    rules: Rules = field(repr=False)
    #: the close that pays the closer most (CR-21, CR-22, CR-27), or None
    best: Close | None
    #: the atu pulled in to close (CR-19), or None
    atu: Tile | None = None
    #: the tile the close had to throw (CR-29), or None for any
    throw: Tile | None = None

    @property
    def can_close(self) -> bool:
        return self.best is not None

    @property
    def with_atu(self) -> bool:
        """Whether the atu was pulled in to close (CR-19)."""
        return self.atu is not None

    @property
    def status(self) -> CloseStatus:
        return self._why.status

    @property
    def loose(self) -> tuple[Tile, ...]:
        """The fewest tiles any arrangement leaves loose, and which (empty when it closes)."""
        return self._why.loose

    @property
    def formations(self) -> tuple[Formation, ...]:
        """The formations of that closest arrangement (empty when it closes: see ``best``)."""
        return self._why.formations

    @property
    def why(self) -> Reason | None:
        """Why it does not close, as a code and its fields (None when it closes): its sentence
        is made in ``engine.messages``, like a refusal's."""
        return self._why.why

    @property
    def reason(self) -> str:
        """Why it does not close, in a sentence ("" when it closes): ``why``'s English."""
        return "" if self._why.why is None else str(self._why.why)

    @cached_property
    def _why(self) -> _Why:
        if self.best is not None:
            return _Why(CloseStatus.CLOSES, (), (), None)
        if self.throw is not None:
            other = _best(self.rack, self.rules, self.atu, None)
            if other is not None:
                return _Why(CloseStatus.OTHER_THROW, (), (), Reason("close.other_throw", tile=other.discard,
                                                                    variant=self.rules.variant))
        return _explain(self.rack, self.rules, self.atu)


def can_close(rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None) -> bool:
    """Whether the rack closes: all tiles but one in formations (and a run and a set in Simple).

    The fastest answer, for a strategy's inner loops: the rack is taken as one the deck can
    hold (``check_close`` checks it).
    """
    pulled = _pulled(rack, rules, atu)
    cnt, j, need_, throwable = _setup(rack, rules, pulled)
    if hopeless(cnt, j):
        return False
    return next(Search(rules, throwable).solve(cnt, j, 1, need_), None) is not None


def check_close(
    rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None, throw: Tile | None = None
) -> CloseResult:
    """The full answer for a player: the best close, or the closest arrangement and why not.

    The rack is checked against the deck and the closing size first (RuleError: a 3rd copy,
    a rack of 13). ``throw`` asks for the best close throwing that tile (CR-29: the closer
    is paid for the board as shown).
    """
    pulled = _pulled(rack, rules, atu)
    setup = _setup(rack, rules, pulled)
    cnt, j = setup[0], setup[1]
    # The counts give the common case at once; the checker words whatever is wrong.
    if atu is not pulled or j > rules.jokers or max(cnt) > rules.copies or len(rack) != rules.close_size - (
        pulled is not None
    ):
        check_close_rack(rack, rules, atu=atu)
    return CloseResult(tuple(rack), rules, _best(rack, rules, pulled, throw, setup), pulled, throw)


def iter_closes(rack: Sequence[Tile], rules: Rules = CLOSED, *, atu: Tile | None = None) -> Iterator[Close]:
    """Every distinct closing arrangement of the rack (with the atu pulled in, CR-19)."""
    return _iter_closes(rack, rules, _pulled(rack, rules, atu))


def _pulled(rack: Sequence[Tile], rules: Rules, atu: Tile | None) -> Tile | None:
    """The atu closes a rack one tile short (CR-19); beside a full rack it only counts against the
    deck. A game without an atu (Simple rummy) refuses one: RuleError ``rule.no_atu``."""
    if atu is None:
        return None
    rules.game.check_atu(atu)
    return atu if len(rack) == rules.close_size - 1 else None


def _setup(rack: Sequence[Tile], rules: Rules, atu: Tile | None) -> Setup:
    cnt, j = counts(rack)
    throwable: frozenset[int] | None = None
    if atu is not None:
        if atu.is_joker:
            j += 1
        else:
            cnt[slot(atu)] += 1
        if atu not in rack:
            # CR-19: the atu goes into the board; it can't be the tile thrown.
            throwable = frozenset(range(53)) - {atu.code}
    return cnt, j, need(rules), throwable


def _iter_closes(rack: Sequence[Tile], rules: Rules, atu: Tile | None) -> Iterator[Close]:
    cnt, j, need_, throwable = _setup(rack, rules, atu)
    seen = set()
    for steps in Search(rules, throwable).solve(cnt, j, 1, need_):
        close = _to_close(steps, rules)
        key = (close.discard, tuple(sorted(tuple(sorted(f.tiles)) for f in close.formations)))
        if key not in seen:
            seen.add(key)
            yield close


def _best(
    rack: Sequence[Tile], rules: Rules, atu: Tile | None, throw: Tile | None, setup: Setup | None = None
) -> Close | None:
    """The close that pays the closer most (CR-21, CR-22, CR-27), or None; ``atu``: pulled in.

    With the flat values (the default), the board is every tile but the throw, so the pay
    depends only on what is thrown: try the throws from the best-paying down and stop at the
    first that closes. Under the positional-ace option every arrangement is weighed.
    """
    if rules.positional_ace or not rules.game.scores_tiles:
        best = None
        for close in _iter_closes(rack, rules, atu):
            if throw is not None and close.discard != throw:
                continue
            if best is None or close.points > best.points:
                best = close
            if not rules.game.scores_tiles:
                break  # Simple rummy: card values never matter (SR-20)
        return best
    cnt, j, need_, throwable = setup or _setup(rack, rules, atu)
    if hopeless(cnt, j):
        return None
    if throw is not None:
        throwable = frozenset({throw.code}) & (throwable if throwable is not None else frozenset({throw.code}))
    failed: set[FailKey] = set()
    # Each search gets its own counts: a search stopped at its first answer leaves them changed.
    first = next(Search(rules, throwable, failed).solve(list(cnt), j, 1, need_), None)
    if first is None:
        return None
    best = _to_close(first, rules)
    # Only throws that would pay more than the close just found are worth a search each.
    tiles = list(rack) + ([atu] if atu is not None else [])
    total = sum(tile_board_value(t, rules) for t in tiles)
    classes: dict[int, set[int]] = {}
    for t in set(tiles):
        if throwable is not None and t.code not in throwable:
            continue
        pay = (total - tile_board_value(t, rules)) * close_multiplier(t, rules)
        if pay > best.points:
            classes.setdefault(pay, set()).add(t.code)
    for pay in sorted(classes, reverse=True):
        sol = next(Search(rules, frozenset(classes[pay]), failed).solve(list(cnt), j, 1, need_), None)
        if sol is not None:
            return _to_close(sol, rules)
    return best


def _explain(rack: Sequence[Tile], rules: Rules, atu: Tile | None) -> _Why:
    """The arrangement leaving the fewest loose tiles, and a sentence saying why it can't close."""
    cnt, j, need_, _ = _setup(rack, rules, atu)
    n, steps = min_loose(cnt, j, need_, rules)
    missing = ""
    if n is None:  # the run-and-set rule can't be met at all
        n, steps = min_loose(cnt, j, 0, rules)
        has_run = any(s[0] == "run" for s in steps)
        missing = "close.no_set" if has_run else "close.no_run"
    formations = tuple(sorted((_step_formation(s) for s in steps if s[0] != "loose"), key=Formation.sort_key))
    loose = tuple(sorted((Tile(s[1]) for s in steps if s[0] == "loose"), key=lambda t: t.code))
    variant = rules.variant  # Simple rummy: loose cards, melds, going out (SR-16, SR-17)
    if missing:
        status, why = CloseStatus.NO_RUN_AND_SET, Reason(missing, variant=variant)
    elif n == 0:
        status, why = CloseStatus.NO_SPARE, Reason("close.no_spare", size=len(rack) + (atu is not None), variant=variant)
    else:
        names = tuple(t.format(rules.words.notation) for t in loose)  # as a list: "k11, k12, r8"
        status, why = CloseStatus.LOOSE_TILES, Reason("close.loose", count=n, tiles=names, variant=variant)
    return _Why(status, loose, formations, why)


def _step_formation(step: Step) -> Formation:
    if step[0] == "set":
        _, pos, colours, joker = step
        tiles = tuple(Tile.of(c, pos + 1) for c in colours) + (JOKER,) * joker
        return Formation("set", tiles, pos + 1)
    _, c, a, b, jpos = step
    tiles = tuple(JOKER if q == jpos else Tile.of(c, 1 if q == HIGH else q + 1) for q in range(a, b + 1))
    return Formation("run", tiles, a + 1)


def _to_close(steps: list[Step], rules: Rules) -> Close:
    discard = next(Tile(s[1]) for s in steps if s[0] == "throw")
    formations = tuple(sorted((_step_formation(s) for s in steps if s[0] != "throw"), key=Formation.sort_key))
    if not rules.game.scores_tiles:
        return Close(formations, discard, 0, 0)  # Simple rummy: card values never matter (SR-20)
    board = sum(f.value(rules) for f in formations)
    return Close(formations, discard, board * close_multiplier(discard, rules), board)
