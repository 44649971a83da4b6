"""The running totals as a PNG (matplotlib, imported here only)."""

from __future__ import annotations

from pathlib import Path

from remi.scoresheet.errors import SheetError
from remi.scoresheet.sheet import Sheet


def plot_totals(sheet: Sheet, out: Path) -> None:
    """One line a player (a team in Simple 2 vs 2): the total after each hand."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    if out.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise SheetError("sheet.plot_suffix", path=str(out))
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
    ax.set_xlabel("hand")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))  # hands are whole: no tick at 0.5
    ax.set_ylabel("total")
    ax.set_title(f"{sheet.game.name}: running totals")
    ax.grid(True, alpha=0.3)
    ax.legend()
    try:
        fig.savefig(out)
    except OSError as exc:
        raise SheetError("sheet.cannot_write", path=str(out), reason=exc.strerror) from None
    finally:
        plt.close(fig)
