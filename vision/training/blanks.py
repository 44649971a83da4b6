"""Reader crops of blank faces: pale shapes without a number, each one "no tile" (reader v17).

A tablecloth printed with pale motifs the size of a tile had the detector box every motif and
the reader read each as a tile: on one photo of `pool-editions-e` 341 extra reads (the diary,
"Reader v16"). The crops the reader learns "no tile" from are mined from the detector's false
boxes on the training scenes, and few of those are pale shapes with nothing printed on them.
Here they are drawn: on a training surface (``surfaces.KINDS``, never a test surface), one pale
shape near the middle (a rounded rectangle as blank as a tile's back, a disc, an ellipse, a
star, an irregular blot), in a printed repeat of the same motif half the time, cut as a
detector's box is cut (``vision.crops``). What makes a tile is its number; none is drawn.

>>> x, n, c = blank_crops(np.random.default_rng(0), 3)
>>> x.shape, x.dtype.name, n.tolist(), c.tolist()
((3, 40, 40, 3), 'uint8', [14, 14, 14], [-1, -1, -1])
"""

from __future__ import annotations

import cv2
import numpy as np

from remi.vision import crops
from remi.vision.crops import BACKGROUND
from remi.vision.training import surfaces

SHAPES = ("rounded", "disc", "ellipse", "star", "blot")
CANVAS = 200  # pixels of the drawn patch; the shape's box is 50-110 of them tall


def blank_crops(rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``n`` crops (uint8 NHWC BGR, number, colour) of blank pale shapes, every one no tile."""
    x = np.stack([blank_crop(rng) for _ in range(n)]) if n else np.zeros((0, crops.SIZE, crops.SIZE, 3), np.uint8)
    return x, np.full(n, BACKGROUND, np.int64), np.full(n, -1, np.int64)


def blank_crop(rng: np.random.Generator) -> np.ndarray:
    """One crop: a training surface, a pale motif (repeated or alone), cut round the middle one."""
    img = surfaces.surface(rng, CANVAS, CANVAS, kind=str(rng.choice(surfaces.KINDS))).astype(np.float32)
    shape = str(rng.choice(SHAPES))
    h = rng.uniform(50, 110)
    w = h * rng.uniform(0.55, 1.0)
    pale = np.array([rng.uniform(185, 250)] * 3) + rng.uniform(-18, 18, 3)
    cx, cy = CANVAS / 2 + rng.uniform(-8, 8), CANVAS / 2 + rng.uniform(-8, 8)
    centres = [(cx, cy)]
    if rng.random() < 0.5:  # a print: the motif repeated on a grid around the middle one
        step = max(w, h) * rng.uniform(1.1, 1.8)
        centres += [(cx + i * step, cy + j * step) for i in (-1, 0, 1) for j in (-1, 0, 1) if i or j]
    mask = np.zeros((CANVAS, CANVAS), np.uint8)
    angle = float(rng.uniform(-25, 25))
    for c in centres:
        _draw(mask, rng, shape, c, w, h, angle)
    soft = cv2.GaussianBlur(mask, (0, 0), rng.uniform(0.5, 2.0)).astype(np.float32)[..., None] / 255
    img = img * (1 - soft) + pale * soft
    img *= rng.uniform(0.55, 1.15)
    img += rng.normal(0, rng.uniform(0, 8), img.shape)
    box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    box = tuple(v + rng.uniform(-0.1, 0.1) * (w if i % 2 == 0 else h) for i, v in enumerate(box))
    return crops.crop(np.clip(img, 0, 255).astype(np.uint8), box)


def _draw(mask: np.ndarray, rng: np.random.Generator, shape: str, c: tuple[float, float], w: float, h: float,
          angle: float) -> None:
    """One motif, filled (255) into ``mask``, ``w`` x ``h`` about ``c``."""
    centre = (int(round(c[0])), int(round(c[1])))
    if shape == "rounded":
        one = np.zeros_like(mask)
        cv2.fillConvexPoly(one, cv2.boxPoints(((c[0], c[1]), (w, h), angle)).astype(np.int32), 255, cv2.LINE_AA)
        k = max(3, int(min(w, h) * rng.uniform(0.1, 0.3)) | 1)  # the corners rounded, as a tile's
        np.maximum(mask, cv2.morphologyEx(one, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))), out=mask)
    elif shape in ("disc", "ellipse"):
        axes = (int(min(w, h) / 2),) * 2 if shape == "disc" else (int(w / 2), int(h / 2))
        cv2.ellipse(mask, centre, axes, angle, 0, 360, 255, -1, cv2.LINE_AA)
    elif shape == "star":
        points = int(rng.integers(5, 9))
        t = np.linspace(0, 2 * np.pi, 2 * points, endpoint=False) + np.radians(angle)
        r = np.where(np.arange(2 * points) % 2 == 0, 1.0, rng.uniform(0.4, 0.7))
        poly = np.stack([c[0] + np.cos(t) * r * w / 2, c[1] + np.sin(t) * r * h / 2], 1).astype(np.int32)
        cv2.fillPoly(mask, [poly], 255, cv2.LINE_AA)
    else:  # a blot: smooth noise cut inside an ellipse
        side = mask.shape[0]
        noise = cv2.resize(rng.uniform(0, 1, (5, 5)).astype(np.float32), (side, side), interpolation=cv2.INTER_CUBIC)
        yy, xx = np.mgrid[0:side, 0:side]
        inside = ((xx - c[0]) / (w / 2)) ** 2 + ((yy - c[1]) / (h / 2)) ** 2 < 1.0
        mask[(noise > 0.35) & inside] = 255
