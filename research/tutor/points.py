"""Playing for the score (issue 19, item 4): bots that weigh the points a throw keeps.

A hand pays the closer its board (CR-21, CR-22: an ace 25, a joker 50, 10-13 10, 2-9 5,
doubled by a joker thrown, CR-27) and costs everyone else their rack (CR-23: 5 a tile, 10 for
10-13, 50 a joker), all times the atu's double (CR-26), the twin's 50 on top (CR-25). Greedy
and the tutor weigh only the chance to close. Two levers, each a bot:

* ``tpts``: the tutor's ranking, then among its throws the **expected points of the rack
  kept**: ``pw * pay - (1 - pw) * penalty`` over a hand's swing, where ``pw`` is the chance
  this seat wins the hand, estimated once a decision as its best throw's chance to close
  (``p_long``) against ``players - 1`` rivals each as likely as ``P_RIVAL`` to close:
  ``p / (p + (players - 1) * P_RIVAL)``. The term differs between throws only by the tile
  thrown: a 10-13 goes before a 2-9 when the hand is more likely lost than won, an ace stays
  (25 on a board, 5 in a rack).
* ``tdump``: ``tpts`` that, when the seat's own chance to close is low (``p_long`` under
  ``HOPELESS``), may give up a step to throw a joker or a 10-13 when the expected points say
  so by ``MARGIN``: a joker kept in a hand likely lost costs 45 more than a low tile, and a
  joker thrown into a row is never taken (CR-12).
"""

from __future__ import annotations

from remi.engine import Tile, tile_rack_penalty
from remi.tutor.policy import TUTOR, Option, TutorBot, weigh
from remi.tutor.view import View

#: a hand's swing in points between closing and paying a rack: the score's unit
SWING = 250.0
#: a rival's chance to close over the same draws, as the win chance reckons it
P_RIVAL = 0.5


def win_chance(p: float, players: int) -> float:
    """The chance to win the hand of a seat whose chance to close is ``p``, against
    ``players - 1`` rivals each at ``P_RIVAL``.

    >>> round(win_chance(0.5, 2), 2), round(win_chance(0.5, 4), 2)
    (0.5, 0.25)
    """
    return p / (p + (players - 1) * P_RIVAL) if p > 0 else 0.0


def expected_points(o: Option, pw: float) -> float:
    """The points the rack kept brings: its board if the hand is won, its cost if lost."""
    return pw * o.pay - (1 - pw) * o.penalty


def _rescored(o: Option, extra: float) -> Option:
    return Option(o.discard, o.steps, o.outs, o.out_kinds, o.p_close, o.feed_risk, o.pay, o.score + extra,
                  o.atu_fills, (*o.parts, ("points", extra)), o.p_long, o.penalty, o.rest)


class PointsBot(TutorBot):
    """The tutor's ranking plus the expected points of the rack kept (Closed Rummy)."""

    name = "tpts"
    weight = 1.0  # of the points term, in hand swings

    def options(self, view: View, rack15: list[Tile]) -> list[Option]:
        opts = super().options(view, rack15)
        if not view.rules.is_closed:
            return opts
        pw = win_chance(opts[0].p_long, view.players) if opts else 0.0
        out = [_rescored(o, self.weight * expected_points(o, pw) / SWING) for o in opts]
        out.sort(key=lambda o: (o.steps, -o.score, -o.outs, o.discard.code))
        return out


class DumpBot(PointsBot):
    """``tpts`` that, with its own chance to close under ``HOPELESS``, may throw a joker or a
    10-13 at the cost of a step when that keeps more points in expectation, by ``MARGIN``."""

    name = "tdump"
    HOPELESS = 0.3
    MARGIN = 5.0

    def options(self, view: View, rack15: list[Tile]) -> list[Option]:
        opts = super().options(view, rack15)
        if not view.rules.is_closed or not opts or opts[0].p_long >= self.HOPELESS:
            return opts
        best = opts[0]

        def ep(o: Option) -> float:
            return expected_points(o, win_chance(o.p_long, view.players))

        dumps = [o for o in weigh(view, rack15, TUTOR, full=True)
                 if o.steps == best.steps + 1 and tile_rack_penalty(o.discard, view.rules) >= 10]
        pick = max(dumps, key=ep, default=None)
        if pick is not None and ep(pick) > ep(best) + self.MARGIN:
            return [pick, *opts]
        return opts
