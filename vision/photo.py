"""The one photo path: read a photo, correct the reading, keep it, draw it.

Every command that takes a photo (``remi scan``, ``check --photo``, ``advise --photo``, the
sheet's ``--board-photo`` and the phone's camera) goes through here; the CLI and the page
only parse their fixes' text and render what comes back.

* ``read``: decode a photo (reduced when large, ``vision.images``) and read it with the
  models folder's reader, made once per folder (``reader_for``, the one cache).
* ``parse_fixes`` / ``apply_fixes``: the corrections, in one place. ``N=r7`` changes tile N,
  ``N=-`` drops it, ``+=r7`` adds a tile the reader missed (``+=r7@x1,y1,x2,y2`` with its
  box: it then takes its place in reading order). A bad fix is a typed ``FixError``.
* ``keep_corrected``: the corrected photo kept as labelled data (``remi vision adapt``).
* ``annotate``: the picture, drawn once with the corrections.

Cards (Simple rummy, a card models folder: ``vision.folders``) go the same way in card
notation: ``3=7h``, ``+=Qs``; the reading's ``kind`` says which.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from remi.engine import NotationError, Tile
from remi.vision import errors as E

if TYPE_CHECKING:
    from remi.engine import Rules
    from remi.vision.images import Photo
    from remi.vision.reader import Detection, Reader, Reading

_FIX = re.compile(r"^\s*(\d+|\+)\s*=\s*([^@\s]+)\s*(?:@\s*([-\d.,\s]+))?\s*$")
Box = tuple[float, float, float, float]


def words_of(kind: str) -> tuple[str, str, str]:
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

    def by_number(self) -> dict[int, Entry]:
        """The entries of the reader's boxes, by their numbers (a fixed tile's new read)."""
        return {e.number: e for e in self.entries if e.number is not None}


def _box(text: str, named: dict) -> Box:
    try:
        x1, y1, x2, y2 = (float(v) for v in text.replace(",", " ").split())
    except ValueError:
        raise E.FixBoxSyntax(**named) from None
    if not (x2 > x1 and y2 > y1):
        raise E.FixBoxEmpty(**named)
    return (x1, y1, x2, y2)


def parse_fix(text: str, option: str = "--fix", kind: str = "tiles") -> Fix:
    """One fix as typed; a FixError naming it when it is not one.

    >>> parse_fix("3=r1"), parse_fix("7=-").tile, parse_fix("+=k5@10,20,40,60").box
    (Fix(text='3=r1', number=3, tile=Tile.parse('r1'), box=None), None, (10.0, 20.0, 40.0, 60.0))
    >>> parse_fix("3:r1")
    Traceback (most recent call last):
    remi.vision.errors.FixSyntax: --fix 3:r1: write N=TILE (3=r7), N=- (drop tile N) or +=TILE (a missed tile)
    """
    noun, notation, example = words_of(kind)
    named = {"fix": text.strip(), "option": option, "noun": noun, "example": example}
    m = _FIX.match(text)
    if not m:
        raise E.FixSyntax(**named)
    where, what, at = m.groups()
    if what == "-" and where == "+":
        raise E.FixAddsNothing(**named)
    try:
        tile = None if what == "-" else Tile.parse(what, notation)  # type: ignore[arg-type]
    except NotationError as exc:
        raise E.FixNotATile(reason=exc, **named) from None
    if at is not None and where != "+":
        raise E.FixBoxNotAdded(**named)
    return Fix(text.strip(), None if where == "+" else int(where), tile, None if at is None else _box(at, named))


def parse_fixes(values: list[str] | tuple[str, ...] | None, option: str = "--fix", kind: str = "tiles") -> list[Fix]:
    """Every fix, checked alone and against the others (one fix per tile number). A value may
    hold several fixes apart by spaces (``--fix "3=r13 16=r11"``, as the prompt takes them)."""
    fixes = [parse_fix(v, option, kind) for value in values or [] for v in value.split()]
    seen: dict[int, str] = {}
    for f in fixes:
        if f.number is not None:
            if f.number in seen:
                raise E.FixTwice(fix=f.text, first=seen[f.number], option=option, noun=words_of(kind)[0],
                                 number=f.number)
            seen[f.number] = f.text
    return fixes


def numbered(reading: Reading) -> list[Detection]:
    """Every box a fix can name: the tiles (1..n), then the boxes set aside as probably no tile
    (n+1..), which a fix counts as tiles (``16=k5``)."""
    return list(reading.detections) + list(reading.set_aside)


def apply_fixes(reading: Reading, fixes: list[Fix], option: str = "--fix", rules: Rules | None = None) -> Corrected:
    """The reading with the fixes applied, in reading order (an added tile with a box takes its
    place; one without goes last); a FixError naming a fix that names no box or makes one tile
    of a kind too many (``rules``' copies and jokers; by default two of each and two jokers). A
    fix naming a set-aside box with a tile counts that box as the tile."""
    boxes, n = numbered(reading), len(reading.detections)
    noun = words_of(reading.kind)[0]
    by_number = {f.number: f for f in fixes if f.number is not None}
    for f in by_number.values():
        if not 1 <= f.number <= len(boxes):  # type: ignore[operator]
            raise E.FixOutOfRange(fix=f.text, option=option, tiles=n, set_aside=len(boxes) - n, noun=noun)
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
    _check_counts(reading, entries, fixes, option, rules)
    return Corrected(tuple(_in_reading_order(entries)), tuple(dropped))


def _check_counts(reading: Reading, entries: list[Entry], fixes: list[Fix], option: str, rules: Rules | None) -> None:
    counts: dict[Tile, int] = {}
    for e in entries:
        counts[e.tile] = counts.get(e.tile, 0) + 1
    copies, jokers = (rules.copies, rules.jokers) if rules is not None else (2, 2)
    noun, notation, _ = words_of(reading.kind)
    for f in fixes:
        most = jokers if f.tile is not None and f.tile.is_joker else copies
        if f.tile is not None and counts[f.tile] > most:
            raise E.FixTooMany(fix=f.text, option=option, count=counts[f.tile], most=most, noun=noun,
                               tile=f.tile.format(notation))  # type: ignore[arg-type]


def _in_reading_order(entries: list[Entry]) -> list[Entry]:
    """Tiles added with a box put in their place in reading order (top row first,
    ``vision.reader.rows_order``), those without one last, as typed; without an added box the
    reader's order stands (a photo read turned round keeps the rack's own order)."""
    from remi.vision.reader import rows_order

    if not any(e.number is None and e.box is not None for e in entries):
        return entries
    boxed = [e for e in entries if e.box is not None]
    return [boxed[i] for i in rows_order([e.box for e in boxed])] + [e for e in entries if e.box is None]


def corrected_dict(reading: Reading, corrected: Corrected) -> dict:
    """``remi scan --json``: the tiles as corrected (a fixed tile says what was read), the
    numbers dropped, and the photo's size. Its ``tiles`` are a truth file's (vision.labels).
    A card reading lists ``cards``, each ``card`` in card notation, ``unsure`` or not, with
    the boxes of the corner indices it was read from."""
    kind = reading.kind
    notation = words_of(kind)[1]

    def shown(t: Tile) -> str:
        return t.format(notation)  # type: ignore[arg-type]

    tiles = []
    for e in corrected.entries:
        if e.number is None:
            tiles.append({notation: shown(e.tile), "box": None if e.box is None else [round(v, 1) for v in e.box],
                          "fixed": True})
            continue
        d = numbered(reading)[e.number - 1].as_dict(notation)
        d.update({notation: shown(e.tile), "number": e.number, "fixed": e.fixed})
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


_READERS: dict[Path, Reader] = {}
_READERS_LOCK = threading.Lock()


def reader_for(kind: str = "tiles", models: Path | None = None) -> Reader:
    """The reader of ``kind`` (tiles or cards) from its models folder (``vision.folders``:
    ``--models``, the environment, the shipped models), made once per folder and process:
    loading the two models takes a moment. The one cache of readers (the CLI and the server)."""
    from remi.vision.folders import models_for
    from remi.vision.reader import Reader

    key = models_for(kind, models).resolve()
    with _READERS_LOCK:
        if key not in _READERS:
            _READERS[key] = Reader(key)
        return _READERS[key]


def read(path: str | Path, models: Path | None = None, expect: tuple[int, int] | None = None,
         kind: str = "tiles", rules: Rules | None = None) -> tuple[Photo, Reading]:
    """Decode a photo (reduced when large) and read it; boxes in the photo's own pixels.
    ``expect`` (fewest, most tiles) lets the reader weigh borderline boxes (vision.reader);
    ``kind`` "cards" reads with the card models, ``rules`` the packs' limits. A photo without
    colour marks every tile's colour as a guess (``vision.colour``)."""
    from remi.vision.colour import mark_no_colour
    from remi.vision.images import load_photo, to_photo_pixels

    reader = reader_for(kind, models)  # no models: one line before the photo is decoded
    photo = load_photo(path)
    reading = to_photo_pixels(reader.read(photo.image, expect=expect, rules=rules), photo)
    return photo, mark_no_colour(photo.image, reading)


def read_photo(path: str | Path, models: Path | None = None, expect: tuple[int, int] | None = None,
               rules: Rules | None = None) -> Reading:
    """The reading of a photo of tiles (``read`` without the decoded photo)."""
    return read(path, models, expect=expect, rules=rules)[1]


def keep_corrected(path: Path | bytes, reading: Reading, corrected: Corrected, name: str = "photo.jpg") -> Path:
    """Keep a corrected photo (a path, or the upload's bytes named ``name``) as labelled data:
    tiles in the kept corrections, cards in theirs (``labels.kept_folder``), each card with the
    boxes of its corner indices: ``remi vision adapt`` (``--variant simple``) learns from them."""
    from remi.vision.labels import keep, kept_folder, truth_dict

    entries = corrected.entries
    if reading.kind != "cards":
        return keep(path, truth_dict([e.tile for e in entries], [e.box for e in entries]), name=name)
    boxes = numbered(reading)
    cards = [{"card": e.tile.card(), "box": None if e.box is None else [round(float(v), 1) for v in e.box],
              "indices": [] if e.number is None else [[round(float(v), 1) for v in b]
                                                      for b in boxes[e.number - 1].indices]}
             for e in entries]
    return keep(path, {"cards": cards}, kept_folder("cards"), name=name)


def annotate(path: Path, photo: Photo, reading: Reading, corrected: Corrected) -> None:
    """Draw the reading with its corrections (a fixed tile's new read, a dropped box, a tile
    added with its box) and write it to ``path``."""
    from remi.vision import annotate as draw

    fixes = {n: "-" for n in corrected.dropped}
    fixes.update({e.number: e.tile.format(reading.notation) for e in corrected.entries  # type: ignore[arg-type]
                  if e.number is not None and e.read is not None})
    added = [(e.tile.format(reading.notation), e.box) for e in corrected.entries  # type: ignore[arg-type]
             if e.number is None and e.box is not None]
    draw.write(path, photo, reading, fixes, added)


def check_count(photo: str | Path, corrected: Corrected, kind: str, hand: tuple[int, int] | None, option: str,
                need_tiles: bool = True) -> None:
    """A hand of cards of a count no hand holds (``hand``: fewest, most), or (``need_tiles``)
    a corrected reading that holds no tiles: a typed refusal, before anything is kept."""
    noun = words_of(kind)[0]
    count = len(corrected.tiles)
    if hand is not None and not hand[0] <= count <= hand[1]:
        raise E.HandSize(photo=str(photo), count=count, noun=noun, fewest=hand[0], most=hand[1], option=option)
    if need_tiles and not count:
        raise E.NoTilesLeft(photo=str(photo), noun=noun)


__all__ = ["Corrected", "Entry", "Fix", "annotate", "apply_fixes", "check_count", "corrected_dict", "keep_corrected",
           "numbered", "parse_fix", "parse_fixes", "read", "read_photo", "reader_for", "words_of"]
