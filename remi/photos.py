"""Tiles from a photo, for every command that takes one (``scan``, ``check --photo``, the sheet).

``read_photo_tiles`` reads the photo, shows what was read (a table of tiles and confidences)
and, at a terminal, asks the player to confirm or correct the tiles the model is unsure of.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from remi.engine import NotationError, Tile

if TYPE_CHECKING:
    from rich.console import Console

    from remi.vision.reader import Reading


def reading_table(reading: "Reading", title: str | None = None):
    from rich.table import Table

    table = Table(title=title, show_edge=False)
    table.add_column("#", justify="right")
    table.add_column("tile")
    table.add_column("confidence", justify="right")
    table.add_column("box (x1 y1 x2 y2)", style="dim")
    for i, d in enumerate(reading.detections, start=1):
        conf = f"{d.confidence:.0%}" + (" [bold red]?[/]" if d.low else "")
        table.add_row(str(i), str(d.tile), conf, " ".join(f"{v:.0f}" for v in d.box))
    return table


def interactive(console: "Console") -> bool:
    return console.is_terminal and sys.stdin.isatty()


def confirm_low(reading: "Reading", console: "Console") -> list[Tile | None]:
    """Ask about each low-confidence tile: Enter keeps it, a tile replaces it, '-' drops it."""
    from rich.prompt import Prompt

    out: list[Tile | None] = []
    for i, d in enumerate(reading.detections, start=1):
        if not d.low:
            out.append(d.tile)
            continue
        while True:
            answer = Prompt.ask(f"tile {i} looks like [bold]{d.tile}[/] ({d.confidence:.0%}); Enter keeps it, "
                                "type the right tile, or - if it is not a tile", console=console, default="")
            answer = answer.strip()
            if not answer:
                out.append(d.tile)
                break
            if answer == "-":
                out.append(None)
                break
            try:
                out.append(Tile.parse(answer))
                break
            except NotationError as exc:
                console.print(f"[red]{exc}[/]")
    return out


def read_photo_tiles(path: str | Path, *, console: "Console", confirm: bool | None = None) -> list[Tile]:
    """Read a photo's tiles in reading order, show them, and let the player fix unsure ones.

    ``confirm`` None asks only at a terminal. Raises ``vision.VisionError`` (a RemiError and
    ValueError) with a one-line reason for a bad photo or a photo with no tiles.
    """
    from remi.vision.errors import VisionError
    from remi.vision.reader import read_photo

    reading = read_photo(path)
    if not reading.detections:
        raise VisionError(f"{path}: no tiles found in the photo")
    console.print(reading_table(reading, title=f"read from {Path(path).name}"))
    if confirm is None:
        confirm = interactive(console)
    if confirm and any(d.low for d in reading.detections):
        tiles = [t for t in confirm_low(reading, console) if t is not None]
    else:
        tiles = reading.tiles
        n_low = sum(d.low for d in reading.detections)
        if n_low:
            console.print(f"[yellow]{n_low} tile(s) marked ? are unsure: check them against the photo[/]")
    if not tiles:
        raise VisionError(f"{path}: no tiles left after the corrections")
    return tiles
