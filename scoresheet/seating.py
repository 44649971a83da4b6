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
        raise SheetError("sheet.target_too_large", fields=("target",), target=target, most=TARGET_MOST)


def check_seating(variant: str, rules: Rules, players: Sequence[str], teams: Sequence[Sequence[str]] | None,
                  target: int | None) -> tuple[list[str], list[list[str]] | None]:
    """Seats and teams a table can play with; SheetError otherwise."""
    if variant not in ("closed", "simple") or rules.variant != variant:
        raise SheetError("sheet.unknown_variant", fields=("variant",), name=variant)
    players = [p.strip() for p in players]
    teams_l = [[p.strip() for p in t] for t in teams] if teams else None
    if teams_l and not players:
        if len(teams_l) != 2 or any(len(t) != 2 for t in teams_l):
            raise SheetError("sheet.teams_shape", fields=("teams",))
        players = [teams_l[0][0], teams_l[1][0], teams_l[0][1], teams_l[1][1]]
    if any(not p for p in players):
        raise SheetError("sheet.name_empty", fields=("players",))
    for p in players:
        check_text(p)
        if any(c in p for c in "=,+") or p.isdigit():
            raise SheetError("sheet.name_chars", fields=("players",), name=p)
    folded = [p.casefold() for p in players]
    dupes = sorted({p for p in players if folded.count(p.casefold()) > 1})
    if dupes:
        raise SheetError("sheet.named_twice", fields=("players",), names=tuple(dupes))
    if not 2 <= len(players) <= 4:
        raise SheetError("sheet.player_count", fields=("players",), count=len(players))
    if target is not None and (target <= 0 or variant != "closed"):
        raise SheetError("sheet.target_closed_only", fields=("target",))
    check_target(target)
    if teams_l:
        spelled = {p.casefold(): p for p in players}
        teams_l = [[spelled.get(p.casefold(), p) for p in t] for t in teams_l]
        if variant != "simple":
            raise SheetError("sheet.teams_simple_only", fields=("teams",))
        if len(players) != 4 or len(teams_l) != 2 or any(len(t) != 2 for t in teams_l):
            raise SheetError("sheet.teams_pairs", fields=("teams",))
        if sorted(p for t in teams_l for p in t) != sorted(players):
            raise SheetError("sheet.teams_players", fields=("teams",))
        for t in teams_l:
            if abs(players.index(t[0]) - players.index(t[1])) != 2:
                raise SheetError("sheet.partners_opposite", fields=("players", "teams"), first=t[0], second=t[1],
                                 order=(teams_l[0][0], teams_l[1][0], teams_l[0][1], teams_l[1][1]))
    elif variant == "simple" and len(players) == 4:
        raise SheetError("sheet.teams_needed", fields=("teams",))
    return players, teams_l

