"""Tile crops as the tile reader sees them: the same code at training and at inference.

The reader reads a tile's axis-aligned box widened by ``MARGIN`` and resized to ``SIZE`` x
``SIZE`` (40x40), or to the side its ONNX input says (80x80: reader v22 reads the photo's own
pixels where the older readers blew 40 of them up). A tile's corners (``tile_corners``: the rectangle's long side as the tile's
height, the up direction the one nearest the photo's up) are where the detector's boxes meet
the reading: an oriented (OBB) detector's turned box and an axis-aligned box alike go through
``tile_corners`` (a box wider than tall is a tile lying on its side, turned a quarter), and a
read tile's corners and angle come from them. The oriented reader (v7: 36x48 crops cut along
a tile's corners) is retired; the diary (research/vision-diary.md) and git history (0c02b80)
keep its recipe.

A crop's classes (``labels_of``): its number (0 = joker, 1..13, ``BACKGROUND`` for a crop
of no tile) and its colour (engine order k b r y, -1 for none); adapting and training both
label crops with them.
"""

from __future__ import annotations

import cv2
import numpy as np

from remi.engine import Tile

SIZE = 40
MARGIN = 0.06
BACKGROUND = 14  # the reader's number class of a crop that is not a tile


def labels_of(tile: Tile) -> tuple[int, int]:
    """(number class 0..13 with 0 = joker, colour class 0..3 or -1 for the joker)."""
    return (0, -1) if tile.is_joker else (tile.number, tile.colour)


def crop(image: np.ndarray, box: tuple[float, float, float, float], margin: float = MARGIN,
         size: int = SIZE) -> np.ndarray:
    """The (size, size, 3) uint8 crop of one box; parts outside the photo repeat its edge."""
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    H, W = image.shape[:2]
    ix1, iy1 = int(np.floor(x1 - margin * w)), int(np.floor(y1 - margin * h))
    ix2, iy2 = int(np.ceil(x2 + margin * w)), int(np.ceil(y2 + margin * h))
    ix2, iy2 = max(ix2, ix1 + 2), max(iy2, iy1 + 2)
    win = image[max(0, iy1):min(H, iy2), max(0, ix1):min(W, ix2)]
    if win.size == 0:
        return np.zeros((size, size, 3), np.uint8)
    pads = (max(0, -iy1), max(0, iy2 - H), max(0, -ix1), max(0, ix2 - W))
    if any(pads):
        win = cv2.copyMakeBorder(win, *pads, cv2.BORDER_REPLICATE)
    return cv2.resize(win, (size, size), interpolation=cv2.INTER_AREA)


def batch(image: np.ndarray, boxes: list[tuple[float, float, float, float]], rotate180: bool = False,
          size: int = SIZE) -> np.ndarray:
    """Crops of all boxes, ``size`` px a side, as a float32 NCHW batch in [0, 1], RGB (the reader's input)."""
    out = np.stack([crop(image, b, size=size) for b in boxes]) if boxes else np.zeros((0, size, size, 3), np.uint8)
    if rotate180:
        out = out[:, ::-1, ::-1]
    return to_input(out)


def to_input(crops_bgr: np.ndarray) -> np.ndarray:
    """uint8 NHWC BGR crops -> the reader's float32 NCHW RGB input in [0, 1]."""
    return np.ascontiguousarray(crops_bgr[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255.0


def tile_corners(points) -> np.ndarray:
    """The corners TL, TR, BR, BL of the smallest rectangle around ``points`` (k, 2), as a tile
    standing upright: its long side is the height, and of the two ways along it, up is the one
    nearest the photo's up (a tile lying exactly sideways: up to the left).

    >>> (tile_corners(np.array([[0, 0], [40, 0], [40, 30], [0, 30]])).round(1) + 0).tolist()
    [[0.0, 30.0], [0.0, 0.0], [40.0, 0.0], [40.0, 30.0]]
    >>> tile_corners(np.array([[10, 5], [40, 5], [40, 45], [10, 45]])).round(1).tolist()
    [[10.0, 5.0], [40.0, 5.0], [40.0, 45.0], [10.0, 45.0]]
    """
    (cx, cy), (w, h), angle = cv2.minAreaRect(np.asarray(points, np.float32).reshape(-1, 2))
    a = np.deg2rad(angle)
    ex, ey = np.array([np.cos(a), np.sin(a)]), np.array([-np.sin(a), np.cos(a)])  # along w, along h
    up, long_, short = (ey, h, w) if h >= w else (ex, w, h)
    if up[1] > 1e-6 or (abs(up[1]) <= 1e-6 and up[0] > 0):
        up = -up
    right = np.array([-up[1], up[0]])
    c = np.array([cx, cy])
    hu, hr = up * long_ / 2, right * short / 2
    return np.stack([c + hu - hr, c + hu + hr, c - hu + hr, c - hu - hr]).astype(np.float64)


def box_corners(box) -> np.ndarray:
    """``tile_corners`` of an axis-aligned box (x1, y1, x2, y2)."""
    x1, y1, x2, y2 = box
    return tile_corners(np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], np.float64))


def areas(corners: np.ndarray) -> np.ndarray:
    """Areas of quadrilaterals (n, 4, 2) by the shoelace formula."""
    x, y = corners[..., 0], corners[..., 1]
    return 0.5 * np.abs((x * np.roll(y, -1, axis=1) - np.roll(x, -1, axis=1) * y).sum(axis=1))


def iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU matrix of boxes a (n, 4) and b (m, 4).

    >>> float(iou(np.array([[0, 0, 2, 2]]), np.array([[1, 0, 3, 2]]))[0, 0])
    0.3333333333333333
    """
    a, b = np.asarray(a, float).reshape(-1, 4), np.asarray(b, float).reshape(-1, 4)
    x1 = np.maximum(a[:, None, 0], b[None, :, 0])
    y1 = np.maximum(a[:, None, 1], b[None, :, 1])
    x2 = np.minimum(a[:, None, 2], b[None, :, 2])
    y2 = np.minimum(a[:, None, 3], b[None, :, 3])
    inter = np.clip(x2 - x1, 0, None) * np.clip(y2 - y1, 0, None)
    area = lambda r: (r[:, 2] - r[:, 0]) * (r[:, 3] - r[:, 1])  # noqa: E731
    return inter / np.maximum(area(a)[:, None] + area(b)[None, :] - inter, 1e-9)


def jitter_corners(rng: np.random.Generator, corners: np.ndarray, amount: float = 0.04) -> np.ndarray:
    """Corners moved as a detector's box misses a tile: a shift, a scale and each corner a bit."""
    c = corners.mean(0)
    size = float(np.linalg.norm(corners[3] - corners[0]))
    p = c + (corners - c) * rng.uniform(0.92, 1.1) + rng.normal(0, amount, 2) * size
    return p + rng.normal(0, amount / 2, (4, 2)) * size
