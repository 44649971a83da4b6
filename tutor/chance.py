"""The chance to close within a number of draws, each step's outs counted after the step before.

A rack ``steps`` away closes when ``steps`` draws in turn bring it one step nearer. The outs
of the rack as it is are not the outs of every later step: once one gap is filled, only the
tiles of the gaps left help (two gaps filled by different tiles need one of each, not any
two outs). So the chance is worked out draw by draw over the racks themselves:

* 0 steps: any draw closes; 1 step: any live out closes (``1 - (1 - p)^k``), and when the
  atu fills the gap the pull on the next turn is a sure close (CR-19).
* 2 steps: each out ``a`` is followed to the rack holding it; that rack's own outs (the
  kinds that complete a pair with ``a``: one search of the pairs for every out,
  :mod:`tutor.pairs`) give its chance, and the chance of the 2-step rack sums them draw by draw.
* 3 steps or more: a chain of steps, the first with the rack's own outs and each later one
  with ``DECAY`` times the outs of the step before (measured on 2-step racks of each game,
  ``research/tutor/chance_check.py``): searching every path would take seconds.

Draws count as independent, each bringing out ``a`` with chance live copies over unseen
tiles (a drawn out leaves one copy fewer), as the live outs the advice shows do.

>>> from remi.engine import SIMPLE, parse_tiles
>>> one = parse_tiles("5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad")  # 1 step: Ac, Ah or a joker
>>> [round(p, 3) for p in within(one, SIMPLE, [], 3)]
[0.0, 0.084, 0.161, 0.232]
>>> two = parse_tiles("5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Kd")  # 2 steps: 57 outs, then far fewer
>>> round(within(two, SIMPLE, [], 3)[3], 3)
0.181
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.engine import Rules, Tile
from remi.engine.counts import counts
from remi.engine.counts import need as need_of
from remi.tutor.pairs import Combos, pairs_counts
from remi.tutor.steps import analyse_counts

__all__ = ["DECAY", "chain", "within", "within_counts"]

#: 3 steps or more: each later step's chance to draw an out, as a share of the step before's
#: (the mean over 30 random 2-step racks of the outs after the first out over the outs
#: before it, 0.53 and 0.61: ``python -m research.tutor.chance_check --decay``)
DECAY = {"closed": 0.53, "simple": 0.61}


def chain(rates: Sequence[float], draws: int) -> list[float]:
    """The chance to pass every stage of ``rates`` in turn within 0..``draws`` draws, a draw
    passing the current stage with its rate (a rate of 1: the atu's sure pull, CR-19).

    >>> [round(p, 3) for p in chain([0.5, 0.5], 3)]
    [0.0, 0.0, 0.25, 0.5]
    """
    # at[s]: the chance to have passed exactly s stages so far
    at = [1.0] + [0.0] * len(rates)
    out = [0.0]
    for _ in range(draws):
        nxt = [0.0] * (len(rates) + 1)
        nxt[-1] = at[-1]
        for s, rate in enumerate(rates):
            nxt[s] += at[s] * (1 - rate)
            nxt[s + 1] += at[s] * rate
        at = nxt
        out.append(at[-1])
    return out


def _kinds(mask: int, rules: Rules) -> list[int]:
    return [k for k in range(53 if rules.jokers else 52) if mask >> k & 1]


def _one_step(p: float, fills: bool, draws: int) -> list[float]:
    return chain([1.0 if fills else p], draws)


def within_counts(cnt: list[int], j: int, rules: Rules, live: Sequence[int], unseen: int, draws: int,
                  atu: int | None = None, pairs: Combos | None = None) -> list[float]:
    """:func:`within` on counts: ``live`` the live copies of each kind (0..52) as the rack's
    holder sees them, ``unseen`` the tiles not seen, ``atu`` the atu's code (Closed Rummy);
    ``pairs`` the rack's completing pairs when already found (:func:`tutor.pairs.throw_pairs`)."""
    size, need, long_run = rules.hand_size, need_of(rules), rules.long_run
    steps, mask = analyse_counts(cnt, j, size, need, long_run)
    if steps == 0:
        return [0.0] + [1.0] * draws
    outs = [k for k in _kinds(mask, rules) if live[k] > 0]
    p = sum(live[k] for k in outs) / unseen
    fills = atu is not None and bool(mask >> atu & 1)
    if steps == 1:
        return _one_step(p, fills, draws)
    if steps > 2:
        if fills:  # the last step is the atu's pull, sure (CR-19)
            return chain([p * DECAY[rules.variant] ** i for i in range(steps - 1)] + [1.0], draws)
        return chain([p * DECAY[rules.variant] ** i for i in range(steps)], draws)
    if pairs is None:
        pairs = pairs_counts(cnt, j, rules)
    after, p = _second_step(pairs, rules, live, unseen, draws, atu, outs)
    out = [0.0]
    for k in range(1, draws + 1):
        out.append((1 - p) * out[k - 1] + after[k - 1])
    return out


def _second_step(pairs: Combos, rules: Rules, live: Sequence[int], unseen: int, draws: int,
                 atu: int | None, outs: Sequence[int]) -> tuple[list[float], float]:
    """A 2-step rack: the chance to close within 0..``draws`` draws once an out is drawn
    (summed over the outs, each weighed by its chance to be drawn), and the chance that a
    draw is an out. Each out ``a`` leads to the rack holding it, whose outs are the kinds
    that complete a pair with ``a`` (``pairs``: one search for every out, :mod:`tutor.pairs`); a kind
    the steps search names that completes no pair (it happens with a joker held) is no out."""
    after_a: dict[int, list[int]] = {}
    for pair in pairs:
        first, second = pair
        after_a.setdefault(first, []).append(second)
        if second != first:
            after_a.setdefault(second, []).append(first)
    after = [0.0] * (draws + 1)
    p = 0.0
    for a in outs:
        nexts = [k for k in after_a.get(a, ()) if k < 52 or rules.jokers]
        if not nexts:
            continue
        p_a = sum(live[k] - (k == a) for k in nexts) / unseen
        fills_a = atu is not None and atu in nexts
        p += live[a] / unseen
        for k, q in enumerate(_one_step(p_a, fills_a, draws)):
            after[k] += live[a] / unseen * q
    return after, p


def within(rest: Sequence[Tile], rules: Rules, seen: Sequence[Tile], draws: int, atu: Tile | None = None,
           unseen: int | None = None) -> list[float]:
    """The chance that the rack ``rest`` (``rules.hand_size`` tiles, the throw made) closes
    within 0, 1, ... ``draws`` draws from the stock, nobody closing first; ``seen`` the tiles
    face up (the atu among them), ``unseen`` the tiles not seen (default: the deck less
    ``seen`` and ``rest``)."""
    cnt, j = counts(rest)
    seen_cnt = [0] * 53
    for t in [*seen, *rest]:
        seen_cnt[t.code] += 1
    live = [max(0, (rules.jokers if k == 52 else rules.copies) - seen_cnt[k]) for k in range(53)]
    if unseen is None:
        unseen = max(1, 52 * rules.copies + rules.jokers - sum(seen_cnt))
    return within_counts(cnt, j, rules, live, unseen, draws, None if atu is None else atu.code)
