"""Synthetic labelled photos of tiles laid on a table, straight from ``vision.training.tilefaces``.

``table`` lays a rack's or a table's worth of tiles of one edition in rows on a surface, each
row at its own small tilt, some tiles turned any way, lit warm or cool, with glare, blur,
noise and JPEG; it returns the photo with each tile's box and corners. ``ODD`` is a set the
shipped reader has never seen and ``odd_tables`` its labelled photos: what ``remi vision
adapt``'s tests and bench (bench/adapt_bench.py) adapt to.

The module once also drew the oriented reader's (v7) training crops; that reader is retired,
and the diary (research/vision-diary.md) and git history (0c02b80) keep its recipe.

Every random choice comes from one seeded generator: the same seed gives the same photos.
"""

from __future__ import annotations

import cv2
import numpy as np

from remi.engine import ALL_KINDS
from remi.vision.training import tilefaces


def _surface(rng: np.random.Generator, w: int, h: int, photos: list[np.ndarray] | None) -> np.ndarray:
    from remi.vision.training import surfaces

    img = surfaces.background(rng, w, h, photos)
    if rng.random() < 0.3:  # marble veins or a cloth's pattern: thin dark and light curves
        for _ in range(int(rng.integers(1, 6))):
            pts = np.cumsum(rng.normal(0, w / 8, (6, 2)), 0) + rng.uniform(0, w, 2)
            col = tuple(int(c) for c in rng.integers(0, 255, 3))
            cv2.polylines(img, [pts.astype(np.int32)], False, col, int(rng.integers(1, 4)), cv2.LINE_AA)
    return img


def _light(rng: np.random.Generator, img: np.ndarray, th: int) -> np.ndarray:
    """Warm or cool light, exposure, glare, blur, noise and JPEG, as phone photos have them."""
    f = img.astype(np.float32)
    warm = rng.normal(0, 0.1)  # a warm cast (lamp, wooden room) lifts red, lowers blue
    f *= np.array([1 - warm, 1.0 + rng.normal(0, 0.03), 1 + warm], np.float32).clip(0.6, 1.4)
    f = f * rng.uniform(0.55, 1.3) + rng.uniform(-30, 25)
    if rng.random() < 0.15:  # glare: a bright blurred spot
        h, w = f.shape[:2]
        spot = np.zeros((h, w), np.float32)
        cv2.circle(spot, (int(rng.uniform(0, w)), int(rng.uniform(0, h))), int(th * rng.uniform(0.2, 0.8)), 1.0, -1)
        f += cv2.GaussianBlur(spot, (0, 0), th * 0.2)[..., None] * rng.uniform(60, 200)
    img = np.clip(f, 0, 255).astype(np.uint8)
    if rng.random() < 0.35:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.4, 0.4 + th / 50))
    if rng.random() < 0.1:
        k = int(rng.integers(3, 3 + th // 12 + 1)) | 1
        ker = np.zeros((k, k), np.float32)
        ker[k // 2] = 1.0 / k
        ker = cv2.warpAffine(ker, cv2.getRotationMatrix2D((k / 2, k / 2), rng.uniform(0, 180), 1), (k, k))
        img = cv2.filter2D(img, -1, ker / max(float(ker.sum()), 1e-6))
    if rng.random() < 0.5:
        img = np.clip(img + rng.normal(0, rng.uniform(2, 9), img.shape), 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 96))])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def table(rng: np.random.Generator, edition: tilefaces.Edition, tiles, width: int = 1000, height: int = 750,
          tile_height: float | None = None, scatter: float = 0.0, photos: list[np.ndarray] | None = None):
    """A photo of ``tiles`` of one edition laid in rows on a table (a rack's worth or a
    table's), each row at its own small tilt, ``scatter`` of the tiles turned any way.
    Returns (BGR image, the tiles laid, boxes (n, 4), corners (n, 4, 2) TL TR BR BL of each
    tile as it stands); tiles that do not fit are left out of all three (they stay in step)."""
    img = _surface(rng, width, height, photos)
    th = tile_height or height * rng.uniform(0.09, 0.16)
    taken = np.zeros((height, width), bool)
    boxes, corners = [], []
    per_row = max(1, int(width * 0.85 // (th * 0.8)))
    rows = [list(tiles[i:i + per_row]) for i in range(0, len(tiles), per_row)]
    y = height / 2 - (len(rows) - 1) * th * 0.65
    kept = []
    for row in rows:
        tilt = rng.normal(0, 5)
        x = width / 2 - (len(row) - 1) * th * 0.4
        for tile in row:
            face = tilefaces.render(tile, edition, rng, int(th))
            angle = rng.uniform(0, 360) if rng.random() < scatter else tilt + rng.normal(0, 2)
            c = _lay(img, taken, face, (x + rng.normal(0, th * 0.02), y + (x - width / 2) * np.tan(np.deg2rad(-tilt))), angle)
            if c is not None:
                corners.append(c)
                boxes.append((*c.min(0), *c.max(0)))
                kept.append(tile)
            x += th * 0.8
        y += th * 1.3
    img = _light(rng, img, int(th))
    return img, kept, np.array(boxes, float).reshape(-1, 4), np.array(corners, float).reshape(-1, 4, 2)


# A set whose orange is printed nearly red and whose blue is a dark teal: the shipped reader
# has seen neither ink (the test pool's anchors are held out, and these are further out).
# What `remi vision adapt` is for; its tests and bench/adapt_bench.py adapt to it.
ODD = tilefaces.Edition("odd", "test", "dejavu-serif-bold", 1.0, 0.3, 0.34, 0.85,
                        (tilefaces.hsv_bgr(30, 0.3, 0.2), tilefaces.hsv_bgr(170, 0.8, 0.38),
                         tilefaces.hsv_bgr(350, 0.85, 0.75), tilefaces.hsv_bgr(14, 0.95, 0.9)),
                        "underline", "clown", (tilefaces.hsv_bgr(350, 0.85, 0.75),),
                        tilefaces.hsv_bgr(0, 0.0, 0.86), 0.05, 0.1, 0.68, "dots")


def odd_tables(seed: int, count: int) -> list[tuple[str, np.ndarray, list, np.ndarray]]:
    """``count`` labelled photos of 15 tiles of the ``ODD`` set, as ``vision.adapt`` takes them:
    ``(name, image, tiles, boxes)``, a third of the tiles turned any way."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(count):
        tiles = [ALL_KINDS[k] for k in rng.choice(53, 15, replace=False)]
        img, kept, boxes, _ = table(rng, ODD, tiles, scatter=0.3)
        out.append((f"odd-{seed}-{i}", img, kept, boxes))
    return out


def _lay(img: np.ndarray, taken: np.ndarray, face: tilefaces.Face, centre, angle: float):
    """Paste a face turned by ``angle`` degrees (clockwise) at ``centre`` unless it would cover
    another tile or leave the photo; its corners, or None."""
    h, w = face.image.shape[:2]
    M = cv2.getRotationMatrix2D((w / 2, h / 2), -angle, 1.0)
    M[:, 2] += np.array(centre) - (w / 2, h / 2)
    H, W = taken.shape
    corners = np.array([[0, 0], [w, 0], [w, h], [0, h]], float) @ M[:, :2].T + M[:, 2]
    if corners.min() < 0 or corners[:, 0].max() >= W or corners[:, 1].max() >= H:
        return None
    mask = cv2.warpAffine(face.mask, M, (W, H)) > 127
    if (taken & mask).sum() > 0.02 * mask.sum():
        return None
    warped = cv2.warpAffine(face.image, M, (W, H))
    img[mask] = warped[mask]
    taken |= mask
    return corners
