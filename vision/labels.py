"""Labelled photos of the user's own tiles: truth files, kept corrections and the whole-set photo.

A photo's truth is ``PHOTO.json`` beside it (``rack.jpg.json`` for ``rack.jpg``) in the form
``remi scan --json`` prints: ``{"tiles": [{"tile": "r7", "box": [x1, y1, x2, y2]}, ...]}``,
boxes in the photo's own pixels as it stands upright; other keys are ignored, and a tile
whose box is null (added by hand, ``--fix +=k5``) says what the photo holds but not where.
A photo of cards (``remi scan --variant simple --json``) holds ``{"cards": [{"card": "7h",
"box": [...], "indices": [[...], ...]}, ...]}``: what a card reader learns from is each corner
index, so each index box is one example of its card. Corrections the user chose to keep live
in the user data folder (``kept_folder(kind)``), each photo copied beside its truth file. A
whole set laid out in the order of ``SET_ROWS`` labels itself.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from remi.engine import NotationError, Tile
from remi.vision.errors import VisionError

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class Truth:
    """One photo's labelled tiles: kinds, and boxes (None where only the kind is known)."""

    photo: Path
    tiles: tuple[Tile, ...]
    boxes: tuple[Box | None, ...]
    kind: str = "tiles"  # "cards": a card's corner indices, each its own entry of the card

    def boxed(self) -> tuple[list[Tile], list[Box]]:
        """The tiles with a box, and their boxes (what a reader can learn from)."""
        pairs = [(t, b) for t, b in zip(self.tiles, self.boxes) if b is not None]
        return [t for t, _ in pairs], [b for _, b in pairs]


def truth_path(photo: str | os.PathLike) -> Path:
    """``rack.jpg`` -> ``rack.jpg.json``.

    >>> truth_path("out/rack.jpg").as_posix()
    'out/rack.jpg.json'
    """
    p = Path(photo)
    return p.with_name(p.name + ".json")


def _box(value, where: str) -> Box | None:
    if value is None:
        return None
    if (not isinstance(value, (list, tuple)) or len(value) != 4
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        raise VisionError("vision.truth_box_shape", where=where, value=value)
    x1, y1, x2, y2 = (float(v) for v in value)
    if not (x2 > x1 and y2 > y1 and min(x1, y1) > -1):
        raise VisionError("vision.truth_box_empty", where=where, value=value)
    return x1, y1, x2, y2


def parse_truth(data: object, where: str, photo: Path) -> Truth:
    """A truth object (``{"tiles": [...]}``, or ``{"cards": [...]}``: :func:`parse_card_truth`)
    checked entry by entry; VisionError naming the entry.

    >>> parse_truth({"tiles": [{"tile": "r7", "box": [1, 2, 30, 40]}], "width": 9}, "t.json", Path("t")).tiles
    (Tile.parse('r7'),)
    >>> parse_truth({"tiles": [{"tile": "r77"}]}, "t.json", Path("t"))
    Traceback (most recent call last):
    remi.vision.errors.VisionError: t.json, tile 1: 'r77' is not a tile (like r7, k13, *) or a card (like 7h, Qs)
    """
    if isinstance(data, dict) and isinstance(data.get("cards"), list) and "tiles" not in data:
        return parse_card_truth(data["cards"], where, photo)
    if not isinstance(data, dict) or not isinstance(data.get("tiles"), list):
        raise VisionError("vision.truth_not_truth", where=where)
    tiles, boxes = [], []
    for i, entry in enumerate(data["tiles"], start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("tile"), str):
            raise VisionError("vision.truth_entry", where=where, number=i)
        try:
            tiles.append(Tile.parse(entry["tile"]))
        except NotationError as exc:
            raise VisionError("vision.truth_tile", where=where, number=i, reason=exc) from None
        boxes.append(_box(entry.get("box"), f"{where}, tile {i}"))
    return Truth(photo, tuple(tiles), tuple(boxes))


def parse_card_truth(cards: list, where: str, photo: Path) -> Truth:
    """The ``"cards"`` of a truth object: one entry per corner index box (``indices``; a card
    without them, its ``box``; added by hand, neither: no box), each of its card.

    >>> t = parse_card_truth([{"card": "7h", "box": [1, 1, 9, 9], "indices": [[1, 1, 9, 9], [50, 60, 58, 68]]},
    ...                       {"card": "Qs", "box": None}], "h.json", Path("h"))
    >>> [c.card() for c in t.tiles], t.boxes[1], t.boxes[2], t.kind
    (['7h', '7h', 'Qs'], (50.0, 60.0, 58.0, 68.0), None, 'cards')
    >>> parse_card_truth([{"card": "7x"}], "h.json", Path("h"))
    Traceback (most recent call last):
    remi.vision.errors.VisionError: h.json, card 1: '7x' is not a card (like 7h, Qs, 10d, *)
    """
    tiles, boxes = [], []
    for i, entry in enumerate(cards, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
            raise VisionError("vision.truth_card_entry", where=where, number=i)
        try:
            card = Tile.parse(entry["card"], "card")
        except NotationError as exc:
            raise VisionError("vision.truth_card", where=where, number=i, reason=exc) from None
        indices = entry.get("indices") or []
        if not isinstance(indices, list):
            raise VisionError("vision.truth_card_entry", where=where, number=i)
        found = [_box(b, f"{where}, card {i}") for b in indices] or [_box(entry.get("box"), f"{where}, card {i}")]
        tiles += [card] * len(found)
        boxes += found
    return Truth(photo, tuple(tiles), tuple(boxes), "cards")


def read_truth(photo: str | os.PathLike, variant: str | None = None) -> Truth:
    """The truth file beside ``photo``; VisionError (one line) when it is missing or wrong
    (``variant`` "simple": the words of a card photo)."""
    photo = Path(photo)
    path = truth_path(photo)
    if not path.is_file():
        raise VisionError("vision.truth_missing", photo=str(photo), name=path.name, path=str(path), variant=variant)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise VisionError("vision.truth_not_json", path=str(path), reason=str(exc)) from None
    return parse_truth(data, str(path), photo)


def truth_dict(tiles: list[Tile], boxes: list[Box | None]) -> dict:
    """The truth file's object (``remi scan --json``'s form, boxes rounded to 0.1 px)."""
    return {"tiles": [{"tile": str(t), "box": None if b is None else [round(float(v), 1) for v in b]}
                      for t, b in zip(tiles, boxes)]}


# -- corrections kept in the user data folder ------------------------------------------------

def kept_dir() -> Path:
    """Where kept corrections live: ``photos/`` in remi's user data folder (beside the sheet)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("remi", appauthor=False)) / "photos"


def kept_folder(kind: str = "tiles") -> Path:
    """The kept corrections of ``kind``: tiles in ``kept_dir()``, cards in its ``cards/``
    (each learns only with models of its kind)."""
    return kept_dir() / "cards" if kind == "cards" else kept_dir()


#: the kept photos' cap: a phone that sends noise all evening (issue 39 item 6: 8 photos of
#: 13 MB in 3 s) fills no disk; a user's own corrections come to a few hundred photos at most
KEPT_PHOTOS = 1000
KEPT_BYTES = 2_000_000_000


def check_room(folder: Path, size: int, most_photos: int | None = None, most_bytes: int | None = None) -> None:
    """``KeptFull`` when one more photo of ``size`` bytes would pass the folder's cap (photos, bytes).

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "a.jpg").write_bytes(b"x" * 10)
    >>> check_room(d, 5, most_photos=2, most_bytes=20)
    >>> check_room(d, 11, most_photos=2, most_bytes=20)
    Traceback (most recent call last):
    remi.vision.errors.KeptFull: the kept photos are full (1 photos, 0.0 MB; at most 2 photos or 0.0 MB): ...
    """
    from remi.vision.errors import KeptFull

    most_photos = KEPT_PHOTOS if most_photos is None else most_photos
    most_bytes = KEPT_BYTES if most_bytes is None else most_bytes
    photos = [p for p in folder.iterdir() if p.is_file() and p.suffix != ".json"] if folder.is_dir() else []
    used = sum(p.stat().st_size for p in photos)
    if len(photos) + 1 > most_photos or used + size > most_bytes:
        raise KeptFull(photos=len(photos), megabytes=round(used / 1e6, 1), most_photos=most_photos,
                       most_megabytes=round(most_bytes / 1e6, 1), folder=str(folder))


def keep(photo: str | os.PathLike | bytes, truth: dict, folder: Path | None = None, name: str = "photo.jpg") -> Path:
    """Copy ``photo`` (a path, or the file's bytes named ``name``) into the kept corrections
    with its truth file; returns the copy's path.

    The copy is named after the photo and its content's hash, so keeping the same photo again
    replaces its truth (the latest correction wins) rather than adding a second copy. A new
    photo is refused (``KeptFull``, nothing written) when the folder is at its cap.
    """
    data = photo if isinstance(photo, bytes) else Path(photo).read_bytes()
    source = Path(name if isinstance(photo, bytes) else photo)
    folder = folder or kept_dir()
    digest = hashlib.sha256(data).hexdigest()[:10]
    target = folder / f"{source.stem}-{digest}{source.suffix.lower()}"
    if not target.exists():
        check_room(folder, len(data))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not target.exists():
            target.write_bytes(data)
        tmp = truth_path(target).with_suffix(".tmp")
        tmp.write_text(json.dumps(truth, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, truth_path(target))  # never a half-written truth file
    except OSError as exc:
        raise VisionError("vision.keep_unwritable", folder=str(folder), reason=exc.strerror or str(exc)) from None
    return target


def kept_photos(folder: Path | None = None) -> list[Path]:
    """The kept photos that have a truth file, oldest name first."""
    folder = folder or kept_dir()
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix != ".json" and truth_path(p).is_file())


# -- a whole set photographed at once -------------------------------------------------------

COLOURS = "kbry"
# The layout the README gives: one row per colour and copy, 1 to 13 left to right (black,
# black, blue, blue, red, red, yellow, yellow), then a last row of the two jokers. A set of
# one copy of each kind (53 tiles) lays each colour once.
SET_ROWS_106 = [[Tile.parse(f"{c}{n}") for n in range(1, 14)] for c in COLOURS for _ in range(2)] + [
    [Tile.parse("*"), Tile.parse("*")]]
SET_ROWS_53 = [[Tile.parse(f"{c}{n}") for n in range(1, 14)] for c in COLOURS] + [[Tile.parse("*")]]


SET_AGREEMENT = 0.3  # a set photo whose numbers agree less than this with the layout is laid otherwise


def rows_of(boxes: list[Box]) -> list[list[int]]:
    """Indices of ``boxes`` grouped into rows (a new row where a box's centre lies below the
    row's boxes), rows top to bottom, each left to right.

    >>> rows_of([(50, 0, 90, 50), (0, 2, 40, 52), (0, 70, 40, 120)])
    [[1, 0], [2]]
    """
    order = sorted(range(len(boxes)), key=lambda i: (boxes[i][1] + boxes[i][3]) / 2)
    rows: list[list[int]] = []
    for i in order:
        cy = (boxes[i][1] + boxes[i][3]) / 2
        if rows and cy < max(boxes[j][3] for j in rows[-1]) and cy > min(boxes[j][1] for j in rows[-1]):
            rows[-1].append(i)
        else:
            rows.append([i])
    return [sorted(r, key=lambda i: boxes[i][0]) for r in rows]


def label_set(boxes: list[Box], photo: Path) -> Truth:
    """Label the boxes found on a photo of a whole set laid out as ``SET_ROWS_106`` (or 53).

    The rows must come out as the layout has them (13 tiles a row, then the jokers);
    otherwise VisionError says what was found, so the user can lay the set again or fix the
    photo's truth by hand.
    """
    rows = rows_of(boxes)
    sizes = [len(r) for r in rows]
    for layout in (SET_ROWS_106, SET_ROWS_53):
        if sizes == [len(r) for r in layout]:
            tiles = [t for row in layout for t in row]
            order = [i for r in rows for i in r]
            return Truth(photo, tuple(tiles), tuple(boxes[i] for i in order))
    raise VisionError("vision.set_rows" if sizes else "vision.set_rows_none", photo=str(photo), count=len(boxes),
                      sizes=tuple(sizes))


# -- examples for `remi vision adapt` -------------------------------------------------------

Example = tuple[str, "np.ndarray", list[Tile], "np.ndarray"]  # (name, image BGR, tiles, boxes (n, 4))


def _in_photo(truth: Truth, width: int, height: int) -> Truth:
    """The truth with each box clipped to the photo; VisionError for a box outside it."""
    boxes: list[Box | None] = []
    for i, b in enumerate(truth.boxes, start=1):
        if b is None:
            boxes.append(None)
            continue
        x1, y1, x2, y2 = max(0.0, b[0]), max(0.0, b[1]), min(float(width), b[2]), min(float(height), b[3])
        if x2 - x1 < 2 or y2 - y1 < 2:
            raise VisionError("vision.truth_box_outside", path=str(truth_path(truth.photo)), number=i, box=str(list(b)),
                              width=width, height=height, variant="simple" if truth.kind == "cards" else None)
        boxes.append((x1, y1, x2, y2))
    return Truth(truth.photo, truth.tiles, tuple(boxes), truth.kind)


def load_examples(photos: list[Path], sets: list[Path] | None = None, models: Path | None = None,
                  progress=None, kind: str = "tiles") -> tuple[list[Example], dict]:
    """The labelled examples ``vision.adapt.adapt`` learns from, every input checked first.

    ``photos`` each have ``PHOTO.json`` beside them, of ``kind`` (tiles, or cards: each corner
    index an example); ``sets`` are photos of a whole set laid out as ``SET_ROWS_106``
    (labelled by where each tile lies, with the boxes the detector of ``models`` finds). Boxes
    are scaled to the decoded image (a large JPEG is decoded reduced). ``progress(done,
    total, what)`` is told after each photo. Returns the examples and counts (photos, tiles
    (card indices), those without a box, which are skipped).
    """
    from remi.vision.images import load_photo

    variant = "simple" if kind == "cards" else None
    truths = [read_truth(p, variant) for p in photos]  # every truth file is checked before any decoding
    for truth in truths:
        if truth.kind != kind:  # a card reader cannot learn tiles, nor a tile reader cards
            raise VisionError("vision.truth_other_kind", path=str(truth_path(truth.photo)), variant=variant)
    total = len(photos) + len(sets or [])
    examples: list[Example] = []
    counts = {"photos": 0, "tiles": 0, "tiles_without_box": 0, "set_photos": 0}
    for done, truth in enumerate(truths, start=1):
        photo = load_photo(truth.photo)
        truth = _in_photo(truth, photo.width, photo.height)
        tiles, boxes = truth.boxed()
        if not tiles:
            raise VisionError("vision.truth_no_box", path=str(truth_path(truth.photo)), variant=variant)
        examples.append(_example(truth.photo, photo, tiles, boxes))
        counts["photos"] += 1
        counts["tiles"] += len(tiles)
        counts["tiles_without_box"] += len(truth.tiles) - len(tiles)
        if progress:
            progress(done, total, truth.photo.name)
    for done, path in enumerate(sets or [], start=len(truths) + 1):
        photo, truth = read_set(path, models)
        tiles, boxes = truth.boxed()
        examples.append(_example(path, photo, tiles, boxes))
        counts["set_photos"] += 1
        counts["tiles"] += len(tiles)
        if progress:
            progress(done, total, path.name)
    return examples, counts


def _example(path: Path, photo, tiles: list[Tile], boxes: list[Box]) -> Example:
    import numpy as np

    return path.name, photo.image, tiles, np.array(boxes, float).reshape(-1, 4) / photo.scale


def read_set(path: Path, models: Path | None = None):
    """A photo of a whole set, read by the detector and labelled by the layout: (Photo, Truth)."""
    from remi.vision.images import load_photo, to_photo_pixels
    from remi.vision.reader import Reader

    photo = load_photo(path)
    reading = to_photo_pixels(Reader(models).read(photo.image), photo)
    truth = label_set([d.box for d in reading.detections], path)
    # A set laid in another order would teach the wrong kinds: the numbers read (colour aside,
    # which may be what the base reader gets wrong) must mostly agree with the layout's.
    read = {d.box: d.tile for d in reading.detections}
    agree = sum((read[b].number == t.number) for t, b in zip(truth.tiles, truth.boxes) if b in read)
    if agree < SET_AGREEMENT * len(truth.tiles):
        raise VisionError("vision.set_order", path=str(path), agree=agree, count=len(truth.tiles))
    return photo, truth
