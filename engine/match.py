"""When a game ends and who wins (CR-32, CR-33, SR-21..SR-23).

>>> closed_winners({"Ana": 525, "Dan": -520, "Ion": 40}, target=500)
['Ana']
>>> closed_winners({"Ana": 120, "Dan": -20}, target=500) is None
True
>>> simple_result({"NS": 400, "EW": 600}, limit=600)
(['EW'], ['NS'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from remi.engine.rules import CLOSED, SIMPLE, Rules


def closed_winners(totals: Mapping[str, int], *, target: int | None, rules: Rules = CLOSED) -> list[str] | None:
    """CR-33: with a target T, the game stops after the hand in which someone reaches >= T
    or falls to <= -T, and the highest total wins (a tie is shared). None: play on."""
    if not target or not totals:
        return None
    if not any(v >= target or v <= -target for v in totals.values()):
        return None
    top = max(totals.values())
    winners = [p for p, v in totals.items() if v == top]
    if len(winners) > 1 and rules.tie == "play_on":
        return None
    return winners


def simple_limit(sides: Mapping[str, Sequence[str]], *, rules: Rules = SIMPLE) -> int:
    """SR-21/22: the total at which a side loses: 600 when the sides are teams of two (2 vs 2),
    300 when each player is a side (1 vs 1, and each player of 3).

    >>> simple_limit({"Ana": ["Ana"], "Dan": ["Dan"]}), simple_limit({"NS": ["N", "S"], "EW": ["E", "W"]})
    (300, 600)
    """
    return rules.limit_teams if any(len(members) > 1 for members in sides.values()) else rules.limit_single


def simple_result(side_totals: Mapping[str, int], *, limit: int) -> tuple[list[str], list[str]] | None:
    """SR-21..23: (losers, winners) once a side reaches the limit, else None.

    The sides at or over the limit lose; the others win, and with more than two sides the
    lowest total among them wins.
    """
    losers = [s for s, v in side_totals.items() if v >= limit]
    if not losers:
        return None
    rest = {s: v for s, v in side_totals.items() if s not in losers}
    if not rest:
        return losers, []
    low = min(rest.values())
    return losers, [s for s, v in rest.items() if v == low]
