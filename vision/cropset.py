"""Crop datasets for the tile reader, cut the way inference cuts them (``vision.crops``).

Boxes are jittered (each edge moves by up to ``jitter`` of the tile's size) so the reader learns
to read the boxes a detector really draws, not only hand-drawn ones.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from engine import Tile
from vision import crops


def labels_of(tile: Tile) -> tuple[int, int]:
    """(number class 0..13 with 0 = joker, colour class 0..3 or -1 for the joker)."""
    return (0, -1) if tile.is_joker else (tile.number, tile.colour)


def jitter(rng: np.random.Generator, box, amount: float) -> tuple[float, float, float, float]:
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    d = rng.uniform(-amount, amount, 4) * (w, h, w, h)
    return (x1 + d[0], y1 + d[1], x2 + d[2], y2 + d[3])


def _rotate(rng: np.random.Generator, image: np.ndarray, box, max_deg: float):
    """Rotate the neighbourhood of a box by a small angle; returns (patch, box in it)."""
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    r = max(w, h)
    px1, py1 = int(cx - r), int(cy - r)
    H, W = image.shape[:2]
    patch = image[max(0, py1):min(H, int(cy + r) + 1), max(0, px1):min(W, int(cx + r) + 1)]
    if patch.size == 0:
        return image, box
    ox, oy = max(0, px1), max(0, py1)
    c = (cx - ox, cy - oy)
    M = cv2.getRotationMatrix2D(c, rng.uniform(-max_deg, max_deg), 1.0)
    patch = cv2.warpAffine(patch, M, (patch.shape[1], patch.shape[0]), borderMode=cv2.BORDER_REPLICATE)
    return patch, (x1 - ox, y1 - oy, x2 - ox, y2 - oy)


def from_image(rng: np.random.Generator, image: np.ndarray, tiles, boxes, copies: int, amount: float = 0.08,
               rotate: float = 0.0):
    xs, ns, cs = [], [], []
    for tile, box in zip(tiles, boxes):
        n, c = labels_of(tile)
        for _ in range(copies):
            img, b = (image, box) if rotate <= 0 else _rotate(rng, image, box, rotate)
            xs.append(crops.crop(img, jitter(rng, b, amount)))
            ns.append(n)
            cs.append(c)
    return xs, ns, cs


def from_photos(photos, copies: int, seed: int = 0, amount: float = 0.08, rotate: float = 0.0):
    """Crops of labelled real photos: (uint8 NHWC, number, colour)."""
    rng = np.random.default_rng(seed)
    X, N, C = [], [], []
    for p in photos:
        img = cv2.imread(str(p.path))
        x, n, c = from_image(rng, img, [t.tile for t in p.tiles], [t.box for t in p.tiles], copies, amount, rotate)
        X += x
        N += n
        C += c
    return _stack(X, N, C)


def from_yolo(folder: Path, copies: int = 1, seed: int = 0, amount: float = 0.08, skip_prefix: str = "real",
              limit: int | None = None):
    """Crops of a generated dataset folder (``images/train`` + ``labels/train``, tile-code classes)."""
    from engine import ALL_KINDS

    rng = np.random.default_rng(seed)
    X, N, C = [], [], []
    images = sorted((Path(folder) / "images" / "train").iterdir())
    images = [p for p in images if not p.name.startswith(skip_prefix)][:limit]
    for path in images:
        img = cv2.imread(str(path))
        H, W = img.shape[:2]
        lab = Path(str(path.parent).replace("/images/", "/labels/")) / (path.stem + ".txt")
        tiles, boxes = [], []
        for line in lab.read_text().splitlines():
            k, cx, cy, w, h = line.split()
            cx, cy, w, h = float(cx) * W, float(cy) * H, float(w) * W, float(h) * H
            if w < 8 or h < 8:
                continue
            tiles.append(ALL_KINDS[int(k)])
            boxes.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
        x, n, c = from_image(rng, img, tiles, boxes, copies, amount)
        X += x
        N += n
        C += c
    return _stack(X, N, C)


def _stack(X, N, C):
    if not X:
        return np.zeros((0, crops.SIZE, crops.SIZE, 3), np.uint8), np.zeros(0, np.int64), np.zeros(0, np.int64)
    return np.stack(X), np.array(N, np.int64), np.array(C, np.int64)
