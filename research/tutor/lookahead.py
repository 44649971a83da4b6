"""A two-draw look-ahead, tried as a re-ranking of the tutor's throws (research/NOTES.md:
"An experiment: a two-draw look-ahead" and "A look-ahead with the atu").

``lookahead``: the tutor's best three throws re-ranked by :func:`lookahead_value`, without the
atu or the feed term (29 Nov). ``tlook``: the tutor's fewest-step throws re-ranked at two
steps by the look-ahead with the atu counted, less the feed term.
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.engine import Tile
from remi.engine.counts import counts
from remi.engine.counts import need as need_of
from remi.tutor.policy import Option, TutorBot, atu_fills, feed_weight, p_close_within, weigh
from remi.tutor.steps import analyse_counts, throws_counts
from remi.tutor.view import View, live_copies, seen_counts, unseen_total

LOOKAHEAD_CANDIDATES = 3  # the tutor's best throws the look-ahead weighs
LOOKAHEAD_DRAWS = 10  # the draws a close is weighed over, at most

_follow_memo: dict[tuple, tuple[int, tuple[int, ...]]] = {}


def _follow_ups(cnt: list[int], j: int, size: int, need: int, lr: bool) -> tuple[int, tuple[int, ...]]:
    """For a 15-tile rack: its steps, and the outs mask of each throw that keeps them (memoised)."""
    key = (bytes(cnt), j, size, need, lr)
    got = _follow_memo.get(key)
    if got is not None:
        return got
    if len(_follow_memo) > 200_000:
        _follow_memo.clear()
    s2, free = throws_counts(cnt, j, size, need, lr)
    masks = []
    if s2:
        for d in range(53):
            if not free >> d & 1:
                continue
            if d == 52:
                if not j:
                    continue
                s3, m3 = analyse_counts(cnt, j - 1, size, need, lr)
            else:
                sd = (d % 13) * 4 + d // 13
                if not cnt[sd]:
                    continue
                cnt[sd] -= 1
                s3, m3 = analyse_counts(cnt, j, size, need, lr)
                cnt[sd] += 1
            if s3 == s2:
                masks.append(m3)
    got = (s2, tuple(masks))
    _follow_memo[key] = got
    return got


def lookahead_value(view: View, rest: Sequence[Tile], seen_cnt: list[int], unseen: int, draws: int,
                    atu_close: bool = False) -> float:
    """Chance of closing within ``draws`` stock draws from a 14-tile rack, one draw looked ahead.

    For each live out kind x (weighted by its live copies over the unseen tiles): the rack
    after drawing x and throwing the best tile (fewest steps, then most live outs), valued by
    ``p_reach`` over the draws then left. A draw that is not an out leaves the rack as it is.
    With ``atu_close`` a rack whose gaps the atu fills is one draw nearer (CR-19).
    """
    rules = view.rules
    size, need, lr = rules.hand_size, need_of(rules), rules.long_run
    top = 53 if rules.jokers else 52
    cnt, j = counts(rest)
    s, mask = analyse_counts(cnt, j, size, need, lr)
    if draws <= 0:
        return 0.0
    if s == 0:
        return 1.0
    fills = atu_close and atu_fills(view, mask)
    if fills and s == 1:
        return 1.0  # the atu pulled in on the next turn closes (CR-19)
    live = {k: live_copies(k, rules, seen_cnt) for k in range(top) if mask >> k & 1}
    live = {k: n for k, n in live.items() if n}
    o = sum(live.values())
    stay = (1.0 - o / unseen) * p_close_within(s, o / unseen, draws - 1, fills)
    gain = 0.0
    for x, n in live.items():
        if x == 52:
            jx, slot = j + 1, None
        else:
            jx, slot = j, (x % 13) * 4 + x // 13
            cnt[slot] += 1
        s2, masks = _follow_ups(cnt, jx, size, need, lr)
        if s2 == 0:
            v = 1.0  # the drawn out closes the rack
        else:
            seen_cnt[x] += 1  # the drawn tile is no longer unseen
            v = 0.0
            for m3 in masks:
                o3 = sum(live_copies(k, rules, seen_cnt) for k in range(top) if m3 >> k & 1)
                f3 = atu_close and atu_fills(view, m3)
                v = max(v, p_close_within(s2, o3 / max(1, unseen - 1), draws - 1, f3))
            seen_cnt[x] -= 1
        if slot is not None:
            cnt[slot] -= 1
        gain += n / unseen * v
    return gain + stay


def rerank_by_lookahead(view: View, rack15: Sequence[Tile], cands: Sequence[Option], *,
                        atu_close: bool = False, feed: float = 0.0) -> Tile:
    """The throw of ``cands`` (ranked, best first) whose rack left has the best
    :func:`lookahead_value` less ``feed`` times its feed risk; ties go to the ranking."""
    if len(cands) == 1:
        return cands[0].discard
    seen_cnt = seen_counts(view, rack15)
    unseen = unseen_total(view, seen_cnt)
    draws = min(LOOKAHEAD_DRAWS, max(1, view.stock // max(1, view.players)))
    best = None
    for rank, o in enumerate(cands):
        v = lookahead_value(view, list(o.rest), seen_cnt, unseen, draws, atu_close=atu_close) - feed * o.feed_risk
        key = (-round(v, 9), rank)
        if best is None or key < best[0]:
            best = (key, o.discard)
    assert best is not None
    return best[1]


class LookaheadBot(TutorBot):
    """The tutor's best few throws, re-ranked by a two-draw look-ahead (29 Nov)."""

    name = "lookahead"

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        opts = weigh(view, rack15)
        if not opts:
            return weigh(view, rack15, full=True)[0].discard
        return rerank_by_lookahead(view, rack15, opts[:LOOKAHEAD_CANDIDATES])


class LookTutorBot(TutorBot):
    """The tutor, its fewest-step throws re-ranked by the look-ahead (the atu counted) less the
    tutor's feed term, when the rack left is ``look_steps`` away; elsewhere the tutor's ranking."""

    name = "tlook"
    look_steps = (2,)

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        opts = self.options(view, rack15)
        cands = [o for o in opts if o.steps == opts[0].steps]
        if cands[0].steps not in self.look_steps:
            return cands[0].discard
        return rerank_by_lookahead(view, rack15, cands, atu_close=True, feed=feed_weight(view))
