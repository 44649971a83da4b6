"""The feed model: how likely the left neighbour is to take a tile I throw and use it.

The left neighbour draws the top of their row, which is what I throw (docs/rules.md CR-9, CR-10),
so every throw may hand them a tile they need. What the table shows about their rack:

* what they **took** from their row (they hold it, unless they threw it since);
* what they **threw** (they did not want it; a pair it belonged to is gone);
* what they **passed over**: each tile of mine lying in their row was on top at their turn and
  they drew from the stock instead, so it did not bring them nearer then. A pair {a, b}
  that a tile y completes would have made y an out, so a y passed over says the pair was not
  held loose (at that time): the pair's weight is cut for each of its other completions they
  passed over.

The model is a logistic regression over features of those (:func:`feed_features`), fitted on
the simulator's own throws, each labelled by whether the neighbour's real rack would have
taken it (``python -m research.tutor.experiments feedlog``, then ``research.tutor.feedfit``;
research/NOTES.md).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from remi.engine import Tile
from remi.engine.counts import code
from remi.tutor.view import View, live_copies, unseen_total

def known_held(view: View) -> list[int]:
    """Per kind: copies the left neighbour surely holds (took from a row, not thrown or shown since)."""
    held = [0] * 53
    for t in view.left_took:
        held[t.code] += 1
    # Their own throws only: a tile of mine lying in their row (passed over) says nothing of a
    # copy they took before (a second copy of a kind does not bring a rack nearer).
    for code, k in (Counter(t.code for t in view.left_threw) - Counter(t.code for t in view.left_passed)).items():
        held[code] = max(0, held[code] - k)
    return held


def pairs(tile: Tile) -> list[tuple[int, int, tuple[int, ...]]]:
    """The pairs of kinds that ``tile`` completes into a three-tile formation, each with the
    other kinds that would complete that pair (the tiles whose pass says the pair was not held).

    Sets: two other colours of its number (completed by it and by the fourth colour). Runs of
    its colour: the two below (completed by it and the one below them), the two around it
    (only by it), the two above (by it and the one above them); an ace sits low and high.
    """
    n, c = tile.number, tile.colour
    out: list[tuple[int, int, tuple[int, ...]]] = []
    others = [c2 for c2 in range(4) if c2 != c]
    for i, a in enumerate(others):
        for b in others[i + 1:]:
            fourth = next(x for x in others if x not in (a, b))
            out.append((a * 13 + n - 1, b * 13 + n - 1, (fourth * 13 + n - 1,)))
    for pos in [n - 1] + ([13] if n == 1 else []):
        for a, b, ends in ((pos - 2, pos - 1, (pos - 3,)), (pos - 1, pos + 1, ()), (pos + 1, pos + 2, (pos + 3,))):
            if 0 <= a <= 13 and 0 <= b <= 13:
                more = tuple(code(e, c) for e in ends if 0 <= e <= 13)
                out.append((code(a, c), code(b, c), more))
    return out


def partners(tile: Tile) -> list[int]:
    """The kinds that would make a two-tile start with ``tile``: the same number in the other
    colours (a set), the same colour one or two away (a run; the ace also after the 13)."""
    if tile.is_joker:
        return []
    n, c = tile.number, tile.colour
    out = [c2 * 13 + n - 1 for c2 in range(4) if c2 != c]
    posl = [n - 1] + ([13] if n == 1 else [])
    for pos in posl:
        for q in (pos - 2, pos - 1, pos + 1, pos + 2):
            if 0 <= q <= 13:
                k = code(q, c)
                if k != tile.code and k not in out:
                    out.append(k)
    return out


#: per kind (not the joker): its pairs and its partners, worked out once
PAIRS = [pairs(Tile(k)) for k in range(52)]
PARTNERS = [partners(Tile(k)) for k in range(52)]


def neighbours(tile: Tile) -> tuple[set[int], set[int]]:
    """The kinds one and two away from ``tile`` in its colour; an ace's also above the 13
    (CR-14: an ace ends a run ...12-13-1, so the 13 and the 12 are near it too)."""
    n, c = tile.number, tile.colour

    def kind(m: int) -> int | None:
        if m == 14:
            return c * 13
        return c * 13 + m - 1 if 1 <= m <= 13 else None

    d1 = {x for x in (kind(n - 1), kind(n + 1)) if x is not None}
    d2 = {x for x in (kind(n - 2) if n > 2 else None, kind(n + 2) if n < 12 else (c * 13 if n == 12 else None))
          if x is not None}
    if n == 1:
        d1.add(c * 13 + 12)
        d2.add(c * 13 + 11)
    return d1, d2


def expected_held(view: View, seen_cnt: Sequence[int]) -> list[float]:
    """Per kind: the copies the left neighbour is expected to hold: those they surely hold
    (:func:`known_held`) and their share of the live copies (their rack over the unseen tiles)."""
    h = min(1.0, view.left_hidden / unseen_total(view, seen_cnt))
    held = known_held(view)
    return [held[k] + live_copies(k, view.rules, seen_cnt) * h for k in range(53)]


def feed_features(tile: Tile, view: View, seen_cnt: Sequence[int]) -> dict[str, float]:
    """What the feed model reads, for a tile I might throw (not a joker).

    ``seen_cnt``: per kind, the copies face up or on my rack. The keys: the tile's live
    neighbours one and two away in its colour (``l_d1``, ``l_d2``); what the neighbour took
    near it (``took_*``) and surely holds (``kn_fit``); the same kind they showed
    (``shown_same``: threw or left lying); the pairs it would complete, each the product of
    the copies they are expected to hold (``lam_set``, ``lam_run``); the stock and how often
    they took.
    """
    rules = view.rules
    n, c = tile.number, tile.colour
    other = {c2 * 13 + n - 1 for c2 in range(4) if c2 != c}
    d1, d2 = neighbours(tile)
    h = min(1.0, view.left_hidden / unseen_total(view, seen_cnt))
    held = known_held(view)
    lam = expected_held(view, seen_cnt)
    lam_set = lam_run = 0.0
    for a, b, _ in PAIRS[tile.code]:
        if a % 13 == b % 13:  # a set pair
            lam_set += lam[a] * lam[b]
        else:
            lam_run += lam[a] * lam[b]
    took = [t.code for t in view.left_took]
    return {
        "l_d1": sum(live_copies(k, rules, seen_cnt) for k in d1) * h,
        "l_d2": sum(live_copies(k, rules, seen_cnt) for k in d2) * h,
        "took_other": sum(1 for k in took if k in other), "took_d1": sum(1 for k in took if k in d1),
        "took_d2": sum(1 for k in took if k in d2), "took_same": took.count(tile.code),
        "shown_same": sum(1 for t in view.left_threw if t.code == tile.code),
        "lam_set": lam_set, "lam_run": lam_run, "kn_fit": sum(held[k] for k in PARTNERS[tile.code]),
        "stock": view.stock, "ntook": len(took),
    }


#: The feed model's weights (a logistic regression over :func:`feed_features`), fitted on
#: 26,111 candidate throws (each throw keeping the fewest steps) at 4,423 throws of the greedy
#: bot in 500 heads-up Closed hands (``python -m research.tutor.experiments feedlog 250 13 FILE``),
#: each labelled by whether the neighbour's real rack would take it (it lowers their steps):
#: ``python -m research.tutor.feedfit --train FILE --features <these keys>``. On the 2,092 throws of 240 other
#: hands (feedlog 120 17) it ranks a tile the neighbour takes above one they do not 61.1% of the time
#: (the model before, fitted without the ace's high neighbours: 60.1%), log loss 0.471
#: (a constant rate: 0.512), calibrated by deciles within 0.03. See research/NOTES.md.
FEED_MODEL = {
    "bias": -5.9199, "l_d1": 1.4347, "l_d2": 0.7073, "took_other": -0.531, "took_d1": 0.8085,
    "took_d2": 0.977, "took_same": -1.648, "shown_same": -1.7877, "lam_set": 1.3719,
    "lam_run": 0.315, "kn_fit": -0.3788, "stock": 0.0483, "ntook": -0.2941,
}


def feed_risk(tile: Tile, view: View, seen_cnt: Sequence[int], model: dict[str, float] | None = None) -> float:
    """Chance the left neighbour takes this tile from their row and uses it (an estimate).

    A joker in a row can never be taken (CR-12). Otherwise the logistic ``model``
    (default :data:`FEED_MODEL`) of :func:`feed_features`.
    """
    if tile.is_joker:
        return 0.0
    w = FEED_MODEL if model is None else model
    f = feed_features(tile, view, seen_cnt)
    z = w["bias"] + sum(w.get(k, 0.0) * v for k, v in f.items())
    z = max(-30.0, min(30.0, z))
    return min(0.95, 1.0 / (1.0 + math.exp(-z)))
