"""Tile patches: a tile's picture with its outline's mask, to paste in a scene.

Two sources besides the editions of ``vision.training.tilefaces``: ``render_tile``, the first
drawing (a cream tile, a Hershey-font number or a smiley joker, a ring), which scenes still use
for a share of their sets (``scenes.Faces.legacy``); and ``TileBank``, real tiles cut from
labelled photos along their polygons, in their photographed pose. Every random choice comes
from the ``numpy.random.Generator`` passed in.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from remi.engine import Tile

# BGR ink colours by engine colour index (k b r y), and the joker's.
INK = {0: (38, 34, 30), 1: (170, 95, 20), 2: (45, 40, 200), 3: (25, 135, 235)}
FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_TRIPLEX,
         cv2.FONT_HERSHEY_COMPLEX)


@dataclass
class Patch:
    """A tile image with its alpha mask (uint8 BGR + 0/255 mask) and its kind."""
    tile: Tile
    image: np.ndarray
    mask: np.ndarray


def jitter_colour(rng: np.random.Generator, bgr: tuple[int, int, int], amount: int) -> tuple[int, ...]:
    return tuple(int(np.clip(c + rng.integers(-amount, amount + 1), 0, 255)) for c in bgr)


def render_tile(tile: Tile, rng: np.random.Generator, height: int = 120) -> Patch:
    """Draw one tile upright: cream face, rounded corners, number (or joker face) and a ring."""
    w = int(height * rng.uniform(0.70, 0.78))
    h = height
    img = np.zeros((h, w, 3), np.uint8)
    cream = jitter_colour(rng, (200, 228, 240), 14)
    img[:] = cream
    r = max(3, int(w * 0.12))
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, (r, 0), (w - r - 1, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - r - 1), 255, -1)
    for cx, cy in ((r, r), (w - r - 1, r), (r, h - r - 1), (w - r - 1, h - r - 1)):
        cv2.circle(mask, (cx, cy), r, 255, -1)
    # thickness shading: a darker band along the bottom and right edges
    edge = max(2, h // 14)
    shade = np.ones((h, w), np.float32)
    shade[h - edge:, :] *= 0.82
    shade[:, w - edge // 2:] *= 0.9
    shade *= np.linspace(1.03, 0.95, h, dtype=np.float32)[:, None]
    img = np.clip(img * shade[..., None], 0, 255).astype(np.uint8)
    if tile.is_joker:
        ink = INK[int(rng.choice([0, 2]))]
        c = (w // 2, int(h * 0.40))
        rad = int(w * 0.32)
        t = max(2, h // 40)
        cv2.circle(img, c, rad, ink, t, cv2.LINE_AA)
        cv2.circle(img, (c[0] - rad // 3, c[1] - rad // 4), max(2, rad // 7), ink, -1, cv2.LINE_AA)
        cv2.circle(img, (c[0] + rad // 3, c[1] - rad // 4), max(2, rad // 7), ink, -1, cv2.LINE_AA)
        cv2.ellipse(img, (c[0], c[1] + rad // 6), (rad // 2, rad // 3), 0, 10, 170, ink, t, cv2.LINE_AA)
    else:
        ink = jitter_colour(rng, INK[tile.colour], 18)
        text = str(tile.number)
        font = FONTS[int(rng.integers(len(FONTS)))]
        thick = int(rng.integers(max(2, h // 30), max(3, h // 14) + 1))
        (tw, th), _ = cv2.getTextSize(text, font, 1.0, thick)
        target_w = w * (0.78 if len(text) == 2 else 0.42) * rng.uniform(0.85, 1.05)
        scale = min(target_w / tw, h * 0.42 / th)
        (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
        x = int((w - tw) / 2 + rng.uniform(-0.04, 0.04) * w)
        y = int(h * 0.36 + th / 2 + rng.uniform(-0.04, 0.04) * h)
        cv2.putText(img, text, (x, y), font, scale, ink, thick, cv2.LINE_AA)
    # the ring below the number
    ring = jitter_colour(rng, (185, 212, 226), 10)
    cv2.circle(img, (w // 2, int(h * 0.76)), int(w * 0.18), ring, max(1, h // 50), cv2.LINE_AA)
    return Patch(tile, img, mask)


class TileBank:
    """Real tiles cut from labelled photos along their polygons, in their photographed pose."""

    def __init__(self, patches: list[Patch] | None = None) -> None:
        self.patches = patches or []

    @classmethod
    def from_photos(cls, photos: list, limit: int | None = None) -> TileBank:
        patches = []
        for photo in photos:
            img = cv2.imread(str(photo.path))
            if img is None:
                continue
            H, W = img.shape[:2]
            for lt in photo.tiles:
                x1, y1, x2, y2 = (int(round(v)) for v in lt.box)
                x1, y1, x2, y2 = max(0, x1), max(0, y1), min(W, x2), min(H, y2)
                if x2 - x1 < 12 or y2 - y1 < 12:
                    continue
                # skip tiles cut off by the photo's edge: they would teach a wrong outline
                if lt.box[0] < 1 or lt.box[1] < 1 or lt.box[2] > W - 1 or lt.box[3] > H - 1:
                    continue
                mask = np.zeros((y2 - y1, x2 - x1), np.uint8)
                poly = np.round(lt.polygon - (x1, y1)).astype(np.int32)
                cv2.fillPoly(mask, [poly], 255)
                patches.append(Patch(lt.tile, img[y1:y2, x1:x2].copy(), mask))
            if limit and len(patches) >= limit:
                break
        return cls(patches)

    def by_kind(self) -> dict[Tile, list[Patch]]:
        out: dict[Tile, list[Patch]] = {}
        for p in self.patches:
            out.setdefault(p.tile, []).append(p)
        return out
