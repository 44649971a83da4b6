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

from research.errors import LabError, run, write_figures  # noqa: E402


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
    from remi.vision.reader import PRINT_FLOOR, Reader, models_dir

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="+", help="labelled folders or real sessions")
    ap.add_argument("--models", type=Path, default=None)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    sets = {name: labelled(name) for name in args.sets}  # every name checked before any is read
    reader = Reader(args.models or models_dir())
    out = {"floor": PRINT_FLOOR, "sets": {}}
    for name, photos in sets.items():
        out["sets"][name] = side_by_side(reader, photos, PRINT_FLOOR)
        print(name, json.dumps(out["sets"][name]), flush=True)
    write_figures(args.json, out)


def labelled(name: str) -> list:
    """The labelled photos of a folder, or of a real session; LabError where there are none."""
    from remi.vision import realdata
    from remi.vision.evaluate import load_labelled

    photos = load_labelled(Path(name)) if Path(name).is_dir() else load_labelled(realdata.default_root(), name)
    if not photos:
        raise LabError(f"no labelled photos in {name!r}: a labelled folder, or a session "
                       f"({', '.join(realdata.TILE_SESSIONS)})")
    return photos


if __name__ == "__main__":
    run(main, "print_floor")
