"""Who sits at a table: 2 to 4 players with their own names, Simple rummy's 2 vs 2 partners
opposite each other, a target for Closed Rummy only (docs/rules.md 0.1, SS-4, SR-2).

Names are compared without case, so that ``Ana`` and ``ana`` are one person (remi stats).
"""

from __future__ import annotations

from collections.abc import Sequence

from remi.engine import Rules
from remi.scoresheet.errors import SheetError
from remi.scoresheet.text import check_text


#: the highest target a sheet takes: a long evening reaches a few thousand points
TARGET_MOST = 100_000


def check_target(target: int | None) -> None:
    """A target past ``TARGET_MOST`` is a slip (or more digits than the database holds)."""
    if target is not None and target > TARGET_MOST:
        raise SheetError(f"the target {target} is more than a table plays to (at most {TARGET_MOST:,})",
                         fields=("target",))


def check_seating(variant: str, rules: Rules, players: Sequence[str], teams: Sequence[Sequence[str]] | None,
                  target: int | None) -> tuple[list[str], list[list[str]] | None]:
    """Seats and teams a table can play with; SheetError otherwise."""
    if variant not in ("closed", "simple") or rules.variant != variant:
        raise SheetError(f"unknown variant {variant!r}: use closed or simple", fields=("variant",))
    players = [p.strip() for p in players]
    teams_l = [[p.strip() for p in t] for t in teams] if teams else None
    if teams_l and not players:
        if len(teams_l) != 2 or any(len(t) != 2 for t in teams_l):
            raise SheetError("teams are two pairs, like Ana+Ion and Dan+Eva", fields=("teams",))
        players = [teams_l[0][0], teams_l[1][0], teams_l[0][1], teams_l[1][1]]
    if any(not p for p in players):
        raise SheetError("a player's name is empty", fields=("players",))
    for p in players:
        check_text(p, "a player's name")
        if any(c in p for c in "=,+") or p.isdigit():
            raise SheetError(f"{p!r} cannot be a name (no = , + and not a bare number)", fields=("players",))
    folded = [p.casefold() for p in players]
    dupes = sorted({p for p in players if folded.count(p.casefold()) > 1})
    if dupes:
        raise SheetError(f"{', '.join(dupes)} named twice: every player needs their own name (names are compared "
                         "without case)", fields=("players",))
    if not 2 <= len(players) <= 4:
        raise SheetError(f"{len(players)} player{'s' if len(players) != 1 else ''}: a table has 2 to 4", fields=("players",))
    if target is not None and (target <= 0 or variant != "closed"):
        raise SheetError("the target is for Closed Rummy, a positive number of points", fields=("target",))
    check_target(target)
    if teams_l:
        spelled = {p.casefold(): p for p in players}
        teams_l = [[spelled.get(p.casefold(), p) for p in t] for t in teams_l]
        if variant != "simple":
            raise SheetError("teams are for Simple rummy (2 vs 2)", fields=("teams",))
        if len(players) != 4 or len(teams_l) != 2 or any(len(t) != 2 for t in teams_l):
            raise SheetError("teams are two pairs of the four players, like Ana+Ion and Dan+Eva", fields=("teams",))
        if sorted(p for t in teams_l for p in t) != sorted(players):
            raise SheetError("the teams must hold exactly the players, each once", fields=("teams",))
        for t in teams_l:
            if abs(players.index(t[0]) - players.index(t[1])) != 2:
                raise SheetError(f"partners sit opposite: seat {t[0]} and {t[1]} two places apart (like "
                                 f"{teams_l[0][0]}, {teams_l[1][0]}, {teams_l[0][1]}, {teams_l[1][1]})",
                                 fields=("players", "teams"))
    elif variant == "simple" and len(players) == 4:
        raise SheetError("4 players in Simple rummy play 2 vs 2: give the teams, like A+C and B+D", fields=("teams",))
    return players, teams_l

