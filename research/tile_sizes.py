"""A labelled set read by the shipped models, each labelled tile counted right, wrong or missed
by its box's long side in pixels and by its sharpness (the variance of the Laplacian in its box,
in five bins of as many tiles): where a test pool's misses lie (research/vision-diary.md, "Where
pool-editions-c's tiles are lost").

    python research/tile_sizes.py out/pool-editions-c [--models models]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIDES = (0, 30, 45, 60, 90, 100000)  # bins of the box's long side, pixels


def iou(a, b) -> float:
    """Intersection over union of two boxes (x1, y1, x2, y2).

    >>> iou((0, 0, 10, 10), (5, 0, 15, 10))
    0.3333333333333333
    """
    x1, y1, x2, y2 = max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])
    inter = max(0, x2 - x1) * max(0, y2 - y1)
    return inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)


def outcomes(models: Path, folder: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per labelled tile: its box's long side, its sharpness, and "right", "wrong" or "missed"
    (no read at IoU 0.5 on it)."""
    import cv2

    from remi.vision.evaluate import load_labelled
    from remi.vision.reader import Reader, load_image

    reader = Reader(models)
    side, sharp, state = [], [], []
    for path, tiles, boxes in load_labelled(folder):
        image = load_image(path)
        dets = reader.read(image).detections
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        for tile, box in zip(tiles, boxes):
            x1, y1, x2, y2 = (int(v) for v in box)
            patch = grey[max(0, y1):y2, max(0, x1):x2]
            side.append(max(x2 - x1, y2 - y1))
            sharp.append(float(cv2.Laplacian(patch, cv2.CV_64F).var()) if patch.size else 0.0)
            best = max(dets, key=lambda d: iou(d.box, box), default=None)
            found = best is not None and iou(best.box, box) >= 0.5
            state.append("missed" if not found else "right" if best.tile == tile else "wrong")
    return np.array(side), np.array(sharp), np.array(state)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", type=Path)
    ap.add_argument("--models", type=Path, default=ROOT / "models")
    args = ap.parse_args(argv)
    side, sharp, state = outcomes(args.models, args.folder)
    print("tiles", len(state), {k: int((state == k).sum()) for k in ("right", "wrong", "missed")})
    for lo, hi in zip(SIDES[:-1], SIDES[1:]):
        m = (side >= lo) & (side < hi)
        print(f"long side {lo}-{hi} px: {int(m.sum())} tiles, right {np.mean(state[m] == 'right') if m.any() else 0:.3f}")
    edges = [-1.0, *np.quantile(sharp, [0.2, 0.4, 0.6, 0.8]), np.inf]
    for lo, hi in zip(edges[:-1], edges[1:]):
        m = (sharp > lo) & (sharp <= hi)
        print(f"sharpness {max(lo, 0):.0f}-{hi:.0f}: {int(m.sum())} tiles, right {np.mean(state[m] == 'right'):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
