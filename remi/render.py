"""Drawing tiles and formations with rich: cream tiles with coloured numbers, as on the table."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from rich.console import Console
from rich.segment import Segment
from rich.text import Text

from remi.engine import Formation, Tile

INK = ("grey3", "blue3", "red3", "dark_orange3")  # k b r y, as printed on real tiles
FACE = "on grey93"
SUIT_SYMBOL = "♠♣♥♦"  # k b r y as card suits
RANK = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def tile_text(tile: Tile, notation: str = "tile", *, plain: bool = False) -> Text:
    """One tile as a small coloured block: `` 7 `` in red ink on a cream face.

    ``plain`` (no colours: a pipe, a log, NO_COLOR) writes the notation instead, ``r7``.
    """
    if plain:
        return Text(tile.format(notation))  # type: ignore[arg-type]
    if tile.is_joker:
        return Text(" ☺ ", style=f"bold magenta {FACE}")
    if notation == "card":
        label = f"{RANK[tile.number - 1]}{SUIT_SYMBOL[tile.colour]}"
    else:
        label = str(tile.number)
    return Text(f" {label:>2} ", style=f"bold {INK[tile.colour]} {FACE}")


def tiles_text(tiles: Iterable[Tile], notation: str = "tile", *, plain: bool = False) -> Text:
    out = Text()
    for i, t in enumerate(tiles):
        if i:
            out.append(" ")
        out.append_text(tile_text(t, notation, plain=plain))
    return out


def formation_text(formation: Formation, notation: str = "tile", *, plain: bool = False) -> Text:
    return tiles_text(formation.tiles, notation, plain=plain)


def is_plain(console: Console) -> bool:
    """No colours on this console: tiles must say their colour in letters."""
    return console.no_color or console.color_system is None


def visible(text: str) -> str:
    """The text with each control, bidi or zero-width character written as its escape (``\\x1b``),
    line breaks kept: a name stored before the store checked names, or by another program,
    must not give the host's terminal orders (issue 27).

    >>> visible("Bo\\x1b[31m\\n"), visible("Ana")
    ('Bo\\\\x1b[31m\\n', 'Ana')
    """
    if text.isprintable():
        return text
    from remi.scoresheet.text import escape_of, unfit

    return "".join(escape_of(ch) if ch != "\n" and unfit(ch) else ch for ch in text)


def json_visible(text: str) -> str:
    """JSON text with the characters ``visible`` escapes written as JSON escapes (``\\u202e``):
    JSON escapes only the C0 controls itself; read back, the data is the same.

    >>> json_visible('{"name": "R\u202eana"}')
    '{"name": "R\\\\u202eana"}'
    """
    if text.isprintable():
        return text
    import json

    from remi.scoresheet.text import unfit

    return "".join(json.dumps(ch)[1:-1] if ch != "\n" and unfit(ch) else ch for ch in text)


class SafeConsole(Console):
    """A rich console whose text (not its own styling codes) is written ``visible``."""

    def render(self, renderable: Any, options: Any = None) -> Iterator[Segment]:
        for segment in super().render(renderable, options):
            if segment.control is None and not segment.text.isprintable():
                yield Segment(visible(segment.text), segment.style)
            else:
                yield segment
