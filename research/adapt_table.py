"""`remi vision adapt` on 2 corrected photos of one table, then the rest of that table read
(issue 38 item 4: the rest >= 98 %), on synthetic tables of the edition no pool draws
(``facecrops.ODD``: DejaVu Serif Bold, big digits, a dark brown "black", a teal "blue" and an
orange "yellow"): each seed lays 2 photos to teach and 20 others of the same edition to read.

    python research/adapt_table.py --seeds 1 2 3 4 5 [--detector] [--json OUT]

Prints, per seed and on average, the rest's tiles read right as shipped and as adapted, and
the adapted folder's mistakes by kind and by colour (truth -> read).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from research.errors import write_figures  # noqa: E402

REST = 20  # photos of the table read after adapting
REST_SEED = 1000  # the rest's seed is the taught photos' seed + this


def one_table(seed: int, detector: bool) -> dict:
    """Adapt on 2 photos of seed's table; read REST others as shipped and as adapted."""
    import cv2

    from remi.vision.adapt import adapt
    from remi.vision.evaluate import error_kinds, evaluate
    from remi.vision.reader import Reader, models_dir
    from remi.vision.training import facecrops

    with tempfile.TemporaryDirectory() as tmp:
        rest = []
        for name, image, tiles, boxes in facecrops.odd_tables(seed + REST_SEED, REST):
            path = Path(tmp) / f"{name}.png"
            cv2.imwrite(str(path), image)
            rest.append((path, tiles, np.asarray(boxes)))
        result = adapt(facecrops.odd_tables(seed, 2), Path(tmp) / "adapted", detector=detector)
        row = {"reader": result["reader_words"], "detector": result["detector_weights"]}
        for label, folder in (("shipped", models_dir()), ("adapted", Path(tmp) / "adapted")):
            errors: list = []
            figures = evaluate(Reader(folder), rest, errors)
            row[label] = round(figures["tile_accuracy"], 4)
            if label == "adapted":
                row["mistakes"] = error_kinds(errors)
                row["colours"] = dict(Counter(f"{str(e.truth)[0]}->{str(e.read)[0]}" for e in errors
                                              if e.truth is not None and e.read is not None
                                              and e.truth.colour != e.read.colour))
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    ap.add_argument("--detector", action="store_true", help="fine-tune the detector too (slow on 2 cores)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    rows = {str(s): one_table(s, args.detector) for s in args.seeds}
    for s, row in rows.items():
        print(f"seed {s}: shipped {row['shipped']:.1%}, adapted {row['adapted']:.1%}; {row['mistakes']}; {row['colours']}")
    mean = {k: round(float(np.mean([r[k] for r in rows.values()])), 4) for k in ("shipped", "adapted")}
    print(f"mean over {len(rows)} tables: shipped {mean['shipped']:.1%}, adapted {mean['adapted']:.1%}")
    write_figures(args.json, {"tables": rows, "mean": mean})
    return 0


if __name__ == "__main__":
    sys.exit(main())
