"""What ``remi check`` shows: the rack, the best board formation by formation, or why not."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from remi.engine import CloseResult, Rules, Tile, atu_multiplier, sort_key
from remi.engine.words import notation_for
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


def render_check(console: Console, result: CloseResult, rules: Rules, atu: Tile | None) -> None:
    n = notation_for(rules.variant)
    w = rules.words  # Simple rummy: a hand of cards that goes out (SR-4, SR-17)
    plain = is_plain(console)
    rack = sorted(result.rack, key=sort_key)
    head = Text(f"{w.holding.capitalize()}  ", style="bold")
    head.append_text(tiles_text(rack, n, plain=plain))
    if atu is not None:
        head.append("   atu ", style="bold")
        head.append_text(tiles_text([atu], n, plain=plain))
    console.print(head)
    best = result.best
    if best is None:
        console.print(Text(f"Cannot {w.close}: {result.reason}.", style="bold red"))
        if result.formations:
            console.print("Closest arrangement:")
            for f in result.formations:
                console.print(Text("  ").append_text(formation_text(f, n, plain=plain)))
            if result.loose:  # all in formations, none to throw: the reason says so, no empty line
                console.print(Text("  loose ").append_text(tiles_text(result.loose, n, plain=plain)))
        return
    title = w.closes.capitalize() + (" with the atu" if result.with_atu else "")
    table = Table(title=title, title_justify="left", show_edge=False, box=None, padding=(0, 2))
    table.add_column(w.formation)
    table.add_column("kind")
    if rules.is_closed:
        table.add_column("points", justify="right")
    for f in best.formations:
        row = [formation_text(f, n, plain=plain), f.kind]
        if rules.is_closed:
            row.append(str(f.value(rules)))
        table.add_row(*row)
    console.print(table)
    throw = Text("Throw ", style="bold").append_text(tiles_text([best.discard], n, plain=plain))
    console.print(throw)
    if rules.is_closed:
        pay = f"Board {best.board}"
        if best.doubled:
            pay += f", doubled by the {'joker' if best.discard.is_joker else 'ace'} thrown: {best.points}"
        console.print(Text(pay + " points.", style="bold green"))
        doubled = atu_multiplier(atu, rules)
        if doubled > 1:  # the sheet's part (CR-26), not the board's: said, so that nobody doubles it twice
            console.print(f"On the sheet the atu {atu.format(n) if atu else ''} doubles it (CR-26): "
                          f"+{best.points * doubled} for the closer.")
    else:
        console.print(Text(f"Every opponent takes {rules.loser_points} (SR-20).", style="bold green"))
