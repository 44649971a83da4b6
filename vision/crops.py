"""Tile crops as the tile reader sees them: the same code at training and at inference.

A crop is the detector's box widened by a small margin, resized to ``SIZE`` x ``SIZE`` BGR.
"""

from __future__ import annotations

import cv2
import numpy as np

SIZE = 40
MARGIN = 0.06


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


def batch(image: np.ndarray, boxes: list[tuple[float, float, float, float]], rotate180: bool = False) -> np.ndarray:
    """Crops of all boxes as a float32 NCHW batch in [0, 1], RGB (the reader's input)."""
    out = np.stack([crop(image, b) for b in boxes]) if boxes else np.zeros((0, SIZE, SIZE, 3), np.uint8)
    if rotate180:
        out = out[:, ::-1, ::-1]
    return np.ascontiguousarray(out[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255.0
