"""Where a models folder's errors lie by tile size: the labelled tiles of a folder, the tiles misread
and the tiles missed, by the long side of the tile's box in the photo's pixels (reader v22's rule,
models/README.md: most wrong reads of the `-q` pools were of large tiles, cut to 40 px).

    .venv/bin/python research/errors_by_size.py --folder out/pool-crowd-r --models DIR [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

EDGES = (0, 30, 40, 60, 90, 100_000)  # px of a box's long side: the bins


def long_side(box) -> float:
    return float(max(box[2] - box[0], box[3] - box[1]))


def by_size(photos, errors) -> dict[str, list[int]]:
    """Per bin of :data:`EDGES`: labelled tiles, misread tiles, missed tiles.

    >>> from types import SimpleNamespace as E
    >>> by_size([("p", None, [[0, 0, 20, 10], [0, 0, 50, 95]])], [E(kind="misread", box=(0, 0, 50, 95))])
    {'tiles': [1, 0, 0, 0, 1], 'misread': [0, 0, 0, 0, 1], 'missed': [0, 0, 0, 0, 0]}
    """
    def counts(sides):
        return np.histogram(sides, EDGES)[0].astype(int).tolist()

    return {"tiles": counts([long_side(b) for _, _, boxes in photos for b in boxes]),
            "misread": counts([long_side(e.box) for e in errors if e.kind == "misread"]),
            "missed": counts([long_side(e.box) for e in errors if e.kind == "missed"])}


def main(argv=None) -> int:
    from remi.vision.evaluate import evaluate, load_labelled
    from remi.vision.reader import Reader

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--folder", type=Path, required=True, help="a labelled folder (a generated pool)")
    ap.add_argument("--models", type=Path, required=True)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    photos, errors = load_labelled(args.folder, None), []
    evaluate(Reader(args.models), photos, errors)
    out = {"edges_px": list(EDGES), **by_size(photos, errors)}
    print(json.dumps(out))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
