"""The advice a learner gets at the table: where to draw from, what to throw, and why.

``advise`` takes what the CLI takes, as plain strings, and returns an :class:`Advice` value;
its ``to_dict()`` is what ``remi advise --json`` prints (a stable interface, documented in
docs/tutor.md), and it reads as that mapping too (``a["draw"]``). A close is never missed:
when a draw on offer closes at once (the row's top, the atu pulled in, Simple's pile), the
advice is that draw and the engine's best close with it.

>>> a = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", variant="closed",
...            rows={"me": ["y12"], "Dan": []}, seats=["me", "Dan"])
>>> a["draw"], a["stage"], a["close"]["discard"], a["close"]["points"]
('row', 'close', 'k1', 100)
>>> a = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", variant="closed", drawn="k13")
>>> a["advice"][0]["discard"], a["advice"][0]["steps"]
('k13', 1)
>>> a.advice[0].discard, a.stage
('k13', 'throw')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from remi.engine import Close, RemiError, Rules, Tile, check_close, iter_closes
from remi.tutor.policy import Option, atu_fills, draw_advice, fewer_steps, ranked_by, weigh
from remi.tutor.position import Position, read
from remi.engine.counts import counts, need as need_of
from remi.engine.messages import ENGLISH, Reason
from remi.tutor.steps import analyse_counts
from remi.tutor.steps import steps as steps_to_close
from remi.tutor.view import View, live_copies, seen_counts
from remi.tutor.words import Said, close_words, said, stock_words, throw_said

__all__ = ["Advice", "CloseAdvice", "Throw", "advise", "close_of", "closing_draw"]


@dataclass(frozen=True)
class Throw:
    """One throw of the advice, weighed (``Option``'s figures, rounded, in the player's notation).

    A close on offer is one throw too (``close`` True): 0 steps, a sure thing, paying ``pay``.
    """

    discard: str
    steps: int
    outs: int
    p_close: float
    feed_risk: float
    score: float
    pay: float
    #: the tiles that bring the close nearer (not said of a close)
    out_tiles: tuple[str, ...] = ()
    atu_fills: bool = False
    close: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON of the throw (docs/tutor.md), its keys in their documented order."""
        if self.close:
            return {"discard": self.discard, "steps": self.steps, "outs": self.outs, "p_close": self.p_close,
                    "feed_risk": self.feed_risk, "score": self.score, "close": True, "pay": self.pay}
        return {"discard": self.discard, "steps": self.steps, "outs": self.outs, "out_tiles": list(self.out_tiles),
                "p_close": self.p_close, "feed_risk": self.feed_risk, "pay": self.pay, "score": self.score,
                "atu_fills": self.atu_fills}


@dataclass(frozen=True)
class CloseAdvice:
    """The close to make: the tile thrown, the closer's pay, the formations shown."""

    discard: str
    points: int
    formations: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"discard": self.discard, "points": self.points, "formations": list(self.formations)}


@dataclass(frozen=True)
class Advice(Mapping[str, Any]):
    """Advice for one turn: where to draw from (``draw``, before the draw), the close to make
    or the throws best first, and why (``explanation``). ``steps`` and ``outs`` are the rack's
    own when the advice is the stock (``stage`` "draw"), else None.

    A mapping of its JSON too (``a["advice"][0]["discard"]``), for callers written against it.
    """

    variant: str
    rack: tuple[str, ...]
    draw: str | None = None
    stage: str = "throw"
    close: CloseAdvice | None = None
    advice: tuple[Throw, ...] = ()
    explanation: str = ""  # in English (the JSON's); :meth:`said` in the reader's language
    steps: int | None = None
    outs: int | None = None
    #: what put the first throw above the second (``policy.ranked_by``): "chance", "steps", "score"
    ranked_by: str | None = None
    #: the best-ranked throw leaving fewer steps than the first, below it for its smaller chance
    fewer_steps: str | None = None
    #: the explanation in parts, its reasons typed (``tutor.words.Said``)
    parts: Said = field(default=(), repr=False, compare=False)
    _json: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def said(self) -> str:
        """The explanation in the reader's language (``engine.messages.READER``)."""
        return said(self.parts) if self.parts else self.explanation

    def to_dict(self) -> dict[str, Any]:
        """What ``remi advise --json`` prints (docs/tutor.md): the keys in their documented order,
        ``steps`` and ``outs`` only with the stock's advice."""
        out: dict[str, Any] = {"variant": self.variant, "rack": list(self.rack), "draw": self.draw,
                               "stage": self.stage, "close": self.close.to_dict() if self.close else None,
                               "advice": [t.to_dict() for t in self.advice], "explanation": self.explanation}
        if self.steps is not None:
            out["steps"], out["outs"] = self.steps, self.outs
        if self.ranked_by is not None:
            out["ranked_by"] = self.ranked_by
        if self.fewer_steps is not None:
            out["fewer_steps"] = self.fewer_steps
        return out

    def _mapping(self) -> dict[str, Any]:
        if not self._json:
            self._json.update(self.to_dict())
        return self._json

    def __getitem__(self, key: str) -> Any:
        return self._mapping()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._mapping())

    def __len__(self) -> int:
        return len(self._mapping())


def advise(
    rack: str | Sequence[str],
    *,
    variant: str | None = None,
    atu: str | None = None,
    rows: Mapping[str, str | Sequence[str]] | None = None,
    seats: str | Sequence[str] | None = None,
    me: str | None = None,
    drawn: str | None = None,
    source: str | None = None,
    took: Mapping[str, str | Sequence[str]] | None = None,
    rules: Rules | None = None,
) -> Advice:
    """Advice for one turn (see the module docstring and docs/tutor.md).

    ``rack``: the tiles held (14 before the draw in Closed Rummy, 15 after it; 13 / 14 in
    Simple), in either notation. ``variant``: "closed" (the default) or "simple"; ``rules``:
    a table's :class:`~remi.engine.Rules` with its house options instead (``--rules FILE``).
    ``rows``: what lies face up, ``{name: tiles oldest first}``; in Simple rummy the discard
    pile is the row named ``pile`` and a tournante on offer the row named ``tournante``.
    ``seats``: the players in the order of play, a list or ``"Ana,Dan,Ion"`` as on the
    command line; ``me``: who is asking, one of the seats (default: the first). Without
    seats only your own row can be given (named ``me``, or as ``me`` says). ``drawn``: the
    tile just drawn, and ``source`` where from (``row``, ``stock``, ``atu``, ``pile``,
    ``tournante``). ``took``: what the other players took from their rows (Simple: from the
    pile) this hand, ``{name: tiles oldest first}``: a tile taken and not thrown since is on
    that rack, so it is no live out; what the left neighbour took tells the feed risk.
    Raises ``RemiError`` (a ``ValueError``) on bad input.
    """
    pos = read(rack, variant=variant, rules=rules, atu=atu, rows=rows, seats=seats, me=me,
               drawn=drawn, source=source, took=took)
    out = Advice(pos.rules.variant, tuple(pos.name(t) for t in pos.held))
    if pos.before_draw:
        out = replace(out, stage="draw")
        found = closing_draw(pos)
        if found is not None:
            source_word, tile, close = found
            return _closed(replace(out, draw=source_word), pos, close, close_words(close, pos.rules, source_word, tile))
        if draw_advice(pos.view) == "row" and pos.top is not None:
            return _take_top(out, pos)
        return _stock(out, pos)
    close = close_of(pos)
    if close is not None:
        return _closed(out, pos, close, close_words(close, pos.rules))
    opts = weigh(pos.view, pos.held, full=True)
    words = throw_said(opts, pos.held, pos.view, pos.left)
    if pos.first_round and _close_keeping(pos.held, pos.rules, pos.view.keep) is not None:
        words += (" ", Reason("tutor.first_round", variant=pos.rules.variant))
    return replace(out, advice=tuple(_throw(o, pos) for o in opts), **_explained(words), **_why(opts, pos))


def _explained(words: Said) -> dict[str, Any]:
    """The explanation's fields: in English, and in parts for the reader's language."""
    return {"explanation": said(words, ENGLISH), "parts": words}


def _why(opts: Sequence[Option], pos: Position) -> dict[str, str | None]:
    """The typed reasons of the ranking: what put the first throw first, and the throw with
    fewer steps it was put above."""
    nearer = fewer_steps(opts)
    return {"ranked_by": ranked_by(opts), "fewer_steps": None if nearer is None else pos.name(nearer.discard)}


def _close_keeping(rack: Sequence[Tile], rules: Rules, keep: Tile | None) -> Close | None:
    """The engine's best close of ``rack`` that does not throw ``keep``: a card just taken
    from the pile may not go back on it the same turn (SR-13; the tournante, SR-10)."""
    if keep is None or list(rack).count(keep) > 1:
        return check_close(rack, rules).best
    best = None
    for close in iter_closes(rack, rules):
        if close.discard != keep and (best is None or close.points > best.points):
            best = close
            if not rules.game.scores_tiles:
                break  # Simple rummy: every close pays the same (SR-20)
    return best


def closing_draw(pos: Position) -> tuple[str, Tile, Close] | None:
    """Before the draw: the draw on offer that closes at once, with the engine's best close
    after it, or None. The atu pulled in (CR-19) and the row's top (CR-10; Simple: the
    pile's, never in the first round, SR-19) are tried; the better-paying close wins, the
    atu on a tie. A stock draw is never a sure close (a rack that is a whole board before
    its draw cannot arise after a throw: it would have closed)."""
    rules = pos.rules
    found: list[tuple[str, Tile, Close]] = []
    if pos.atu is not None:
        close = check_close(pos.held, rules, atu=pos.atu).best
        if close is not None:
            found.append(("atu", pos.atu, close))
    top = pos.top
    if top is not None and not top.is_joker and not pos.first_round:
        word = "row" if rules.is_closed else "pile"
        close = _close_keeping([*pos.held, top], rules, None if rules.game.discard_rows else top)  # SR-13
        if close is not None:
            found.append((word, top, close))
    return max(found, key=lambda f: f[2].points, default=None)


def close_of(pos: Position) -> Close | None:
    """After the draw: the engine's best close of the rack, or None. The atu just pulled in
    stays on the board (CR-19); a card just taken from the pile is not thrown (SR-13);
    nobody goes out in Simple rummy's first round (SR-19)."""
    if pos.pulled is not None:
        rack = list(pos.held)
        rack.remove(pos.pulled)
        close = check_close(rack, pos.rules, atu=pos.pulled).best
        if close is None:
            raise RemiError("tutor.pulled_no_close", atu=pos.pulled)
        return close
    if pos.first_round:
        return None
    return _close_keeping(pos.held, pos.rules, pos.view.keep)


def _closed(out: Advice, pos: Position, close: Close, words: Said) -> Advice:
    discard = pos.name(close.discard)
    shown = CloseAdvice(discard, close.points, tuple(f.format(pos.rules.words.notation) for f in close.formations))
    sure = Throw(discard, 0, 0, 1.0, 0.0, 1.0, close.points, close=True)
    return replace(out, stage="close", close=shown, advice=(sure,), **_explained(words))


def _throw(o: Option, pos: Position) -> Throw:
    return Throw(pos.name(o.discard), o.steps, o.outs, round(o.p_close, 4), round(o.feed_risk, 4),
                 round(o.score, 4), round(o.pay, 1), tuple(pos.name(t) for t in o.out_kinds), o.atu_fills)


def _take_top(out: Advice, pos: Position) -> Advice:
    """Take the row's top (Simple: the tournante or the pile's): the throws after it, ranked."""
    rules, top, view = pos.rules, pos.top, pos.view
    assert top is not None
    word = "row" if rules.is_closed else ("tournante" if pos.tournante else "pile")
    seen = list(view.seen)
    seen.remove(top)  # taken: it is on the rack now, not face up (counted once)
    after = View(**{**view.__dict__, "seen": seen, "keep": None if rules.game.discard_rows else top})  # SR-13
    rack = [*pos.held, top]
    opts = weigh(after, rack, full=True)
    variant = rules.variant
    if rules.game.has_atu and opts[0].steps >= steps_to_close(pos.held, rules) and view.atu is not None:
        nearer = Reason("tutor.nearer_atu", atu=view.atu, variant=variant)  # taken only for the atu (draw_advice)
    elif opts[0].steps:
        nearer = Reason("tutor.nearer", count=opts[0].steps, variant=variant)
    else:
        nearer = Reason("tutor.nearer_whole_first" if pos.first_round else "tutor.nearer_whole", variant=variant)
    words = (Reason(f"tutor.take_{word}", tile=top, nearer=nearer, variant=variant), " ",
             *throw_said(opts, rack, after, pos.left))
    return replace(out, draw=word, advice=tuple(_throw(o, pos) for o in opts), **_explained(words), **_why(opts, pos))


def _stock(out: Advice, pos: Position) -> Advice:
    """Draw from the stock: the rack's steps and live outs as it is."""
    rules, view = pos.rules, pos.view
    cnt, j = counts(pos.held)
    s, mask = analyse_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)
    seen_cnt = seen_counts(view, pos.held)
    live = sum(live_copies(k, rules, seen_cnt) for k in range(53 if rules.jokers else 52) if mask >> k & 1)
    words = stock_words(pos.top, s, live, atu_fills(view, mask), view, pos.first_round)
    return replace(out, draw="stock", steps=s, outs=live, **_explained(words))
