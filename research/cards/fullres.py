"""Card photos at their own resolution (issue 42 item 2): wide frames of small cards, measured.

A table filmed from above in a 1920x1080 frame shows each card about 130 px wide, so a corner
index (rank and pip) is some 40 px tall there and 13 px in the detector's 640 px input. This
draws such frames (``vision.training.cardscenes.scene`` with ``card_width``: the ``test`` and
``spread-test`` pools, generator settings never trained on, alternately), writes them once with
their labels as ``stage scenes`` writes a set (``FRAMES/images/val``, ``FRAMES/labels/val``),
and reports for a models folder what ``stage eval`` reports: cards read right and really there
per photo (distinct kinds), photos whole, median latency, and the index detector's recall.

    python -m research.cards.fullres out/fullres/m-cards1-base --frames out/fullres --count 30 --seed 4242 \\
        --json out/fullres/base.json

    python -m research.cards.fullres models/candidates/cards1 out/fullres/models --side-by-side 3   # times alone

A frames folder already written is read as it is (the count and seed are checked against the
one it was written with), so every models folder is measured on the same frames.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from research.errors import LabError

SIZE = (1920, 1080)
CARD_WIDTH = 130.0  # pixels: the frames of real cards on a table
CARDS = 20
POOLS = ("test", "spread-test")


def write_frames(folder: Path, count: int, seed: int) -> Path:
    """``count`` frames of ``CARDS`` cards each, seeded; the set's recipe in ``frames.json``.
    A folder written before with another recipe is refused, never overwritten."""
    from remi.vision.training import cardfaces
    from remi.vision.training.cardscenes import POOLS as SETTINGS, scene, write_scene

    recipe = {"count": count, "seed": seed, "size": list(SIZE), "card_width": CARD_WIDTH, "cards": CARDS,
              "pools": list(POOLS)}
    made = folder / "frames.json"
    if made.is_file():
        if json.loads(made.read_text()) != recipe:
            raise LabError(f"{folder} holds frames of another recipe ({made.read_text().strip()}); "
                           "name another folder")
        return folder
    cardfaces.require_all_faces()
    for part in ("images", "labels"):
        (folder / part / "val").mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    for j in range(count):
        pool = POOLS[j % len(POOLS)]
        photo, cards, boxes = scene(rng, SETTINGS[pool], n=CARDS, size=SIZE, card_width=CARD_WIDTH)
        write_scene(folder, "val", f"{pool}-{j:03d}", photo, cards, boxes)
    made.write_text(json.dumps(recipe) + "\n")
    return folder


def figures(models: Path, frames: Path) -> dict:
    """``stage eval``'s figures of ``models`` on the frames: the detector's, then the cards'."""
    from remi.vision.reader import Reader

    from research.cards.stage import card_figures, index_figures, load_scenes

    photos = load_scenes(frames)
    reader = Reader(models)
    return {"models": str(models), "detector": index_figures(reader, photos), **card_figures(reader, photos)}


def side_by_side(folders: list[Path], frames: Path, every: int) -> dict[str, float]:
    """Median milliseconds of ``Reader.read`` per folder on every ``every``-th frame, each frame
    read by each folder in turn, so that a changing load falls on all of them alike."""
    import time

    from remi.vision.reader import Reader, load_image

    from research.cards.stage import load_scenes

    readers = {str(m): Reader(m) for m in folders}
    ms: dict[str, list[float]] = {m: [] for m in readers}
    for photo in load_scenes(frames)[::every]:
        image = load_image(photo.path)
        for m, reader in readers.items():
            t0 = time.perf_counter()
            reader.read(image)
            ms[m].append((time.perf_counter() - t0) * 1000)
    return {m: float(np.median(v)) for m, v in ms.items()}


def main(argv: list[str] | None = None) -> int:
    from remi.engine import RemiError

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", type=Path, nargs="+", help="models folders, each measured on the same frames")
    ap.add_argument("--frames", type=Path, default=Path("out/fullres"))
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--side-by-side", type=int, metavar="EVERY",
                    help="only time the folders, on every EVERY-th frame, each frame read by each in turn")
    args = ap.parse_args(argv)
    try:
        if args.count < 1:
            raise LabError(f"--count is {args.count}; at least one frame")
        write_frames(args.frames, args.count, args.seed)
        if args.side_by_side:
            out = [{"median_ms": side_by_side(args.models, args.frames, args.side_by_side)}]
        else:
            out = [figures(m, args.frames) for m in args.models]
    except (RemiError, LabError) as e:  # one line, as remi's own commands say it
        sys.exit(f"fullres: {e}")
    print("\n".join(json.dumps(f) for f in out))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
