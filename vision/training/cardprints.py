"""Corner-index crops of ``../shared/realdata/card-prints``: 8,154 single cards of many prints.

The set gives no boxes, only each card's class (its folder). Each image is one card cropped to
its frame and squashed to 224 x 224, a few of them tilted with some background. So the index is
found from the card's frame:

1. the frame (:func:`find_frame`): the largest convex four-sided outline whose extent spans
   nearly the whole image (a court card's picture frame or a big pip does not); else the whole
   image, which is what most files are;
2. the card warped to its canonical shape (:data:`CARD`, a poker card's 63 x 88 mm);
3. its top-left corner region and, the card turned 180 degrees, the bottom-right one
   (:func:`index_box`): the ink that differs from the corner's paper, away from the card's edge,
   not running out of the region (a picture or a face pip does), a rank with something under it
   (the pip; the word JOKER for a joker); a corner without such ink is skipped (jumbo faces,
   art decks).

Over the whole set an index is found on 81.6 % of the cards (12,293 corners). Checked by eye on
contact sheets of 320 corners (``research/cards/print_folds.py sheet``, under ``out/``: of 240
found, about 10 were a piece of a picture or a pip) and by ``tests/vision/training/test_cardprints.py`` on a fixed sample. Nothing of the
set is copied into the repository: read from ``../shared`` (or ``$REMI_CARDPRINTS``).
"""

from __future__ import annotations

import csv
import json
import os
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from remi.engine import Tile

ROOT = Path(__file__).resolve().parents[2]
CARD = (200, 280)  # the canonical card, width and height in pixels: 63 x 88 mm
#: the corner region searched for an index, as fractions of the card's width and height
REGION = (0.24, 0.36)
EDGE = 0.025  # the card's edge and rounded corner: no index ink this near the border
INK = 45.0  # Lab distance from the corner's paper that counts as ink


def default_root() -> Path:
    env = os.environ.get("REMI_CARDPRINTS")
    return Path(env) if env else ROOT.parent / "shared" / "realdata" / "card-prints"


@dataclass(frozen=True)
class PrintCard:
    """One file of card-prints: its path relative to the set's root, its card, upstream's split."""

    name: str
    card: Tile
    split: str


def load(root: Path | None = None) -> list[PrintCard]:
    """Every card of the set, in ``cards.csv``'s order, its class mapped by ``classes.json``.
    Rows naming no file are left out (upstream lists ``train/ace of clubs/output``, which is none)."""
    root = root or default_root()
    names = json.loads((root / "classes.json").read_text())
    with open(root / "cards.csv", newline="") as f:
        rows = [r for r in csv.DictReader(f) if (root / r["filepaths"]).is_file()]
    return [PrintCard(r["filepaths"], Tile.parse(names[r["labels"]]), r["data set"]) for r in rows]


def _clockwise_from_top_left(points: np.ndarray) -> np.ndarray:
    q = points.reshape(4, 2).astype(np.float32)
    centre = q.mean(0)
    q = q[np.argsort(np.arctan2(q[:, 1] - centre[1], q[:, 0] - centre[0]))]
    return np.roll(q, -int(np.argmin(q.sum(1))), 0)


def find_frame(image: np.ndarray) -> tuple[np.ndarray, bool]:
    """The card's four corners (top-left first, clockwise) and whether an outline was found
    (False: the whole image, the card filling it)."""
    h, w = image.shape[:2]
    grey = cv2.GaussianBlur(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), (5, 5), 0)
    edges = cv2.dilate(cv2.Canny(grey, 30, 90), np.ones((3, 3), np.uint8))
    outlines, _ = cv2.findContours(edges, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    for outline in sorted(outlines, key=cv2.contourArea, reverse=True)[:3]:
        hull = cv2.convexHull(outline)
        _, _, bw, bh = cv2.boundingRect(hull)
        if cv2.contourArea(hull) < 0.5 * w * h:
            break
        if bw < 0.85 * w or bh < 0.85 * h:  # an inner frame: the card reaches the image's edges
            continue
        for eps in (0.02, 0.04, 0.06):
            corners = cv2.approxPolyDP(hull, eps * cv2.arcLength(hull, True), True)
            if len(corners) == 4:
                return _clockwise_from_top_left(corners), True
        rect = cv2.boxPoints(cv2.minAreaRect(hull))
        if cv2.contourArea(hull) > 0.9 * cv2.contourArea(rect):
            return _clockwise_from_top_left(rect), True
    return np.array([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]], np.float32), False


def warp(image: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """The card inside ``corners`` at its canonical shape :data:`CARD`."""
    w, h = CARD
    target = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    return cv2.warpPerspective(image, cv2.getPerspectiveTransform(corners, target), (w, h))


def index_box(card: np.ndarray, joker: bool = False) -> tuple[int, int, int, int] | None:
    """The index's box in a canonical card's top-left corner, or None where no index is there."""
    rw, rh = int(CARD[0] * REGION[0]), int(CARD[1] * REGION[1])
    lab = cv2.cvtColor(np.ascontiguousarray(card[:rh, :rw]), cv2.COLOR_BGR2LAB).astype(np.float32)
    paper = np.median(lab.reshape(-1, 3), 0)
    ink = (np.sqrt(((lab - paper) ** 2).sum(2)) > INK).astype(np.uint8)
    edge = int(CARD[0] * EDGE)
    ink[:edge], ink[:, :edge] = 0, 0
    count, _, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    parts = np.array([(x, y, x + bw, y + bh) for x, y, bw, bh, area in stats[1:count]
                      if area >= 6 and x + bw < rw - 1 and y + bh < rh - 1  # specks; a picture running out
                      and x <= rw * 0.6 and y <= rh * 0.75], int).reshape(-1, 4)
    if not len(parts):
        return None
    x1, y1 = parts[:, :2].min(0)
    x2, y2 = parts[:, 2:].max(0)
    if y2 - y1 < CARD[1] * 0.06 or x2 - x1 < CARD[0] * 0.03 or x1 > rw * 0.5 or y1 > rh * 0.3:
        return None
    centres = (parts[:, 1] + parts[:, 3]) / 2
    if not joker and centres.max() - centres.min() < 0.3 * (y2 - y1):
        return None  # a rank with no pip under it: a jumbo index cut by the region, or no index
    if ink[y1:y2, x1:x2].mean() > 0.7:
        return None  # a solid blob (a picture's edge), not glyphs
    return int(x1), int(y1), int(x2), int(y2)


def corner_indices(image: np.ndarray, joker: bool = False) -> list[tuple[np.ndarray, tuple[int, int, int, int]]]:
    """(canonical card, index box) for each corner with an index: the top-left upright, then
    the bottom-right in the card turned 180 degrees (so that both read upright)."""
    card = warp(image, find_frame(image)[0])
    found = []
    for view in (card, np.ascontiguousarray(card[::-1, ::-1])):
        box = index_box(view, joker)
        if box is not None:
            found.append((view, box))
    return found


def _at_height(rng: np.random.Generator, view: np.ndarray, box, heights: tuple[float, float]):
    """The card shrunk so that its index is ``heights`` pixels tall (drawn), and the box with it."""
    scale = min(1.0, rng.uniform(*heights) / max(box[3] - box[1], 1))
    small = cv2.resize(view, (max(8, round(view.shape[1] * scale)), max(8, round(view.shape[0] * scale))),
                       interpolation=cv2.INTER_AREA)
    return small, tuple(v * scale for v in box)


def _face_box(rng: np.random.Generator, box) -> tuple[float, float, float, float]:
    """A box of the index's size on the card's face, away from its corners: pips, a court picture."""
    w, h = box[2] - box[0], box[3] - box[1]
    x1, y1 = rng.uniform(CARD[0] * 0.25, CARD[0] * 0.75 - w), rng.uniform(CARD[1] * 0.2, CARD[1] * 0.8 - h)
    return (x1, y1, x1 + w, y1 + h)


def index_crops(cards: list[PrintCard], copies: int = 2, seed: int = 0, root: Path | None = None,
                heights: tuple[float, float] = (10, 28), negatives: float = 0.5):
    """Reader crops of the cards' corner indices (uint8 NHWC, number, colour): each found index
    ``copies`` times, the card shrunk so that the index is ``heights`` pixels tall (an index in
    a 1920x1080 frame of a table is 10-20), jittered and turned a little as the real decks'
    crops are (``research.cards.stage.index_crops``); and, ``negatives`` a card on average,
    a crop of the card's face at an index's size, "not an index"."""
    from remi.vision.crops import BACKGROUND
    from remi.vision.training import cropset

    root = root or default_root()
    rng = np.random.default_rng(seed)
    X, N, C = [], [], []
    for card in cards:
        found = corner_indices(cv2.imread(str(root / card.name)), card.card.is_joker)
        for view, box in found:
            for _ in range(copies):
                small, scaled = _at_height(rng, view, box, heights)
                x, n, c = cropset.from_image(rng, small, [card.card], [scaled], 1, rotate=8.0)
                X += x
                N += n
                C += c
        if found and rng.random() < negatives:
            small, scaled = _at_height(rng, found[0][0], _face_box(rng, found[0][1]), heights)
            x, _, _ = cropset.from_image(rng, small, [card.card], [scaled], 1)
            X += x
            N.append(BACKGROUND)
            C.append(-1)
    return cropset.stack(X, N, C)
