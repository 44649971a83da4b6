"""Which of a held-out deck's corner indices a card folder's detector boxes, by the index's size.

    python -m research.cards.boxed_by_size white=out/cf-white iphone=out/cf3-iphone win=out/cf-win [--json OUT]

An index counts as boxed when one of the detector's boxes (at the folder's bar) overlaps its
label at IoU 0.5; sizes are the label's long side in the photo's pixels (realdata's photos are
640 x 640). Per source group too (``white`` is two: android's close-ups and webcam-uuid's), per
look (a third of android's photos are greyscale: ``is_grey``) and per shape: an index standing
upright is a tall box, one lying sideways a wide one, one at a slant about square (``shape``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from research.cards.stage import deck_folder

EDGES = (0, 20, 30, 45, 60, 90, 10_000)  # pixels of the index's long side
SHAPES = ((0.8, "tall"), (1.25, "square"), (float("inf"), "wide"))  # the label's width / height
GREY = 3.0  # a photo whose channels differ by under this much on average (of 255) is greyscale


def is_grey(image: np.ndarray) -> bool:
    """Whether a BGR photo is greyscale: its channels alike, up to JPEG's rounding. Not
    ``vision.colour.has_colour``, which asks whether a photo shows colour enough to read a tile's
    ink; on the white and iphone decks' 762 labelled photos the two disagree on 33 (its colourless
    ones hold 338 indices, this one's grey ones 279). This asks how the photo was taken.

    >>> is_grey(np.full((4, 4, 3), 90, np.uint8)), is_grey(np.dstack([np.full((4, 4), v, np.uint8) for v in (90, 90, 120)]))
    (True, False)
    """
    f = image.astype(np.int16)
    return float(np.abs(f[..., 0] - f[..., 1]).mean() + np.abs(f[..., 1] - f[..., 2]).mean()) < GREY


def shape(width: float, height: float) -> str:
    """An index box's shape: "tall" (upright or upside down), "square" (at a slant), "wide" (sideways).

    >>> shape(10, 20), shape(20, 19), shape(30, 14)
    ('tall', 'square', 'wide')
    """
    return next(name for most, name in SHAPES if width / max(height, 1e-6) < most)


def boxed(folder: Path, deck: str) -> dict:
    """{"by_side": {"30-45": "57 of 156", ...}, "by_group": {...}, "by_look": {"grey": ..., "colour": ...}}
    for one folder on its deck."""
    from remi.vision.crops import iou
    from remi.vision.reader import Reader, load_image
    from research.cards.stage import FOLDS, load

    reader = Reader(folder)
    hit, total, groups, looks, shapes = np.zeros(len(EDGES) - 1, int), np.zeros(len(EDGES) - 1, int), {}, {}, {}
    for p in load(FOLDS[deck]):
        if not len(p.boxes):
            continue
        image = load_image(p.path)
        found_boxes = reader.boxes(image)[0]
        found = iou(p.boxes, found_boxes).max(1) >= 0.5 if len(found_boxes) else np.zeros(len(p.boxes), bool)
        side = np.maximum(p.boxes[:, 2] - p.boxes[:, 0], p.boxes[:, 3] - p.boxes[:, 1])
        k = np.digitize(side, EDGES) - 1
        np.add.at(total, k, 1)
        np.add.at(hit, k, found.astype(int))
        for g in (groups.setdefault(p.group, [0, 0]), looks.setdefault("grey" if is_grey(image) else "colour", [0, 0])):
            g[0], g[1] = g[0] + int(found.sum()), g[1] + len(found)
        for (x0, y0, x1, y1), f in zip(p.boxes, found):
            g = shapes.setdefault(shape(x1 - x0, y1 - y0), [0, 0])
            g[0], g[1] = g[0] + int(f), g[1] + 1
    names = [f"{a}-{b}" if b < 10_000 else f"{a}+" for a, b in zip(EDGES, EDGES[1:])]
    return {"by_side": {n: f"{h} of {t}" for n, h, t in zip(names, hit, total) if t},
            "by_group": {g: f"{h} of {t}" for g, (h, t) in groups.items()},
            "by_look": {g: f"{h} of {t}" for g, (h, t) in sorted(looks.items())},
            "by_shape": {g: f"{h} of {t}" for g, (h, t) in sorted(shapes.items())}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folds", nargs="+", type=deck_folder, help="DECK=MODELS_DIR")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    out = {}
    for deck, folder in args.folds:
        spec = f"{deck}={folder}"
        out[spec] = boxed(folder, deck)
        print(spec, json.dumps(out[spec]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
