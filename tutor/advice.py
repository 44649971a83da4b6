"""The advice a learner gets at the table: where to draw, what to throw, and why.

``advise`` takes what the CLI takes, as plain strings, and returns the dict ``remi advise
--json`` prints (a stable interface, documented in docs/tutor.md):

>>> a = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", variant="closed",
...            rows={"me": ["y12"], "Dan": []}, seats=["me", "Dan"])
>>> a["draw"], a["stage"]
('row', 'draw')
>>> a = advise("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", variant="closed", drawn="k13")
>>> a["advice"][0]["discard"], a["advice"][0]["steps"]
('k13', 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from remi.engine import NotationError, RemiError, Rules, Tile, best_close, can_close, check_counts, parse_tiles, preset
from remi.tutor.policy import HORIZON, View, atu_fills, draw_advice, known_held, partners, seen_counts, weigh
from remi.tutor.steps import steps as steps_to_close

__all__ = ["advise"]

_SOURCES = ("row", "stock", "atu", "pile", "tournante")


def _tiles(text: str | Iterable[str] | None, where: str = "") -> list[Tile]:
    """The tiles of one input; a bad token is refused naming the input (``where``) too."""
    if text is None:
        return []
    joined = text if isinstance(text, str) else " ".join(text)  # positions count over the whole list
    try:
        return list(parse_tiles(joined))
    except NotationError as exc:
        if not where:
            raise
        raise NotationError(f"{where}: {exc}", token=exc.token, position=exc.position) from None


def _one(text: str, what: str) -> Tile:
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise RemiError(f"{what} is one tile, not {len(tiles)}: {text!r}")
    return tiles[0]


def _name(t: Tile, rules: Rules) -> str:
    return t.card() if not rules.is_closed else str(t)


def advise(
    rack: str | Sequence[str],
    *,
    variant: str = "closed",
    atu: str | None = None,
    rows: Mapping[str, str | Sequence[str]] | None = None,
    seats: str | Sequence[str] | None = None,
    me: str | None = None,
    drawn: str | None = None,
    source: str | None = None,
    took: Mapping[str, str | Sequence[str]] | None = None,
) -> dict[str, Any]:
    """Advice for one turn, as a dict (see the module docstring and docs/tutor.md).

    ``rack``: the tiles held (14 before the draw in Closed Rummy, 15 after it; 13 / 14 in
    Simple), in either notation. ``rows``: what lies face up, ``{name: tiles oldest first}``;
    in Simple rummy the discard pile is the row named ``pile`` and a tournante on offer the
    row named ``tournante``. ``seats``: the players in the order of play, a list or
    ``"Ana,Dan,Ion"`` as on the command line (default: the rows' names in the order given);
    ``me``: who is asking (default: the first seat). ``drawn``: the tile just drawn, and
    ``source`` where from (``row``, ``stock``, ``atu``, ``pile``, ``tournante``). ``took``:
    what the other players took from their rows (Simple: from the pile) this hand,
    ``{name: tiles oldest first}``: a tile taken and not thrown since is on that rack, so it
    is no live out; what the left neighbour took tells the feed risk.
    Raises ``RemiError`` (a ``ValueError``) on bad input.
    """
    rules = preset(variant)
    held = _tiles(rack)
    atu_tile = _one(atu, "the atu") if atu else None
    if atu_tile is not None and not rules.is_closed:
        raise RemiError("Simple rummy has no atu")
    if source is not None and source not in _SOURCES:
        raise RemiError(f"unknown source {source!r}: use {', '.join(_SOURCES)}")
    rows_t = {str(k): _tiles(v, f"row {k}") for k, v in (rows or {}).items()}
    tournante = rows_t.pop("tournante", []) if not rules.is_closed else []
    if not rules.is_closed:
        pile = rows_t.pop("pile", None)
        if pile is None and len(rows_t) == 1:
            pile = rows_t.pop(next(iter(rows_t)))
        pile = pile or []
    if isinstance(seats, str):  # "Ana,Dan" as --seats takes it, not its letters
        seats = [name.strip() for name in seats.split(",") if name.strip()]
    seat_list = list(seats) if seats else [k for k in rows_t]
    if me is not None and me not in seat_list:
        seat_list = [me, *seat_list]
    if len(seat_list) != len(set(seat_list)):
        raise RemiError("a seat is named twice")
    me_name = me if me is not None else (seat_list[0] if seat_list else "me")
    if not seat_list:
        seat_list = [me_name]
    for name in rows_t:
        if name not in seat_list:
            raise RemiError(f"row {name!r} belongs to nobody in --seats {','.join(seat_list)}")
    took_t = {str(k): _tiles(v, f"took {k}") for k, v in (took or {}).items()}
    for name in took_t:
        if name == me_name:
            raise RemiError(f"took {name!r}: what you took is on your rack; give what the others took")
        if name not in seat_list:
            raise RemiError(f"took {name!r}: nobody of that name in --seats {','.join(seat_list)}")
    players = len(seat_list) if len(seat_list) >= 2 else (4 if rules.is_closed else 2)
    if source == "atu" and drawn is None:
        if atu_tile is None:
            raise RemiError("--from atu needs the atu (--atu TILE)")
        drawn = str(atu_tile)
    if drawn is not None:
        d = _one(drawn, "the drawn tile")
        if source == "atu" and atu_tile is not None:
            if d != atu_tile:
                raise RemiError(f"the tile pulled in is the atu {atu_tile}, not {d}")
            atu_tile = None  # it left the table: it is on the rack now (CR-19)
        if rules.is_closed and source == "row":
            own = rows_t.get(me_name, [])
            if own and own[-1] == d:
                own.pop()  # the row as it lay before the draw: the drawn tile is no longer there
        if not rules.is_closed and source in ("pile", "row") and pile and pile[-1] == d:
            pile.pop()
        if source == "tournante" and tournante and tournante[-1] == d:
            tournante.pop()
        held = [*held, d]
    size = rules.hand_size
    if len(held) not in (size, size + 1):
        what = "tiles" if rules.is_closed else "cards"
        raise RemiError(f"a rack holds {size} {what} before the draw and {size + 1} after it; this one has {len(held)}")
    seen: list[Tile] = [t for r in rows_t.values() for t in r]
    if not rules.is_closed:
        seen += pile + tournante
    if atu_tile is not None:
        seen.append(atu_tile)
    idx = seat_list.index(me_name)
    left = seat_list[(idx + 1) % len(seat_list)] if len(seat_list) > 1 else None
    after_left = seat_list[(idx + 2) % len(seat_list)] if len(seat_list) > 1 else None
    taken = {name: _still_held(name, took_t, rows_t, seat_list, pile if not rules.is_closed else None)
             for name in took_t}
    check_counts([*held, *seen, *(t for ts in taken.values() for t in ts)], rules,
                 where="counting the rack, the rows, the atu and the tiles taken")
    deck = 52 * rules.copies + rules.jokers
    stock = max(0, deck - len(seen) - len(held) - size * (players - 1))
    # A tile another player took and still holds is no live out (on their rack, CR-10); the
    # left neighbour's takes go to the feed model, which nets them itself (known_held).
    seen += [t for name, ts in taken.items() if name != left for t in ts]

    # What the left neighbour (who draws what I throw) has shown.
    if rules.is_closed:
        own_row = rows_t.get(me_name, [])
        top = own_row[-1] if own_row else None
        left_left = rows_t.get(left, []) if left else []  # what I threw and they left lying
        left_threw = rows_t.get(after_left, []) if after_left and after_left != me_name else []
        if after_left and after_left != me_name:  # what the next seat took from that row: theirs too
            left_threw = [*left_threw, *took_t.get(after_left, [])]
        if len(seat_list) == 2:
            left_threw = rows_t.get(me_name, [])
    else:
        top = (tournante[-1] if tournante else None) or (pile[-1] if pile else None)
        left_left, left_threw = [], pile
    twin = atu_tile is not None and atu_tile in held
    keep = d if (drawn is not None and not rules.is_closed and source in ("pile", "row", "tournante")
                 and not rules.tournante_same_turn) else None
    view = View(rules, list(held), seen, top, atu_tile, list(took_t.get(left, [])) if left else [],
                [*left_left, *left_threw], size, stock, players, twin, keep, list(left_left))
    names = lambda ts: [_name(t, rules) for t in ts]  # noqa: E731
    out: dict[str, Any] = {"variant": rules.variant, "rack": names(held), "draw": None, "stage": "throw",
                           "close": None, "advice": [], "explanation": ""}

    if len(held) == size:  # before the draw
        out["stage"] = "draw"
        if atu_tile is not None and can_close(held, rules, atu=atu_tile):
            close = best_close(held, rules, atu=atu_tile)
            out["draw"] = "atu"
            out["close"] = _close_dict(close, rules)
            out["explanation"] = (f"Pull the atu {_name(atu_tile, rules)} in instead of drawing: it completes your "
                                  f"board. Throw {_name(close.discard, rules)} and close for {close.points}.")
            return out
        choice = draw_advice(view, atu_close=True)
        source_word = "row" if rules.is_closed else ("tournante" if tournante else "pile")
        if choice == "row" and top is not None:
            out["draw"] = source_word if not rules.is_closed else "row"
            seen2 = list(seen)
            seen2.remove(top)  # taken: it is on the rack now, not face up (counted once)
            v2 = View(**{**view.__dict__, "seen": seen2, "keep": top if not rules.is_closed else None})
            opts = weigh(v2, [*held, top], full=True, atu_close=True)
            out["advice"] = [_opt_dict(o, rules) for o in opts]
            where = "your row" if rules.is_closed else f"the {source_word}"
            to_go = f"{opts[0].steps} to go" if opts[0].steps else "it completes your board"
            nearer = f"it brings you one step nearer ({to_go})"
            if rules.is_closed and opts[0].steps >= steps_to_close(held, rules):
                # Taken only for the atu (draw_advice): the steps stay, the atu fills a gap.
                nearer = f"it lets the atu {_name(atu_tile, rules)} fill a gap" if atu_tile is not None else nearer
            out["explanation"] = (f"Take {_name(top, rules)} from {where}: {nearer}. "
                                  + _why(opts, [*held, top], rules, v2, left))
            return out
        out["draw"] = "stock"
        from remi.tutor.steps import _need, analyse_counts, counts

        cnt, j = counts(held)
        s, mask = analyse_counts(cnt, j, size, _need(rules), rules.long_run)
        seen_cnt = seen_counts(view, held)
        live = sum(max(0, (rules.jokers if k == 52 else rules.copies) - seen_cnt[k])
                   for k in range(53 if rules.jokers else 52) if mask >> k & 1)
        out["steps"], out["outs"] = s, live
        why = (f"the top of your row, {_name(top, rules)}, does not bring you nearer" if top is not None and not top.is_joker
               else "a joker lying in your row can never be taken" if top is not None
               else "there is nothing to take")
        out["explanation"] = (f"Draw from the stock: {why}. You are {s} step{'s' if s != 1 else ''} from a close, "
                              f"with {live} live out{'s' if live != 1 else ''}.")
        if atu_fills(view, mask):  # one step away it would have closed above
            out["explanation"] += f" The atu {_name(atu_tile, rules)} fills one of the gaps: pull it in for the last."
        return out

    # After the draw: close if the rack allows it. A tournante is only on offer in the first
    # round, when nobody may go out yet (SR-19).
    first_round = not rules.is_closed and (source == "tournante" or bool(tournante))
    if not first_round and can_close(held, rules):
        close = best_close(held, rules)
        out["stage"] = "close"
        out["close"] = _close_dict(close, rules)
        out["advice"] = [{"discard": _name(close.discard, rules), "steps": 0, "outs": 0, "p_close": 1.0,
                          "feed_risk": 0.0, "score": 1.0, "close": True, "pay": close.points}]
        extra = " (a joker thrown to close doubles your score)" if close.doubled else ""
        out["explanation"] = (f"Close: show {' · '.join(f.format('card' if not rules.is_closed else 'tile') for f in close.formations)} "
                              f"and throw {_name(close.discard, rules)}{extra}."
                              + (f" The board is worth {close.points}." if rules.is_closed else ""))
        return out
    opts = weigh(view, held, full=True, atu_close=True)
    out["advice"] = [_opt_dict(o, rules) for o in opts]
    out["explanation"] = _why(opts, held, rules, view, left)
    if first_round and can_close(held, rules):
        out["explanation"] += " (You could go out, but not in the first round: SR-19.)"
    return out


def _still_held(name: str, took: Mapping[str, list[Tile]], rows: Mapping[str, list[Tile]],
                seats: Sequence[str], pile: list[Tile] | None) -> list[Tile]:
    """What ``name`` took and has not thrown since, as far as the table shows: less their
    throws still face up (Closed: the next seat's row and what that seat took from it;
    Simple: the discard pile)."""
    if pile is not None:
        thrown = list(pile)
    else:
        nxt = seats[(seats.index(name) + 1) % len(seats)]
        thrown = [*rows.get(nxt, []), *took.get(nxt, [])] if nxt != name else []
    out = []
    for t in took[name]:
        if t in thrown:
            thrown.remove(t)
        else:
            out.append(t)
    return out


def _close_dict(close: Any, rules: Rules) -> dict[str, Any]:
    return {"discard": _name(close.discard, rules), "points": close.points,
            "formations": [f.format("card" if not rules.is_closed else "tile") for f in close.formations]}


def _opt_dict(o: Any, rules: Rules) -> dict[str, Any]:
    return {"discard": _name(o.discard, rules), "steps": o.steps, "outs": o.outs,
            "out_tiles": [_name(t, rules) for t in o.out_kinds], "p_close": round(o.p_close, 4),
            "feed_risk": round(o.feed_risk, 4), "pay": round(o.pay, 1), "score": round(o.score, 4),
            "atu_fills": o.atu_fills}


def _partners(t: Tile, rack: Sequence[Tile]) -> tuple[bool, bool]:
    """Whether the rack holds a set partner of t (its number, another colour) and a run
    partner (its colour, one or two away): :func:`tutor.policy.partners`, split in two."""
    if t.is_joker:
        return True, True
    held = {u.code for u in rack}
    kinds = partners(t)
    same_n = any(k in held for k in kinds if k % 13 == t.code % 13)
    near = any(k in held for k in kinds if k % 13 != t.code % 13)
    return same_n, near


_COLOUR = ("black", "blue", "red", "yellow")
_SUIT = ("spades", "clubs", "hearts", "diamonds")


def _fits_taken(t: Tile, view: View) -> list[Tile]:
    """What the left neighbour took (and still holds) that ``t`` would join in a set or a run."""
    if t.is_joker:
        return []
    near = set(partners(t))
    held = known_held(view)
    out = []
    for x in view.left_took:
        if x.code in near and held[x.code]:
            held[x.code] -= 1
            out.append(x)
    return out


def _why(opts: Sequence[Any], rack: Sequence[Tile], rules: Rules, view: View, left: str | None = None) -> str:
    """Two or three lines a player would say."""
    best = opts[0]
    d = best.discard
    rest = list(rack)
    rest.remove(d)
    seen_cnt = seen_counts(view, rack)
    same_n, near = _partners(d, rest)
    if d.is_joker:
        reason = "a joker lying in a row can never be taken, and kept it costs 50 if someone else closes"
    elif not same_n and not near:
        fits = [c2 * 13 + d.number - 1 for c2 in range(4) if c2 != d.colour]
        live = sum(max(0, rules.copies - seen_cnt[k]) for k in fits)
        reason = "it fits nothing on your rack"
        if live <= 2:
            reason += f" and only {live} cop{'y' if live == 1 else 'ies'} of its number {'is' if live == 1 else 'are'} still live"
    elif best.atu_fills and view.atu is not None:
        reason = (f"the rest then lacks one tile, and the atu {_name(view.atu, rules)} is that tile" if best.steps == 1
                  else f"the atu {_name(view.atu, rules)} then fills one of the gaps of the rest")
    else:
        worse = [o for o in opts[1:] if o.steps > best.steps]
        reason = (f"throwing it keeps you {best.steps} step{'s' if best.steps != 1 else ''} from a close "
                  f"with the most live outs ({best.outs})")
        if worse and len(worse) == len(opts) - 1:
            reason = "it is the only throw that keeps you " + f"{best.steps} step{'s' if best.steps != 1 else ''} away"
    line1 = f"Throw {_name(d, rules)}: {reason}."
    # The tile to keep: the one whose throw would hurt most.
    keep_line = ""
    worst = max(opts, key=lambda o: (o.steps, -o.outs))
    if worst.steps > best.steps and not worst.discard.is_joker:
        k = worst.discard
        sn, nr = _partners(k, [t for t in rack if t is not k])
        kind = _SUIT[k.colour] if not rules.is_closed else _COLOUR[k.colour]
        serves = ("both the " + kind + " run and the " + str(k.number) + "s") if sn and nr else (
            f"the {k.number}s" if sn else f"the {kind} run")
        keep_line = f" Keep {_name(k, rules)}: it serves {serves}."
    if best.steps == 0:
        line2 = "The rest is then a whole board: your next draw closes, whatever it is."
    elif best.atu_fills and best.steps == 1 and view.atu is not None:
        line2 = ("On your next turn pull the atu in instead of drawing and close (CR-19): a sure close, "
                 "unless someone closes first.")
    else:
        line2 = (f"You are then {best.steps} step{'s' if best.steps != 1 else ''} from a close, with {best.outs} live "
                 f"out{'s' if best.outs != 1 else ''}: {100 * best.p_close:.0f}% to close within {HORIZON} draws.")
    risky = max((o for o in opts if o.steps == best.steps), key=lambda o: o.feed_risk)
    line3 = ""
    who = left or "your left neighbour"
    if risky.feed_risk >= max(0.3, best.feed_risk + 0.1) and risky.discard != d:
        fits = _fits_taken(risky.discard, view)
        why = (f"{who} took {' and '.join(_name(x, rules) for x in fits)} from their row and it fits "
               f"{'them' if len(fits) > 1 else 'it'}" if fits else f"{who} could use it")
        line3 = f" Not {_name(risky.discard, rules)}: {why} ({100 * risky.feed_risk:.0f}% feed risk)."
    elif rules.is_closed and not d.is_joker and any(t == d for t in view.left_passed):
        line3 = f" {who[0].upper()}{who[1:]} left a {_name(d, rules)} lying in their row: it was no use to them then."
    return line1 + keep_line + "\n" + line2 + line3
