"""The experiment bots: greedy and tutor variants, cheats, each a ranking composed of terms.

Every bot here plays through ``remi.tutor.sim.run_match(..., bots=BOTS, table=PeekTable)``;
``PeekTable`` hands each view the left neighbour's rack and the stock (for the cheats and
the logs), and the product never sees either. research/NOTES.md says what each measured.

Greedy variants: ``gseat`` (greedy under another name: the baseline of a paired comparison,
greedy itself in the seat under test), ``gseat2`` (its random ties from another stream:
greedy's luck in its ties alone), ``gcode`` (ties to the lowest code), ``gconn`` (ties to
the throw with the fewest live partners).

Tutor variants (the tutor's draw, a ranking of their own): ``tplain`` (the chance to close
only), ``tnodef`` (no feed term), ``tnolate`` (no late-rack term), ``tconn`` (live partners
as a term), ``tev`` (``tplain`` and the kept tiles' worth), ``touts`` (the most live outs
first, the score among those), ``tkv`` and ``tkva`` (``touts`` with the kept worth, the
latter counting the atu's gap a step nearer), ``ttie`` / ``tjit`` (random among equal /
near-equal scores), ``tdraw`` (the row's top by value), ``tvalue`` / ``trace`` (a learned
chance to close, within one step of the fewest), ``tlook`` (a two-draw look-ahead at two
steps). Points (issue 19, item 4): ``tpts`` (the tutor and the expected points of the rack
kept), ``tdump`` (``tpts`` that may also give up a step late for a lighter rack).

Cheats (a bound, not a player): ``oracle_any`` / ``oracle_tb`` see the neighbour's rack and
throw what they cannot use.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from remi.engine import Tile, atu_multiplier, tile_board_value, tile_rack_penalty
from remi.engine.counts import counts
from remi.engine.counts import need as need_of
from remi.tutor.feed import known_held, partners
from remi.tutor.policy import (
    CLOSE,
    FEED,
    FEED_WEIGHT,
    LATE_RACK,
    POLICIES,
    TUTOR,
    GreedyBot,
    Option,
    Term,
    TutorBot,
    p_reach,
    weigh,
)
from remi.tutor.sim import Table
from remi.tutor.steps import analyse_counts, throws_counts
from remi.tutor.view import View, live_copies, seen_counts, unseen_total

from research.tutor.lookahead import LookaheadBot, LookTutorBot
from research.tutor.points import DumpBot, PointsBot


@dataclass
class PeekView(View):
    """A view that also holds what no player sees: the left neighbour's rack and the stock."""

    opp_rack: list[Tile] = field(default_factory=list)
    stock_tiles: list[Tile] = field(default_factory=list)


class PeekTable(Table):
    """The simulator's table whose views are :class:`PeekView` (for the cheats and the logs)."""

    def view(self, p: int, top, keep=None) -> PeekView:  # noqa: ANN001
        v = super().view(p, top, keep)
        left = (p + 1) % self.n
        return PeekView(**vars(v), opp_rack=list(self.racks[left]), stock_tiles=list(self.stock))


# -- terms of the experiments' rankings --------------------------------------------------------

KEPT_VALUE_WEIGHT = 1e-4  # per point of the kept tiles' expected worth: a tie-break only
CONNECT_WEIGHT = 0.5  # per live partner of the thrown tile over the unseen tiles


def kept_value(weight: float = KEPT_VALUE_WEIGHT) -> Term:
    """The kept tiles' worth to the hand's expected score: on the board if the hand is ours
    (about 1 in the players, CR-22), in the rack paid if not (CR-23): aces stay, 10-13 go."""

    def value(o: Option, view: View) -> float:
        pw = 1.0 / view.players
        return weight * (pw * o.pay - (1 - pw) * o.penalty) if view.rules.is_closed else 0.0

    return Term("kept", value)


def connectors(tile: Tile, rest: Sequence[Tile], rules, seen_cnt: list[int]) -> int:  # noqa: ANN001
    """Live copies of the tile's partners: the draws that would give it a use it lacks now.

    Among throws that keep the same steps and outs, the one with the fewest is the one whose
    loss costs least later. A throw of which the rack keeps another copy gives up no
    partner; a joker is all partners.
    """
    if tile.is_joker:
        return 10**3
    if tile in rest:
        return 0
    return sum(live_copies(k, rules, seen_cnt) for k in partners(tile))


def _connect(o: Option, view: View) -> float:
    sc = [a + b for a, b in zip(seen_counts(view, [*o.rest, o.discard]), known_held(view))]
    return -CONNECT_WEIGHT * connectors(o.discard, o.rest, view.rules, sc) / unseen_total(view, sc)


CONNECT = Term("connect", _connect)


# -- greedy variants ------------------------------------------------------------------------


class SeatGreedyBot(GreedyBot):
    name = "gseat"


class OtherTiesGreedyBot(SeatGreedyBot):
    """Greedy whose random tie-break draws from another stream (derived from the seat's own,
    so each deal is still played the same on every run). Expected difference: zero."""

    name = "gseat2"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(random.Random(rng.getrandbits(64) ^ 0x5EED))


class _Constant:
    """A stand-in for ``random.Random`` whose draws are all 0: ties go to the lowest code."""

    def random(self) -> float:
        return 0.0


class FixedTieGreedyBot(GreedyBot):
    name = "gcode"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(_Constant())  # type: ignore[arg-type]


def greedy_outs(view: View, rack15: Sequence[Tile], d: Tile) -> int:
    """Greedy's count: live copies of the outs of the rack left after throwing ``d`` (not net
    of what the neighbour holds)."""
    r = view.rules
    rest = list(rack15)
    rest.remove(d)
    cnt, j = counts(rest)
    _, mask = analyse_counts(cnt, j, r.hand_size, need_of(r), r.long_run)
    seen = seen_counts(view, rack15)
    return sum(live_copies(k, r, seen) for k in range(53 if r.jokers else 52) if mask >> k & 1)


def greedy_ties(view: View, rack15: Sequence[Tile]) -> list[Tile]:
    """The fewest-step throws with greedy's most live outs."""
    fast = weigh(view, rack15, ())
    outs = {o.discard: greedy_outs(view, rack15, o.discard) for o in fast}
    top = max(outs.values(), default=0)
    return [d for d, n in outs.items() if n == top]


class ConnectGreedyBot(GreedyBot):
    """Greedy whose ties go to the throw with the fewest live partners, then at random."""

    name = "gconn"

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        tied = greedy_ties(view, rack15)
        if not tied:
            return super().discard(view, rack15)
        seen = seen_counts(view, rack15)
        return min(tied, key=lambda d: (connectors(d, [t for t in rack15 if t is not d], view.rules, seen),
                                        self.rng.random()))


# -- tutor variants: rankings composed of terms ------------------------------------------------


def _ranked(name: str, ranking: tuple[Term, ...], doc: str) -> type[TutorBot]:
    return type(f"Bot_{name}", (TutorBot,), {"name": name, "ranking": ranking, "__doc__": doc})


PlainBot = _ranked("tplain", (CLOSE,), "The chance to close only (no feed term, no late-rack term).")
NoDefenceBot = _ranked("tnodef", (CLOSE, LATE_RACK), "The tutor without its feed term.")
NoLateRackBot = _ranked("tnolate", (CLOSE, FEED), "The tutor without its late-rack term.")
ConnectTutorBot = _ranked("tconn", (*TUTOR, CONNECT), "The tutor with live partners as a term.")
KeptValuePlainBot = _ranked("tev", (CLOSE, kept_value()), "tplain and the kept tiles' worth as a tie-break.")


class OutsFirstTutorBot(TutorBot):
    """The most live outs among the fewest-step throws first, the score only among those."""

    name = "touts"

    def options(self, view: View, rack15: list[Tile]) -> list[Option]:
        return sorted(super().options(view, rack15), key=lambda o: (o.steps, -o.outs, -o.score, o.discard.code))


class KeptValueOutsFirstBot(OutsFirstTutorBot):
    """``touts`` whose score weighs the kept tiles' worth at about a point's weight (1/200 of
    a hand's swing) instead of the late-rack term."""

    name = "tkv"
    ranking = (CLOSE, FEED, kept_value(0.005))


class KeptValueAtuTutorBot(TutorBot):
    """``tkv`` counting a throw that leaves the atu's gap one step nearer (CR-19)."""

    name = "tkva"
    ranking = (CLOSE, FEED, kept_value(0.005))

    def options(self, view: View, rack15: list[Tile]) -> list[Option]:
        opts = super().options(view, rack15)
        return sorted(opts, key=lambda o: (o.steps - o.atu_fills, -o.outs, -o.score, o.discard.code))


class NearTieBot(TutorBot):
    """At random among the throws as fast as the best (steps and live outs) whose score is
    less than ``NEAR`` under it."""

    name = "tjit"
    NEAR = 0.01

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        opts = self.options(view, rack15)
        best = opts[0]
        near = [o for o in opts if (o.steps, o.outs) == (best.steps, best.outs) and best.score - o.score < self.NEAR]
        return self.rng.choice(near).discard


class RandomTieBot(NearTieBot):
    name = "ttie"
    NEAR = 1e-9


def _rack_value(view: View, rack: Sequence[Tile], draws: int) -> tuple[int, float]:
    """Steps of a 14-tile rack and its chance to close within ``draws`` stock draws."""
    rules = view.rules
    cnt, j = counts(rack)
    s, mask = analyse_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)
    sc = seen_counts(view, rack)
    o = sum(live_copies(k, rules, sc) for k in range(53 if rules.jokers else 52) if mask >> k & 1)
    return s, p_reach(s, o / unseen_total(view, sc), draws)


def draw_by_value(view: View) -> str:
    """Row or stock by value: the row wins when, kept with the best throw after it, it leaves
    fewer steps, or the same steps and a better chance to close within the draws then left."""
    if view.top is None or view.top.is_joker:
        return "stock"
    draws = min(10, max(1, view.stock // max(1, view.players)))
    s, v_stock = _rack_value(view, view.rack, draws)
    seen = list(view.seen)
    if view.top in seen:  # the top leaves the row for the rack
        del seen[len(seen) - 1 - seen[::-1].index(view.top)]
    rv = dataclasses.replace(view, seen=seen, top=None)
    rack15 = [*view.rack, view.top]
    best = min((_rack_value(rv, list(o.rest), max(0, draws - 1)) for o in weigh(rv, rack15) or weigh(rv, rack15, full=True)),
               key=lambda sv: (sv[0], -sv[1]))
    if best[0] != s:
        return "row" if best[0] < s else "stock"
    return "row" if best[1] > v_stock else "stock"


class DrawValueBot(TutorBot):
    name = "tdraw"

    def draw(self, view: View) -> str:
        return draw_by_value(view)


#: The chance that a seat closes the hand, from the rack it keeps after a throw: a logistic
#: model of (steps, live outs over unseen tiles, the stock left over the stock dealt), fitted
#: on 1 Dec 2026 on greedy self-play, seed 31 (research/NOTES.md, "A learned chance to close").
VALUE_MODEL: dict[int, tuple[float, ...]] = {
    4: (0.0, -3.3128, -7.0063, -10.3701, -14.3572, -18.0161, 14.1252, 13.299, 10.6154, 3.0255, -8.134),
    2: (0.0, -3.2254, -6.7105, -10.3381, -14.2204, -18.3159, 6.4614, 2.5321, 0.9582, 3.2569, 2.2849),
}
STOCK_DEALT = {2: 76, 3: 62, 4: 48}  # CR-8
FEED_POINTS = 20.0  # a fed tile, in points (a guess: about a tenth of a close's swing of ~200)


def close_chance(players: int, steps: int, outs: int, unseen: int, stock: int) -> float:
    """The model's chance that a seat keeping such a rack closes the hand (VALUE_MODEL)."""
    w = VALUE_MODEL.get(players) or VALUE_MODEL[4]
    s = min(steps, 5)
    q = outs / max(1, unseen)
    f = stock / STOCK_DEALT.get(players, 48)
    x = [float(s == k) for k in range(6)] + [q * (s == 1), q * (s == 2), q * (s >= 3), f * s, q * f]
    if steps == 0:  # a whole board: the next draw closes unless another closes first
        return 0.85
    z = sum(a * b for a, b in zip(w, x))
    return 1.0 / (1.0 + math.exp(-z))


class ValueBot(TutorBot):
    """Every throw within one step of the fewest, ranked by the model's chance to close the
    hand (:func:`close_chance`) less the tutor's feed term."""

    name = "tvalue"

    def _scored(self, view: View, rack15: list[Tile]) -> list[tuple[float, float, float, Option]]:
        opts = weigh(view, rack15, full=True)
        unseen = unseen_total(view, seen_counts(view, rack15))
        m = atu_multiplier(view.atu, view.rules) if view.rules.is_closed else 1
        best = min(o.steps for o in opts)
        return [(close_chance(view.players, o.steps, o.outs, unseen, view.stock),
                 m * sum(tile_board_value(t, view.rules) for t in o.rest),
                 m * sum(tile_rack_penalty(t, view.rules) for t in o.rest), o)
                for o in opts if o.steps <= best + 1]

    def options(self, view: View, rack15: list[Tile]) -> list[Option]:
        w = FEED_WEIGHT / max(1, view.players - 1)
        scored = [(win - w * o.feed_risk, o) for win, _, _, o in self._scored(view, rack15)]
        scored.sort(key=lambda x: (-x[0], x[1].discard.code))
        return [o for _, o in scored]


class RaceBot(ValueBot):
    """``tvalue`` ranked by expected points: the chance to close times the board kept, less
    the rest times the rack paid (CR-21, CR-23), less the feed risk in points."""

    name = "trace"

    def options(self, view: View, rack15: list[Tile]) -> list[Option]:
        scored = [(win * board - (1 - win) * penalty - o.feed_risk * FEED_POINTS / max(1, view.players - 1), o)
                  for win, board, penalty, o in self._scored(view, rack15)]
        scored.sort(key=lambda x: (-x[0], x[1].discard.code))
        return [o for _, o in scored]


# -- cheats: they see the left neighbour's rack (PeekView) -------------------------------------


def feeds(view: PeekView, tile: Tile) -> bool:
    """Whether the left neighbour's real rack would take the tile (it lowers their steps)."""
    if tile.is_joker:
        return False
    r = view.rules
    cnt, j = counts(view.opp_rack)
    s0, _ = analyse_counts(cnt, j, r.hand_size, need_of(r), r.long_run)
    cnt2, j2 = counts([*view.opp_rack, tile])
    s1, _ = throws_counts(cnt2, j2, r.hand_size, need_of(r), r.long_run)
    return s1 < s0


class OracleBot(GreedyBot):
    """Sees the neighbour's rack: among the fewest-step throws within ``slack`` live outs of
    the most, one they cannot use, then the most live outs."""

    name = "oracle_any"
    slack = 10**6

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        opts = weigh(view, rack15, ())
        if not opts:
            return weigh(view, rack15, (), full=True)[0].discard
        top = max(o.outs for o in opts)
        ok = [o for o in opts if o.outs >= top - self.slack]
        ok.sort(key=lambda o: (feeds(view, o.discard), -o.outs, o.discard.code))  # type: ignore[arg-type]
        return ok[0].discard


class OracleTieBot(OracleBot):
    name = "oracle_tb"
    slack = 0


EXPERIMENTS = (SeatGreedyBot, OtherTiesGreedyBot, FixedTieGreedyBot, ConnectGreedyBot, PlainBot, NoDefenceBot,
               NoLateRackBot, ConnectTutorBot, KeptValuePlainBot, OutsFirstTutorBot, KeptValueOutsFirstBot,
               KeptValueAtuTutorBot, NearTieBot, RandomTieBot, DrawValueBot, ValueBot, RaceBot, LookaheadBot,
               LookTutorBot, PointsBot, DumpBot, OracleBot, OracleTieBot)
#: every bot the experiments know: the product's and these
BOTS = {**POLICIES, **{b.name: b for b in EXPERIMENTS}}
