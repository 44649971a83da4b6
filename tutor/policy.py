"""The tutor's ranking of throws, where to draw from, and the bots the simulator plays.

A throw is weighed by what the rack left shows (:class:`Option`: its steps, live outs,
chance to close, feed risk, pay). The better chance to close within HORIZON draws comes
first, then the fewest steps, then a **ranking**: a tuple of :class:`Term` values added
into a score. The tutor's ranking
(:data:`TUTOR`) adds the chance to close, the feed risk and, late in a Closed hand, the rack
paid if another closes; another bot composes its own ranking from terms, the tutor's or its
own, and passes it to :func:`weigh` (the bots of ``research/`` do).

Closing, when the rack allows it, is done by the simulator for every bot (a real player
always closes); the bots answer where to draw from and which tile to throw.

>>> from remi.engine import CLOSED, parse_tiles
>>> rack = list(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1 k13"))
>>> best = weigh(View(CLOSED, rack[:14], [], players=2), rack)[0]
>>> str(best.discard), best.steps, best.outs, [name for name, _ in best.parts]
('k13', 1, 14, ['close', 'feed', 'rack'])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from remi.engine import Rules, Tile, atu_multiplier, tile_board_value, tile_rack_penalty
from remi.engine.counts import counts
from remi.engine.counts import need as need_of
from remi.tutor.chance import within_counts
from remi.tutor.feed import feed_risk, known_held
from remi.tutor.pairs import Combos, throw_pairs
from remi.tutor.steps import analyse_counts, throws_counts
from remi.tutor.view import View, live_copies, seen_counts, unseen_total

__all__ = ["CLOSE", "FEED", "HORIZON", "LATE_RACK", "POLICIES", "TUTOR", "GreedyBot", "Option", "RandomBot",
           "Term", "TutorBot", "atu_fills", "draw_advice", "feed_weight", "fewer_steps", "p_close_within", "p_reach",
           "rank_key", "ranked_by", "said_chance", "weigh"]

HORIZON = 3  # "the next few draws" of the advice
FEED_WEIGHT = 0.6  # the weight of the feed risk against the chance to close
LONG_DRAWS = 10  # the most draws the chance to close over the hand looks ahead


@dataclass(frozen=True)
class Option:
    """One possible throw, weighed."""

    discard: Tile
    steps: int
    outs: int  # live copies of the tiles that bring the close nearer
    out_kinds: tuple[Tile, ...]
    p_close: float  # the chance to close within HORIZON draws
    feed_risk: float
    pay: float  # Closed Rummy: the board the rack left aims at, times the atu's double (CR-26), twin included
    score: float
    #: the atu fills a gap of the rack left: it can be pulled in instead of the last draw (CR-19)
    atu_fills: bool = False
    #: the score's terms by name ("close", "feed", "rack"): what made one throw outrank another
    parts: tuple[tuple[str, float], ...] = ()
    #: the chance to close over the draws the hand leaves (at most LONG_DRAWS)
    p_long: float = 0.0
    #: Closed Rummy: what the rack left costs if another closes (CR-23), times the atu's double
    penalty: float = 0.0
    #: the tiles kept
    rest: tuple[Tile, ...] = ()


#: A term of a ranking: a name (said in the advice when it breaks a tie) and its value for
#: one throw, seen from the player's view.
@dataclass(frozen=True)
class Term:
    name: str
    value: Callable[[Option, View], float]


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


def atu_fills(view: View, mask: int) -> bool:
    """Whether the atu is one of the outs in ``mask`` (Closed Rummy only).

    A joker atu stands for any tile (docs/rules.md 0.7): it fills a gap whenever a joker would.
    """
    atu = view.atu
    return view.rules.game.has_atu and atu is not None and bool(mask >> atu.code & 1)


def draws_left(view: View) -> int:
    """The draws this player can still expect from the stock (at least 1)."""
    return max(1, view.stock // max(1, view.players))


def feed_weight(view: View) -> float:
    """The weight of the feed risk against the chance to close, in the tutor's score.

    Feeding matters most heads-up, where the left neighbour is the only rival. In Simple
    rummy the estimate did not tell fed cards apart in self-play (research/NOTES.md): there
    it only breaks ties.
    """
    return FEED_WEIGHT / max(1, view.players - 1) * (1.0 if view.rules.is_closed else 0.1)


def _late_rack(o: Option, view: View) -> float:
    """Late in a Closed hand that may not be won, a lighter rack costs less (CR-23): a small
    plus, so it mostly breaks ties."""
    if not view.rules.game.scores_tiles:
        return 0.0
    late = max(0.0, 1.0 - draws_left(view) / 10)
    return -0.0005 * (1 - o.p_long) * late * o.penalty


#: the chance to close: over the draws the hand leaves, and half again within HORIZON draws
CLOSE = Term("close", lambda o, view: o.p_long + 0.5 * o.p_close)
#: less the chance of handing the left neighbour a tile they use
FEED = Term("feed", lambda o, view: -feed_weight(view) * o.feed_risk)
LATE_RACK = Term("rack", _late_rack)
#: the tutor's ranking (``remi advise`` and the ``tutor`` bot)
TUTOR: tuple[Term, ...] = (CLOSE, FEED, LATE_RACK)


def _figures(view: View, d: Tile, rack15: Sequence[Tile], seen_plain: list[int], seen_cnt: list[int],
             unseen: int, m_atu: int, pairs: dict[int, Combos] | None) -> Option:
    """The throw of ``d`` from ``rack15``, weighed but not yet scored."""
    rules = view.rules
    rest = list(rack15)
    rest.remove(d)
    cnt, j = counts(rest)
    s, mask = analyse_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)
    if not rules.jokers:
        mask &= ~(1 << 52)
    kinds_out = [code for code in range(53) if mask >> code & 1]
    live = [live_copies(code, rules, seen_cnt) for code in range(53)]
    o = sum(live[code] for code in kinds_out)
    fills = atu_fills(view, mask)
    # Each step's outs counted after the step before (tutor.chance); the atu, when it fills
    # the last gap, pulled in instead of a draw (CR-19).
    long_draws = min(draws_left(view), LONG_DRAWS)
    chances = within_counts(cnt, j, rules, live, unseen, max(HORIZON, long_draws),
                            view.atu.code if rules.game.has_atu and view.atu is not None else None,
                            None if pairs is None else pairs.get(d.code, frozenset()))
    pc, p_long = chances[HORIZON], chances[long_draws]
    pay = penalty = 0.0
    if rules.game.scores_tiles:
        pay = m_atu * (sum(tile_board_value(t, rules) for t in rest) + (rules.twin_bonus if view.twin else 0))
        penalty = m_atu * sum(tile_rack_penalty(t, rules) for t in rest)
    return Option(d, s, o, tuple(Tile(k) for k in kinds_out), pc, feed_risk(d, view, seen_plain), pay, 0.0, fills,
                  (), p_long, penalty, tuple(rest))


def weigh(view: View, rack15: Sequence[Tile], ranking: Sequence[Term] = TUTOR, *, full: bool = False) -> list[Option]:
    """The throws from a rack just after the draw, best first (:func:`rank_key`): the better
    chance to close within HORIZON draws, then the fewest steps, then the ranking's score.

    One search finds the fewest steps and which throws keep them; only those are weighed
    unless ``full`` (then every distinct throw is, the others one step further). Live outs
    are net of the tiles the left neighbour surely holds (taken and not thrown since).
    """
    rules = view.rules
    seen_plain = seen_counts(view, rack15)  # what lies face up and the rack (the feed model's input)
    seen_cnt = [a + b for a, b in zip(seen_plain, known_held(view))]  # ... and what the neighbour surely holds
    unseen = unseen_total(view, seen_cnt)
    m_atu = atu_multiplier(view.atu, rules) if rules.game.has_atu else 1
    cnt15, j15 = counts(rack15)
    steps15, free = throws_counts(cnt15, j15, rules.hand_size, need_of(rules), rules.long_run)
    # the completing pairs of every 2-step throw, found in one search (tutor.pairs)
    pairs = throw_pairs(cnt15, j15, rules) if steps15 == 2 or (full and steps15 == 1) else None
    opts = []
    for d in sorted((t for t in set(rack15) if full or free >> t.code & 1), key=lambda t: t.code):
        if view.keep is not None and d == view.keep and list(rack15).count(d) == 1:
            continue
        o = _figures(view, d, rack15, seen_plain, seen_cnt, unseen, m_atu, pairs)
        parts = tuple((term.name, term.value(o, view)) for term in ranking)
        score = 0.0
        for _, v in parts:
            score += v
        opts.append(Option(o.discard, o.steps, o.outs, o.out_kinds, o.p_close, o.feed_risk, o.pay, score,
                           o.atu_fills, parts, o.p_long, o.penalty, o.rest))
    opts.sort(key=rank_key)
    return opts


def said_chance(o: Option) -> int:
    """The chance to close within HORIZON draws as the advice says it, in whole per cent."""
    return round(100 * o.p_close)


def rank_key(o: Option) -> tuple[int, int, float, int, int]:
    """The order of the throws: the better chance to close within HORIZON draws (as said);
    on a tie the fewer steps, then the ranking's score, the most live outs, the lowest code.

    A throw further away can close more often: a 2-step rack whose outs are many at both
    steps beats a 1-step rack with few (docs/tutor.md)."""
    return (-said_chance(o), o.steps, -o.score, -o.outs, o.discard.code)


def ranked_by(opts: Sequence[Option]) -> str | None:
    """What put the first throw above the second: ``"chance"`` (a better chance to close
    within HORIZON draws), ``"steps"`` (the same chance, fewer steps), ``"score"`` (the same
    chance and steps: the ranking's terms, or only the order); None with one throw."""
    if len(opts) < 2:
        return None
    first, second = opts[0], opts[1]
    if said_chance(first) != said_chance(second):
        return "chance"
    return "steps" if first.steps != second.steps else "score"


def fewer_steps(opts: Sequence[Option]) -> Option | None:
    """The best-ranked throw that leaves fewer steps than the first, ranked below it for its
    smaller chance to close; None when the first leaves the fewest."""
    return next((o for o in opts[1:] if o.steps < opts[0].steps), None) if opts else None


def _steps_after(view: View, rack: Sequence[Tile]) -> int:
    cnt, j = counts(rack)
    return analyse_counts(cnt, j, view.rules.hand_size, need_of(view.rules), view.rules.long_run)[0]


def draw_advice(view: View) -> str:
    """Row or stock: take the visible tile when, kept, it leaves the rack fewer steps away.

    The steps counted are those left to chance: one fewer when the atu fills a gap (CR-19),
    so a row tile that keeps the steps but lets the atu fill the last gap is taken.
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
    if after == before and view.atu is not None and rules.game.has_atu and not atu_fills(view, mask):
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


class RandomBot:
    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def draw(self, view: View) -> str:
        return "row" if view.top is not None and not view.top.is_joker and self.rng.random() < 0.3 else "stock"

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        choices = [t for t in rack15 if not (view.keep is not None and t == view.keep and rack15.count(t) == 1)]
        return self.rng.choice(choices)


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
    """The tutor's advice, played: the best-ranked throw; takes a row tile that improves the rack.

    A bot with another ranking sets ``ranking`` (a tuple of :class:`Term`); the draw stays the tutor's.
    """

    name = "tutor"
    ranking: tuple[Term, ...] = TUTOR

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def draw(self, view: View) -> str:
        return draw_advice(view)

    def options(self, view: View, rack15: list[Tile]) -> list[Option]:
        """The throws, best first: those keeping the fewest steps, else every throw."""
        return weigh(view, rack15, self.ranking) or weigh(view, rack15, self.ranking, full=True)

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        return self.options(view, rack15)[0].discard


POLICIES: dict[str, Callable[[random.Random], object]] = {"random": RandomBot, "greedy": GreedyBot, "tutor": TutorBot}
