"""Experiments with the tutor's policy, kept to be rerun (docs/tutor.md, "What was tried").

Nothing here is used by ``remi advise`` or registered in ``tutor.policy.POLICIES``; the bots
are added to the simulator only by this module's command line:

    python -m remi.tutor.experiments sim [tutor.sim options]   # tutor.sim with the bots below
    python -m remi.tutor.experiments feedlog DEALS SEED FILE    # the feed model's training data
    python -m remi.tutor.experiments agree PLAYERS DEALS SEED   # how often the tutor throws a most-outs tile
    python -m remi.tutor.experiments ties PLAYERS DEALS SEED [BOT]  # its picks among greedy's ties

Bots (each in one seat against ``greedy``; heads-up unless docs/tutor.md says four players).
The tutor's variants build on the tutor as it was before the atu term (``tnoatu``, up to
commit 0a5b54c), the one docs/tutor.md measured them against:

* ``tnoatu``: the tutor before the atu term: the atu's kind counted as any other out.
* ``tatu``: ``tnoatu`` counting the atu as a sure out in its throws (``weigh(atu_close=True)``):
  when the atu fills a gap of the rack left, it can be pulled in instead of the last draw
  (CR-19), so the rack is one draw nearer than its steps say (at one step, a sure close on the
  next turn). ``tatud``, the tutor since: also takes its row's top when that keeps the steps
  and lets the atu fill a gap (``draw_advice(atu_close=True)``).
* ``tlook``: the tutor as shipped, its fewest-step throws re-ranked by a two-draw look-ahead
  (the next out drawn, then the best throw), the atu counted, less the feed term.
* ``tdraw``: the tutor's throws; before the draw it takes its row's top when that leaves
  fewer steps, or the same steps with a better chance to close (:func:`draw_by_value`).
* ``tnodef``: the tutor without its feed term (``weigh(defence=False)``): at four players a
  tile fed to the left neighbour helps one rival of three, so the check is whether the term
  costs more speed than it saves.
* ``tnolate``: the tutor without its late-hand term (a lighter rack when the close may not
  come): at four players a player's draws left fall under ten early, so the term is on for
  most of the hand.
* ``ttie``: the tutor with greedy's random tie-break among equally good throws (the tutor
  takes the lowest tile code, black first, then low numbers).
* ``tnoheld``: the tutor counting outs as greedy does, not net of the tiles the left
  neighbour surely holds (``weigh(net_of_held=False)``).
* ``tjit``: the tutor choosing at random among its throws as fast as the best (steps and live
  outs) whose score is within 0.01 of it, instead of always the safest by a hair.
* ``tplain``: the tutor with neither the feed term nor the late-hand term: at four players it
  breaks greedy's ties only by the outs net of what the neighbour holds, then the lowest code.
* ``tev`` and ``tutev``: ``tplain`` and the tutor (its late-hand term replaced) with a
  tie-break by the kept tiles' worth to the hand's expected score (``weigh(kept_value=True)``):
  a kept tile counts on the board if the hand is won (about 1 in the players) and in the
  rack paid if it is lost, so among equally fast throws a 10-13 goes first and an ace stays.
* ``gseat``: greedy itself under another name, the baseline of a paired comparison
  (``python -m remi.tutor.paired``): the same seat, the same deals, greedy's own play.
* ``gseat2``: greedy with its random ties drawn from another stream: against ``gseat`` on
  the same deals it measures what greedy's luck in its ties alone is worth (zero expected).
* ``gconn`` and ``tconn``: greedy whose ties go to the throw with the fewest live partners
  (:func:`tutor.policy.connectors`: the draws that would give the tile a use), and the tutor
  with those partners as a term of its score (``weigh(connect=True)``).
* ``touts``: the tutor that never gives up a live out for its feed estimate: the most outs
  first, its score only among those (heads-up the feed weight trades outs for safety).
* ``tvalue`` and ``trace``: every throw within one step of the fewest, ranked by a learned
  chance to close the hand (:func:`close_chance`, a logistic model of steps, live outs and
  stock fitted on greedy self-play), less the feed term; ``trace`` ranks by expected points
  instead (that chance times the board kept, less the rest times the rack paid). Both give
  up a step on about half their throws and lose badly (docs/tutor.md): a model fitted on
  greedy's own throws cannot rank a throw that breaks a formation, whose many "outs" only
  win back what was thrown.
* ``tkv``: ``touts`` (the most outs first) whose score among those also weighs the kept
  tiles' worth (``weigh(kept_value=True, kept_weight=0.005)``, about a point's worth in the
  score's units) instead of the late-hand term: the feed term alone throws aces and 13s.
* ``tkva``: ``tkv`` on the tutor as shipped: the most outs first (the atu counted), then the
  kept tiles' worth at a point's weight.
* ``gcode``: greedy with the tutor's fixed tie-break (the lowest tile code) instead of a
  random one: whether a fixed order among equally fast throws is what costs at four players.
* ``oracle_any`` and ``oracle_tb``: they *see the left neighbour's rack* (a cheat, to bound
  what defence can gain): among the throws that keep the fewest steps, one that the neighbour
  cannot use (``oracle_any``: any of them, then the most live outs; ``oracle_tb``: only
  among those with the most live outs).

``feedlog`` plays ``greedy`` against ``greedy`` and writes, for every throw of the first seat,
each throw that keeps the fewest steps with the feed model's inputs (:func:`tutor.policy.feed_features`)
and whether the neighbour's real rack would take it (it lowers their steps): one JSON object
per throw. ``FEED_MODEL`` in tutor/policy.py is a logistic regression fitted on such a file.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import sys
from collections.abc import Sequence

from remi.engine import RemiError, Tile, preset, tile_board_value, tile_rack_penalty
from remi.engine.scoring import atu_multiplier
from remi.tutor import policy as P
from remi.tutor.policy import View, live_copies, p_reach, seen_counts, unseen_total, weigh
from remi.tutor.sim import _mean_se, run_match
from remi.engine.counts import counts, need as need_of
from remi.tutor.steps import analyse_counts, throws_counts


def _rack_value(view: View, rack: Sequence[Tile], draws: int) -> tuple[int, float]:
    """Steps of a 14-tile rack and its chance to close within ``draws`` stock draws."""
    rules = view.rules
    cnt, j = counts(rack)
    s, mask = analyse_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)
    sc = seen_counts(view, rack)
    unseen = unseen_total(view, sc)
    o = sum(live_copies(k, rules, sc) for k in range(53 if rules.jokers else 52) if mask >> k & 1)
    return s, p_reach(s, o / unseen, draws)


def draw_by_value(view: View) -> str:
    """Row or stock by value: the row's top kept and the best throw after it, against a stock draw.

    The row wins when it leaves fewer steps (as the tutor), or the same steps and a better
    chance to close within the draws then left (one draw fewer) than the rack as it is has
    with this stock draw included.
    """
    if view.top is None or view.top.is_joker:
        return "stock"
    draws = min(10, max(1, view.stock // max(1, view.players)))
    s, v_stock = _rack_value(view, view.rack, draws)
    seen = list(view.seen)
    if view.top in seen:  # the top leaves the row for the rack
        del seen[len(seen) - 1 - seen[::-1].index(view.top)]
    rv = dataclasses.replace(view, seen=seen, top=None)
    rack15 = [*view.rack, view.top]
    best: tuple[int, float] | None = None
    for o in weigh(rv, rack15) or weigh(rv, rack15, full=True):
        rest = list(rack15)
        rest.remove(o.discard)
        s2, v = _rack_value(rv, rest, max(0, draws - 1))
        if best is None or (s2, -v) < (best[0], -best[1]):
            best = (s2, v)
    assert best is not None
    if best[0] != s:
        return "row" if best[0] < s else "stock"
    return "row" if best[1] > v_stock else "stock"


class BeforeAtuTutorBot(P.TutorBot):
    """The tutor before the atu term (up to commit 0a5b54c): the base of the variants below,
    so that they play as they did when docs/tutor.md measured them."""

    name = "tnoatu"
    weigh_options: dict = {}


class DrawValueBot(BeforeAtuTutorBot):
    name = "tdraw"

    def draw(self, view: View) -> str:
        return draw_by_value(view)


class NoDefenceBot(BeforeAtuTutorBot):
    name = "tnodef"
    weigh_options = {"defence": False}


class NoLateRackBot(BeforeAtuTutorBot):
    name = "tnolate"
    weigh_options = {"late_rack": False}


class AtuThrowTutorBot(BeforeAtuTutorBot):
    name = "tatu"
    weigh_options = {"atu_close": True}

    def draw(self, view: View) -> str:
        return P.draw_advice(view)  # the throws only: the draw as before


class AtuTutorBot(P.TutorBot):
    name = "tatud"  # the tutor as shipped since the atu term, under the name of its first runs


class LookTutorBot(P.TutorBot):
    """The tutor as shipped, its throws that keep the fewest steps re-ranked by a look-ahead:
    the chance to close within the draws left when the next out drawn is followed by the best
    throw (:func:`tutor.policy.lookahead_value`, the atu counted as the tutor counts it), less
    the tutor's feed term; ties go to the tutor's ranking. The ``lookahead`` bot of 29 Nov
    weighed only the tutor's best three throws, without the atu or the feed term."""

    name = "tlook"
    #: the steps of the rack left at which the look-ahead ranks the throws (elsewhere the
    #: tutor's ranking): one step away it ranks as the tutor does (a drawn out closes), and
    #: far away its search is dear (a few seconds a throw at three steps and more)
    look_steps = (2,)

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        opts = self.options(view, rack15)
        cands = [o for o in opts if o.steps == opts[0].steps]
        if cands[0].steps not in self.look_steps:
            return cands[0].discard
        return P.rerank_by_lookahead(view, rack15, cands, atu_close=True, feed=P.feed_weight(view))


class NearTieBot(BeforeAtuTutorBot):
    """The tutor, choosing at random among the throws as fast as its best (the same steps and
    live outs) whose score is less than ``NEAR`` under it: a feed risk a little lower is no
    reason to throw from the same corner of the rack turn after turn."""

    name = "tjit"
    NEAR = 0.01

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        opts = self.options(view, rack15)
        best = opts[0]  # the options come sorted: no throw as fast scores more
        near = [o for o in opts if (o.steps, o.outs) == (best.steps, best.outs) and best.score - o.score < self.NEAR]
        return self.rng.choice(near).discard


class RandomTieBot(NearTieBot):
    """Greedy's random tie-break, among exactly equal scores only."""

    name = "ttie"
    NEAR = 1e-9


class NotNetOfHeldBot(BeforeAtuTutorBot):
    name = "tnoheld"
    weigh_options = {"net_of_held": False}


class PlainBot(BeforeAtuTutorBot):
    name = "tplain"
    weigh_options = {"defence": False, "late_rack": False}


class KeptValuePlainBot(BeforeAtuTutorBot):
    name = "tev"
    weigh_options = {"defence": False, "late_rack": False, "kept_value": True}


class KeptValueTutorBot(BeforeAtuTutorBot):
    name = "tutev"
    weigh_options = {"late_rack": False, "kept_value": True}


#: The chance that a seat closes the hand, from the rack it keeps after a throw: a logistic
#: model of (steps, live outs over unseen tiles, the stock left over the stock dealt), fitted
#: on 1 Dec 2026 (Newton's method, a little L2) on every throw of greedy self-play, seed 31,
#: labelled by whether that seat closed the hand. Features: one-hot steps 0-5 (5 and more
#: as 5), q x [steps 1], q x [steps 2], q x [steps 3+], stock fraction x steps, q x stock fraction.
#: 4 players: 10,204 throws (a scratch run stopped after about 360 hands); held-out third: log
#: loss 0.489 against 0.550 for a constant, predicted 15% / 25% / 38% where 16% / 25% / 34%
#: closed. Heads-up: 9,075 throws; 0.653 against 0.693, 42% / 58% predicted, 40% / 57% closed.
VALUE_MODEL: dict[int, tuple[float, ...]] = {
    4: (0.0, -3.3128, -7.0063, -10.3701, -14.3572, -18.0161, 14.1252, 13.299, 10.6154, 3.0255, -8.134),
    2: (0.0, -3.2254, -6.7105, -10.3381, -14.2204, -18.3159, 6.4614, 2.5321, 0.9582, 3.2569, 2.2849),
}
STOCK_DEALT = {2: 76, 3: 62, 4: 48}  # CR-8


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


class ValueBot(BeforeAtuTutorBot):
    """Every throw within one step of the fewest, ranked by the model's chance to close the hand
    (:func:`close_chance`) less the tutor's feed term: a throw a step further with many more
    live outs can beat the fewest steps with hardly any."""

    name = "tvalue"

    def _scored(self, view: View, rack15: list[Tile]) -> list[tuple[float, float, float, P.Option]]:
        opts = weigh(view, rack15, full=True)
        unseen = unseen_total(view, seen_counts(view, rack15))
        m = atu_multiplier(view.atu, view.rules) if view.rules.is_closed else 1
        best = min(o.steps for o in opts)
        out = []
        for o in opts:
            if o.steps > best + 1:
                continue
            rest = list(rack15)
            rest.remove(o.discard)
            win = close_chance(view.players, o.steps, o.outs, unseen, view.stock)
            board = m * sum(tile_board_value(t, view.rules) for t in rest)
            penalty = m * sum(tile_rack_penalty(t, view.rules) for t in rest)
            out.append((win, board, penalty, o))
        return out

    def options(self, view: View, rack15: list[Tile]) -> list[P.Option]:
        w = P.FEED_WEIGHT / max(1, view.players - 1)
        scored = [(win - w * o.feed_risk, o) for win, _, _, o in self._scored(view, rack15)]
        scored.sort(key=lambda x: (-x[0], x[1].discard.code))
        return [o for _, o in scored]


class RaceBot(ValueBot):
    """Every throw within one step of the fewest, ranked by its expected points: the model's
    chance to close the hand times the board kept, less the rest times the rack paid (CR-21,
    CR-23), less the feed risk in points. A step may go for a lighter rack when the close is
    unlikely anyway."""

    name = "trace"

    def options(self, view: View, rack15: list[Tile]) -> list[P.Option]:
        scored = [(win * board - (1 - win) * penalty - o.feed_risk * FEED_POINTS / max(1, view.players - 1), o)
                  for win, board, penalty, o in self._scored(view, rack15)]
        scored.sort(key=lambda x: (-x[0], x[1].discard.code))
        return [o for _, o in scored]


FEED_POINTS = 20.0  # a fed tile, in points (a guess: about a tenth of a close's swing of ~200)


class SeatGreedyBot(P.GreedyBot):
    """Greedy under another name: in the seat under test its figures are kept apart from the
    other greedy seats, so that ``python -m remi.tutor.paired`` can set a bot against greedy itself
    in the same seat, on the same deals."""

    name = "gseat"


class OtherTiesGreedyBot(SeatGreedyBot):
    """Greedy whose random tie-break draws from another stream (derived from the seat's own,
    so each deal is still played the same on every run): what greedy's luck in its ties
    alone is worth against ``gseat`` on the same deals. Its expected difference is zero."""

    name = "gseat2"

    def __init__(self, rng) -> None:  # noqa: ANN001
        super().__init__(random.Random(rng.getrandbits(64) ^ 0x5EED))


class FixedTieGreedyBot(P.GreedyBot):
    name = "gcode"

    def __init__(self, rng) -> None:  # noqa: ANN001
        super().__init__(rng)
        self.rng = _Constant()


class ConnectGreedyBot(P.GreedyBot):
    """Greedy whose ties (the same steps and live outs) go to the throw with the fewest live
    partners (:func:`tutor.policy.connectors`), then at random."""

    name = "gconn"

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        opts = weigh(view, rack15, defence=False, late_rack=False, net_of_held=False)
        if not opts:
            return super().discard(view, rack15)
        top = max(o.outs for o in opts)
        seen = seen_counts(view, rack15)
        best = None
        for o in opts:
            if o.outs != top:
                continue
            rest = list(rack15)
            rest.remove(o.discard)
            key = (P.connectors(o.discard, rest, view.rules, seen), self.rng.random())
            if best is None or key < best[0]:
                best = (key, o.discard)
        return best[1]


class OutsFirstTutorBot(BeforeAtuTutorBot):
    """The tutor that never gives up a live out for its feed estimate: the most outs among the
    fewest-step throws, its score (the feed risk, the late-hand term) only among those."""

    name = "touts"

    def options(self, view: View, rack15: list[Tile]) -> list[P.Option]:
        opts = super().options(view, rack15)
        return sorted(opts, key=lambda o: (o.steps, -o.outs, -o.score, o.discard.code))


class KeptValueOutsFirstBot(OutsFirstTutorBot):
    """The tutor whose ties among the most-outs throws also weigh the kept tiles' worth, at
    about its worth in the score's units (a point is about 1/200 of a hand's swing between
    closing and paying a rack): its feed term alone throws aces and 13s (the edge tiles, with
    the fewest partners to feed) far more often than greedy, and an ace pays 25 on a board."""

    name = "tkv"
    weigh_options = {"late_rack": False, "kept_value": True, "kept_weight": 0.005}


class KeptValueAtuTutorBot(P.TutorBot):
    """``tkv`` on the tutor as shipped (the atu term): among the fewest-step throws the most
    live outs first (a throw whose gap the atu fills counts one step nearer, as the tutor
    counts it), and among those the kept tiles' worth at about a point's weight instead of
    the late-hand term: at four players a kept ace is worth about +2.5 points a hand and a
    kept 10-13 about -5 (CR-22, CR-23), which greedy never weighs."""

    name = "tkva"
    weigh_options = {"atu_close": True, "late_rack": False, "kept_value": True, "kept_weight": 0.005}

    def options(self, view: View, rack15: list[Tile]) -> list[P.Option]:
        opts = super().options(view, rack15)
        return sorted(opts, key=lambda o: (o.steps - o.atu_fills, -o.outs, -o.score, o.discard.code))


class ConnectTutorBot(BeforeAtuTutorBot):
    name = "tconn"
    weigh_options = {"connect": True}


class _Constant:
    """A stand-in for ``random.Random`` whose draws are all 0: greedy's ties go to the lowest code."""

    def random(self) -> float:
        return 0.0


def _feeds(view: View, tile: Tile) -> bool:
    """Whether the left neighbour's real rack (``view.opp_rack``, a cheat) would take the tile."""
    if tile.is_joker:
        return False
    r = view.rules
    opp = view.opp_rack  # type: ignore[attr-defined]
    cnt, j = counts(opp)
    s0, _ = analyse_counts(cnt, j, r.hand_size, need_of(r), r.long_run)
    cnt2, j2 = counts([*opp, tile])
    s1, _ = throws_counts(cnt2, j2, r.hand_size, need_of(r), r.long_run)
    return s1 < s0


class OracleBot(P.GreedyBot):
    """Sees the neighbour's rack: among the fewest-step throws within ``slack`` live outs of the
    most, one they cannot use, then the most live outs."""

    name = "oracle_any"
    slack = 10**6

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        opts = weigh(view, rack15, defence=False)
        if not opts:
            return weigh(view, rack15, full=True)[0].discard
        top = max(o.outs for o in opts)
        ok = [o for o in opts if o.outs >= top - self.slack]
        ok.sort(key=lambda o: (_feeds(view, o.discard), -o.outs, o.discard.code))
        return ok[0].discard


class OracleTieBot(OracleBot):
    name = "oracle_tb"
    slack = 0


BOTS = {b.name: b for b in (DrawValueBot, NoDefenceBot, NoLateRackBot, RandomTieBot, NearTieBot, NotNetOfHeldBot, PlainBot,
                            KeptValuePlainBot, KeptValueTutorBot, KeptValueOutsFirstBot, ValueBot, RaceBot, SeatGreedyBot, OtherTiesGreedyBot, FixedTieGreedyBot, ConnectGreedyBot, OutsFirstTutorBot,
                            ConnectTutorBot, BeforeAtuTutorBot, AtuThrowTutorBot, AtuTutorBot, LookTutorBot, KeptValueAtuTutorBot, OracleBot, OracleTieBot)}


def _patch_table() -> None:
    """Give every view the left neighbour's rack and history (for the cheats and the log)."""
    from remi.tutor import sim as S

    orig = S.Table.view

    def view(self, p, top, keep=None):  # noqa: ANN001, ANN202
        v = orig(self, p, top, keep)
        left = (p + 1) % self.n
        v.opp_rack = list(self.racks[left])
        v.stock_tiles = list(self.stock)
        return v

    S.Table.view = view


class _FeedLogBot(P.GreedyBot):
    """Greedy, writing down each fewest-step throw's feed-model inputs and true label."""

    name = "feedlog"
    rows: list[dict] = []

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        r = view.rules
        cnt15, j15 = counts(rack15)
        _, free = throws_counts(cnt15, j15, r.hand_size, need_of(r), r.long_run)
        seen = seen_counts(view, rack15)
        cands = []
        for t in sorted(set(rack15), key=lambda t: t.code):
            if free >> t.code & 1 and not t.is_joker:
                cands.append({"tile": str(t), "y": int(_feeds(view, t)), **P.feed_features(t, view, seen, extended=True)})
        self.rows.append({"throw": len(self.rows), "candidates": cands})
        return super().discard(view, rack15)


def _greedy_outs(view: View, rack15: Sequence[Tile], d: Tile) -> int:
    """Greedy's count: live copies of the outs of the rack left after throwing ``d``."""
    r = view.rules
    rest = list(rack15)
    rest.remove(d)
    cnt, j = counts(rest)
    _, mask = analyse_counts(cnt, j, r.hand_size, need_of(r), r.long_run)
    seen = seen_counts(view, rack15)
    return sum(live_copies(k, r, seen) for k in range(53 if r.jokers else 52) if mask >> k & 1)


class _AgreeBot(P.TutorBot):
    """The tutor, counting its throws that keep greedy's most live outs (and the ties among them)."""

    name = "agree"
    tally = {"throws": 0, "most_outs": 0, "tied_with_another": 0}

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        t = super().discard(view, rack15)
        fast = weigh(view, rack15, defence=False, late_rack=False)
        if fast:
            outs = {o.discard: _greedy_outs(view, rack15, o.discard) for o in fast}
            top = max(outs.values())
            self.tally["throws"] += 1
            self.tally["most_outs"] += int(outs.get(t, -1) == top)
            self.tally["tied_with_another"] += int(sum(v == top for v in outs.values()) > 1)
        return t


class _TieBot(P.TutorBot):
    """A bot of this module (the tutor by default), writing down, at each throw where several
    throws keep the fewest steps and greedy's most live outs, what its pick is against those
    tied throws on average: the tile (an ace, a 13, a 2-9), the rack penalty thrown (CR-23),
    the feed risk, whether the neighbour's real rack would take it (a cheat), and the outs'
    copies truly left in the stock."""

    name = "ties"
    base: type = P.TutorBot
    rows: list[list[dict]] = []

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.inner = self.base(rng)

    def draw(self, view: View) -> str:
        return self.inner.draw(view)

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        t = self.inner.discard(view, rack15)
        fast = weigh(view, rack15, defence=False, late_rack=False)
        outs = {o.discard: _greedy_outs(view, rack15, o.discard) for o in fast}
        top = max(outs.values(), default=0)
        tied = [o.discard for o in fast if outs[o.discard] == top]
        if len(tied) < 2 or t not in tied:
            return t
        stock = [0] * 53
        for x in view.stock_tiles:  # type: ignore[attr-defined]
            stock[x.code] += 1
        seen = seen_counts(view, rack15)
        rec = []
        for d in tied:
            rest = list(rack15)
            rest.remove(d)
            cnt, j = counts(rest)
            _, mask = analyse_counts(cnt, j, view.rules.hand_size, need_of(view.rules), view.rules.long_run)
            num = 0 if d.is_joker else d.number
            rec.append({"pick": d == t, "ace": num == 1, "13": num == 13, "2-9": 2 <= num <= 9,
                        "penalty": tile_rack_penalty(d, view.rules), "feed_risk": P.feed_risk(d, view, seen),
                        "feeds": _feeds(view, d), "stock_outs": sum(stock[k] for k in range(53) if mask >> k & 1)})
        self.rows.append(rec)
        return t


def tie_summary(rows: list[list[dict]]) -> dict[str, tuple[float, float]]:
    """Per figure: the pick's value less the mean of its tied throws, averaged, with its error."""
    out = {}
    for key in ("ace", "13", "2-9", "penalty", "feed_risk", "feeds", "stock_outs"):
        diffs = [float(next(r[key] for r in rec if r["pick"])) - sum(float(r[key]) for r in rec) / len(rec)
                 for rec in rows]
        out[key] = _mean_se(diffs)
    return out


USAGE = {"agree": "agree PLAYERS DEALS SEED", "ties": "ties PLAYERS DEALS SEED [BOT]",
         "feedlog": "feedlog DEALS SEED FILE"}


def _numbers(cmd: str, args: Sequence[str], names: Sequence[str]) -> list[int]:
    """The whole-number arguments of ``cmd``, checked: one line naming the bad one, else RemiError."""
    if len(args) < len(names):
        raise RemiError(f"{cmd}: expected {USAGE[cmd]}")
    out = []
    for name, text in zip(names, args):
        try:
            value = int(text)
        except ValueError:
            raise RemiError(f"{cmd}: {name} must be a whole number, not {text!r}") from None
        if name == "PLAYERS" and not 2 <= value <= 4:
            raise RemiError(f"{cmd}: PLAYERS must be 2, 3 or 4, not {value}")
        if name == "DEALS" and value < 1:
            raise RemiError(f"{cmd}: DEALS must be at least 1, not {value}")
        out.append(value)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("sim", "feedlog", "agree", "ties"):
        print(__doc__)
        return 2
    cmd, rest = args[0], args[1:]
    if cmd == "sim":
        from remi.tutor import sim as S

        _patch_table()
        P.POLICIES.update(BOTS)
        return S.main(rest)
    try:
        if cmd == "feedlog":
            deals, seed = _numbers(cmd, rest, ("DEALS", "SEED"))
            if len(rest) < 3:
                raise RemiError(f"{cmd}: expected {USAGE[cmd]}")
            folder = os.path.dirname(os.path.abspath(rest[2]))
            if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
                raise RemiError(f"{cmd}: cannot write {rest[2]} (no such folder, or not writable)")
        else:
            players, deals, seed = _numbers(cmd, rest, ("PLAYERS", "DEALS", "SEED"))
            if cmd == "ties" and len(rest) > 3 and rest[3] not in BOTS and rest[3] not in P.POLICIES:
                raise RemiError(f"{cmd}: no bot {rest[3]!r} (bots: {', '.join(sorted({*BOTS, *P.POLICIES}))})")
    except RemiError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    _patch_table()
    if cmd == "agree":
        P.POLICIES["agree"] = _AgreeBot
        run_match(preset("closed"), ["agree"] + ["greedy"] * (players - 1), deals, seed)
        print(json.dumps(_AgreeBot.tally))
        return 0
    if cmd == "ties":
        _TieBot.base = {**P.POLICIES, **BOTS}[rest[3]] if len(rest) > 3 else P.TutorBot
        P.POLICIES["ties"] = _TieBot
        run_match(preset("closed"), ["ties"] + ["greedy"] * (players - 1), deals, seed)
        print(f"{len(_TieBot.rows)} throws with ties among greedy's most live outs; the pick less the tied throws' mean:")
        for key, (m, se) in tie_summary(_TieBot.rows).items():
            print(f"  {key:10s} {m:+.4f} ± {se:.4f}")
        return 0
    P.POLICIES["feedlog"] = _FeedLogBot
    run_match(preset("closed"), ["feedlog", "greedy"], deals, seed)
    with open(rest[2], "w", encoding="utf-8") as fh:
        json.dump(_FeedLogBot.rows, fh)
    print(f"{len(_FeedLogBot.rows)} throws, {sum(len(r['candidates']) for r in _FeedLogBot.rows)} candidates")
    return 0

if __name__ == "__main__":
    sys.exit(main())
