"""The advice in a player's words: two or three lines a player at the table would say.

Each sentence states only what the figures show: a throw is "the most live outs" only when
no other throw as fast keeps as many; when throws tie, the words say what broke the tie (the
feed risk, the rack paid if another closes, or nothing: then either will do); a tile to keep
is named only when a learner could mistake it for a loose one (it waits in an unfinished
set or run, and throwing it costs a step).
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence

from remi.engine import Close, Rules, Tile, check_close, tile_rack_penalty
from remi.engine.messages import ENGLISH, Reason, sentence
from remi.tutor.feed import known_held, partners
from remi.tutor.policy import HORIZON, Option, fewer_steps, said_chance
from remi.tutor.view import View, live_copies, seen_counts

__all__ = ["Said", "close_words", "said", "stock_words", "throw_said", "throw_words"]

#: What the advice says, in parts: a reason typed (a code and its fields, worded for each
#: reader by ``engine.messages``) or the spaces and line breaks between them (no words).
Said = tuple[Reason | str, ...]


def said(parts: Said, words: gettext.NullTranslations | None = None) -> str:
    """The parts as one text in the reader's language (``words``; by default ``READER``'s)."""
    return "".join(sentence(p.code, p.params, words) if isinstance(p, Reason) else p for p in parts)

_COLOUR = ("black", "blue", "red", "yellow")
_SUIT = ("spades", "clubs", "hearts", "diamonds")
_RANK_WORDS = {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}


def close_words(close: Close, rules: Rules, source: str | None = None, tile: Tile | None = None) -> Said:
    """The close, said: what to draw first (``source``: "atu", "row", "pile", "tournante";
    None after the draw), the formations to show, the tile to throw and the board's worth."""
    variant = rules.variant
    shown = " · ".join(f.format(rules.words.notation) for f in close.formations)
    discard = Reason("tutor.close.doubled", tile=close.discard, variant=variant) if close.doubled else close.discard
    code = "tutor.close.now" if source is None else f"tutor.close.{source}"
    head = Reason(code, tile=tile, shown=shown, discard=discard, variant=variant)
    if not rules.is_closed:
        return (head,)
    return head, " ", Reason("tutor.close.worth", points=close.points, variant=variant)


def stock_words(top: Tile | None, steps: int, live: int, atu_fills: bool, view: View, first_round: bool = False) -> Said:
    """Why the stock: the row's top brings nothing nearer (or cannot be taken)."""
    variant = view.rules.variant
    if steps == 0:  # Simple rummy only: in Closed Rummy the row's top would close (closing_draw)
        if first_round:
            return (Reason("tutor.stock.first_round", variant=variant),)
        if top is not None and not top.is_joker:
            return (Reason("tutor.stock.melds_pile", tile=top, variant=variant),)
        return (Reason("tutor.stock.melds", variant=variant),)
    why = (Reason("tutor.stock.top", tile=top, variant=variant) if top is not None and not top.is_joker
           else Reason("tutor.stock.joker", variant=variant) if top is not None
           else Reason("tutor.stock.nothing", variant=variant))
    out: Said = (Reason("tutor.stock", why=why, steps=Reason("tutor.n_steps", count=steps),
                        live_outs=Reason("tutor.n_live_outs", count=live), variant=variant),)
    if atu_fills and view.atu is not None:  # one step away it would have closed at once
        out += (" ", Reason("tutor.stock.atu", atu=view.atu, variant=variant))
    return out


def _partners(t: Tile, rack: Sequence[Tile]) -> tuple[bool, bool]:
    """Whether the rack holds a set partner of t (its number, another colour) and a run
    partner (its colour, one or two away): :func:`tutor.feed.partners`, split in two."""
    if t.is_joker:
        return True, True
    held = {u.code for u in rack}
    kinds = partners(t)
    same_n = any(k in held for k in kinds if k % 13 == t.code % 13)
    near = any(k in held for k in kinds if k % 13 != t.code % 13)
    return same_n, near


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


def _alternative(opts: Sequence[Option]) -> Option | None:
    """The throw a learner would weigh against the best: as fast, and the most live outs
    among the rest (the highest ranked of those)."""
    same = [o for o in opts[1:] if o.steps == opts[0].steps]
    return max(same, key=lambda o: o.outs, default=None)  # max keeps the first of equals: ranked order


def _breaker(best: Option, alt: Option, rules: Rules, who: str | Reason) -> Reason:
    """What puts ``best`` above ``alt`` when both keep the same steps: the term of the score
    (``Option.parts``) that favours it most, as a reason (``tutor.contrast.*``)."""
    said = {"tile": best.discard, "other": alt.discard, "variant": rules.variant}
    pb, pa = dict(best.parts), dict(alt.parts)
    gains = {k: pb.get(k, 0.0) - pa.get(k, 0.0) for k in {*pb, *pa}}
    key = max(sorted(gains), key=lambda k: gains[k], default=None)
    if key is None or gains[key] <= 1e-9:
        return Reason("tutor.contrast.order", **said)
    if key == "feed":
        risks = {"who": who, "risk": round(100 * best.feed_risk), "other_risk": round(100 * alt.feed_risk)}
        if alt.outs > best.outs:
            return Reason("tutor.contrast.feed_more_outs", **said, **risks, outs=alt.outs)
        return Reason("tutor.contrast.feed", **said, **risks)
    if key == "rack":
        return Reason("tutor.contrast.rack", **said, cost=tile_rack_penalty(best.discard, rules),
                      other_cost=tile_rack_penalty(alt.discard, rules))
    if key == "close":
        return Reason("tutor.contrast.close", **said)
    return Reason("tutor.contrast.term", **said, term=key)


def _reason(best: Option, opts: Sequence[Option], rest: Sequence[Tile], view: View) -> Reason:
    """Why this throw: a joker, a tile that fits nothing, the atu's gap, or the steps and outs."""
    rules, d = view.rules, best.discard
    variant = rules.variant
    same_n, near = _partners(d, rest)
    if d.is_joker:
        return Reason("tutor.why.joker", variant=variant)
    if not same_n and not near:
        seen_cnt = seen_counts(view, [*rest, d])
        live = sum(live_copies(c2 * 13 + d.number - 1, rules, seen_cnt) for c2 in range(4) if c2 != d.colour)
        if live <= 2:
            return Reason("tutor.why.fits_nothing_few", count=live, variant=variant)
        return Reason("tutor.why.fits_nothing", variant=variant)
    if best.atu_fills and view.atu is not None:
        return Reason("tutor.why.atu_last" if best.steps == 1 else "tutor.why.atu_gap", atu=view.atu, variant=variant)
    if all(o.steps > best.steps for o in opts[1:]):
        return Reason("tutor.why.only_throw", count=best.steps, variant=variant)
    alt = _alternative(opts)
    if alt is not None and alt.outs < best.outs:
        return Reason("tutor.why.most_outs", count=best.steps, outs=best.outs, variant=variant)
    return Reason("tutor.why.outs", count=best.steps, live_outs=Reason("tutor.n_live_outs", count=best.outs),
                  variant=variant)


def _chance_reason(best: Option, nearer: Option, rules: Rules) -> Reason:
    """Why a throw further from a close comes first: its rack closes more often (policy.rank_key)."""
    return Reason("tutor.why.chance", steps=Reason("tutor.n_steps", count=best.steps), nearer_steps=nearer.steps,
                  nearer=nearer.discard, chance=said_chance(best), draws=HORIZON, nearer_chance=said_chance(nearer),
                  variant=rules.variant)


def _keep_line(best: Option, opts: Sequence[Option], rest: Sequence[Tile], rules: Rules) -> Said:
    """A tile to keep, where a learner could take it for a loose one: it waits in an
    unfinished set or run of the rack kept (not in a finished formation), and throwing it
    costs a step. Nothing when no such tile exists."""
    loose = list(check_close([*rest, best.discard], rules).loose)  # the arrangement leaving fewest loose
    cands = [o for o in opts if o.steps > best.steps and not o.discard.is_joker and o.discard in loose]
    if not cands:
        return ()
    k = max(cands, key=lambda o: (o.steps, -o.outs)).discard
    rack = list(rest)
    rack.remove(k)
    sn, nr = _partners(k, rack)
    run = Reason(f"tutor.run.{_COLOUR[k.colour] if rules.is_closed else _SUIT[k.colour]}")
    face = None if rules.is_closed else _RANK_WORDS.get(k.number)  # Simple: the aces
    rank = Reason(f"tutor.rank.{face}") if face else Reason("tutor.rank", number=k.number)
    code = "tutor.keep.both" if sn and nr else "tutor.keep.set" if sn else "tutor.keep.run"
    return " ", Reason(code, tile=k, run=run, rank=rank, variant=rules.variant)


def throw_words(opts: Sequence[Option], rack: Sequence[Tile], view: View, left: str | None = None) -> str:
    """:func:`throw_said` in English."""
    return said(throw_said(opts, rack, view, left), ENGLISH)


def throw_said(opts: Sequence[Option], rack: Sequence[Tile], view: View, left: str | None = None) -> Said:
    """Two or three lines, in parts: the throw and why (and what broke a tie) as a typed
    reason, then a tile to keep, the chance to close, and a throw that would feed the left
    neighbour, each a typed reason."""
    rules = view.rules
    best = opts[0]
    d = best.discard
    rest = list(rack)
    rest.remove(d)
    nearer = fewer_steps(opts)
    reason = _chance_reason(best, nearer, rules) if nearer is not None else _reason(best, opts, rest, view)
    alt = _alternative(opts)
    contrast = alt is not None and not d.is_joker and alt.outs >= best.outs and not best.atu_fills
    if contrast:
        line1: Reason = Reason("tutor.throw_contrast", tile=d, reason=reason, variant=rules.variant,
                               contrast=_breaker(best, alt, rules, left or Reason("tutor.left_neighbour")))  # type: ignore[arg-type]
    else:
        line1 = Reason("tutor.throw", tile=d, reason=reason, variant=rules.variant)
    return (line1, *_keep_line(best, opts, rest, rules), "\n", _then(best, view),
            *_feed_line(best, opts, view, left, alt if contrast else None))


def _then(best: Option, view: View) -> Reason:
    """Where the throw leaves you: a whole board, the atu's sure pull, or the steps, the live
    outs and the chance to close within HORIZON draws."""
    variant = view.rules.variant
    if best.steps == 0:
        return Reason("tutor.then_whole", variant=variant)
    if best.atu_fills and best.steps == 1 and view.atu is not None:
        return Reason("tutor.then_atu", variant=variant)
    return Reason("tutor.then_chance", steps=Reason("tutor.n_steps", count=best.steps),
                  live_outs=Reason("tutor.n_live_outs", count=best.outs), chance=said_chance(best), draws=HORIZON,
                  variant=variant)


def _feed_line(best: Option, opts: Sequence[Option], view: View, left: str | None, said: Option | None) -> Said:
    """A throw as fast as the best that would feed the left neighbour, and what shows it; or
    the best throw lying in their row already (no use to them then)."""
    rules, d = view.rules, best.discard
    variant = rules.variant
    risky = max((o for o in opts if o.steps == best.steps), key=lambda o: o.feed_risk)
    if risky.feed_risk >= max(0.3, best.feed_risk + 0.1) and risky.discard != d:
        fits = _fits_taken(risky.discard, view)
        if said is not None and said.discard == risky.discard and not fits:
            return ()  # the contrast above already gave its feed risk
        who = left or Reason("tutor.left_neighbour")
        risk = Reason("tutor.percent", value=round(100 * risky.feed_risk))
        if not fits:
            return " ", Reason("tutor.feed.use", tile=risky.discard, who=who, risk=risk, variant=variant)
        tiles: Tile | Reason = fits[-1]
        for x in reversed(fits[:-1]):
            tiles = Reason("tutor.and", first=x, second=tiles, variant=variant)
        return " ", Reason("tutor.feed.took", tile=risky.discard, who=who, tiles=tiles, count=len(fits), risk=risk,
                           variant=variant)
    if rules.is_closed and not d.is_joker and any(t == d for t in view.left_passed):
        return " ", Reason("tutor.left_lying", who=left or Reason("tutor.your_left_neighbour"), tile=d, variant=variant)
    return ()
