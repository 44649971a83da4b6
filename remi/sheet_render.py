"""Rich rendering of sheets, history, games and stats (the CLI's side; no database here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from remi.scoresheet.errors import plural

if TYPE_CHECKING:
    from remi.engine import HandScore
    from remi.scoresheet.sheet import GameInfo, HistoryLine, Sheet, SheetRow
    from remi.scoresheet.stats import Stats


def console() -> Console:
    from remi.render import SafeConsole

    return SafeConsole(highlight=False)


def signed(n: int) -> str:
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


def _side_cells(sheet: Sheet, row: SheetRow, *, stacked: bool = False) -> list[Text]:
    """Each side's cell of a hand: its score and badges, then the running total (under it when ``stacked``)."""
    g = sheet.game
    cells = []
    for members in g.sides.values():
        score = sum(row.scores[p].score for p in members)
        total = sum(row.totals[p] for p in members)
        mark = "".join(badges(row, p) for p in members)
        if g.rules.is_closed:
            style = "green" if score > 0 else "red" if score < 0 else ""
            shown = signed(score)
        else:
            style, shown = ("red" if score else ""), str(score)
        cells.append(Text.assemble((f"{shown}{mark}", style), ("\n" if stacked else " ", ""),
                                   (f"{total:>{0 if stacked else 6}}", "dim")))
    return cells


def _hand_info(sheet: Sheet, row: SheetRow, *, short: bool) -> str:
    """What the hand was, in words (``short``: ``y2 135 J`` for a narrow terminal)."""
    closed = sheet.game.rules.is_closed
    h = row.hand
    if short:
        if not closed:
            return h.closer or ""
        return " ".join(filter(None, [str(h.atu), "" if h.nobody else str(row.board if row.board is not None else ""),
                                      _marks(row)]))
    info = []
    if closed:
        info.append(f"atu {h.atu}")
        if h.nobody:
            info.append("Ø nobody closed")
        elif row.board is not None:
            info.append(f"board {row.board}")
        if _joker_close(row):
            info.append("joker close")
        if h.atu_close:
            info.append("atu close")
    else:
        info.append(f"out: {h.closer}")
    if h.note:
        info.append(h.note)
    if row.after_end:
        info.append("after the end")
    return ", ".join(info)


def _joker_close(row: SheetRow) -> bool:
    return row.discard is not None and row.discard.is_joker


def _marks(row: SheetRow) -> str:
    """A Closed Rummy hand's kind in marks: Ø nobody closed, J a joker close, A the atu pulled in."""
    return ("Ø" if row.hand.nobody else "") + ("J" if _joker_close(row) else "") + ("A" if row.hand.atu_close else "")


def _legend(sheet: Sheet, layout: str, rows: Sequence[SheetRow]) -> str:
    """The marks the sheet uses, explained; the kind's short marks when this layout shows them."""
    if not sheet.game.rules.is_closed:
        return "★ went out"
    if layout == "wide":
        return "★ closed  ×2/×4 doubled  T atu twin  Ø nobody closed"
    marks = "".join(_marks(row) for row in rows)
    kinds = [f"{mark} {words}" for mark, words in (("J", "joker close"), ("A", "atu close")) if mark in marks]
    return " ".join(["★ closed ×2/×4 doubled T twin Ø nobody closed", *kinds])


#: the sheet's layouts, widest first; the first that fits the terminal is drawn
LAYOUTS = ("wide", "medium", "lean", "narrow")
_HAND_MIN = 24  # the wide layout's hand column, at least (it wraps the rest)


def sheet_table(sheet: Sheet, layout: str, *, last: int | None = None,
                headers: Mapping[str, str] | None = None) -> Table:
    """The sheet as a table in one layout: ``wide`` (starter and hand in words), ``medium`` (the
    hand in short: ``y2 135 J``), ``lean`` (the hand's atu and kind: ``r1 J``), ``narrow`` (each
    total under its score, the kind under the hand's number: 40 columns). A hand's kind (Ø
    nobody closed, a joker close) shows in every layout: such a hand must not look ordinary.
    ``headers``: a side's column heading other than its name (a name cut to fit, ``fit_headers``)."""
    g = sheet.game
    closed = g.rules.is_closed
    wide, narrow = layout == "wide", layout == "narrow"
    rows = sheet.rows
    hidden = len(rows) - last if last is not None and len(rows) > last else 0
    shown = rows[hidden:]
    compact: dict[str, Any] = {"box": box.SIMPLE_HEAD, "pad_edge": False}
    if narrow:
        compact["padding"] = (0, 0, 0, 1)  # one space between columns: four players in 40
    table = Table(title=f"{g.name}: {'Closed Rummy' if closed else 'Simple rummy'}",
                  caption=_legend(sheet, layout, shown), show_footer=True, **({} if wide else compact))
    table.add_column("#", justify="right", footer="Total" if wide else "Σ")
    rounds = sheet.rounds_lost() if not closed else {}
    side_totals = sheet.side_totals()
    for side in g.sides:
        foot = f"{side_totals[side]}" + (f" ({rounds[side]} lost)" if not closed and not narrow else "")
        named = (headers or {}).get(side, side)
        header = Text(f"{named}  (Σ)" if wide else named, overflow="ellipsis", no_wrap=True)
        table.add_column(header, justify="right", footer=Text(foot, style="bold"))
    if wide:
        table.add_column("starter" if closed else "dealer", footer="")
    hand_column = layout in ("wide", "medium") or (layout == "lean" and closed)
    if hand_column:
        table.add_column("hand", footer="", min_width=_HAND_MIN if wide else None)
    if hidden:
        note = f"{plural(hidden, 'earlier hand')} (--all)"
        table.add_row("…", *("" for _ in g.sides), *([""] if wide else []),
                      *([Text(note, style="dim")] if hand_column else []))
    for row in shown:
        extra = ([row.starter] if wide else []) + ([_kind(sheet, row, layout)] if hand_column else [])
        # narrow: the kind under the number, on the line of the totals (no wider for it)
        number = f"{row.number}\n{_marks(row)}" if narrow and closed and _marks(row) else str(row.number)
        table.add_row(number, *_side_cells(sheet, row, stacked=narrow), *extra)
    return table


def _kind(sheet: Sheet, row: SheetRow, layout: str) -> str:
    """The hand column of a layout: in words (wide), in short (medium), the atu and marks (lean)."""
    if layout == "lean":
        return atu_and_marks(row)
    return _hand_info(sheet, row, short=layout != "wide")


def atu_and_marks(row: SheetRow) -> str:
    """A Closed Rummy hand in four characters or so: ``r1 J``, ``* Ø`` (the sheet to share too)."""
    return " ".join(filter(None, [str(row.hand.atu) if row.hand.atu else "", _marks(row)]))


def legend(sheet: Sheet, rows: Sequence[SheetRow]) -> str:
    """The marks explained, for a sheet that shows each hand's atu and marks (``atu_and_marks``)."""
    return _legend(sheet, "lean", rows)


def render_sheet(con: Console, sheet: Sheet, *, last: int | None = None) -> None:
    """The sheet in the widest layout the terminal holds, then who stands where and why it ended."""
    layout = pick_layout(con, sheet, last=last)
    table = sheet_table(sheet, layout, last=last)
    if layout == "narrow":
        table = sheet_table(sheet, layout, last=last, headers=fit_headers(con, sheet, table))
    con.print(table)
    con.print(_status(sheet, width=con.width))


def fit_headers(con: Console, sheet: Sheet, table: Table) -> dict[str, str]:
    """The side names cut (``Bartho…``) just enough for ``table`` to fit the terminal, so that
    rich never cuts a score, its badges or a total instead: a name gives way, a number never."""
    from rich.cells import cell_len

    unbounded = con.options.update_width(10_000)
    sides = list(sheet.game.sides)
    columns = table.columns[1:1 + len(sides)]
    content = [max(Measurement.get(con, unbounded, cell).maximum for cell in [*col.cells, col.footer])
               for col in columns]
    heads = [cell_len(side) for side in sides]
    natural = [max(h, c) for h, c in zip(heads, content)]
    excess = Measurement.get(con, unbounded, table).maximum - con.width
    while excess > 0:
        cuttable = [i for i, (h, c) in enumerate(zip(heads, content)) if h > max(c, 2)]
        if not cuttable:
            break  # the numbers alone are wider than the terminal
        i = max(cuttable, key=lambda i: natural[i])
        heads[i] -= 1
        natural[i] = max(heads[i], content[i])
        excess -= 1
    return {side: side if h >= cell_len(side) else side[:h - 1] + "…" for side, h in zip(sides, heads)}


def pick_layout(con: Console, sheet: Sheet, *, last: int | None = None) -> str:
    """The widest layout whose numbers fit the terminal without wrapping."""
    unbounded = con.options.update_width(10_000)  # the natural width, not the terminal's
    for layout in LAYOUTS[:-1]:
        table = sheet_table(sheet, layout, last=last)
        if layout == "wide":
            table.columns.pop()  # the hand column wraps: count it at its least
            need = Measurement.get(con, unbounded, table).maximum + _HAND_MIN + 3
        else:
            need = Measurement.get(con, unbounded, table).maximum
        if need <= con.width:
            return layout
    return LAYOUTS[-1]


def _status(sheet: Sheet, *, width: int = 80) -> str:
    g = sheet.game
    places = [f"{rank}. {side} {total}" for rank, side, total in ranked(sheet.standing())]
    standing = "Standing: " + ", ".join(places)
    if len(standing) > width:  # a narrow terminal: one place a line, never one broken in two
        standing = "\n  ".join(["Standing:", *places])
    lines = [standing if sheet.rows else "No hands yet."]
    if g.rules.is_closed:
        lines.append(f"Target: ±{g.target}" if g.target else "No target: play until the table stops.")
    else:
        lines.append(f"A side loses at {sheet.limit}.")
    if sheet.finished:
        who = " and ".join(sheet.winners) if sheet.winners else "nobody"
        lines.append(f"[bold green]Game over after hand {sheet.ended_at}: {why_over(sheet)}; "
                     f"{who} {'win' if len(sheet.winners) > 1 else 'wins'}.[/]")
        if any(r.after_end for r in sheet.rows):
            lines.append("[red]Hands after the end were recorded before a correction ended the game earlier.[/]")
    else:
        lines.append(f"Next {'starter' if g.rules.is_closed else 'dealer'}: {sheet.next_starter()}")
    return "\n".join(lines)


def ranked(standing: Sequence[tuple[str, int]]) -> list[tuple[int, str, int]]:
    """Standing with ranks, equal totals sharing a rank: ``1. East+West 200, 1. North+South 200``."""
    out: list[tuple[int, str, int]] = []
    for i, (side, total) in enumerate(standing, 1):
        rank = out[-1][0] if out and out[-1][2] == total else i
        out.append((rank, side, total))
    return out


def why_over(sheet: Sheet) -> str:
    """Why the game stopped where it did (CR-33; SR-21, SR-22), from the totals after that hand."""
    g = sheet.game
    row = sheet.row(sheet.ended_at or 1) or sheet.rows[0]
    totals = {side: sum(row.totals[p] for p in members) for side, members in g.sides.items()}
    if not g.rules.is_closed:
        over = [side for side, t in totals.items() if t >= (sheet.limit or 0)]
        return " and ".join(f"{side} reached {totals[side]}" for side in over) + f" (a side loses at {sheet.limit})"
    target = g.target or 0
    up = [f"{side} reached {t}" for side, t in totals.items() if t >= target]
    down = [f"{side} fell to {t}" for side, t in totals.items() if t <= -target]
    return " and ".join(up + down) + f" (target ±{target})"


def hand_line(game: GameInfo, scores: Mapping[str, HandScore]) -> str:
    """Each player's score for one hand with its badges: ``Ana +100★, Bogdan -95``."""
    return ", ".join(f"{p} {signed(scores[p].score)}{score_badges(scores[p])}" for p in game.players)


def render_brief(con: Console, sheet: Sheet, message: str, number: int | None) -> None:
    """After a write: the hand's scores (if any), then the totals and the status."""
    con.print(f"[bold]{sheet.game.name}[/]: {message}.")
    row = sheet.row(number) if number is not None else None
    if row is not None:
        con.print(f"Hand {number}: " + hand_line(sheet.game, row.scores))
    con.print("Totals: " + ", ".join(f"{side} {total}" for side, total in sheet.side_totals().items()))
    con.print(_status(sheet))


def describe_hand(hand: Any, *, cards: bool = False) -> str:
    """One line of what was entered; ``cards`` shows a Simple rummy hand in its words: who went
    out (SR-17) and their cards in card notation. In the reader's language (a phone's; the
    CLI's output stays English, remi.i18n)."""
    from remi.i18n import gettext as _

    if hand is None:
        return ""
    parts = []
    if hand.nobody:
        parts.append(_("nobody closed"))
    elif hand.closer:
        parts.append((_("%(name)s went out") if cards else _("closer %(name)s")) % {"name": hand.closer})
    if hand.atu:
        parts.append((_("atu %(tile)s (pulled in)") if hand.atu_close else _("atu %(tile)s")) % {"tile": hand.atu})
    if hand.board is not None:
        from remi.engine import format_tiles

        parts.append(_("hand %(cards)s") % {"cards": format_tiles(hand.board, "card")} if cards else
                     _("board %(tiles)s") % {"tiles": format_tiles(hand.board)})
    if hand.board_points is not None:
        parts.append(_("board %(points)s") % {"points": hand.board_points})
    if hand.throw:
        parts.append(_("throw %(tile)s") % {"tile": hand.throw})
    if hand.twin:
        parts.append(_("twin %(name)s") % {"name": hand.twin})
    for name, rack in hand.racks.items():
        parts.append(f"{name} {rack.describe()}")
    if hand.note:
        parts.append(_("note: %(note)s") % {"note": hand.note})
    return "; ".join(parts)


def local_time(stamp: str) -> str:
    """A stored UTC time (ISO, ``...Z``) in this computer's time zone: ``2026-03-01 20:20``."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return stamp
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def undo_words(line: HistoryLine) -> str:
    """What an undo takes back, in words: which hand, which change (``remi undo``, the phones).

    >>> from remi.scoresheet.sheet import HistoryLine
    >>> undo_words(HistoryLine(7, "rename", "", None, False, None, None, {"old": "Bogdi", "new": "Bogdan"}))
    'the rename of Bogdi to Bogdan'
    """
    from remi.i18n import gettext as _

    change = line.change or {}
    fields = {"number": line.number, "target": change.get("target") or _("no target"), "old": change.get("old"),
              "new": change.get("new")}
    return {
        "hand": _("hand %(number)s"),
        "fix": _("the correction of hand %(number)s"),
        "delete": _("the deletion of hand %(number)s"),
        "target": _("the target change to %(target)s"),
        "rename": _("the rename of %(old)s to %(new)s"),
    }[line.kind] % fields


def next_undo(lines: Sequence[HistoryLine]) -> HistoryLine | None:
    """The action an undo would take back now: the latest not undone that is no undo itself
    (as ``Store.undo`` picks it, ``scoresheet.sheet.undoable``)."""
    return next((h for h in reversed(lines) if h.kind != "undo" and not h.undone), None)


def _history_what(h: HistoryLine) -> tuple[str, str]:
    """An action in words, and what it entered or changed."""
    change = h.change or {}
    if h.kind == "target":
        return "target changed", f"target {change.get('target')}" if change.get("target") else "no target"
    if h.kind == "rename":
        return "renamed", f"{change.get('old')} → {change.get('new')}"
    what = {"hand": "recorded", "fix": "corrected", "delete": "struck out", "undo": f"undo of #{h.undoes}"}[h.kind]
    return what, ""


def render_history(con: Console, game: GameInfo, lines: Sequence[HistoryLine]) -> None:
    if not lines:
        con.print(f"{game.name}: nothing entered yet. Record the first hand with remi hand.")
        return
    table = Table(title=f"{game.name}: history")
    for col in ("#", "when", "what", "hand", "input"):
        table.add_column(col)
    for h in lines:
        what, changed = _history_what(h)
        style = "strike dim" if h.undone else ""
        table.add_row(str(h.seq), local_time(h.created_at), what + (" (undone)" if h.undone else ""),
                      str(h.number or ""), changed or describe_hand(h.hand, cards=not game.rules.is_closed), style=style)
    con.print(table)


def render_games(con: Console, sheets: Sequence[Sheet]) -> None:
    if not sheets:
        con.print("No games yet: start one with remi new --players Ana,Dan,Ion")
        return
    table = Table(title="games")
    for col in ("id", "name", "variant", "players", "hands", "status", "started"):
        table.add_column(col)
    for s in sheets:
        g = s.game
        if s.finished:
            status = "won by " + " and ".join(s.winners)
        elif s.rows:
            leader, total = s.standing()[0]
            status = f"open; {leader} leads ({total})" if g.rules.is_closed else f"open; {leader} best ({total})"
        else:
            status = "open, no hands yet"
        table.add_row(str(g.id), g.name, g.variant, ", ".join(g.players), str(len(s.rows)), status,
                      local_time(g.created_at))
    con.print(table)


def render_stats(con: Console, stats: Stats) -> None:
    """The players' standing across games, then who ended ahead of whom, game by game; as
    lines when the tables do not fit the terminal (a phone's 40 columns), never cut."""
    if not any(s.hands for s in stats.players):
        con.print("No hands yet: the statistics start with the first hand (remi hand).")
        return
    table = Table(title="players")
    for col in ("#", "player", "variant", "games", "won", "points", "hands", "closes", "avg/hand", "best hand",
                "best streak"):
        table.add_column(col, justify="right" if col not in ("player", "variant") else "left")
    for s in stats.players:
        table.add_row(str(s.rank), s.player, s.variant, str(s.games), str(s.games_won), str(s.points), str(s.hands),
                      str(s.closes), f"{s.average:.1f}", signed(s.best_hand) if s.hands else "", str(s.best_streak))
    duels = Table(title="head to head (games ended ahead)")
    for col in ("players", "variant", "games", "ahead", "even"):
        duels.add_column(col, justify="left" if col in ("players", "variant") else "right")
    for h in stats.head_to_head:
        duels.add_row(f"{h.a} – {h.b}", h.variant, str(h.games), f"{h.a_ahead} – {h.b_ahead}", str(h.even))
    unbounded = con.options.update_width(10_000)  # the least width: every word whole, headings wrapped
    if max(Measurement.get(con, unbounded, t).minimum for t in (table, duels)) <= con.width:
        con.print(table)
        if stats.head_to_head:
            con.print(duels)
        return
    con.print("[bold]Players[/]")
    for s in stats.players:
        closes = f"{s.closes} closed" if s.variant == "closed" else f"went out {plural(s.closes, 'time')}"  # SR-17
        con.print(f"{s.rank}. {s.player} ({s.variant}): {plural(s.games, 'game')}, {s.games_won} won, "
                  f"{s.points} points; {plural(s.hands, 'hand')}, {closes}, average {s.average:.1f}, "
                  f"best hand {signed(s.best_hand)}, best streak {s.best_streak}")
    if stats.head_to_head:
        con.print("[bold]Head to head[/] (games ended ahead)")
    for h in stats.head_to_head:
        con.print(f"{h.a} – {h.b} ({h.variant}): {plural(h.games, 'game')}, ahead {h.a_ahead}–{h.b_ahead}, "
                  f"even {h.even}")
