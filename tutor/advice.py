"""The advice a learner gets at the table: where to draw from, what to throw, and why.

``advise`` takes what the CLI takes, as plain strings, and returns the dict ``remi advise
--json`` prints (a stable interface, documented in docs/tutor.md). A close is never missed:
when a draw on offer closes at once (the row's top, the atu pulled in, Simple's pile), the
advice is that draw and the engine's best close with it.

>>> a = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", variant="closed",
...            rows={"me": ["y12"], "Dan": []}, seats=["me", "Dan"])
>>> a["draw"], a["stage"], a["close"]["discard"], a["close"]["points"]
('row', 'close', 'k1', 100)
>>> a = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", variant="closed", drawn="k13")
>>> a["advice"][0]["discard"], a["advice"][0]["steps"]
('k13', 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from remi.engine import Close, RemiError, Rules, Tile, check_close, iter_closes
from remi.tutor.policy import Option, atu_fills, draw_advice, weigh
from remi.tutor.position import Position, read
from remi.engine.counts import counts, need as need_of
from remi.tutor.steps import analyse_counts
from remi.tutor.steps import steps as steps_to_close
from remi.tutor.view import View, live_copies, seen_counts
from remi.tutor.words import close_words, stock_words, throw_words

__all__ = ["advise", "close_of", "closing_draw"]


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
) -> dict[str, Any]:
    """Advice for one turn, as a dict (see the module docstring and docs/tutor.md).

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
    out: dict[str, Any] = {"variant": pos.rules.variant, "rack": [pos.name(t) for t in pos.held], "draw": None,
                           "stage": "throw", "close": None, "advice": [], "explanation": ""}
    if pos.before_draw:
        out["stage"] = "draw"
        found = closing_draw(pos)
        if found is not None:
            source_word, tile, close = found
            out["draw"] = source_word
            return _closed(out, pos, close, close_words(close, pos.rules, source_word, tile))
        if draw_advice(pos.view) == "row" and pos.top is not None:
            return _take_top(out, pos)
        return _stock(out, pos)
    close = close_of(pos)
    if close is not None:
        return _closed(out, pos, close, close_words(close, pos.rules))
    opts = weigh(pos.view, pos.held, full=True)
    out["advice"] = [_opt_dict(o, pos) for o in opts]
    out["explanation"] = throw_words(opts, pos.held, pos.view, pos.left)
    if pos.first_round and _close_keeping(pos.held, pos.rules, pos.view.keep) is not None:
        out["explanation"] += " (You could go out, but not in the first round: SR-19.)"
    return out


def _close_keeping(rack: Sequence[Tile], rules: Rules, keep: Tile | None) -> Close | None:
    """The engine's best close of ``rack`` that does not throw ``keep``: a card just taken
    from the pile may not go back on it the same turn (SR-13; the tournante, SR-10)."""
    if keep is None or list(rack).count(keep) > 1:
        return check_close(rack, rules).best
    best = None
    for close in iter_closes(rack, rules):
        if close.discard != keep and (best is None or close.points > best.points):
            best = close
            if not rules.is_closed:
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
        close = _close_keeping([*pos.held, top], rules, None if rules.is_closed else top)
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


def _closed(out: dict[str, Any], pos: Position, close: Close, words: str) -> dict[str, Any]:
    rules = pos.rules
    out["stage"] = "close"
    out["close"] = {"discard": pos.name(close.discard), "points": close.points,
                    "formations": [f.format(rules.words.notation) for f in close.formations]}
    out["advice"] = [{"discard": pos.name(close.discard), "steps": 0, "outs": 0, "p_close": 1.0, "feed_risk": 0.0,
                      "score": 1.0, "close": True, "pay": close.points}]
    out["explanation"] = words
    return out


def _opt_dict(o: Option, pos: Position) -> dict[str, Any]:
    return {"discard": pos.name(o.discard), "steps": o.steps, "outs": o.outs,
            "out_tiles": [pos.name(t) for t in o.out_kinds], "p_close": round(o.p_close, 4),
            "feed_risk": round(o.feed_risk, 4), "pay": round(o.pay, 1), "score": round(o.score, 4),
            "atu_fills": o.atu_fills}


def _take_top(out: dict[str, Any], pos: Position) -> dict[str, Any]:
    """Take the row's top (Simple: the tournante or the pile's): the throws after it, ranked."""
    rules, top, view = pos.rules, pos.top, pos.view
    assert top is not None
    word = "row" if rules.is_closed else ("tournante" if pos.tournante else "pile")
    out["draw"] = word
    seen = list(view.seen)
    seen.remove(top)  # taken: it is on the rack now, not face up (counted once)
    after = View(**{**view.__dict__, "seen": seen, "keep": top if not rules.is_closed else None})
    rack = [*pos.held, top]
    opts = weigh(after, rack, full=True)
    out["advice"] = [_opt_dict(o, pos) for o in opts]
    where = "your row" if rules.is_closed else f"the {word}"
    to_go = f"{opts[0].steps} to go" if opts[0].steps else f"it completes your {'board' if rules.is_closed else 'melds'}"
    nearer = f"it brings you one step nearer ({to_go})"
    if rules.is_closed and opts[0].steps >= steps_to_close(pos.held, rules) and view.atu is not None:
        nearer = f"it lets the atu {pos.name(view.atu)} fill a gap"  # taken only for the atu (draw_advice)
    if pos.first_round and not opts[0].steps:
        nearer += ", though nobody goes out in the first round (SR-19)"
    out["explanation"] = f"Take {pos.name(top)} from {where}: {nearer}. " + throw_words(opts, rack, after, pos.left)
    return out


def _stock(out: dict[str, Any], pos: Position) -> dict[str, Any]:
    """Draw from the stock: the rack's steps and live outs as it is."""
    rules, view = pos.rules, pos.view
    out["draw"] = "stock"
    cnt, j = counts(pos.held)
    s, mask = analyse_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)
    seen_cnt = seen_counts(view, pos.held)
    live = sum(live_copies(k, rules, seen_cnt) for k in range(53 if rules.jokers else 52) if mask >> k & 1)
    out["steps"], out["outs"] = s, live
    out["explanation"] = stock_words(pos.top, s, live, atu_fills(view, mask), view, pos.first_round)
    return out
