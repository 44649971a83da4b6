"""Rich rendering of sheets, history, games and stats (the CLI's side; no database here)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from remi.i18n import N_, current, gettext as _, listed, moment, ngettext, number, pgettext

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
        info.append(_("atu %(tile)s") % {"tile": h.atu})
        if h.nobody:
            info.append(_("Ø nobody closed"))
        elif row.board is not None:
            info.append(_("board %(points)s") % {"points": row.board})
        if _joker_close(row):
            info.append(_("joker close"))
        if h.atu_close:
            info.append(_("atu close"))
    else:
        info.append(_("out: %(name)s") % {"name": h.closer})
    if h.note:
        info.append(h.note)
    if row.after_end:
        info.append(_("after the end"))
    return ", ".join(info)


def _joker_close(row: SheetRow) -> bool:
    return row.discard is not None and row.discard.is_joker


def _marks(row: SheetRow) -> str:
    """A Closed Rummy hand's kind in marks: Ø nobody closed, J a joker close, A the atu pulled in."""
    return ("Ø" if row.hand.nobody else "") + ("J" if _joker_close(row) else "") + ("A" if row.hand.atu_close else "")


def _legend(sheet: Sheet, layout: str, rows: Sequence[SheetRow]) -> str:
    """The marks the sheet uses, explained; the kind's short marks when this layout shows them
    (in the reader's language: English on the CLI's own table, the chosen one on ``sheet --out``)."""
    from remi.i18n import gettext as _

    if not sheet.game.rules.is_closed:
        return _("★ went out")
    if layout == "wide":
        return _("★ closed  ×2/×4 doubled  T atu twin  Ø nobody closed")
    marks = "".join(_marks(row) for row in rows)
    kinds = [f"{mark} {_(words)}" for mark, words in (("J", N_("joker close")), ("A", N_("atu close")))
             if mark in marks]
    return " ".join([_("★ closed ×2/×4 doubled T twin Ø nobody closed"), *kinds])


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
    title = _("%(game)s: Closed Rummy") if closed else _("%(game)s: Simple rummy")
    table = Table(title=title % {"game": g.name}, caption=_legend(sheet, layout, shown), show_footer=True,
                  **({} if wide else compact))
    table.add_column("#", justify="right", footer=_("Total") if wide else "Σ")
    rounds = sheet.rounds_lost() if not closed else {}
    side_totals = sheet.side_totals()
    for side in g.sides:
        lost = ngettext("(%(count)d lost)", "(%(count)d lost)", rounds.get(side, 0)) % {"count": rounds.get(side, 0)}
        foot = f"{side_totals[side]}" + (f" {lost}" if not closed and not narrow else "")
        named = (headers or {}).get(side, side)
        header = Text(f"{named}  (Σ)" if wide else named, overflow="ellipsis", no_wrap=True)
        table.add_column(header, justify="right", footer=Text(foot, style="bold"))
    if wide:
        table.add_column(_("starter") if closed else _("dealer"), footer="")
    hand_column = layout in ("wide", "medium") or (layout == "lean" and closed)
    if hand_column:
        table.add_column(_("hand"), footer="", min_width=_HAND_MIN if wide else None)
    if hidden:
        note = ngettext("%(count)d earlier hand (--all)", "%(count)d earlier hands (--all)", hidden) % {"count": hidden}
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
    """Who stands where, the target or the limit, and how the game ended or who starts next."""
    g = sheet.game
    places = [f"{rank}. {side} {total}" for rank, side, total in ranked(sheet.standing())]
    standing = _("Standing: %(places)s") % {"places": ", ".join(places)}
    if len(standing) > width:  # a narrow terminal: one place a line, never one broken in two
        standing = "\n  ".join([_("Standing:"), *places])
    lines = [standing if sheet.rows else _("No hands yet.")]
    if g.rules.is_closed:
        lines.append(_("Target: ±%(target)s") % {"target": g.target} if g.target
                     else _("No target: play until the table stops."))
    else:
        lines.append(_("A side loses at %(limit)s.") % {"limit": sheet.limit})
    if sheet.finished:
        lines.append(f"[bold green]{game_over(sheet)}[/]")
        if any(r.after_end for r in sheet.rows):
            late = _("Hands after the end were recorded before a correction ended the game earlier.")
            lines.append(f"[red]{late}[/]")
    else:
        who = {"name": sheet.next_starter()}
        lines.append((_("Next starter: %(name)s") if g.rules.is_closed else _("Next dealer: %(name)s")) % who)
    return "\n".join(lines)


def game_over(sheet: Sheet) -> str:
    """``Game over after hand 7: Ana reached 1020 (target ±1000); Ana wins.`` in the reader's language."""
    fields = {"number": sheet.ended_at, "why": why_over(sheet), "who": listed(sheet.winners)}
    if not sheet.winners:
        return _("Game over after hand %(number)s: %(why)s; nobody wins.") % fields
    return ngettext("Game over after hand %(number)s: %(why)s; %(who)s wins.",
                    "Game over after hand %(number)s: %(why)s; %(who)s win.", len(sheet.winners)) % fields


def ranked(standing: Sequence[tuple[str, int]]) -> list[tuple[int, str, int]]:
    """Standing with ranks, equal totals sharing a rank: ``1. East+West 200, 1. North+South 200``."""
    out: list[tuple[int, str, int]] = []
    for i, (side, total) in enumerate(standing, 1):
        rank = out[-1][0] if out and out[-1][2] == total else i
        out.append((rank, side, total))
    return out


def why_over(sheet: Sheet, shown: Callable[[int], str] = str) -> str:
    """Why the game stopped where it did (CR-33; SR-21, SR-22), from the totals after that hand;
    ``shown`` writes a number (the reader's language's form on ``sheet --out``)."""
    from remi.i18n import gettext as _
    from remi.i18n import listed

    g = sheet.game
    row = sheet.row(sheet.ended_at or 1) or sheet.rows[0]
    totals = {side: sum(row.totals[p] for p in members) for side, members in g.sides.items()}
    reached = _("%(side)s reached %(total)s")
    if not g.rules.is_closed:
        over = [reached % {"side": side, "total": shown(t)} for side, t in totals.items() if t >= (sheet.limit or 0)]
        return _("%(sides)s (a side loses at %(limit)s)") % {"sides": listed(over), "limit": shown(sheet.limit or 0)}
    target = g.target or 0
    up = [reached % {"side": side, "total": shown(t)} for side, t in totals.items() if t >= target]
    down = [_("%(side)s fell to %(total)s") % {"side": side, "total": shown(t)}
            for side, t in totals.items() if t <= -target]
    return _("%(sides)s (target ±%(target)s)") % {"sides": listed(up + down), "target": shown(target)}


def hand_line(game: GameInfo, scores: Mapping[str, HandScore]) -> str:
    """Each player's score for one hand with its badges: ``Ana +100★, Bogdan -95``."""
    return ", ".join(f"{p} {signed(scores[p].score)}{score_badges(scores[p])}" for p in game.players)


def render_brief(con: Console, sheet: Sheet, message: str, number: int | None) -> None:
    """After a write: the hand's scores (if any), then the totals and the status."""
    con.print(_("%(game)s: %(done)s.") % {"game": f"[bold]{escape(sheet.game.name)}[/]", "done": escape(message)})
    row = sheet.row(number) if number is not None else None
    if row is not None:
        con.print(_("Hand %(number)s: %(scores)s") % {"number": number, "scores": hand_line(sheet.game, row.scores)})
    totals = ", ".join(f"{side} {total}" for side, total in sheet.side_totals().items())
    con.print(_("Totals: %(totals)s") % {"totals": totals})
    con.print(_status(sheet))


def describe_hand(hand: Any, *, cards: bool = False) -> str:
    """One line of what was entered; ``cards`` shows a Simple rummy hand in its words: who went
    out (SR-17) and their cards in card notation. In the reader's language (a phone's; the
    CLI's, remi.i18n)."""
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
    """A stored UTC time (ISO, ``...Z``) in this computer's time zone, as the reader's language
    writes it: ``2026-03-01 20:20`` in English, ``1 mar. 2026, 20:20:00`` in Romanian (``i18n.moment``)."""
    try:
        when = datetime.fromisoformat(stamp.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return stamp
    if current() == "en":
        return when.strftime("%Y-%m-%d %H:%M")
    return moment(when.isoformat())


def undo_words(line: HistoryLine) -> str:
    """What an undo takes back, in words: which hand, which change (``remi undo``, the phones).

    >>> from remi.scoresheet.sheet import HistoryLine
    >>> undo_words(HistoryLine(7, "rename", "", None, False, None, None, {"old": "Bogdi", "new": "Bogdan"}))
    'the rename of Bogdi to Bogdan'
    """
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
        target = change.get("target")
        return _("target changed"), _("target %(target)s") % {"target": target} if target else _("no target")
    if h.kind == "rename":
        return _("renamed"), f"{change.get('old')} → {change.get('new')}"
    if h.kind == "undo":
        return _("undo of #%(number)s") % {"number": h.undoes}, ""
    return {"hand": _("recorded"), "fix": _("corrected"), "delete": _("struck out")}[h.kind], ""


def render_history(con: Console, game: GameInfo, lines: Sequence[HistoryLine]) -> None:
    if not lines:
        con.print(_("%(game)s: nothing entered yet. Record the first hand with remi hand.") % {"game": game.name})
        return
    table = Table(title=_("%(game)s: history") % {"game": game.name})
    for col in ("#", _("when"), _("what"), _("hand"), _("input")):
        table.add_column(col)
    for h in lines:
        what, changed = _history_what(h)
        style = "strike dim" if h.undone else ""
        table.add_row(str(h.seq), local_time(h.created_at), what + (" " + _("(undone)") if h.undone else ""),
                      str(h.number or ""), changed or describe_hand(h.hand, cards=not game.rules.is_closed), style=style)
    con.print(table)


def render_games(con: Console, sheets: Sequence[Sheet]) -> None:
    if not sheets:
        con.print(_("No games yet: start one with remi new --players Ana,Dan,Ion"))
        return
    table = Table(title=_("games"))
    for col in (_("id"), _("name"), _("variant"), _("players"), _("hands"), _("status"), _("started")):
        table.add_column(col)
    for s in sheets:
        g = s.game
        table.add_row(str(g.id), g.name, variant_word(g.variant), ", ".join(g.players), str(len(s.rows)),
                      _game_status(s), local_time(g.created_at))
    con.print(table)


def variant_word(variant: str) -> str:
    """``closed`` / ``simple``, a game's variant as the games and stats show it (its --variant
    value), in the reader's language ("closed" is also the verb's msgid, hence a context)."""
    return pgettext("variant", "closed") if variant == "closed" else pgettext("variant", "simple")


def _game_status(s: Sheet) -> str:
    """Won by whom, who leads, or no hands yet (``remi games``)."""
    if s.finished:
        return _("won by %(names)s") % {"names": listed(s.winners)}
    if not s.rows:
        return _("open, no hands yet")
    leader, total = s.standing()[0]
    fields = {"name": leader, "total": total}
    return (_("open; %(name)s leads (%(total)s)") if s.game.rules.is_closed else _("open; %(name)s best (%(total)s)")) \
        % fields


def render_stats(con: Console, stats: Stats) -> None:
    """The players' standing across games, then who ended ahead of whom, game by game; as
    lines when the tables do not fit the terminal (a phone's 40 columns), never cut."""
    if not any(s.hands for s in stats.players):
        con.print(_("No hands yet: the statistics start with the first hand (remi hand)."))
        return
    table = Table(title=_("players"))
    for col in ("#", _("player"), _("variant"), _("games"), _("won"), _("points"), _("hands"), _("closes"),
                _("avg/hand"), _("best hand"), _("best streak")):
        table.add_column(col, justify="right" if col not in (_("player"), _("variant")) else "left")
    for s in stats.players:
        table.add_row(str(s.rank), s.player, variant_word(s.variant), str(s.games), str(s.games_won), str(s.points),
                      str(s.hands), str(s.closes), number(s.average, 1), signed(s.best_hand) if s.hands else "",
                      str(s.best_streak))
    duels = Table(title=_("head to head (games ended ahead)"))
    for col in (_("players"), _("variant"), _("games"), _("ahead"), _("even")):
        duels.add_column(col, justify="left" if col in (_("players"), _("variant")) else "right")
    for h in stats.head_to_head:
        duels.add_row(f"{h.a} – {h.b}", variant_word(h.variant), str(h.games), f"{h.a_ahead} – {h.b_ahead}",
                      str(h.even))
    unbounded = con.options.update_width(10_000)  # the least width: every word whole, headings wrapped
    if max(Measurement.get(con, unbounded, t).minimum for t in (table, duels)) <= con.width:
        con.print(table)
        if stats.head_to_head:
            con.print(duels)
        return
    _stats_lines(con, stats)


def _stats_lines(con: Console, stats: Stats) -> None:
    """The statistics one player (and one pair) a line, for a terminal too narrow for the tables."""
    con.print("[bold]" + _("Players") + "[/]")
    for s in stats.players:
        closes = (ngettext("%(count)d closed", "%(count)d closed", s.closes) if s.variant == "closed"
                  else ngettext("went out %(count)d time", "went out %(count)d times", s.closes)) % {"count": s.closes}
        fields = {"rank": s.rank, "player": s.player, "variant": variant_word(s.variant), "closes": closes,
                  "games": ngettext("%(count)d game", "%(count)d games", s.games) % {"count": s.games},
                  "won": s.games_won, "points": s.points, "average": number(s.average, 1),
                  "hands": ngettext("%(count)d hand", "%(count)d hands", s.hands) % {"count": s.hands},
                  "best": signed(s.best_hand), "streak": s.best_streak}
        con.print(_("%(rank)s. %(player)s (%(variant)s): %(games)s, %(won)s won, %(points)s points; %(hands)s, "
                    "%(closes)s, average %(average)s, best hand %(best)s, best streak %(streak)s") % fields)
    if stats.head_to_head:
        con.print("[bold]" + _("Head to head") + "[/] " + _("(games ended ahead)"))
    for h in stats.head_to_head:
        con.print(_("%(pair)s (%(variant)s): %(games)s, ahead %(ahead)s, even %(even)s") % {
            "pair": f"{h.a} – {h.b}", "variant": variant_word(h.variant), "even": h.even,
            "games": ngettext("%(count)d game", "%(count)d games", h.games) % {"count": h.games},
            "ahead": f"{h.a_ahead}–{h.b_ahead}"})
