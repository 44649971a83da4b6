"""`remi vision adapt` on 2 corrected photos of one table, then the rest of that table read
(issue 38 item 4: the rest >= 98 %), on synthetic tables of the edition no pool draws
(``facecrops.ODD``: DejaVu Serif Bold, big digits, a dark brown "black", a teal "blue" and an
orange "yellow"): each seed lays 2 photos to teach and 20 others of the same edition to read.

    python research/adapt_table.py --seeds 1 2 3 4 5 [--detector] [--net] [--json OUT]
    python research/adapt_table.py --session rummy4 --firsts 10 30 [--net] [--json OUT]

Prints, per seed and on average, the rest's tiles read right as shipped and as adapted, and
the adapted folder's mistakes by kind and by colour (truth -> read). ``--net`` fine-tunes the
reader's network too (``vision.adapt.adapt_network``); without it only the heads are fitted.
With ``--session``, a real session's table instead: adapt on its photos FIRST and FIRST + 1,
read the session's other photos.
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


def one_table(seed: int, detector: bool, net: bool, session: str | None = None) -> dict:
    """Adapt on 2 photos of seed's table; read REST others as shipped and as adapted. With a
    ``session``, adapt on its photos ``seed`` and ``seed`` + 1 and read its others."""
    import cv2

    from remi.vision.adapt import adapt
    from remi.vision.evaluate import error_kinds, evaluate, load_labelled
    from remi.vision.reader import Reader, load_image, models_dir
    from remi.vision.training import facecrops

    with tempfile.TemporaryDirectory() as tmp:
        if session:
            photos = load_labelled(ROOT.parent / "shared" / "realdata" / "rummikub", session)
            taught = [(p.name, load_image(p), t, b) for p, t, b in photos[seed:seed + 2]]
            rest = photos[:seed] + photos[seed + 2:]
        else:
            rest = []
            for name, image, tiles, boxes in facecrops.odd_tables(seed + REST_SEED, REST):
                path = Path(tmp) / f"{name}.png"
                cv2.imwrite(str(path), image)
                rest.append((path, tiles, np.asarray(boxes)))
            taught = facecrops.odd_tables(seed, 2)
        result = adapt(taught, Path(tmp) / "adapted", detector=detector, network=net)
        row = {"reader": result["reader_words"], "network": result["network_words"],
               "detector": result["detector_weights"]}
        for label, folder in (("shipped", models_dir()), ("adapted", Path(tmp) / "adapted")):
            errors: list = []
            figures = evaluate(Reader(folder), rest, errors)
            row[label] = round(figures["tile_accuracy"], 4)
            row[f"{label}_right"] = int(round(figures["tile_accuracy"] * figures["labelled_tiles"]))
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
    ap.add_argument("--net", action="store_true", help="fine-tune the reader's network too (the training extra)")
    ap.add_argument("--session", help="a real session's table (rummy4): adapt on two of its photos, read the rest")
    ap.add_argument("--firsts", type=int, nargs="+", help="with --session: the first photo of each pair taught")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    starts = args.firsts if args.session else args.seeds
    rows = {str(s): one_table(s, args.detector, args.net, args.session) for s in starts}
    for s, row in rows.items():
        print(f"{'photos from' if args.session else 'seed'} {s}: shipped {row['shipped']:.1%} ({row['shipped_right']}), adapted {row['adapted']:.1%} ({row['adapted_right']}); {row['network'][:60]}; {row['mistakes']}; {row['colours']}")
    mean = {k: round(float(np.mean([r[k] for r in rows.values()])), 4) for k in ("shipped", "adapted")}
    print(f"mean over {len(rows)} tables: shipped {mean['shipped']:.1%}, adapted {mean['adapted']:.1%}")
    write_figures(args.json, {"tables": rows, "mean": mean})
    return 0


if __name__ == "__main__":
    sys.exit(main())
