"""What ``remi check`` shows: the rack, the best board formation by formation, or why not."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from remi.engine import Close, CloseResult, Rules, Tile, atu_multiplier, sort_key
from remi.engine.words import notation_for
from remi.i18n import N_, gettext as _, pgettext, said
from remi.render import formation_text, is_plain, tiles_text


def check_json(result: CloseResult, rules: Rules, atu: Tile | None) -> dict[str, Any]:
    n = notation_for(rules.variant)
    best = result.best
    return {
        "variant": rules.variant,
        "rack": [t.format(n) for t in result.rack],
        "atu": atu.format(n) if atu else None,
        "can_close": result.can_close,
        "with_atu": result.with_atu and result.can_close,
        "discard": best.discard.format(n) if best else None,
        "formations": [[t.format(n) for t in f.tiles] for f in (best.formations if best else result.formations)],
        "points": best.points if best else 0,
        "board": best.board if best else 0,
        "doubled": bool(best and best.doubled),
        "loose": [t.format(n) for t in result.loose],
        "reason": result.reason or None,
    }


#: a formation's kind in words (engine.formations' kinds: "run", "set"; docs/glossary.md)
KINDS = {"run": N_("run"), "set": N_("set")}


def render_check(console: Console, result: CloseResult, rules: Rules, atu: Tile | None) -> None:
    """The rack, then its best close (``_render_close``) or why it does not close, in the
    reader's language; Simple rummy in its own words: a hand of cards that goes out (SR-4, SR-17)."""
    n = notation_for(rules.variant)
    plain = is_plain(console)
    rack = sorted(result.rack, key=sort_key)
    head = Text((_("Rack") if rules.is_closed else pgettext("cards held", "Hand")) + "  ", style="bold")
    head.append_text(tiles_text(rack, n, plain=plain))
    if atu is not None:
        head.append("   " + _("atu") + " ", style="bold")
        head.append_text(tiles_text([atu], n, plain=plain))
    console.print(head)
    if result.best is None:
        reason = said(result.why) if result.why is not None else result.reason
        cannot = _("Cannot close: %(reason)s.") if rules.is_closed else _("Cannot go out: %(reason)s.")
        console.print(Text(cannot % {"reason": reason}, style="bold red"))
        if result.formations:
            console.print(_("Closest arrangement:"))
            for f in result.formations:
                console.print(Text("  ").append_text(formation_text(f, n, plain=plain)))
            if result.loose:  # all in formations, none to throw: the reason says so, no empty line
                console.print(Text("  " + _("loose") + " ").append_text(tiles_text(result.loose, n, plain=plain)))
        return
    _render_close(console, result, result.best, rules, atu)


def _render_close(console: Console, result: CloseResult, best: Close, rules: Rules, atu: Tile | None) -> None:
    """The best close: its formations, the throw and what it pays (Closed Rummy) or costs (Simple)."""
    n = notation_for(rules.variant)
    plain = is_plain(console)
    if rules.is_closed:
        title = _("Closes with the atu") if result.with_atu else _("Closes")
    else:
        title = _("Goes out")
    table = Table(title=title, title_justify="left", show_edge=False, box=None, padding=(0, 2))
    table.add_column(_("formation") if rules.is_closed else _("meld"))
    table.add_column(_("kind"))
    if rules.is_closed:
        table.add_column(_("points"), justify="right")
    for f in best.formations:
        row = [formation_text(f, n, plain=plain), _(KINDS[f.kind])]
        if rules.is_closed:
            row.append(str(f.value(rules)))
        table.add_row(*row)
    console.print(table)
    console.print(Text(_("Throw") + " ", style="bold").append_text(tiles_text([best.discard], n, plain=plain)))
    if not rules.is_closed:
        console.print(Text(_("Every opponent takes %(points)s (SR-20).") % {"points": rules.loser_points},
                           style="bold green"))
        return
    fields = {"board": best.board, "points": best.points}
    if not best.doubled:
        pay = _("Board %(board)s points.")
    elif best.discard.is_joker:
        pay = _("Board %(board)s, doubled by the joker thrown: %(points)s points.")
    else:
        pay = _("Board %(board)s, doubled by the ace thrown: %(points)s points.")
    console.print(Text(pay % fields, style="bold green"))
    doubled = atu_multiplier(atu, rules)
    if doubled > 1 and atu is not None:  # the sheet's part (CR-26), not the board's: said, so that nobody doubles it twice
        console.print(_("On the sheet the atu %(atu)s doubles it (CR-26): +%(points)s for the closer.")
                      % {"atu": atu.format(n), "points": best.points * doubled})
