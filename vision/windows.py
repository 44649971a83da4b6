"""A wide photo read in windows at its own resolution: a models folder's ``windows`` (issue 42).

The detector reads a photo shrunk to its input size (``imgsz``, 640 px): in a 1920x1080 frame
of cards on a table, a corner index 40 px tall shrinks to 13 px and is lost. A folder whose
``vision.json`` has ``"windows": {"size": 640, "overlap": 0.25, "most": 12}`` has the detector
also read overlapping square windows of the photo, ``size`` photo pixels a side (at ``imgsz``
that is the photo's own pixels), as many as cover it; the boxes of every window, and those of
the whole photo too large for a window to hold whole (``too_large``), are merged (``merge``).
Windows are named so, not tiles: a tile is the game's.

A photo no wider and no taller than a window is read whole only. A photo that would need more
than ``most`` windows gets larger ones (read a little below its own pixels), so no photo costs
more than ``most`` + 1 detector runs.

>>> w = Windows(640, 0.25, 12)
>>> w.grid(1920, 1080)
[(0, 0, 640, 640), (427, 0, 1067, 640), (853, 0, 1493, 640), (1280, 0, 1920, 640), (0, 440, 640, 1080), (427, 440, 1067, 1080), (853, 440, 1493, 1080), (1280, 440, 1920, 1080)]
>>> w.grid(640, 640), len(w.grid(4032, 3024)) <= 12
([], True)
>>> Windows.problem({"size": 640, "overlap": 0.9, "most": 12})
'overlap'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from remi.vision.crops import areas

#: the most windows a folder may ask for: each is a detector run (about 60 ms at 640 px on two
#: cores), so a photo costs at most about a second more however large it is
MOST_WINDOWS = 16
MOST_OVERLAP = 0.5  # a window shares at most half its side with the next
GROW = 1.1  # a photo needing more than ``most`` windows gets windows this much larger, in turn
EDGE = 3  # detector pixels: a box this near a window's side inside the photo is cut by it
PIECE = 0.5  # a cut box with this share of its area inside a box kept whole is a piece of it


@dataclass(frozen=True)
class Windows:
    """Square windows ``size`` photo pixels a side, sharing ``overlap`` of a side with the next,
    at most ``most`` of them a photo."""

    size: int
    overlap: float
    most: int

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Windows:
        """The windows of a checked ``vision.json`` block (``problem`` found none)."""
        return cls(int(data["size"]), float(data["overlap"]), int(data["most"]))

    @staticmethod
    def problem(data: Any) -> str | None:
        """The part of a ``windows`` block that is wrong ("" for the block itself: not an
        object, or a part missing), or None when it is right."""
        if not isinstance(data, dict) or not {"size", "overlap", "most"} <= data.keys():
            return ""
        if not (_whole(data["size"]) and data["size"] >= 32):
            return "size"
        overlap = data["overlap"]
        if not (isinstance(overlap, (int, float)) and not isinstance(overlap, bool) and 0 <= overlap <= MOST_OVERLAP):
            return "overlap"
        if not (_whole(data["most"]) and 1 <= data["most"] <= MOST_WINDOWS):
            return "most"
        return None

    def grid(self, width: int, height: int) -> list[tuple[int, int, int, int]]:
        """The windows (x1, y1, x2, y2) of a width x height photo, rows top to bottom; none
        when one window holds the photo."""
        side = self.size
        while max(width, height) > side:
            across, down = _count(width, side, self.overlap), _count(height, side, self.overlap)
            if across * down <= self.most:
                return [(x, y, min(x + side, width), min(y + side, height))
                        for y in _starts(height, side, down) for x in _starts(width, side, across)]
            side = math.ceil(side * GROW)
        return []


def _whole(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _count(length: int, side: int, overlap: float) -> int:
    """Windows of ``side`` along ``length``, each sharing at least ``overlap`` of it with the next."""
    if length <= side:
        return 1
    return math.ceil((length - side) / (side * (1 - overlap)) - 1e-9) + 1


def _starts(length: int, side: int, count: int) -> list[int]:
    """Where ``count`` windows of ``side`` start along ``length``, evenly from end to end."""
    if count == 1:
        return [0]
    return [round(i * (length - side) / (count - 1)) for i in range(count)]


def cut(corners: np.ndarray, window: tuple[int, int, int, int], width: int, height: int, margin: float) -> np.ndarray:
    """Which boxes (corners (n, 4, 2) in photo pixels) found in ``window`` reach within
    ``margin`` of one of its sides that lies inside the photo: the window may hold only part
    of what they box. A side on the photo's own edge cuts nothing.

    >>> q = np.array([[[0, 0], [20, 0], [20, 20], [0, 20]], [[300, 10], [340, 10], [340, 40], [300, 40]]], float)
    >>> cut(q, (0, 0, 340, 340), 1000, 1000, 2.0).tolist()
    [False, True]
    """
    x1, y1, x2, y2 = window
    lo, hi = corners.min(axis=1), corners.max(axis=1)
    return (((lo[:, 0] <= x1 + margin) & (x1 > 0)) | ((lo[:, 1] <= y1 + margin) & (y1 > 0))
            | ((hi[:, 0] >= x2 - margin) & (x2 < width)) | ((hi[:, 1] >= y2 - margin) & (y2 < height)))


def too_large(corners: np.ndarray, grid: list[tuple[int, int, int, int]], overlap: float) -> np.ndarray:
    """Which boxes (corners (n, 4, 2)) span more than two neighbouring windows of ``grid``
    share: one that may lie whole in none of them.

    >>> q = np.array([[[0, 0], [100, 0], [100, 100], [0, 100]], [[0, 0], [200, 0], [200, 50], [0, 50]]], float)
    >>> too_large(q, [(0, 0, 640, 640), (480, 0, 1120, 640)], 0.25).tolist()
    [False, True]
    """
    side = max(max(x2 - x1, y2 - y1) for x1, y1, x2, y2 in grid)
    return (corners.max(axis=1) - corners.min(axis=1)).max(axis=1) >= overlap * side


def merge(corners: np.ndarray, scores: np.ndarray, pieces: np.ndarray, iou: float) -> tuple[np.ndarray, np.ndarray]:
    """One box a thing from the boxes of several passes (corners (n, 4, 2), scores (n,),
    ``pieces``: cut by a window's side): boxes held whole first, surest first; a box goes when
    it overlaps a kept one by ``iou`` or more, and a cut one also when ``PIECE`` of it lies in
    a kept box (the part of an index that one window saw of what another saw whole).

    >>> q = np.array([[[0, 0], [20, 0], [20, 30], [0, 30]], [[10, 0], [20, 0], [20, 30], [10, 30]],
    ...               [[50, 0], [70, 0], [70, 30], [50, 30]]], float)
    >>> merge(q, np.array([0.5, 0.9, 0.8]), np.array([False, True, False]), 0.5)[1].tolist()
    [0.5, 0.8]
    """
    import cv2

    if len(corners) < 2:
        return corners, scores
    quads = corners.astype(np.float32)
    area = np.maximum(areas(corners), 1e-9)
    lo, hi = corners.min(axis=1), corners.max(axis=1)
    kept: list[int] = []
    for i in np.lexsort((-scores, pieces)):
        k = np.array(kept, int)
        near = k[(np.minimum(hi[i], hi[k]) > np.maximum(lo[i], lo[k])).all(axis=1)] if len(k) else k
        shared = np.array([cv2.intersectConvexConvex(quads[i], quads[j])[0] for j in near])
        if len(near) and ((shared / (area[i] + area[near] - shared) >= iou).any()
                          or (pieces[i] and (shared / area[i] >= PIECE).any())):
            continue
        kept.append(int(i))
    keep = np.sort(np.array(kept, int))
    return corners[keep], scores[keep]


__all__ = ["MOST_WINDOWS", "Windows", "cut", "merge", "too_large"]
