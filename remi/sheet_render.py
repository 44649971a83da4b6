"""Rich rendering of sheets, history, games and stats (the CLI's side; no database here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from remi.engine import HandScore
    from remi.scoresheet.sheet import GameInfo, HistoryLine, Sheet, SheetRow
    from remi.scoresheet.stats import PlayerStats


def console() -> Console:
    return Console(highlight=False)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def badges(row: SheetRow, player: str) -> str:
    """SS-3: ★ closer, ×2/×4, T twin; Ø for a hand nobody closed."""
    return score_badges(row.scores[player])


def score_badges(s: HandScore) -> str:
    """One player's badges for one hand: ★ closed, ×2/×4 doubled, T atu twin (SS-3)."""
    out = ""
    if s.closer:
        out += "★"
    if s.multiplier != 1:
        out += f"×{s.multiplier}"
    if s.twin:
        out += "T"
    return out


def _side_cells(sheet: Sheet, row: SheetRow) -> list[Text]:
    g = sheet.game
    cells = []
    for members in g.sides.values():
        score = sum(row.scores[p].score for p in members)
        total = sum(row.totals[p] for p in members)
        mark = "".join(badges(row, p) for p in members)
        if g.rules.is_closed:
            style = "green" if score > 0 else "red" if score < 0 else ""
            shown = _signed(score)
        else:
            style, shown = ("red" if score else ""), str(score)
        cells.append(Text.assemble((f"{shown}{mark}", style), (f" {total:>6}", "dim")))
    return cells


def render_sheet(con: Console, sheet: Sheet, *, last: int | None = None) -> None:
    """The sheet as a table: one row per hand (score, badges, running total); ``last`` folds older hands."""
    g = sheet.game
    closed = g.rules.is_closed
    title = f"{g.name}: {'Closed Rummy' if closed else 'Simple rummy'}"
    table = Table(title=title, caption="★ closed  ×2/×4 doubled  T atu twin  Ø nobody closed" if closed else "★ went out",
                  show_footer=True)
    table.add_column("#", justify="right", footer="Total")
    rounds = sheet.rounds_lost() if not closed else {}
    side_totals = sheet.side_totals()
    for side in g.sides:
        foot = f"{side_totals[side]}" + (f" ({rounds[side]} lost)" if not closed else "")
        table.add_column(f"{side}  (Σ)", justify="right", footer=Text(foot, style="bold"))
    table.add_column("starter" if closed else "dealer", footer="")
    table.add_column("hand", footer="")
    rows = sheet.rows
    if last is not None and len(rows) > last:
        table.add_row("…", *(Text("", style="dim") for _ in g.sides), "", Text(f"{len(rows) - last} earlier hands (--all)", style="dim"))
        rows = rows[-last:]
    for row in rows:
        info = []
        if closed:
            info.append(f"atu {row.hand.atu}")
            if row.hand.nobody:
                info.append("Ø nobody closed")
            elif row.board is not None:
                info.append(f"board {row.board}")
            if row.discard is not None and row.discard.is_joker:
                info.append("joker close")
            if row.hand.atu_close:
                info.append("atu close")
        else:
            info.append(f"out: {row.hand.closer}")
        if row.hand.note:
            info.append(row.hand.note)
        if row.after_end:
            info.append("after the end")
        table.add_row(str(row.number), *_side_cells(sheet, row), row.starter, ", ".join(info))
    con.print(table)
    con.print(_status(sheet))


def _status(sheet: Sheet) -> str:
    g = sheet.game
    standing = ", ".join(f"{i}. {side} {total}" for i, (side, total) in enumerate(sheet.standing(), 1))
    lines = [f"Standing: {standing}" if sheet.rows else "No hands yet."]
    if g.rules.is_closed:
        lines.append(f"Target: ±{g.target}" if g.target else "No target: play until the table stops.")
    else:
        lines.append(f"A side loses at {sheet.limit}.")
    if sheet.finished:
        who = " and ".join(sheet.winners) if sheet.winners else "nobody"
        lines.append(f"[bold green]Game over after hand {sheet.ended_at}: {who} {'win' if len(sheet.winners) > 1 else 'wins'}.[/]")
        if any(r.after_end for r in sheet.rows):
            lines.append("[red]Hands after the end were recorded before a correction ended the game earlier.[/]")
    else:
        lines.append(f"Next {'starter' if g.rules.is_closed else 'dealer'}: {sheet.next_starter()}")
    return "\n".join(lines)


def hand_line(game: GameInfo, scores: Mapping[str, HandScore]) -> str:
    """Each player's score for one hand with its badges: ``Ana +100★, Bogdan -95``."""
    return ", ".join(f"{p} {_signed(scores[p].score)}{score_badges(scores[p])}" for p in game.players)


def render_brief(con: Console, sheet: Sheet, message: str, number: int | None) -> None:
    """After a write: the hand's scores (if any), then the totals and the status."""
    con.print(f"[bold]{sheet.game.name}[/]: {message}.")
    if number is not None and 1 <= number <= len(sheet.rows):
        con.print(f"Hand {number}: " + hand_line(sheet.game, sheet.rows[number - 1].scores))
    con.print("Totals: " + ", ".join(f"{side} {total}" for side, total in sheet.side_totals().items()))
    con.print(_status(sheet))


def describe_hand(hand: Any, *, cards: bool = False) -> str:
    """One line of what was entered; ``cards`` shows a Simple rummy hand in card notation."""
    if hand is None:
        return ""
    parts = []
    if hand.nobody:
        parts.append("nobody closed")
    elif hand.closer:
        parts.append(f"closer {hand.closer}")
    if hand.atu:
        parts.append(f"atu {hand.atu}" + (" (pulled in)" if hand.atu_close else ""))
    if hand.board is not None:
        from remi.engine import format_tiles

        parts.append(f"hand {format_tiles(hand.board, 'card')}" if cards else f"board {format_tiles(hand.board)}")
    if hand.board_points is not None:
        parts.append(f"board {hand.board_points}")
    if hand.throw:
        parts.append(f"throw {hand.throw}")
    if hand.twin:
        parts.append(f"twin {hand.twin}")
    for name, rack in hand.racks.items():
        parts.append(f"{name} {rack.describe()}")
    if hand.note:
        parts.append(f"note: {hand.note}")
    return "; ".join(parts)


def render_history(con: Console, game: GameInfo, lines: Sequence[HistoryLine]) -> None:
    table = Table(title=f"{game.name}: history")
    for col in ("#", "when (UTC)", "what", "hand", "input"):
        table.add_column(col)
    for h in lines:
        what = {"hand": "recorded", "fix": "corrected", "delete": "struck out", "undo": f"undo of #{h.undoes}"}[h.kind]
        style = "strike dim" if h.undone else ""
        table.add_row(str(h.seq), h.created_at.replace("T", " ").rstrip("Z"), what + (" (undone)" if h.undone else ""),
                      str(h.number or ""), describe_hand(h.hand, cards=not game.rules.is_closed), style=style)
    con.print(table)


def render_games(con: Console, sheets: Sequence[Sheet]) -> None:
    table = Table(title="games")
    for col in ("id", "name", "variant", "players", "hands", "status", "started (UTC)"):
        table.add_column(col)
    for s in sheets:
        g = s.game
        if s.finished:
            status = "won by " + " and ".join(s.winners)
        elif s.rows:
            leader, total = s.standing()[0]
            status = f"open; {leader} leads ({total})" if g.rules.is_closed else f"open; {leader} best ({total})"
        else:
            status = "open"
        table.add_row(str(g.id), g.name, g.variant, ", ".join(g.players), str(len(s.rows)), status,
                      g.created_at[:16].replace("T", " "))
    con.print(table)


def render_stats(con: Console, stats: Sequence[PlayerStats]) -> None:
    table = Table(title="players")
    for col in ("player", "variant", "games", "won", "hands", "closes", "avg/hand", "best hand", "best streak"):
        table.add_column(col, justify="right" if col not in ("player", "variant") else "left")
    for s in stats:
        table.add_row(s.player, s.variant, str(s.games), str(s.games_won), str(s.hands), str(s.closes), f"{s.average:.1f}",
                      _signed(s.best_hand) if s.hands else "", str(s.best_streak))
    con.print(table)
