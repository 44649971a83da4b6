"""How a models folder reads the letter-J joker face by face (reader v33's rule, models/README.md).

Each old face of the train and test pools (Hershey's and DejaVu's, ``tilefaces.POOLS``) draws
``--count`` J jokers of editions drawn from its pool (inks, weights, digit sizes as the pool draws
them), each upright on a plain grey ground and read alone, as ``remi scan`` reads a box (its four
views where unsure). Printed and written: per face, the J's read as a joker and the likeliest
other reads.

    python research/joker_faces.py --models DIR [--count 40] [--json OUT]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

MARGIN = 20  # px of grey ground round the tile: the box is the tile's own


def read_jokers(reader, split: str, font: str, count: int, seed: int = 0) -> Counter:
    """What ``reader`` reads for ``count`` J jokers in ``font``, editions drawn from ``split``."""
    from remi.engine import Tile
    from remi.engine.tiles import ALL_KINDS
    from remi.vision.training import tilefaces

    rng = np.random.default_rng(seed)
    read: Counter = Counter()
    for _ in range(count):
        edition = replace(tilefaces.sample_edition(rng, split), font=font, joker="letter")
        face = tilefaces.render(Tile.parse("*"), edition, rng, 120).image[..., :3]
        h, w = face.shape[:2]
        canvas = np.full((h + 2 * MARGIN, w + 2 * MARGIN, 3), 60, np.uint8)
        canvas[MARGIN:MARGIN + h, MARGIN:MARGIN + w] = face
        probs = reader.look(canvas, np.array([[MARGIN, MARGIN, MARGIN + w, MARGIN + h]], float)).probs[0]
        read[str(ALL_KINDS[int(probs.argmax())])] += 1
    return read


def main(argv: list[str] | None = None) -> int:
    from remi.vision.reader import Reader
    from research.errors import write_figures

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", type=Path, required=True)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    from remi.vision.training import tilefaces

    reader = Reader(args.models)
    figures: dict = {"models": str(args.models), "count": args.count, "faces": {}}
    for split in ("train", "test"):
        for font in tilefaces.available_fonts(split):
            read = read_jokers(reader, split, font, args.count)
            figures["faces"][font] = {"split": split, "jokers": read["*"], "read": dict(read.most_common(4))}
            print(f"{split:5s} {font:30s} {read['*']:3d} of {args.count} read as a joker; {dict(read.most_common(3))}")
    write_figures(args.json, figures)
    return 0


if __name__ == "__main__":
    from research.errors import run

    run(main, "joker_faces")
