"""How many reads a models folder marks for a look ("?"), and whether the wrong reads are among them.

Each photo is read as `remi scan` reads it (``Reader.read``); each read is matched to a label as
`remi vision eval` matches (IoU >= 0.5 with a labelled box, the right kind). A read is flagged at
a bar B when it is marked uncertain for any reason but its confidence (a 6 or 9 whose up is
unclear, maybe no tile, a copy too many) or its confidence is under B; the folder's own bar
(``vision.json`` "unsure_below") is one of them. Reads with no label under them count as wrong.

    .venv/bin/python research/vision_flags.py (--session rummy4 | --folder out/pool-racks) \
        --models DIR [--bars 0.5 0.55 ... 0.8] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BARS = (0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8)


def reads(models: Path, photos) -> list[tuple[float, bool, bool]]:
    """(confidence, flagged for a reason other than confidence, right) of every read."""
    from remi.vision.reader import Reader, load_image

    reader, out = Reader(models), []
    for path, tiles, boxes in photos:
        for d in reader.read(load_image(path)).detections:
            out.append((d.confidence, bool(d.uncertain) and not d.uncertain.startswith("unsure"), is_right(d, tiles, boxes)))
    return out


def is_right(d, tiles, boxes: np.ndarray) -> bool:
    """Whether a read lies on a labelled tile (IoU >= 0.5 with the box it overlaps most) of its
    kind; a read with no label under it is wrong."""
    from remi.vision.crops import iou

    overlap = iou(np.array([d.box]), boxes)[0] if len(tiles) else np.zeros(0)
    k = int(np.argmax(overlap)) if len(overlap) else -1
    return bool(k >= 0 and overlap[k] >= 0.5 and tiles[k] == d.tile)


def flags(rows: list[tuple[float, bool, bool]], bars=BARS) -> dict:
    """Reads, wrong reads, and per bar the reads flagged and the wrong ones left unflagged.

    ``right_flagged``: the right reads among the flagged (issue 38 asks at most 10 % of them).

    >>> flags([(0.9, False, True), (0.6, False, False), (0.7, True, True)], bars=(0.5, 0.8))
    {'reads': 3, 'wrong': 1, 'bars': {'0.5': {'flagged': 1, 'wrong_unflagged': 1, 'right_flagged': 1}, '0.8': {'flagged': 2, 'wrong_unflagged': 0, 'right_flagged': 1}}}
    """
    conf = np.array([r[0] for r in rows])
    other = np.array([r[1] for r in rows], bool)
    right = np.array([r[2] for r in rows], bool)
    out: dict = {"reads": len(rows), "wrong": int((~right).sum()), "bars": {}}
    for bar in bars:
        flagged = other | (conf < bar)
        out["bars"][f"{bar:g}"] = {"flagged": int(flagged.sum()), "wrong_unflagged": int((~flagged & ~right).sum()),
                                   "right_flagged": int((flagged & right).sum())}
    return out


def main() -> None:
    from remi.vision import realdata
    from remi.vision.evaluate import load_labelled

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--session", help="a real session (rummy, rummy2, rummy4)")
    where.add_argument("--folder", type=Path, help="a labelled folder (a synthetic test pool)")
    ap.add_argument("--models", type=Path, required=True)
    ap.add_argument("--bars", type=float, nargs="+", default=list(BARS))
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    photos = load_labelled(realdata.default_root(), args.session) if args.session else load_labelled(args.folder)
    own = json.loads((args.models / "vision.json").read_text()).get("unsure_below", 0.8)
    result = {"set": args.session or str(args.folder), "models": str(args.models), "unsure_below": own,
              **flags(reads(args.models, photos), sorted({*args.bars, own}))}
    print(json.dumps(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
