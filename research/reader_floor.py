"""A models folder read with one of the reader's floors off and at a value, side by side on each
set: tiles right, whole photos and extra reads. The floors set reads aside (listed, not counted):
``PRINT_FLOOR``, copies past the deck's at a chance near nothing (models/README.md, "A copy past
the deck's ... set aside"), and ``FAINT_FLOOR``, reads too faint to count ("Reads too faint to count").

    .venv/bin/python research/reader_floor.py out/pool-wide-g out/pool-editions-g rummy4 rummy rummy2 \
        --floor PRINT_FLOOR=0.02 [--models DIR] [--json OUT]

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


FLOORS = ("PRINT_FLOOR", "FAINT_FLOOR")


def side_by_side(reader, photos, name: str, value: float) -> dict:
    """``figures`` with the floor ``name`` at 0 (nothing set aside by it) and at ``value``."""
    from remi.vision import reader as module

    kept = getattr(module, name)
    try:
        setattr(module, name, 0.0)
        without = figures(reader, photos)
        setattr(module, name, value)
        return {"without": without, "with": figures(reader, photos)}
    finally:
        setattr(module, name, kept)


def floor_given(text: str) -> tuple[str, float]:
    """``NAME=VALUE`` of one of ``FLOORS``, VALUE in (0, 1]; LabError otherwise."""
    name, _, value = text.partition("=")
    try:
        v = float(value)
    except ValueError:
        v = -1.0
    if name not in FLOORS or not 0 < v <= 1:
        raise LabError(f"--floor {text!r}: NAME=VALUE, NAME one of {', '.join(FLOORS)}, VALUE above 0 and at most 1")
    return name, v


def main() -> None:
    from remi.vision.reader import Reader, models_dir

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("sets", nargs="+", help="labelled folders or real sessions")
    ap.add_argument("--floor", required=True, help="NAME=VALUE: PRINT_FLOOR or FAINT_FLOOR and the value to try")
    ap.add_argument("--models", type=Path, default=None)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    name, value = floor_given(args.floor)
    sets = {s: labelled(s) for s in args.sets}  # every name checked before any is read
    reader = Reader(args.models or models_dir())
    out = {"floor": name, "value": value, "sets": {}}
    for s, photos in sets.items():
        out["sets"][s] = side_by_side(reader, photos, name, value)
        print(s, json.dumps(out["sets"][s]), flush=True)
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
    run(main, "reader_floor")
