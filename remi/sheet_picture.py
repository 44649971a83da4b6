"""The sheet to share: ``remi sheet --out sheet.png`` (a picture for the group chat) or
``--out sheet.html`` (one self-contained page), both laid out for a phone's narrow screen.

Each hand is a row: its number over its atu and kind (``r1 J``, ``* Ø``), then each side's
score with its badges over the running total; the totals, the standing (equal totals share a
place), the game's state and the legend of the marks follow.
matplotlib is imported for the picture only.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from remi.sheet_render import atu_and_marks, badges, legend, ranked, signed, why_over

if TYPE_CHECKING:
    from remi.scoresheet.sheet import Sheet, SheetRow

FORMATS = (".png", ".html")


def write_sheet(sheet: Sheet, out: Path) -> None:
    """Write the sheet as a picture (.png) or a page (.html); SheetError for another suffix."""
    from remi.scoresheet.errors import SheetError

    suffix = out.suffix.lower()
    if suffix not in FORMATS:
        raise SheetError("cli.sheet_suffix", path=str(out))
    try:
        if suffix == ".html":
            out.write_text(sheet_html(sheet), encoding="utf-8")
        else:
            _png(sheet, out)
    except OSError as exc:
        raise SheetError("cli.cannot_write", path=str(out), reason=exc.strerror) from None


def _cells(sheet: Sheet, row: SheetRow) -> list[tuple[str, str, int]]:
    """Each side's (score with badges, running total, sign of the score) for one hand."""
    out = []
    for members in sheet.game.sides.values():
        score = sum(row.scores[p].score for p in members)
        total = sum(row.totals[p] for p in members)
        shown = signed(score) if sheet.game.rules.is_closed else str(score)
        sign = (score > 0) - (score < 0) if sheet.game.rules.is_closed else -(score > 0)
        out.append((shown + "".join(badges(row, p) for p in members), str(total), sign))
    return out


def summary_lines(sheet: Sheet) -> list[str]:
    """The standing and the game's state, in words."""
    g = sheet.game
    if not sheet.rows:
        return ["No hands yet."]
    lines = ["Standing: " + ", ".join(f"{rank}. {side} {total}"
                                      for rank, side, total in ranked(sheet.standing()))]
    if sheet.finished:
        who = " and ".join(sheet.winners) or "nobody"
        lines.append(f"Game over after hand {sheet.ended_at}: {why_over(sheet)}; "
                     f"{who} {'win' if len(sheet.winners) > 1 else 'wins'}.")
    elif g.rules.is_closed:
        lines.append(f"Target ±{g.target}." if g.target else "No target.")
    else:
        lines.append(f"A side loses at {sheet.limit}.")
    return lines


_CSS = """
body { font: 16px/1.3 system-ui, sans-serif; margin: 0.5em; color: #222; background: #fff; }
h1 { font-size: 1.2em; margin: 0.2em 0 0.5em; }
.wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { padding: 0.25em 0.4em; text-align: right; border-bottom: 1px solid #ddd; white-space: nowrap; }
th { position: sticky; top: 0; background: #f4f1e8; }
td small, th small { display: block; color: #777; } th small { font-weight: 400; font-size: .75em; }
.plus { color: #187a2f; } .minus { color: #b3261e; }
tfoot td { font-weight: bold; border-top: 2px solid #555; }
p { margin: 0.4em 0; }
"""


def sheet_html(sheet: Sheet) -> str:
    """One page, no outside files: the sheet's table, its totals and standing, readable on a phone."""
    g = sheet.game
    e = html.escape
    head = "".join(f"<th>{e(side)}</th>" for side in g.sides)
    body = []
    for row in sheet.rows:
        cells = "".join(f'<td class="{"plus" if sign > 0 else "minus" if sign < 0 else ""}">{e(score)}'
                        f"<small>{e(total)}</small></td>" for score, total, sign in _cells(sheet, row))
        kind = f"<small>{e(atu_and_marks(row))}</small>" if g.rules.is_closed else ""
        body.append(f"<tr><th>{row.number}{kind}</th>{cells}</tr>")
    foot = "".join(f"<td>{total}</td>" for total in sheet.side_totals().values())
    variant = "Closed Rummy" if g.rules.is_closed else "Simple rummy"
    marks = legend(sheet, sheet.rows)
    lines = "".join(f"<p>{e(line)}</p>" for line in summary_lines(sheet))
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{e(g.name)}: {variant}</title><style>{_CSS}</style></head>\n<body>\n"
            f"<h1>{e(g.name)} <small>{variant}</small></h1>\n"
            f'<div class="wrap"><table><thead><tr><th>#</th>{head}</tr></thead>\n<tbody>\n' + "\n".join(body)
            + f"\n</tbody><tfoot><tr><td>Σ</td>{foot}</tr></tfoot></table></div>\n"
            f"{lines}<p><small>{e(marks)}</small></p>\n</body></html>\n")


def _png(sheet: Sheet, out: Path) -> None:
    """The sheet drawn as a picture 1080 pixels wide (a phone's screen), one row per hand."""
    import matplotlib.pyplot as plt

    fig = sheet_figure(sheet)
    try:
        fig.savefig(out, dpi=fig.dpi)
    finally:
        plt.close(fig)


def sheet_figure(sheet: Sheet) -> Any:
    """The picture's matplotlib figure: each hand's number over its atu and kind, the scores,
    the totals, the standing and the legend."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    g = sheet.game
    closed = g.rules.is_closed
    sides = list(g.sides)
    lines = [*summary_lines(sheet), legend(sheet, sheet.rows)]
    rows = len(sheet.rows)
    width, dpi = 5.4, 200  # inches: 1080 pixels
    row_h = 0.42
    height = 0.8 + row_h * (rows + 2) + 0.3 * len(lines)
    fig = plt.figure(figsize=(width, height), dpi=dpi)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.axis("off")
    first = 0.55
    col = (width - first - 0.1) / max(len(sides), 1)
    xs = [first + col * (i + 1) for i in range(len(sides))]
    ax.text(0.1, 0.4, f"{g.name}: {'Closed Rummy' if closed else 'Simple rummy'}", fontsize=12,
            weight="bold", va="center")
    y = 0.9
    ax.text(first - 0.1, y, "#", ha="right", va="center", fontsize=9, color="#555")
    for x, side in zip(xs, sides):
        ax.text(x - 0.08, y, side if len(side) <= 14 else side[:13] + "…", ha="right", va="center", fontsize=9,
                weight="bold")
    for i, row in enumerate(sheet.rows):
        y = 0.9 + row_h * (i + 1)
        if i % 2 == 0:
            ax.axhspan(y - row_h / 2, y + row_h / 2, color="#f4f1e8", zorder=0)
        ax.text(first - 0.1, y - 0.07, str(row.number), ha="right", va="center", fontsize=9, color="#555")
        if closed:  # the atu and the hand's kind (Ø nobody closed, J joker close) under its number
            ax.text(first - 0.1, y + 0.12, atu_and_marks(row), ha="right", va="center", fontsize=6.5, color="#555")
        for x, (score, total, sign) in zip(xs, _cells(sheet, row)):
            colour = "#187a2f" if sign > 0 else "#b3261e" if sign < 0 else "#222"
            ax.text(x - 0.08, y - 0.07, score, ha="right", va="center", fontsize=9, color=colour)
            ax.text(x - 0.08, y + 0.12, total, ha="right", va="center", fontsize=7, color="#777")
    y = 0.9 + row_h * (rows + 1)
    ax.axhline(y - row_h / 2, color="#555", linewidth=1)
    ax.text(first - 0.1, y, "Σ", ha="right", va="center", fontsize=10, weight="bold")
    for x, total in zip(xs, sheet.side_totals().values()):
        ax.text(x - 0.08, y, str(total), ha="right", va="center", fontsize=10, weight="bold")
    for j, line in enumerate(lines):
        ax.text(0.1, y + 0.45 + 0.3 * j, line, fontsize=7.5, va="center", wrap=True)
    return fig
