"""The running totals as a PNG (matplotlib, imported here only).

Its words and the form of its numbers are the caller's (``PlotWords``): the command line
gives them in the reader's language (remi/sheet_picture.py's ``plot_words``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from remi.scoresheet.errors import SheetError
from remi.scoresheet.sheet import Sheet


@dataclass(frozen=True)
class PlotWords:
    """What the plot says: its title, its axes' labels, and how a number on an axis is written."""

    title: str
    hand: str = "hand"
    total: str = "total"
    number: Callable[[float], str] = "{:g}".format


def plot_totals(sheet: Sheet, out: Path, words: PlotWords | None = None) -> None:
    """One line a player (a team in Simple 2 vs 2): the total after each hand."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    if out.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise SheetError("sheet.plot_suffix", path=str(out))
    words = words or PlotWords(f"{sheet.game.name}: running totals")
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    hands = list(range(len(sheet.rows) + 1))
    for side, members in sheet.game.sides.items():
        ys = [0] + [sum(r.totals[p] for p in members) for r in sheet.rows]
        ax.plot(hands, ys, marker="o", markersize=3, label=side)
    if sheet.game.target:
        for y in (sheet.game.target, -sheet.game.target):
            ax.axhline(y, color="grey", linestyle="--", linewidth=0.8)
    if sheet.limit:
        ax.axhline(sheet.limit, color="grey", linestyle="--", linewidth=0.8)
    ax.set_xlabel(words.hand)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # hands are whole: no tick at 0.5
    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _pos: words.number(value)))
    ax.set_ylabel(words.total)
    ax.set_title(words.title)
    ax.grid(True, alpha=0.3)
    ax.legend()
    try:
        fig.savefig(out)
    except OSError as exc:
        raise SheetError("sheet.cannot_write", path=str(out), reason=exc.strerror) from None
    finally:
        plt.close(fig)
