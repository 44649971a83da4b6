"""Scoring one hand, both variants (docs/rules.md A6-A7, B6): pure functions.

Closed Rummy (CR-28): ``hand(p) = mAtu x mClose(p) x base(p)`` with
``base(closer) = board + twin`` and ``base(other) = -rack + twin``.

>>> from remi.engine.tiles import Tile
>>> s = closed_hand(["Ana", "Dan"], atu=Tile.parse("r1"), closer="Ana", board=135,
...                 discard=Tile.parse("y4"), racks={"Dan": 100}, twin="Dan")
>>> s["Ana"].score, s["Dan"].score
(270, -100)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from remi.engine.errors import RuleError
from remi.engine.rules import CLOSED, SIMPLE, Rules
from remi.engine.tiles import Tile


@dataclass(frozen=True, slots=True)
class HandScore:
    """One player's score for one hand, with the parts a sheet shows as badges."""

    score: int
    base: int = 0
    multiplier: int = 1
    closer: bool = False
    twin: bool = False


def atu_multiplier(atu: Tile | None, rules: Rules = CLOSED) -> int:
    """CR-26: an atu that is an ace (any colour) or a joker doubles every hand score."""
    if atu is None or not rules.atu_doubles:
        return 1
    return 2 if atu.is_joker or atu.number == 1 else 1


def close_multiplier(discard: Tile, rules: Rules = CLOSED) -> int:
    """CR-27: a joker thrown to close doubles the closer's score (house option: an ace too)."""
    if discard.is_joker or (rules.ace_close_doubles and discard.number == 1):
        return 2
    return 1


def closed_hand(
    players: Sequence[str],
    *,
    atu: Tile | None,
    closer: str | None,
    board: int = 0,
    discard: Tile | None = None,
    racks: Mapping[str, int],
    twin: str | None = None,
    rules: Rules = CLOSED,
) -> dict[str, HandScore]:
    """Every player's score for one Closed Rummy hand.

    ``board`` is the closer's board value (CR-21), ``discard`` the closing throw (a joker
    doubles, CR-27), ``racks`` each other player's rack penalty (CR-23), ``twin`` whoever was
    dealt the atu's twin (CR-25). ``closer=None`` is a hand nobody closed (CR-30/31).
    """
    if closer is not None and closer not in players:
        raise RuleError("rule.closer_not_seated", name=closer)
    if twin is not None and twin not in players:
        raise RuleError("rule.twin_not_seated", name=twin)
    for name, value in racks.items():
        if name not in players:
            raise RuleError("rule.not_seated", name=name)
        if value < 0:
            raise RuleError("rule.negative_rack", name=name, value=value)
    missing = [p for p in players if p != closer and p not in racks]
    if missing:
        raise RuleError("rule.racks_missing", names=tuple(missing))
    if closer is None and rules.nobody_closed == "void":
        return {p: HandScore(0) for p in players}
    m_atu = atu_multiplier(atu, rules)
    out = {}
    for p in players:
        bonus = rules.twin_bonus if p == twin else 0
        if p == closer:
            base = board + bonus
            mult = m_atu * (close_multiplier(discard, rules) if discard is not None else 1)
        else:
            base = -racks[p] + bonus
            mult = m_atu
        mult = min(mult, rules.max_multiplier)
        out[p] = HandScore(base * mult, base, mult, p == closer, p == twin)
    return out


def simple_hand(
    players: Sequence[str],
    *,
    closer: str,
    teams: Sequence[Sequence[str]] | None = None,
    rules: Rules = SIMPLE,
) -> dict[str, HandScore]:
    """Simple rummy (SR-20..22): whoever goes out scores 0 and every opponent takes 100.

    In 2 vs 2 the closer's partner takes nothing either.

    >>> {p: s.score for p, s in simple_hand(["N", "E", "S", "W"], closer="W",
    ...                                      teams=[["N", "S"], ["E", "W"]]).items()}
    {'N': 100, 'E': 0, 'S': 100, 'W': 0}
    """
    if closer not in players:
        raise RuleError("rule.closer_not_seated", name=closer, variant="simple")
    side = next((set(t) for t in teams or () if closer in t), {closer})
    return {p: HandScore(0 if p in side else rules.loser_points, closer=p == closer) for p in players}
