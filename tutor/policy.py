"""What a player can see, and the bots that play from it: random, greedy, the tutor (and an
experimental look-ahead).

A bot sees what a player at the table sees (a :class:`View`): its rack, the rows (or the
discard pile), the atu, and what each other player took from a row and threw. It answers two
questions: where to draw from, and which tile to throw. Closing, when the rack allows it, is
done by the simulator for every bot (a real player always closes).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from remi.engine import Rules, Tile, tile_board_value, tile_rack_penalty
from remi.engine.scoring import atu_multiplier
from remi.tutor.feed import FEED_MODEL, feed_features, feed_risk, known_held, partners  # noqa: F401 (re-exported)
from remi.tutor.view import View, live_copies, seen_counts, unseen_total  # noqa: F401 (re-exported)
from remi.engine.counts import counts, need as need_of
from remi.tutor.steps import analyse_counts, throws_counts

HORIZON = 3  # "the next few draws" of the advice
FEED_WEIGHT = 0.6  # the weight of the feed risk against the chance to close
KEPT_VALUE_WEIGHT = 1e-4  # per point of the kept tiles' expected worth: a tie-break only
CONNECT_WEIGHT = 0.5  # per live partner of the thrown tile over the unseen tiles (experimental)


@dataclass(frozen=True)
class Option:
    """One possible throw, weighed."""

    discard: Tile
    steps: int
    outs: int  # live copies of the tiles that bring the close nearer
    out_kinds: tuple[Tile, ...]
    p_close: float
    feed_risk: float
    pay: float
    score: float
    #: the atu fills a gap of the rack left: it can be pulled in instead of the last draw (CR-19)
    atu_fills: bool = False
    #: the score's terms by name ("close", "feed", "rack"): what made one throw outrank another
    parts: tuple[tuple[str, float], ...] = ()


def p_reach(steps: int, p: float, draws: int) -> float:
    """Chance of closing within ``draws`` draws: a backward calculation over the draws.

    Each draw brings the rack one step nearer with chance ``p`` (live outs over unseen
    tiles); a close needs ``max(steps, 1)`` such draws (steps 0: any draw closes).

    >>> round(p_reach(1, 0.1, 3), 3)
    0.271
    >>> p_reach(0, 0.0, 1)
    1.0
    """
    need = max(steps, 1) if steps else 0
    if need == 0:
        return 1.0 if draws >= 1 else 0.0
    # f[k][s]: chance to close within k draws from s steps away.
    f = [1.0] + [0.0] * need
    for _ in range(draws):
        g = [1.0] + [0.0] * need
        for s in range(1, need + 1):
            g[s] = p * f[s - 1] + (1 - p) * f[s]
        f = g
    return f[need]


def p_close_within(steps: int, p: float, draws: int, atu_fills: bool = False) -> float:
    """Chance of closing within ``draws`` turns, the atu included (CR-19).

    When the atu fills a gap of the rack, the last step needs no luck: it is pulled in
    *instead of* a draw, on the turn after the other steps are drawn. So ``steps`` with the
    atu's gap is ``steps - 1`` outs drawn within ``draws - 1`` turns, then the pull; at one
    step the pull on the next turn is a sure close.

    >>> round(p_close_within(2, 0.1, 3, atu_fills=True), 3)  # one out in 2 draws, then the pull
    0.19
    >>> p_close_within(1, 0.0, 1, atu_fills=True)
    1.0
    """
    if not atu_fills:
        return p_reach(steps, p, draws)
    if steps <= 1:
        return 1.0 if draws >= 1 else 0.0
    return p_reach(steps - 1, p, draws - 1)


def connectors(tile: Tile, rest: Sequence[Tile], rules: Rules, seen_cnt: list[int]) -> int:
    """Live copies of the tile's partners: the draws that would give it a use it lacks now.

    Among throws that keep the same steps and outs, the one with the fewest is the one whose
    loss costs least later: a player keeps the r7 that an r5, r6, r8, r9 or any 7 may join
    and throws the k2 whose partners lie in the rows. A throw of which the rack keeps another
    copy gives up no partner; a joker is all partners.
    """
    if tile.is_joker:
        return 10**3
    if tile in rest:
        return 0
    return sum(live_copies(k, rules, seen_cnt) for k in partners(tile))


def atu_fills(view: View, mask: int) -> bool:
    """Whether the atu is one of the outs in ``mask`` (Closed Rummy only).

    A joker atu stands for any tile (docs/rules.md 0.7): it fills a gap whenever a joker would.
    """
    atu = view.atu
    return view.rules.is_closed and atu is not None and bool(mask >> atu.code & 1)


def feed_weight(view: View) -> float:
    """The weight of the feed risk against the chance to close, in the tutor's score.

    Feeding matters most heads-up, where the left neighbour is the only rival. In Simple
    rummy the estimate did not tell fed cards apart in self-play (docs/tutor.md): there it
    only breaks ties.
    """
    return FEED_WEIGHT / max(1, view.players - 1) * (1.0 if view.rules.is_closed else 0.1)


def weigh(view: View, rack15: Sequence[Tile], *, horizon: int = HORIZON, defence: bool = True,
          full: bool = False, late_rack: bool = True, net_of_held: bool = True,
          kept_value: bool = False, connect: bool = False, kept_weight: float = KEPT_VALUE_WEIGHT,
          atu_close: bool = False) -> list[Option]:
    """The throws from a rack just after the draw, best first (the tutor's ranking).

    One search finds the fewest steps and which throws keep them; only those are weighed
    unless ``full`` (then every distinct throw is, the others one step further).
    """
    rules = view.rules
    seen_plain = seen_counts(view, rack15)  # what lies face up and the rack (the feed model's input)
    held = known_held(view) if net_of_held else [0] * 53
    seen_cnt = [a + b for a, b in zip(seen_plain, held)]  # ... and what the neighbour surely holds
    unseen = unseen_total(view, seen_cnt)
    m_atu = atu_multiplier(view.atu, rules) if rules.is_closed else 1
    need = need_of(rules)
    opts = []
    cnt15, j15 = counts(rack15)
    s15, free = throws_counts(cnt15, j15, rules.hand_size, need, rules.long_run)
    kinds = sorted((t for t in set(rack15) if full or free >> t.code & 1), key=lambda t: t.code)
    draws_left = max(1, view.stock // max(1, view.players))
    weight = feed_weight(view)
    for d in kinds:
        if view.keep is not None and d == view.keep and rack15.count(d) == 1:
            continue
        rest = list(rack15)
        rest.remove(d)
        cnt, j = counts(rest)
        s, mask = analyse_counts(cnt, j, rules.hand_size, need, rules.long_run)
        if not rules.jokers:
            mask &= ~(1 << 52)
        kinds_out = [code for code in range(53) if mask >> code & 1]
        o = sum(live_copies(code, rules, seen_cnt) for code in kinds_out)
        p = o / unseen
        fills = atu_close and atu_fills(view, mask)
        # CR-19: when the atu fills a gap of the rack left, it can be pulled in instead of the
        # last draw: one step fewer left to chance, one turn later (at one step, a sure close
        # on the next turn if the hand lasts that long).
        pc = p_close_within(s, p, horizon, fills)
        risk = feed_risk(d, view, seen_plain) if defence else 0.0
        p_long = p_close_within(s, p, min(draws_left, 10), fills)
        # Closing first: the chance to close before the stock runs out (the same model),
        # less the chance of handing the left neighbour a tile they use.
        score = p_long + 0.5 * pc - weight * risk
        parts = [("close", p_long + 0.5 * pc), ("feed", -weight * risk)]
        pay = 0.0
        if rules.is_closed:
            board = sum(tile_board_value(t, rules) for t in rest)
            pay = m_atu * (board + (rules.twin_bonus if view.twin else 0))
            penalty = m_atu * sum(tile_rack_penalty(t, rules) for t in rest)
            late = max(0.0, 1.0 - draws_left / 10)
            # Late in a hand that may not be won, a lighter rack costs less.
            if late_rack:
                score -= 0.0005 * (1 - p_long) * late * penalty
                parts.append(("rack", -0.0005 * (1 - p_long) * late * penalty))
            if kept_value:
                # Experimental (the tev bots of tutor/experiments.py): among equally fast
                # throws, keep the tiles worth most to the hand's expected score: a kept tile
                # counts on the board if the hand is ours (about 1 in players, CR-22) and in
                # the rack we pay if it is not (CR-23): so keep aces, throw 10-13 first.
                pw = 1.0 / view.players
                score += kept_weight * (pw * pay - (1 - pw) * penalty)
        if connect:
            # Experimental (the conn bots of tutor/experiments.py): a throw whose partners are
            # still live gives up more of the next draws than one whose partners are seen.
            score -= CONNECT_WEIGHT * connectors(d, rest, rules, seen_cnt) / unseen
        opts.append(Option(d, s, o, tuple(Tile(k) for k in kinds_out), pc, risk, pay, score, fills, tuple(parts)))
    # Steps first (the fewest), then the score.
    opts.sort(key=lambda o: (o.steps, -o.score, -o.outs, o.discard.code))
    return opts


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def draw(self, view: View) -> str:
        return "row" if view.top is not None and not view.top.is_joker and self.rng.random() < 0.3 else "stock"

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        choices = [t for t in rack15 if not (view.keep is not None and t == view.keep and rack15.count(t) == 1)]
        return self.rng.choice(choices)


def _steps_after(view: View, rack: Sequence[Tile]) -> int:
    cnt, j = counts(rack)
    return analyse_counts(cnt, j, view.rules.hand_size, need_of(view.rules), view.rules.long_run)[0]


class GreedyBot:
    """Fewest steps, then most live outs; takes a row tile only when it is an out. No defence."""

    name = "greedy"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def draw(self, view: View) -> str:
        if view.top is None or view.top.is_joker:
            return "stock"
        before = _steps_after(view, view.rack)
        after = _steps_after(view, [*view.rack, view.top])  # 15 tiles: the best throw left out
        return "row" if after < before else "stock"

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        rules = view.rules
        seen_cnt = seen_counts(view, rack15)
        cnt15, j15 = counts(rack15)
        _, free = throws_counts(cnt15, j15, rules.hand_size, need_of(rules), rules.long_run)
        best = None
        for d in sorted(set(rack15), key=lambda t: t.code):
            if not free >> d.code & 1:
                continue  # a throw that costs a step
            if view.keep is not None and d == view.keep and rack15.count(d) == 1:
                continue
            rest = list(rack15)
            rest.remove(d)
            cnt, j = counts(rest)
            _, mask = analyse_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)
            o = sum(live_copies(k, rules, seen_cnt) for k in range(53 if rules.jokers else 52) if mask >> k & 1)
            key = (-o, self.rng.random())
            if best is None or key < best[0]:
                best = (key, d)
        if best is None:  # only the kept tile keeps the steps: throw another
            return next(t for t in sorted(rack15, key=lambda t: t.code) if t != view.keep)
        return best[1]


class TutorBot:
    """The tutor's advice, played: the best-ranked throw; takes a row tile that improves the rack."""

    name = "tutor"
    #: keyword arguments of :func:`weigh` (variants of the tutor in tutor/experiments.py set them);
    #: ``atu_close`` also sets the draw's (:func:`draw_advice`)
    weigh_options: dict[str, bool] = {"atu_close": True}

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def draw(self, view: View) -> str:
        return draw_advice(view, atu_close=bool(self.weigh_options.get("atu_close")))

    def options(self, view: View, rack15: list[Tile]) -> list[Option]:
        """The throws, best first: those keeping the fewest steps, else every throw."""
        return weigh(view, rack15, **self.weigh_options) or weigh(view, rack15, full=True, **self.weigh_options)

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        return self.options(view, rack15)[0].discard


def draw_advice(view: View, atu_close: bool = False) -> str:
    """Row or stock: take the visible tile when, kept, it leaves the rack fewer steps away.

    With ``atu_close`` the steps are those left to chance: one fewer when the atu fills a gap
    (CR-19), so a row tile that keeps the steps but lets the atu fill the last gap is taken.
    """
    if view.top is None or view.top.is_joker:
        return "stock"
    rules, need = view.rules, need_of(view.rules)
    cnt, j = counts(view.rack)
    before, mask = analyse_counts(cnt, j, rules.hand_size, need, rules.long_run)
    after = _steps_after(view, [*view.rack, view.top])  # 15 tiles: the best throw left out
    if after < before:
        return "row"
    # Same steps: worth taking only for an atu that fills no gap yet but would after a throw.
    if atu_close and after == before and view.atu is not None and rules.is_closed and not atu_fills(view, mask):
        rack15 = [*view.rack, view.top]
        cnt15, j15 = counts(rack15)
        _, free = throws_counts(cnt15, j15, rules.hand_size, need, rules.long_run)
        for d in set(rack15):
            if free >> d.code & 1:
                rest = list(rack15)
                rest.remove(d)
                cnt, j = counts(rest)
                if atu_fills(view, analyse_counts(cnt, j, rules.hand_size, need, rules.long_run)[1]):
                    return "row"
    return "stock"


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
    ``p_reach`` over the draws then left. A draw that is not an out leaves the rack as it is
    (its steps and outs), valued the same way. With ``atu_close`` a rack whose gaps the atu
    fills is one draw nearer (CR-19, as in :func:`weigh`), and after the drawn out the best
    throw is the one that leaves the fewest steps to chance. Experimental (the ``lookahead``
    bot, and ``tlook`` of tutor/experiments.py).
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
            jx = j + 1
            slot = None
        else:
            jx = j
            slot = (x % 13) * 4 + x // 13
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


class LookaheadBot(TutorBot):
    """Experimental: the tutor's best few throws, re-ranked by a two-draw look-ahead.

    Among the best ``LOOKAHEAD_CANDIDATES`` throws of the tutor's ranking (all keeping the
    fewest steps), the one whose rack has the best chance of closing within the draws left
    when the next out drawn is followed by the best throw (:func:`lookahead_value`); ties go
    to the tutor's ranking. Draws like the tutor.
    """

    name = "lookahead"

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        opts = weigh(view, rack15)
        if not opts:
            return weigh(view, rack15, full=True)[0].discard
        return rerank_by_lookahead(view, rack15, opts[:LOOKAHEAD_CANDIDATES])


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
        rest = list(rack15)
        rest.remove(o.discard)
        v = lookahead_value(view, rest, seen_cnt, unseen, draws, atu_close=atu_close) - feed * o.feed_risk
        key = (-round(v, 9), rank)
        if best is None or key < best[0]:
            best = (key, o.discard)
    return best[1]


POLICIES = {"random": RandomBot, "greedy": GreedyBot, "tutor": TutorBot, "lookahead": LookaheadBot}
