"""Tiles from a photo, for every command that takes one (``scan``, ``check --photo``, the sheet).

The tiles read are numbered in reading order (the numbers drawn by ``--annotate`` too) and
corrected in one step: ``--fix 3=r1`` changes tile 3, ``--fix 7=-`` drops it (not a tile),
``--fix +=k5`` adds a tile the reader missed (``+=k5@x1,y1,x2,y2`` with its box). At a
terminal one prompt takes the same fixes, and Enter accepts everything. A bad fix is one line
naming it, before anything is written. A corrected photo is kept as labelled data (for
``remi vision adapt``) only when the user says so: ``--keep``, or a yes at the terminal.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from remi.engine import NotationError, Tile

if TYPE_CHECKING:
    from rich.console import Console

    from remi.vision.images import Photo
    from remi.vision.reader import Reader, Reading

FIX_HELP = ("Correct tile N of the reading: N=r7 changes it, N=- drops it (not a tile), +=r7 adds a tile "
            "it missed (+=r7@x1,y1,x2,y2 with its box). Repeat for each tile.")
KEEP_HELP = "Keep the photo and its corrected tiles in your data folder, to teach remi your set (remi vision adapt)."
PROMPT = "Fix: N=TILE, N=- or +=TILE (e.g. 3=r1 7=-); Enter accepts all"
_FIX = re.compile(r"^\s*(\d+|\+)\s*=\s*([^@\s]+)\s*(?:@\s*([-\d.,\s]+))?\s*$")
Box = tuple[float, float, float, float]


class FixError(ValueError):
    """A fix that cannot apply: one line naming it (exit 2 through remi.errors)."""


@dataclass(frozen=True)
class Fix:
    text: str  # as the user typed it, for messages
    number: int | None  # the tile's number in the reading; None adds a tile
    tile: Tile | None  # None drops the tile
    box: Box | None = None  # an added tile's box, when given


@dataclass(frozen=True)
class Entry:
    """One tile of a corrected reading."""

    tile: Tile
    box: Box | None
    number: int | None  # its number in the reading (None: added by hand)
    confidence: float | None
    read: Tile | None  # what the reader said, where a fix changed it

    @property
    def fixed(self) -> bool:
        return self.number is None or self.read is not None


@dataclass(frozen=True)
class Corrected:
    entries: tuple[Entry, ...]
    dropped: tuple[int, ...]  # numbers of the boxes the user said are no tile

    @property
    def tiles(self) -> list[Tile]:
        return [e.tile for e in self.entries]

    @property
    def changed(self) -> bool:
        return bool(self.dropped) or any(e.fixed for e in self.entries)


def parse_fix(text: str, option: str = "--fix") -> Fix:
    """One fix as typed; FixError naming it when it is not one.

    >>> parse_fix("3=r1"), parse_fix("7=-").tile, parse_fix("+=k5@10,20,40,60").box
    (Fix(text='3=r1', number=3, tile=Tile.parse('r1'), box=None), None, (10.0, 20.0, 40.0, 60.0))
    >>> parse_fix("3:r1")
    Traceback (most recent call last):
    remi.photos.FixError: --fix 3:r1: write N=TILE (3=r7), N=- (drop tile N) or +=TILE (a missed tile)
    """
    name = f"{option}{text}" if option.endswith(":") else f"{option} {text}".strip()
    m = _FIX.match(text)
    if not m:
        raise FixError(f"{name}: write N=TILE (3=r7), N=- (drop tile N) or +=TILE (a missed tile)")
    where, what, at = m.groups()
    if what == "-" and where == "+":
        raise FixError(f"{name}: +=TILE adds a tile; N=- drops tile N")
    try:
        tile = None if what == "-" else Tile.parse(what)
    except NotationError as exc:
        raise FixError(f"{name}: {exc}") from None
    box = None
    if at is not None:
        if where != "+":
            raise FixError(f"{name}: only an added tile (+=TILE@x1,y1,x2,y2) takes a box")
        try:
            x1, y1, x2, y2 = (float(v) for v in at.replace(",", " ").split())
        except ValueError:
            raise FixError(f"{name}: the box is x1,y1,x2,y2 in pixels of the photo") from None
        if not (x2 > x1 and y2 > y1):
            raise FixError(f"{name}: the box x1,y1,x2,y2 needs x2 > x1 and y2 > y1")
        box = (x1, y1, x2, y2)
    return Fix(text.strip(), None if where == "+" else int(where), tile, box)


def parse_fixes(values: list[str] | tuple[str, ...] | None, option: str = "--fix") -> list[Fix]:
    """Every fix, checked alone and against the others (one fix per tile number)."""
    fixes = [parse_fix(v, option) for v in values or []]
    seen: dict[int, str] = {}
    sep = "" if option.endswith(":") else " "
    for f in fixes:
        if f.number is not None:
            if f.number in seen:
                raise FixError(f"{option}{sep}{seen[f.number]} and {option}{sep}{f.text}: two fixes for tile {f.number}".strip())
            seen[f.number] = f.text
    return fixes


def numbered(reading: "Reading") -> list:
    """Every box a fix can name: the tiles (1..n), then the boxes set aside as probably no tile
    (n+1..), which a fix counts as tiles (``16=k5``)."""
    return list(reading.detections) + list(getattr(reading, "set_aside", ()))


def _range(reading: "Reading") -> str:
    n, m = len(reading.detections), len(numbered(reading)) - len(reading.detections)
    text = f"the photo has {n} tile{'s' if n != 1 else ''}" + (f", numbered 1-{n}" if n > 1 else ", number 1" if n else "")
    return text + (f", and {m} set aside, numbered {n + 1}-{n + m}" if m > 1 else f", and 1 set aside, number {n + 1}" if m else "")


def apply_fixes(reading: "Reading", fixes: list[Fix], option: str = "--fix") -> Corrected:
    """The reading with the fixes applied; FixError naming a fix that names no box or
    makes a third tile of a kind (the deck has two of each, and two jokers). A fix naming a
    set-aside box with a tile counts that box as the tile."""
    boxes = numbered(reading)
    n = len(reading.detections)
    by_number = {f.number: f for f in fixes if f.number is not None}
    sep = "" if option.endswith(":") else " "
    for f in by_number.values():
        if not 1 <= f.number <= len(boxes):  # type: ignore[operator]
            raise FixError(f"{option}{sep}{f.text}: {_range(reading)}")
    entries: list[Entry] = []
    dropped: list[int] = []
    for i, d in enumerate(boxes, start=1):
        f = by_number.get(i)
        if i > n:  # set aside: counted only when a fix names its tile
            if f is not None and f.tile is not None:
                entries.append(Entry(f.tile, d.box, i, d.confidence, d.tile))
        elif f is None:
            entries.append(Entry(d.tile, d.box, i, d.confidence, None))
        elif f.tile is None:
            dropped.append(i)
        else:
            entries.append(Entry(f.tile, d.box, i, d.confidence, d.tile if f.tile != d.tile else None))
    entries += [Entry(f.tile, f.box, None, None, None) for f in fixes if f.number is None and f.tile is not None]
    counts: dict[Tile, int] = {}
    for e in entries:
        counts[e.tile] = counts.get(e.tile, 0) + 1
    for f in fixes:
        if f.tile is not None and counts[f.tile] > 2:
            raise FixError(f"{option}{sep}{f.text}: that makes {counts[f.tile]} of {f.tile}; the set has 2")
    return Corrected(tuple(entries), tuple(dropped))


def corrected_dict(reading: "Reading", corrected: Corrected) -> dict:
    """``remi scan --json``: the tiles as corrected (a fixed tile says what was read), the
    numbers dropped, and the photo's size. Its ``tiles`` are a truth file's (vision.labels)."""
    tiles = []
    for e in corrected.entries:
        if e.number is None:
            tiles.append({"tile": str(e.tile), "box": None if e.box is None else [round(v, 1) for v in e.box],
                          "fixed": True})
            continue
        d = numbered(reading)[e.number - 1].as_dict()
        d.update(tile=str(e.tile), number=e.number, fixed=e.fixed)
        if e.read is not None:
            d["read"] = str(e.read)
        tiles.append(d)
    counted = {e.number for e in corrected.entries}
    n = len(reading.detections)
    aside = [{**d.as_dict(), "number": i} for i, d in enumerate(numbered(reading)[n:], n + 1) if i not in counted]
    return {"tiles": tiles, "dropped": list(corrected.dropped), "set_aside": aside, "width": reading.width,
            "height": reading.height}


def dumps(data: dict) -> str:
    """JSON indented for reading, each box on one line.

    >>> print(dumps({"tiles": [{"tile": "r7", "box": [1.5, 2, 30, 40]}]}))
    {
      "tiles": [
        {
          "tile": "r7",
          "box": [1.5, 2, 30, 40]
        }
      ]
    }
    """
    import json

    text = json.dumps(data, indent=2, ensure_ascii=False)
    return re.sub(r"\[\s+(-?[\d.e+-]+(?:,\s+-?[\d.e+-]+)*)\s+\]",
                  lambda m: "[" + ", ".join(v.strip() for v in m.group(1).split(",")) + "]", text)


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


def unsure_lines(reading: "Reading") -> list[str]:
    """The reads that need a look, by number, with the reason and the runner-up kinds; then
    the boxes set aside as probably no tile, numbered after the tiles (a fix counts one)."""
    lines = []
    for i, d in enumerate(reading.detections, 1):
        if not d.low:
            continue
        reason = getattr(d, "uncertain", "")  # vision.reader says why, with its runner-ups
        if not reason:
            others = ", ".join(f"{t} {p:.0%}" for t, p in getattr(d, "alternatives", ())[:2])
            reason = "the reader is unsure" + (f"; or {others}" if others else "")
        lines.append(f"? {i} {d.tile} ({d.confidence:.0%}): {reason}")
    n = len(reading.detections)
    for i, d in enumerate(numbered(reading)[n:], n + 1):
        box = " ".join(f"{v:.0f}" for v in d.box)
        lines.append(f"set aside {i}, not counted: {getattr(d, 'uncertain', '') or 'probably not a tile'} "
                     f"(box {box}; if it is a tile: {i}={d.tile})")
    return lines


def interactive(console: "Console") -> bool:
    return console.is_terminal and sys.stdin.isatty()


def ask_fixes(reading: "Reading", console: "Console") -> Corrected:
    """One quick pass at the terminal: the fixes on one line, Enter accepts everything."""
    from rich.prompt import Prompt

    while True:
        answer = Prompt.ask(PROMPT, console=console, default="", show_default=False).strip()
        try:
            return apply_fixes(reading, parse_fixes(answer.replace(",", " ").split(), option=""), option="")
        except FixError as exc:
            console.print(f"[red]{str(exc).strip()}[/] (try again, or Enter to accept the tiles as read)")


@dataclass(frozen=True)
class Review:
    """What a photo came to: the reading, its corrections, and where it was kept (if it was)."""

    reading: "Reading"
    corrected: Corrected
    kept: Path | None


def read(path: str | Path, models: Path | None = None,
         expect: tuple[int, int] | None = None) -> tuple["Photo", "Reading"]:
    """Decode a photo (reduced when large) and read it; boxes in the photo's own pixels.
    ``expect`` (fewest, most tiles) lets the reader weigh borderline boxes (vision.reader)."""
    from remi.vision.images import load_photo, to_photo_pixels
    from remi.vision.reader import Reader, models_dir

    key = Path(models or models_dir()).resolve()
    if key not in _READERS:
        _READERS[key] = Reader(key)
    photo = load_photo(path)
    reading = _READERS[key].read(photo.image, expect=expect) if expect else _READERS[key].read(photo.image)
    return photo, to_photo_pixels(reading, photo)


_READERS: dict[Path, "Reader"] = {}


def review(path: Path, reading: "Reading", console: "Console", *, fixes: list[Fix],
           ask: bool, keep: bool | None, say_corrected: bool = True, option: str = "--fix") -> Review:
    """Show the reading, apply the fixes (or ask for them at a terminal) and keep the photo
    as labelled data when the user says so (``keep`` True, or a yes when ``keep`` is None
    after a correction typed at the terminal's prompt)."""
    from remi.vision.labels import keep as keep_photo, truth_dict

    corrected = apply_fixes(reading, fixes, option)  # a bad fix stops here: nothing shown or written
    console.print(reading_table(reading, title=f"{len(reading.detections)} tiles read from {path.name}"))
    for line in unsure_lines(reading):
        console.print(f"[yellow]{line}[/]", highlight=False)
    asked = ask and not fixes
    if asked:
        corrected = ask_fixes(reading, console)
    if corrected.changed and say_corrected:
        console.print("corrected: [bold]" + " ".join(str(t) for t in corrected.tiles) + "[/]")
    # Offered only after fixes typed at the prompt: whoever fixes on the command line says --keep.
    if keep is None and asked and corrected.changed:
        from rich.prompt import Confirm

        keep = Confirm.ask("Keep this photo and its corrected tiles to teach remi your set (remi vision adapt)?",
                           console=console, default=False)
    kept = None
    if keep:
        entries = corrected.entries
        kept = keep_photo(path, truth_dict([e.tile for e in entries], [e.box for e in entries]))
        console.print(f"kept for remi vision adapt: {kept}")
    return Review(reading, corrected, kept)


def route_photo_fixes(values: list[str] | None, board_photo: bool, rack_names: list[str]) -> dict[str | None, list[str]]:
    """The sheet's ``--photo-fix [NAME:]N=TILE`` sorted by photo: NAME's rack photo, or (no
    NAME) the board photo, or the only photo given. FixError naming a fix with no photo.

    >>> route_photo_fixes(["3=r1", "dan:2=-", "Dan:+=k5"], True, ["Dan"])
    {None: ['3=r1'], 'Dan': ['2=-', '+=k5']}
    """
    out: dict[str | None, list[str]] = {}
    names = {n.casefold(): n for n in rack_names}
    for value in values or []:
        head, colon, rest = value.partition(":")
        if colon and not head.strip().isdigit() and head.strip() not in ("+", ""):
            name = names.get(head.strip().casefold())
            if name is None:
                raise FixError(f"--photo-fix {value}: no --rack-photo {head.strip()}=PHOTO to fix")
            out.setdefault(name, []).append(rest)
        elif board_photo or len(rack_names) == 1:
            out.setdefault(None if board_photo else rack_names[0], []).append(value)
        else:
            raise FixError(f"--photo-fix {value}: which photo? give --board-photo, or name the rack (Dan:{value})")
    return out


def read_photo_tiles(path: str | Path, *, console: "Console", confirm: bool | None = None,
                     fixes: list[str] | None = None, keep: bool | None = None, option: str = "--fix",
                     expect: tuple[int, int] | None = None) -> list[Tile]:
    """Read a photo's tiles in reading order, show them, apply the fixes (or ask for them at a
    terminal) and return the tiles.

    ``confirm`` None asks only at a terminal. Raises ``vision.VisionError`` (a RemiError and
    ValueError) with a one-line reason for a bad photo, a photo with no tiles or a bad fix
    (checked before the photo is read, where it can be).
    """
    from remi.vision.errors import VisionError

    parsed = parse_fixes(fixes, option)
    _, reading = read(path, expect=expect)
    if not reading.detections and not any(f.number is None for f in parsed):
        raise VisionError(f"{path}: no tiles found in the photo")
    ask = interactive(console) if confirm is None else confirm
    tiles = review(Path(path), reading, console, fixes=parsed, ask=ask, keep=keep, option=option).corrected.tiles
    if not tiles:
        raise VisionError(f"{path}: no tiles left after the corrections")
    return tiles
