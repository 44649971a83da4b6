"""Players across evenings: per-player statistics, a standing across games, head-to-head records.

A player is the same person in every game that names them, names compared without case (the
latest game's spelling is shown). One line per player and variant (Closed Rummy points are
won, Simple rummy points are taken, so the two never mix). A streak is consecutive hands,
within one game, that the player closed (Simple: went out); the best hand is the highest
score (Simple: the lowest). The standing ranks by games won, then points (equal ones share a
rank); head to head counts, for each pair who sat at the same games, the games each ended
ahead of the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from remi.scoresheet.sheet import Sheet


@dataclass(slots=True)
class PlayerStats:
    player: str
    variant: str
    games: int = 0
    games_won: int = 0
    hands: int = 0
    closes: int = 0
    points: int = 0
    best_hand: int = 0
    best_streak: int = 0
    #: the place in the variant's standing (games won, then points); equal ones share it
    rank: int = 0

    @property
    def average(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "average": round(self.average, 2)}


@dataclass(slots=True)
class HeadToHead:
    """Two players' games together: how often each ended ahead (Simple 2 vs 2: their sides)."""

    a: str
    b: str
    variant: str
    games: int = 0
    a_ahead: int = 0
    b_ahead: int = 0

    @property
    def even(self) -> int:
        return self.games - self.a_ahead - self.b_ahead

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "even": self.even}


def player_stats(sheets: Sequence[Sheet]) -> list[PlayerStats]:
    """Stats by player and variant across the sheets, in standing order (``rank``)."""
    table: dict[tuple[str, str], PlayerStats] = {}
    for sheet in sorted(sheets, key=lambda s: s.game.id):  # the latest spelling of a name wins
        closed = sheet.game.rules.is_closed
        for p in sheet.game.players:
            st = table.setdefault((sheet.game.variant, p.casefold()), PlayerStats(p, sheet.game.variant))
            st.player = p
            st.games += 1
            if sheet.finished and p in sheet.winners:
                st.games_won += 1
            _count_hands(st, sheet, p, closed)
    out = sorted(table.values(), key=_standing_key)
    for i, st in enumerate(out):
        before = out[i - 1] if i else None
        if before is not None and before.variant == st.variant:
            tied = _standing_key(before)[:3] == _standing_key(st)[:3]
            st.rank = before.rank if tied else before.rank + sum(1 for s in out[:i] if s.rank == before.rank
                                                                 and s.variant == st.variant)
        else:
            st.rank = 1
    return out


def _standing_key(st: PlayerStats) -> tuple[Any, ...]:
    # Closed Rummy: more points is better; Simple rummy: fewer points taken is better.
    points = -st.points if st.variant == "closed" else st.points
    return (st.variant, -st.games_won, points, st.player.casefold())


def _count_hands(st: PlayerStats, sheet: Sheet, p: str, closed: bool) -> None:
    streak = 0
    better = max if closed else min
    for row in sheet.rows:
        score = row.scores[p].score
        st.best_hand = score if st.hands == 0 else better(st.best_hand, score)
        st.hands += 1
        st.points += score
        if row.scores[p].closer:
            st.closes += 1
            streak += 1
            st.best_streak = max(st.best_streak, streak)
        else:
            streak = 0


def head_to_head(sheets: Sequence[Sheet]) -> list[HeadToHead]:
    """For each pair of players who played the same games (on opposite sides): who ended ahead."""
    pairs: dict[tuple[str, str, str], HeadToHead] = {}
    spelled: dict[str, str] = {}
    for sheet in sorted(sheets, key=lambda s: s.game.id):
        if not sheet.rows:
            continue
        g = sheet.game
        side_of = {p.casefold(): side for side, members in g.sides.items() for p in members}
        totals = sheet.side_totals()
        spelled.update({p.casefold(): p for p in g.players})
        names = sorted(side_of)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                if side_of[a] == side_of[b]:
                    continue  # partners
                rec = pairs.setdefault((g.variant, a, b), HeadToHead(a, b, g.variant))
                rec.games += 1
                ta, tb = totals[side_of[a]], totals[side_of[b]]
                if ta != tb:
                    a_ahead = ta > tb if g.rules.is_closed else ta < tb
                    rec.a_ahead += a_ahead
                    rec.b_ahead += not a_ahead
    out = []
    for rec in pairs.values():
        rec.a, rec.b = spelled[rec.a], spelled[rec.b]
        out.append(rec)
    return sorted(out, key=lambda r: (r.variant, -r.games, r.a.casefold(), r.b.casefold()))


@dataclass(slots=True)
class Stats:
    """What ``remi stats`` shows: the players in standing order and their head-to-head records."""

    players: list[PlayerStats] = field(default_factory=list)
    head_to_head: list[HeadToHead] = field(default_factory=list)

    @classmethod
    def of(cls, sheets: Sequence[Sheet]) -> Stats:
        return cls(player_stats(sheets), head_to_head(sheets))

    def to_dict(self) -> dict[str, Any]:
        return {"players": [s.to_dict() for s in self.players], "head_to_head": [h.to_dict() for h in self.head_to_head]}
