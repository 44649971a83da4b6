"""Per-player statistics over sheets: hands, closes, average, best hand, streaks, games won.

One line per player and variant (Closed Rummy points are won, Simple rummy points are taken,
so the two never mix). A streak is consecutive hands, within one game, that the player
closed (Simple: went out); the best hand is the highest score (Simple: the lowest).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
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

    @property
    def average(self) -> float:
        return self.points / self.hands if self.hands else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "average": round(self.average, 2)}


def player_stats(sheets: Sequence[Sheet]) -> list[PlayerStats]:
    """Stats by player name and variant across the sheets."""
    table: dict[tuple[str, str], PlayerStats] = {}
    for sheet in sheets:
        closed = sheet.game.rules.is_closed
        for p in sheet.game.players:
            st = table.setdefault((sheet.game.variant, p), PlayerStats(p, sheet.game.variant))
            st.games += 1
            if sheet.finished and p in sheet.winners:
                st.games_won += 1
            streak = 0
            for row in sheet.rows:
                score = row.scores[p].score
                better = max if closed else min
                st.best_hand = score if st.hands == 0 else better(st.best_hand, score)
                st.hands += 1
                st.points += score
                if row.scores[p].closer:
                    st.closes += 1
                    streak += 1
                    st.best_streak = max(st.best_streak, streak)
                else:
                    streak = 0
    return sorted(table.values(), key=lambda s: (s.variant, -s.games_won, -s.closes, s.player))
