"""Read the labelled real photos (``../shared/realdata/rummikub``) by session.

The labels are Ultralytics polygon rows with the dataset's alphabetical class order; they are
mapped to tiles by *name* (``black_7`` -> ``k7``, ``orange_3`` -> ``y3``, ``joker`` -> ``*``).
The photos are CC BY 4.0 (Roboflow user rummikue); they are read in place, never copied.
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from remi.engine import JOKER, Tile
from remi.vision.errors import VisionError

TRAIN_SESSIONS = ("rummy", "rummy2")
HELDOUT_SESSIONS = ("rummy4",)
TILE_SESSIONS = TRAIN_SESSIONS + HELDOUT_SESSIONS  # leave-one-session-out runs over these
NEGATIVE_SESSIONS = ("rummyBackground",)
_COLOUR_LETTER = {"black": "k", "blue": "b", "red": "r", "orange": "y", "yellow": "y"}


@dataclass(frozen=True)
class LabelFix:
    """A label of the real data that the photo shows to be wrong, and what the tile there is.

    ``photo`` is the photo's name before Roboflow's ``_jpeg.rf.HASH`` suffix; ``region`` holds
    the wrong labels' centres (x1, y1, x2, y2, as shares of the photo's width and height);
    ``says`` is what they say (a tile, ``y8``, or a colour letter, ``b``, for every tile of that
    colour there) and ``is_`` what the tiles are (a tile, a colour letter, or None: the label is
    a second box on a tile that has its own, and is dropped)."""

    photo: str
    region: tuple[float, float, float, float]
    says: str
    is_: str | None
    why: str

    def matches(self, photo: str, tile: Tile, centre: np.ndarray) -> bool:
        x1, y1, x2, y2 = self.region
        said = tile.format("tile")
        return (photo.split("_jpeg")[0] == self.photo and x1 <= centre[0] <= x2 and y1 <= centre[1] <= y2
                and (said == self.says or len(self.says) == 1 and not tile.is_joker and said[0] == self.says))

    def fixed(self, tile: Tile) -> Tile | None:
        if self.is_ is None or len(self.is_) > 1:
            return Tile.parse(self.is_) if self.is_ else None
        return Tile.of(self.is_, tile.number)


# Found by reading every session with models that never saw it (4 Dec 2026) and looking at each
# mistake's photo: these the photo shows to be the label's, not the reader's (research/vision-diary.md,
# "Label faults in the real data"). ``load`` applies them, so training and evaluation alike.
LABEL_FIXES = (
    LabelFix("rummy-2", (0.0, 0.55, 1.0, 0.75), "b", "k",
             "the bottom row of a whole set is black 1-13, labelled with the top row's blue"),
    LabelFix("rummy4-24", (0.38, 0.52, 0.45, 0.61), "y8", "k5",
             "a black 5 lying upside down, labelled as the orange 8 beside it"),
    LabelFix("rummy4-17", (0.77, 0.47, 0.80, 0.51), "k13", None,
             "a second box on the black 12 (IoU 0.88 with its k12); the black 13 beside it has its own"),
)


def kept_sessions(holdout) -> tuple[str, ...]:
    """The tile sessions a leave-out keeps: those of :data:`TILE_SESSIONS` not in ``holdout``.
    A name that is no session raises ValueError("NAME: not a real session (...)") rather than
    keeping every session under a typo.

    >>> kept_sessions(("rummy4",))
    ('rummy', 'rummy2')
    """
    for name in holdout:
        if name not in TILE_SESSIONS:
            raise VisionError("vision.not_a_session", name=name, sessions=tuple(TILE_SESSIONS))
    return tuple(s for s in TILE_SESSIONS if s not in holdout)


def default_root() -> Path:
    """The real data folder: ``$REMI_REALDATA`` or ``<repo>/../shared/realdata/rummikub``."""
    env = os.environ.get("REMI_REALDATA")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "shared" / "realdata" / "rummikub"


def name_to_tile(name: str) -> Tile:
    """``black_7`` -> k7, ``orange_12`` -> y12, ``joker`` -> *.

    >>> str(name_to_tile("orange_12")), str(name_to_tile("joker"))
    ('y12', '*')
    """
    if name == "joker":
        return JOKER
    colour, number = name.split("_")
    return Tile.of(_COLOUR_LETTER[colour], int(number))


@dataclass(frozen=True)
class LabelledTile:
    tile: Tile
    polygon: np.ndarray  # (n, 2) float pixels

    @property
    def box(self) -> tuple[float, float, float, float]:
        x1, y1 = self.polygon.min(axis=0)
        x2, y2 = self.polygon.max(axis=0)
        return (float(x1), float(y1), float(x2), float(y2))


@dataclass(frozen=True)
class LabelledPhoto:
    path: Path
    session: str
    width: int
    height: int
    tiles: tuple[LabelledTile, ...]


def _class_names(root: Path) -> list[str]:
    names: list[str] = []
    in_names = False
    for line in (root / "roboflow-data.yaml").read_text().splitlines():
        if line.startswith("names:"):
            in_names = True
            continue
        if in_names:
            if line.startswith("- "):
                names.append(line[2:].strip())
            else:
                break
    return names


def _fixed_labels(photo: str, tiles: list[LabelledTile], width: int, height: int) -> tuple[LabelledTile, ...]:
    """The photo's labels with :data:`LABEL_FIXES` applied."""
    out = []
    for t in tiles:
        centre = t.polygon.mean(axis=0) / (width, height)
        fix = next((f for f in LABEL_FIXES if f.matches(photo, t.tile, centre)), None)
        tile = fix.fixed(t.tile) if fix else t.tile
        if tile is not None:
            out.append(LabelledTile(tile, t.polygon))
    return tuple(out)


def load(sessions: tuple[str, ...], root: Path | None = None) -> list[LabelledPhoto]:
    """The labelled photos of the given sessions, sorted by file name."""
    import cv2

    root = root or default_root()
    if not root.is_dir():
        raise FileNotFoundError(f"real data not found at {root} (set REMI_REALDATA)")
    names = _class_names(root)
    session_of: dict[str, str] = {}
    with open(root / "sessions.tsv") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            session_of[Path(row["image"]).name] = row["session"]
    out = []
    for img in sorted((root / "images").iterdir()):
        session = session_of.get(img.name) or img.name.split("-")[0].split("_")[0]
        if session not in sessions:
            continue
        full = cv2.imread(str(img))
        h, w = full.shape[:2]
        tiles = []
        label = root / "labels" / (img.stem + ".txt")
        if label.exists():
            for line in label.read_text().split("\n"):
                parts = line.split()
                if len(parts) < 7:
                    continue
                xy = np.array(parts[1:], dtype=np.float64).reshape(-1, 2) * (w, h)
                tiles.append(LabelledTile(name_to_tile(names[int(parts[0])]), xy))
        out.append(LabelledPhoto(img, session, w, h, _fixed_labels(img.name, tiles, w, h)))
    return out
