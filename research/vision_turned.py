"""Real sessions photographed turned round: how much the turn-round read (``Reader.read``:
a photo whose tiles mostly point down is read again turned round) gives back against one read
(``Reader.read_once``). Each photo of a session is turned 90, 180 or 270 degrees clockwise,
its labelled boxes with it, and measured as ``remi vision eval`` measures (``vision.evaluate``).

    .venv/bin/python research/vision_turned.py --session rummy4 --turn 180 [--models DIR] [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TURNS = {90: 0, 180: 1, 270: 2}  # degrees clockwise -> cv2.ROTATE_* code


def turn_boxes(boxes: np.ndarray, w: int, h: int, degrees: int) -> np.ndarray:
    """Boxes (n, 4) of a w x h photo in the pixels of the photo turned ``degrees`` clockwise.

    >>> turn_boxes(np.array([[0, 0, 10, 20]]), 100, 50, 90).tolist()
    [[30, 0, 50, 10]]
    >>> turn_boxes(np.array([[0, 0, 10, 20]]), 100, 50, 180).tolist()
    [[90, 30, 100, 50]]
    """
    x1, y1, x2, y2 = (np.asarray(boxes).reshape(-1, 4).T)
    if degrees == 90:
        return np.stack([h - y2, x1, h - y1, x2], 1)
    if degrees == 180:
        return np.stack([w - x2, h - y2, w - x1, h - y1], 1)
    return np.stack([y1, w - x2, y2, w - x1], 1)


def turned_photos(session: str, degrees: int, out: Path) -> list:
    import cv2

    from remi.vision.evaluate import load_labelled
    from remi.vision.reader import load_image
    from remi.vision.realdata import default_root

    photos = []
    for path, tiles, boxes in load_labelled(default_root(), session):
        image = load_image(path)
        h, w = image.shape[:2]
        turned = out / f"{Path(path).stem}.png"
        cv2.imwrite(str(turned), cv2.rotate(image, TURNS[degrees]))
        photos.append((turned, tiles, turn_boxes(boxes, w, h, degrees)))
    return photos


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--session", default="rummy4")
    ap.add_argument("--turn", type=int, choices=sorted(TURNS), default=180)
    ap.add_argument("--models", type=Path)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    from remi.vision.evaluate import evaluate
    from remi.vision.reader import Reader, models_dir

    class ReadOnce(Reader):
        def read(self, image, expect=None, rules=None):
            return self.read_once(image, expect, rules)

    models = args.models or models_dir()
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        photos = turned_photos(args.session, args.turn, Path(tmp))
        for name, reader in (("read once", ReadOnce(models)), ("turned round when upside down", Reader(models))):
            m = evaluate(reader, photos)
            figures[name] = {k: m[k] for k in ("photos", "labelled_tiles", "tile_accuracy", "photo_accuracy",
                                               "detector_recall", "median_latency_ms") if k in m}
            print(f"{args.session} turned {args.turn}, {name}: {json.dumps(figures[name])}", flush=True)
    if args.json:
        args.json.write_text(json.dumps({"session": args.session, "turn": args.turn, "models": str(models),
                                         **figures}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
