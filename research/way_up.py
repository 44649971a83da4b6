"""How often a models folder's orientation part reads tiles the right way up (reader v20.2's rule).

- the sample photos (samples/photos/*.jpg), each read upright and turned round: the share of the
  detector's boxes read upright, then turned, as they stand;
- the digit-size grid of ../shared/calibration/digit_size.py (52 upright tiles of the classic
  preset, no emblem) at 0.40, 0.55 and 0.65 of the tile in three faces: the share read upright.

    python research/way_up.py --models DIR [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FACES = (("hershey-simplex", 4.0), ("dejavu-sans-bold", 0.0), ("dejavu-condensed-bold", 0.0))


def grid(edition, seed: int = 0, height: int = 150) -> np.ndarray:
    """The digit-size script's picture: the 52 numbered tiles in 4 rows of 13 on a wooden colour."""
    from remi.engine import Tile
    from remi.vision.training.tilefaces import render

    rng = np.random.default_rng(seed)
    faces = [render(Tile.parse(f"{c}{n}"), edition, rng, height=height) for c in "kbry" for n in range(1, 14)]
    w = max(f.image.shape[1] for f in faces)
    canvas = np.full((4 * (height + 30) + 60, 13 * (w + 8) + 60, 3), (95, 140, 185), np.uint8)
    for i, f in enumerate(faces):
        r, c = divmod(i, 13)
        y, x = 30 + r * (height + 30), 30 + c * (w + 8)
        h, fw = f.image.shape[:2]
        m = (f.mask > 0)[..., None]
        canvas[y:y + h, x:x + fw] = np.where(m, f.image, canvas[y:y + h, x:x + fw])
    return canvas


def upright_share(reader, image: np.ndarray) -> float:
    boxes, _, corners = reader.boxes(image)
    return float(np.mean(reader.look(image, boxes, corners).turned < 0.5)) if len(boxes) else float("nan")


def main(argv: list[str] | None = None) -> int:
    from remi.engine import Tile
    from remi.vision.reader import Reader, load_image, turned_round
    from remi.vision.training.tilefaces import CLASSIC

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", type=Path, required=True)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    reader = Reader(args.models)
    out: dict = {"models": str(args.models), "samples": {}, "grid": {}}
    for photo in sorted((ROOT / "samples" / "photos").glob("*.jpg")):
        image = load_image(photo)
        truth = [str(Tile.parse(t)) for t in photo.with_suffix(".txt").read_text().split()]
        out["samples"][photo.name] = {
            "upright read upright": round(upright_share(reader, image), 3),
            "turned round read turned": round(1 - upright_share(reader, turned_round(image)), 3),
            "read as written": {way: [str(t) for t in reader.read(im).tiles] == truth
                                for way, im in (("upright", image), ("turned round", turned_round(image)))}}
    out["samples read as written"] = all(all(p["read as written"].values()) for p in out["samples"].values())
    for font, weight in FACES:
        for height in (0.40, 0.55, 0.65):
            ed = replace(CLASSIC, font=font, weight=weight, digit_height=height, emblem="none")
            out["grid"][f"{font} {height:.2f}"] = round(upright_share(reader, grid(ed)), 3)
    print(json.dumps(out, indent=2))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
