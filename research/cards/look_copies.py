"""Copies of a share of a detector set's training photos in another look, their labels kept.

Two looks the card detectors' data lacked (models/README.md, the card index detectors' stages):
- ``grey``: the three channels alike, as a camera's greyscale JPEG decodes. A third of the white
  deck's android photos are greyscale (``../shared/realdata/cards/README.md``), and fold white's
  stage 3 boxes 48 % of their indices against 75 % of the colour photos'; nothing it learnt from
  is grey.
- ``dark``: the lightness turned over, the hues kept (``cardscenes.dark_face``), the whole photo:
  a white deck's real photo becomes a black deck's, as fold iphone's deck is (gold and silver
  indices on black cards).
- ``turned``: the photo turned a quarter, clockwise and anticlockwise in turn, its boxes with it
  (exact: a quarter turn keeps a box a box). Fold white's stage 3 boxes 77 % of the white deck's
  upright indices and 27 % of those lying sideways (``boxed_by_size``, by shape).

For a seeded share of each source's ``images/train`` photos, a copy in the look with the same YOLO
labels goes into ``OUT/images/train`` and ``OUT/labels/train``, to be listed beside the sources in
a stage's data YAML:

    python -m research.cards.look_copies out/cards-grey/white out/cards-white out/cards-r9/scenes-white \
        --look grey --share 0.33 --seed 0
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import numpy as np

PHOTOS = (".jpg", ".jpeg", ".png")


def grey(image: np.ndarray) -> np.ndarray:
    """A BGR photo as a greyscale camera gives it: its luma in all three channels."""
    import cv2

    return cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


def dark(image: np.ndarray) -> np.ndarray:
    """A BGR photo with its lightness turned over and its hues kept: white cards turn black."""
    from remi.vision.training.cardscenes import dark_face

    return dark_face(image)


def quarter(image: np.ndarray, k: int) -> np.ndarray:
    """A BGR photo turned a quarter: clockwise for an even ``k``, anticlockwise for an odd one."""
    import cv2

    return cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE if k % 2 == 0 else cv2.ROTATE_90_COUNTERCLOCKWISE)


def quarter_labels(text: str, k: int) -> str:
    r"""YOLO label rows (``class cx cy w h``, shares of the photo) turned as ``quarter`` turns the
    photo: clockwise a point at (x, y) goes to (1 - y, x), anticlockwise to (y, 1 - x).

    >>> quarter_labels("0 0.2 0.1 0.04 0.08\n", 0), quarter_labels("7h 0.2 0.1 0.04 0.08\n", 1)
    ('0 0.900000 0.200000 0.080000 0.040000\n', '7h 0.100000 0.800000 0.080000 0.040000\n')
    """
    rows = []
    for line in text.splitlines():
        if not line.strip():
            continue
        name, cx, cy, w, h = line.split()[:5]
        x, y = float(cx), float(cy)
        x, y = (1 - y, x) if k % 2 == 0 else (y, 1 - x)
        rows.append(f"{name} {x:.6f} {y:.6f} {float(h):.6f} {float(w):.6f}\n")
    return "".join(rows)


#: each look's photo, given the copy's number (so that a look may alternate)
LOOKS = {"grey": lambda image, k: grey(image), "dark": lambda image, k: dark(image), "turned": quarter}
#: the looks that move the boxes: their label rows, given the copy's number too (the others keep them)
MOVED_LABELS = {"turned": quarter_labels}


def training_photos(source: Path) -> list[tuple[Path, Path]]:
    """(photo, label file) of a set's train split, sorted; photos without a label file are skipped
    (a negative has an empty one)."""
    images = source / "images" / "train"
    pairs = []
    for photo in sorted(p for p in images.iterdir() if p.suffix.lower() in PHOTOS):
        label = source / "labels" / "train" / (photo.stem + ".txt")
        if label.exists():
            pairs.append((photo, label))
    return pairs


def write(out: Path, sources: list[Path], share: float, seed: int, look: str = "grey") -> int:
    """Copies in ``look`` (``LOOKS``) of ``share`` of each source's train photos (chosen by
    ``seed``) into ``out``; returns how many were written. A copy's name is its source's folder
    name and its own stem."""
    import cv2

    rng = np.random.default_rng(seed)
    (out / "images" / "train").mkdir(parents=True, exist_ok=True)
    (out / "labels" / "train").mkdir(parents=True, exist_ok=True)
    written = 0
    for source in sources:
        pairs = training_photos(source)
        chosen = rng.permutation(len(pairs))[:round(share * len(pairs))]
        for k in sorted(chosen):
            photo, label = pairs[k]
            image = cv2.imread(str(photo), cv2.IMREAD_COLOR)
            if image is None:
                raise SystemExit(f"look_copies: {photo} is not a photo OpenCV can read")
            name = f"{source.name}-{photo.stem}"
            cv2.imwrite(str(out / "images" / "train" / f"{name}.jpg"), LOOKS[look](image, written), [cv2.IMWRITE_JPEG_QUALITY, 95])
            if look in MOVED_LABELS:
                (out / "labels" / "train" / f"{name}.txt").write_text(MOVED_LABELS[look](label.read_text(), written))
            else:
                shutil.copyfile(label, out / "labels" / "train" / f"{name}.txt")
            written += 1
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("sources", type=Path, nargs="+", help="sets with images/train and labels/train")
    ap.add_argument("--look", choices=tuple(LOOKS), required=True)
    ap.add_argument("--share", type=float, default=0.33)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    if not 0 < args.share <= 1:
        sys.exit(f"look_copies: --share {args.share}: give a share above 0 and at most 1")
    missing = [s for s in args.sources if not (s / "images" / "train").is_dir()]
    if missing:
        sys.exit(f"look_copies: {missing[0]} has no images/train folder")
    print(f"{write(args.out, args.sources, args.share, args.seed, args.look)} {args.look} copies -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
