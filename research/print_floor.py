"""The shipped models folder read with and without setting aside the copies past the deck's at a
chance near nothing (``vision.reader.PRINT_FLOOR``; models/README.md, "A copy past the deck's ...
set aside"), side by side on each set: tiles right, whole photos, extra reads and the reads set
aside so.

    .venv/bin/python research/print_floor.py out/pool-wide-g out/pool-editions-g rummy4 rummy rummy2 \
        [--models DIR] [--json OUT]

A name that is not a folder is a real session of ``../shared/realdata/rummikub``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def figures(reader, photos) -> dict:
    """Tiles, tiles right, whole photos and extra reads of one reading of ``photos``."""
    from remi.vision.evaluate import error_kinds, evaluate

    errors: list = []
    m = evaluate(reader, photos, errors=errors)
    return {"tiles": m["labelled_tiles"], "right": round(m["tile_accuracy"] * m["labelled_tiles"]),
            "photos": m["photos"], "whole": round(m["photo_accuracy"] * m["photos"]),
            "extra": error_kinds(errors)["extra"]}


def side_by_side(reader, photos, floor: float) -> dict:
    """``figures`` with the floor at 0 (nothing set aside so) and at ``floor``."""
    from remi.vision import reader as module

    kept = module.PRINT_FLOOR
    try:
        module.PRINT_FLOOR = 0.0
        without = figures(reader, photos)
        module.PRINT_FLOOR = floor
        return {"without": without, "with": figures(reader, photos)}
    finally:
        module.PRINT_FLOOR = kept


def main() -> None:
    from remi.vision import realdata
    from remi.vision.evaluate import load_labelled
    from remi.vision.reader import PRINT_FLOOR, Reader, models_dir

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="+", help="labelled folders or real sessions")
    ap.add_argument("--models", type=Path, default=None)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    reader = Reader(args.models or models_dir())
    out = {"floor": PRINT_FLOOR, "sets": {}}
    for name in args.sets:
        photos = load_labelled(Path(name)) if Path(name).is_dir() else load_labelled(realdata.default_root(), name)
        out["sets"][name] = side_by_side(reader, photos, PRINT_FLOOR)
        print(name, json.dumps(out["sets"][name]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
