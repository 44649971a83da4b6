"""Tiles and cards as the pages draw them: cream tiles with coloured numbers, as on the table
(the same inks as the terminal's, ``remi.render``), and the tap keyboard's keys.

>>> str(chip(Tile.parse("r7")))
'<span class="t c2" title="r7">7</span>'
>>> str(chip(Tile.parse("Qs"), "card"))
'<span class="t c0" title="Qs">Q<small>♠</small></span>'
>>> [k["code"] for k in keyboard("tile")[0][:3]]
['k1', 'k2', 'k3']
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from markupsafe import Markup, escape

from remi.engine import JOKER, NotationError, Tile, parse_tiles, sort_key
from remi.engine.words import notation_for

SUIT_SYMBOL = "♠♣♥♦"  # k b r y as card suits (docs/rules.md 0.12)
RANK = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
COLOUR_WORD = ("black", "blue", "red", "yellow")


def label(tile: Tile, notation: str = "tile") -> Markup:
    if tile.is_joker:
        return Markup("☺")
    if notation == "card":
        return Markup(f"{RANK[tile.number - 1]}<small>{SUIT_SYMBOL[tile.colour]}</small>")
    return Markup(str(tile.number))


def chip(tile: Tile, notation: str = "tile", extra: str = "") -> Markup:
    """One tile as a small cream block with its number in the tile's ink."""
    ink = "j" if tile.is_joker else f"c{tile.colour}"
    code = tile.format(notation)  # type: ignore[arg-type]
    cls = f"t {ink}" + (f" {extra}" if extra else "")
    return Markup(f'<span class="{cls}" title="{escape(code)}">{label(tile, notation)}</span>')


def chips(tiles: Iterable[Tile] | str | None, notation: str = "tile") -> Markup:
    """A row of tiles; text is parsed first (a bad token shows as typed)."""
    if tiles is None:
        return Markup("")
    if isinstance(tiles, str):
        try:
            tiles = parse_tiles(tiles)
        except NotationError:
            return Markup(escape(tiles))
    return Markup(" ").join(chip(t, notation) for t in tiles)


def keyboard(notation: str) -> list[list[dict[str, Any]]]:
    """The keys: one row per colour (suit), 1-13 (A-K); the joker is drawn apart."""
    rows = []
    for colour in range(4):
        rows.append([{"code": Tile.of(colour, n).format(notation), "html": chip(Tile.of(colour, n), notation),
                      "name": f"{COLOUR_WORD[colour]} {n}"} for n in range(1, 14)])  # type: ignore[arg-type]
    return rows


def joker_key() -> dict[str, Any]:
    return {"code": "*", "html": chip(JOKER), "name": "joker"}


def sorted_tiles(tiles: Iterable[Tile]) -> list[Tile]:
    return sorted(tiles, key=sort_key)


def signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def template_globals() -> dict[str, Any]:
    return {"chip": chip, "chips": chips, "keyboard": keyboard, "joker_key": joker_key,
            "notation_for": notation_for}


def template_filters() -> dict[str, Any]:
    return {"signed": signed}
