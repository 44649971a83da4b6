"""Tiles from a photo, for every command that takes one (``scan``, ``check --photo``, the sheet).

The tiles read are numbered in reading order (the numbers drawn by ``--annotate`` too) and
corrected in one step: ``--fix 3=r1`` changes tile 3, ``--fix 7=-`` drops it (not a tile),
``--fix +=k5`` adds a tile the reader missed (``+=k5@x1,y1,x2,y2`` with its box). At a
terminal one prompt takes the same fixes, and Enter accepts everything. A bad fix is one line
naming it, before anything is written. A corrected photo is kept as labelled data (for
``remi vision adapt``) only when the user says so: ``--keep``, or a yes at the terminal.

Cards (Simple rummy, a card models folder: ``vision.folders``) go the same way in card
notation: ``--fix 3=7h``, ``+=Qs``; the reading's ``kind`` says which, and its words follow.
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

    from remi.engine import Rules
    from remi.vision.images import Photo
    from remi.vision.reader import Reader, Reading

PROMPT = "Fix: N=TILE, N=- or +=TILE (e.g. 3=r1 7=-); Enter accepts all"
_FIX = re.compile(r"^\s*(\d+|\+)\s*=\s*([^@\s]+)\s*(?:@\s*([-\d.,\s]+))?\s*$")
Box = tuple[float, float, float, float]


class FixError(ValueError):
    """A fix that cannot apply: one line naming it (exit 2 through remi.errors)."""


def _words(kind: str) -> tuple[str, str, str]:
    """A reading's noun, its notation and an example of it: tiles or cards."""
    return ("card", "card", "7h") if kind == "cards" else ("tile", "tile", "r7")


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


def parse_fix(text: str, option: str = "--fix", kind: str = "tiles") -> Fix:
    """One fix as typed; FixError naming it when it is not one.

    >>> parse_fix("3=r1"), parse_fix("7=-").tile, parse_fix("+=k5@10,20,40,60").box
    (Fix(text='3=r1', number=3, tile=Tile.parse('r1'), box=None), None, (10.0, 20.0, 40.0, 60.0))
    >>> parse_fix("3:r1")
    Traceback (most recent call last):
    remi.photos.FixError: --fix 3:r1: write N=TILE (3=r7), N=- (drop tile N) or +=TILE (a missed tile)
    """
    name = f"{option}{text}" if option.endswith(":") else f"{option} {text}".strip()
    noun, _, example = _words(kind)
    big = noun.upper()
    m = _FIX.match(text)
    if not m:
        raise FixError(f"{name}: write N={big} (3={example}), N=- (drop {noun} N) or +={big} (a missed {noun})")
    where, what, at = m.groups()
    if what == "-" and where == "+":
        raise FixError(f"{name}: +={big} adds a {noun}; N=- drops {noun} N")
    try:
        tile = None if what == "-" else Tile.parse(what, _words(kind)[1])  # type: ignore[arg-type]
    except NotationError as exc:
        raise FixError(f"{name}: {exc}") from None
    box = None
    if at is not None:
        if where != "+":
            raise FixError(f"{name}: only an added {noun} (+={big}@x1,y1,x2,y2) takes a box")
        try:
            x1, y1, x2, y2 = (float(v) for v in at.replace(",", " ").split())
        except ValueError:
            raise FixError(f"{name}: the box is x1,y1,x2,y2 in pixels of the photo") from None
        if not (x2 > x1 and y2 > y1):
            raise FixError(f"{name}: the box x1,y1,x2,y2 needs x2 > x1 and y2 > y1")
        box = (x1, y1, x2, y2)
    return Fix(text.strip(), None if where == "+" else int(where), tile, box)


def parse_fixes(values: list[str] | tuple[str, ...] | None, option: str = "--fix", kind: str = "tiles") -> list[Fix]:
    """Every fix, checked alone and against the others (one fix per tile number)."""
    fixes = [parse_fix(v, option, kind) for v in values or []]
    seen: dict[int, str] = {}
    sep = "" if option.endswith(":") else " "
    for f in fixes:
        if f.number is not None:
            if f.number in seen:
                raise FixError(f"{option}{sep}{seen[f.number]} and {option}{sep}{f.text}: two fixes for "
                               f"{_words(kind)[0]} {f.number}".strip())
            seen[f.number] = f.text
    return fixes


def numbered(reading: "Reading") -> list:
    """Every box a fix can name: the tiles (1..n), then the boxes set aside as probably no tile
    (n+1..), which a fix counts as tiles (``16=k5``)."""
    return list(reading.detections) + list(getattr(reading, "set_aside", ()))


def _range(reading: "Reading") -> str:
    n, m = len(reading.detections), len(numbered(reading)) - len(reading.detections)
    text = f"the photo has {n} {_words(_kind(reading))[0]}{'s' if n != 1 else ''}" + (f", numbered 1-{n}" if n > 1 else ", number 1" if n else "")
    return text + (f", and {m} set aside, numbered {n + 1}-{n + m}" if m > 1 else f", and 1 set aside, number {n + 1}" if m else "")


def _kind(reading: "Reading") -> str:
    return getattr(reading, "kind", "tiles")


def apply_fixes(reading: "Reading", fixes: list[Fix], option: str = "--fix", rules: "Rules | None" = None) -> Corrected:
    """The reading with the fixes applied; FixError naming a fix that names no box or
    makes one tile of a kind too many (``rules``' copies and jokers; by default the tiles'
    two of each and two jokers). A fix naming a set-aside box with a tile counts that box as
    the tile."""
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
    copies, jokers = (rules.copies, rules.jokers) if rules is not None else (2, 2)
    cards = _kind(reading) == "cards"
    for f in fixes:
        most = jokers if f.tile is not None and f.tile.is_joker else copies
        if f.tile is not None and counts[f.tile] > most:
            shown = f.tile.format(_words(_kind(reading))[1])  # type: ignore[arg-type]
            raise FixError(f"{option}{sep}{f.text}: that makes {counts[f.tile]} of {shown}; "
                           + (f"the packs hold {most}" if cards else f"the set has {most}"))
    return Corrected(tuple(entries), tuple(dropped))


def corrected_dict(reading: "Reading", corrected: Corrected) -> dict:
    """``remi scan --json``: the tiles as corrected (a fixed tile says what was read), the
    numbers dropped, and the photo's size. Its ``tiles`` are a truth file's (vision.labels).
    A card reading lists ``cards``, each ``card`` in card notation, ``unsure`` or not, with
    the boxes of the corner indices it was read from."""
    kind = _kind(reading)
    _, notation, _ = _words(kind)
    key = notation

    def shown(t: Tile) -> str:
        return t.format(notation)  # type: ignore[arg-type]

    tiles = []
    for e in corrected.entries:
        if e.number is None:
            tiles.append({key: shown(e.tile), "box": None if e.box is None else [round(v, 1) for v in e.box],
                          "fixed": True})
            continue
        d = numbered(reading)[e.number - 1].as_dict(notation)
        d.update({key: shown(e.tile), "number": e.number, "fixed": e.fixed})
        if kind == "cards":
            d["unsure"] = d["low_confidence"]
        if e.read is not None:
            d["read"] = shown(e.read)
        tiles.append(d)
    counted = {e.number for e in corrected.entries}
    n = len(reading.detections)
    aside = [{**d.as_dict(notation), "number": i} for i, d in enumerate(numbered(reading)[n:], n + 1) if i not in counted]
    return {kind: tiles, "dropped": list(corrected.dropped), "set_aside": aside, "width": reading.width,
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

    noun, notation, _ = _words(_kind(reading))
    table = Table(title=title, show_edge=False)
    table.add_column("#", justify="right")
    table.add_column(noun)
    table.add_column("confidence", justify="right")
    table.add_column("box (x1 y1 x2 y2)", style="dim")
    for i, d in enumerate(reading.detections, start=1):
        conf = f"{d.confidence:.0%}" + (" [bold red]?[/]" if d.low else "")
        table.add_row(str(i), d.tile.format(notation), conf, " ".join(f"{v:.0f}" for v in d.box))
    return table


def unsure_lines(reading: "Reading") -> list[str]:
    """The reads that need a look, by number, with the reason and the runner-up kinds; then
    the boxes set aside as probably no tile, numbered after the tiles (a fix counts one)."""
    noun, notation, _ = _words(_kind(reading))
    lines = []
    for i, d in enumerate(reading.detections, 1):
        if not d.low:
            continue
        reason = getattr(d, "uncertain", "")  # vision.reader says why, with its runner-ups
        if not reason:
            others = ", ".join(f"{t.format(notation)} {p:.0%}" for t, p in getattr(d, "alternatives", ())[:2])
            reason = "the reader is unsure" + (f"; or {others}" if others else "")
        lines.append(f"? {i} {d.tile.format(notation)} ({d.confidence:.0%}): {reason}")
    n = len(reading.detections)
    for i, d in enumerate(numbered(reading)[n:], n + 1):
        box = " ".join(f"{v:.0f}" for v in d.box)
        lines.append(f"set aside {i}, not counted: {getattr(d, 'uncertain', '') or f'probably not a {noun}'} "
                     f"(box {box}; if it is a {noun}: {i}={d.tile.format(notation)})")
    return lines


def interactive(console: "Console") -> bool:
    return console.is_terminal and sys.stdin.isatty()


def ask_fixes(reading: "Reading", console: "Console", rules: "Rules | None" = None) -> Corrected:
    """One quick pass at the terminal: the fixes on one line, Enter accepts everything."""
    from rich.prompt import Prompt

    kind = _kind(reading)
    noun, _, example = _words(kind)
    prompt = PROMPT if kind == "tiles" else f"Fix: N=CARD, N=- or +=CARD (e.g. 3={example} 7=-); Enter accepts all"
    while True:
        answer = Prompt.ask(prompt, console=console, default="", show_default=False).strip()
        try:
            return apply_fixes(reading, parse_fixes(answer.replace(",", " ").split(), option="", kind=kind),
                               option="", rules=rules)
        except FixError as exc:
            console.print(f"[red]{str(exc).strip()}[/] (try again, or Enter to accept the {noun}s as read)")


@dataclass(frozen=True)
class Review:
    """What a photo came to: the reading, its corrections, and where it was kept (if it was)."""

    reading: "Reading"
    corrected: Corrected
    kept: Path | None


def models_for(kind: str, models: Path | None = None) -> Path:
    """The models folder that reads ``kind`` (tiles or cards), checked before any photo is
    read (``vision.folders``: a folder of the other kind, or no card models, is one line)."""
    from remi.vision.folders import models_for as find

    return find(kind, models)


def read(path: str | Path, models: Path | None = None, expect: tuple[int, int] | None = None,
         kind: str = "tiles", rules: "Rules | None" = None) -> tuple["Photo", "Reading"]:
    """Decode a photo (reduced when large) and read it; boxes in the photo's own pixels.
    ``expect`` (fewest, most tiles) lets the reader weigh borderline boxes (vision.reader);
    ``kind`` "cards" reads with the card models (``models_for``), ``rules`` the packs' limits."""
    from remi.vision.images import load_photo, to_photo_pixels
    from remi.vision.reader import Reader

    key = models_for(kind, models).resolve()
    if key not in _READERS:
        _READERS[key] = Reader(key)
    photo = load_photo(path)
    options = {k: v for k, v in (("expect", expect), ("rules", rules)) if v}
    return photo, to_photo_pixels(_READERS[key].read(photo.image, **options), photo)


def keep_corrected(path: Path, reading: "Reading", corrected: Corrected) -> Path:
    """Keep a corrected photo as labelled data: tiles in the kept corrections (``remi vision
    adapt`` reads them), cards in their ``cards/`` folder (no card adapting yet), each card
    with the boxes of its corner indices."""
    from remi.vision.labels import keep, kept_dir, truth_dict

    entries = corrected.entries
    if _kind(reading) != "cards":
        return keep(path, truth_dict([e.tile for e in entries], [e.box for e in entries]))
    boxes = numbered(reading)
    cards = [{"card": e.tile.card(), "box": None if e.box is None else [round(float(v), 1) for v in e.box],
              "indices": [] if e.number is None else [[round(float(v), 1) for v in b]
                                                      for b in getattr(boxes[e.number - 1], "indices", ())]}
             for e in entries]
    return keep(path, {"cards": cards}, kept_dir() / "cards")


_READERS: dict[Path, "Reader"] = {}


def review(path: Path, reading: "Reading", console: "Console", *, fixes: list[Fix],
           ask: bool, keep: bool | None, say_corrected: bool = True, option: str = "--fix",
           rules: "Rules | None" = None, hand: tuple[int, int] | None = None) -> Review:
    """Show the reading, apply the fixes (or ask for them at a terminal) and keep the photo
    as labelled data when the user says so (``keep`` True, or a yes when ``keep`` is None
    after a correction typed at the terminal's prompt). ``hand`` (fewest, most): the count a
    hand of cards must come to once corrected, else one line (VisionError) and nothing kept."""
    noun, notation, _ = _words(_kind(reading))
    corrected = apply_fixes(reading, fixes, option, rules)  # a bad fix stops here: nothing shown or written
    console.print(reading_table(reading, title=f"{len(reading.detections)} {noun}s read from {path.name}"))
    for line in unsure_lines(reading):
        console.print(f"[yellow]{line}[/]", highlight=False)
    asked = ask and not fixes
    if asked:
        corrected = ask_fixes(reading, console, rules)
    if corrected.changed and say_corrected:
        console.print("corrected: [bold]" + " ".join(t.format(notation) for t in corrected.tiles) + "[/]")  # type: ignore[arg-type]
    if hand is not None and not hand[0] <= len(corrected.tiles) <= hand[1]:
        from remi.vision.errors import VisionError

        before = f" (or {hand[0]} before the draw)" if hand[0] != hand[1] else ""
        raise VisionError(f"{path}: {len(corrected.tiles)} {noun}s read; a hand holds {hand[1]}{before}: "
                          f"correct them with {option} N=7h, N=- or +=Qs")
    # Offered only after fixes typed at the prompt: whoever fixes on the command line says --keep.
    if keep is None and asked and corrected.changed:
        from rich.prompt import Confirm

        question = ("Keep this photo and its corrected tiles to teach remi your set (remi vision adapt)?" if noun == "tile"
                    else "Keep this photo and its corrected cards as labelled data (your data folder's photos/cards)?")
        keep = Confirm.ask(question, console=console, default=False)
    kept = None
    if keep:
        kept = keep_corrected(path, reading, corrected)
        console.print(f"kept for remi vision adapt: {kept}" if noun == "tile" else f"kept: {kept}")
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
                     expect: tuple[int, int] | None = None, kind: str = "tiles", models: Path | None = None,
                     rules: "Rules | None" = None, hand: tuple[int, int] | None = None) -> list[Tile]:
    """Read a photo's tiles (``kind`` "cards": its cards) in reading order, show them, apply
    the fixes (or ask for them at a terminal) and return them.

    ``confirm`` None asks only at a terminal. Raises ``vision.VisionError`` (a RemiError and
    ValueError) with a one-line reason for a bad photo, a photo with no tiles, a bad fix or
    no models for ``kind`` (the fixes and the models checked before the photo is read).
    """
    from remi.vision.errors import VisionError

    noun = _words(kind)[0]
    parsed = parse_fixes(fixes, option, kind)
    _, reading = read(path, models, expect=expect, kind=kind, rules=rules)
    if not reading.detections and not any(f.number is None for f in parsed):
        raise VisionError(f"{path}: no {noun}s found in the photo")
    ask = interactive(console) if confirm is None else confirm
    tiles = review(Path(path), reading, console, fixes=parsed, ask=ask, keep=keep, option=option,
                   rules=rules, hand=hand).corrected.tiles
    if not tiles:
        raise VisionError(f"{path}: no {noun}s left after the corrections")
    return tiles


def read_rack(path: str | Path, rules: "Rules", *, console: "Console", fixes: list[str] | None = None,
              keep: bool | None = None, models: Path | None = None) -> tuple[Tile, ...]:
    """A rack read from a photo for ``remi check`` and ``remi advise``, shown and corrected:
    tiles, or in Simple rummy cards (a card models folder). A hand of cards holds 14, or 13
    before the draw (SR-4, SR-17): another count is one line (VisionError), before any check
    and before anything is kept."""
    cards = not rules.is_closed
    size = rules.close_size
    # A rack to check holds 14 or 15 tiles (13 or 14 cards): the reader weighs borderline boxes by it.
    tiles = tuple(read_photo_tiles(path, console=console, fixes=fixes, keep=keep, models=models,
                                   expect=(size - 1, size), kind="cards" if cards else "tiles",
                                   rules=rules if cards else None, hand=(size - 1, size) if cards else None))
    return tiles
