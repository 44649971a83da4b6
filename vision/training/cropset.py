"""Crop datasets for the tile reader, cut the way inference cuts them (``vision.crops``).

Boxes are jittered (each edge moves by up to ``jitter`` of the tile's size) so the reader learns
to read the boxes a detector really draws, not only hand-drawn ones. Reader v11's crops add two
things v10 misread as a stroke "1" (research/vision-diary.md, "pool-editions, v8.3.1 against v10"):
a share widened toward the next tile so that its edge stands beside the digit (``toward_neighbour``,
labelled as the centre tile), and a share blurred (``blurred``).
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from remi.engine import Tile
from remi.vision import crops
from remi.vision.crops import BACKGROUND, labels_of


def jitter(rng: np.random.Generator, box, amount: float) -> tuple[float, float, float, float]:
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    d = rng.uniform(-amount, amount, 4) * (w, h, w, h)
    return (x1 + d[0], y1 + d[1], x2 + d[2], y2 + d[3])


def scaled(rng: np.random.Generator, box, scale: tuple[float, float]) -> tuple[float, float, float, float]:
    """The box grown or shrunk about its centre by a factor drawn from ``scale``: a card's
    labelled index box is tight on one deck and loose on another, and the reader of one deck's
    boxes read another's clubs as spades (research/vision-diary.md, "Card reader 11").

    >>> scaled(np.random.default_rng(0), (10, 10, 30, 50), (0.5, 0.5))
    (15.0, 20.0, 25.0, 40.0)
    """
    return about_centre(box, rng.uniform(*scale))


def about_centre(box, factor: float) -> tuple[float, float, float, float]:
    """``box`` (x1, y1, x2, y2) grown or shrunk ``factor`` times about its centre."""
    x1, y1, x2, y2 = box
    cx, cy, hw, hh = (x1 + x2) / 2, (y1 + y2) / 2, (x2 - x1) * factor / 2, (y2 - y1) * factor / 2
    return (cx - hw, cy - hh, cx + hw, cy + hh)


def toward_neighbour(rng: np.random.Generator, box, boxes, reach: tuple[float, float] = (0.06, 0.3)):
    """The box widened sideways past the near edge of its nearest neighbour in the same row (a
    rack's touching tiles), by ``reach`` of its width, half the time shifted whole instead; toward
    a random side when no tile stands within half a width. The crop stays the centre tile's."""
    x1, y1, x2, y2 = box
    w = x2 - x1
    others = np.asarray(boxes, float).reshape(-1, 4)
    same_row = (np.minimum(others[:, 3], y2) - np.maximum(others[:, 1], y1)) > 0.5 * (y2 - y1)
    right = np.where(same_row & (others[:, 0] >= x1 + 0.5 * w), others[:, 0] - x2, np.inf)
    left = np.where(same_row & (others[:, 2] <= x2 - 0.5 * w), x1 - others[:, 2], np.inf)
    gap_r, gap_l = float(right.min(initial=np.inf)), float(left.min(initial=np.inf))
    if min(gap_r, gap_l) > 0.5 * w:
        gap_r, gap_l = (0.0, np.inf) if rng.random() < 0.5 else (np.inf, 0.0)
    past = max(0.0, min(gap_r, gap_l)) + rng.uniform(*reach) * w
    shift = past if rng.random() < 0.5 else 0.0
    if gap_r <= gap_l:
        return (x1 + shift, y1, x2 + past, y2)
    return (x1 - past, y1, x2 - shift, y2)


def blurred(rng: np.random.Generator, crop: np.ndarray) -> np.ndarray:
    """A crop out of focus (Gaussian, sigma 0.5-1.3 px of a 40 px crop) or shaken (a 3-5 px streak
    at any angle, of a 40 px crop), as a phone's photo of a far or moving rack; an 80 px crop is
    blurred as far (twice the pixels)."""
    scale = crop.shape[0] / crops.SIZE
    if rng.random() < 0.5:
        return cv2.GaussianBlur(crop, (0, 0), rng.uniform(0.5, 1.3) * scale)
    k = int(round(int(rng.integers(3, 6)) * scale))
    streak = np.zeros((k, k), np.float32)
    streak[k // 2] = 1.0
    turn = cv2.getRotationMatrix2D(((k - 1) / 2, (k - 1) / 2), rng.uniform(0, 180), 1.0)
    streak = cv2.warpAffine(streak, turn, (k, k))
    return cv2.filter2D(crop, -1, streak / max(float(streak.sum()), 1e-6))


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
               rotate: float = 0.0, edges: float = 0.0, blur: float = 0.0, scale: tuple[float, float] | None = None,
               size: int = crops.SIZE):
    """Crops of the labelled tiles of one image, ``copies`` a tile, ``size`` px a side: jittered,
    turned by up to ``rotate`` degrees, an ``edges`` share widened toward a neighbour, a ``blur``
    share blurred, each box first grown or shrunk by a factor drawn from ``scale`` (:func:`scaled`;
    no draw is made for a share of 0 or no ``scale``, so older crop sets come out the same)."""
    xs, ns, cs = [], [], []
    for tile, box in zip(tiles, boxes):
        n, c = labels_of(tile)
        for _ in range(copies):
            wide = toward_neighbour(rng, box, boxes) if edges and rng.random() < edges else box
            wide = scaled(rng, wide, scale) if scale else wide
            img, b = (image, wide) if rotate <= 0 else _rotate(rng, image, wide, rotate)
            x = crops.crop(img, jitter(rng, b, amount), size=size)
            xs.append(blurred(rng, x) if blur and rng.random() < blur else x)
            ns.append(n)
            cs.append(c)
    return xs, ns, cs


def from_photos(photos, copies: int, seed: int = 0, amount: float = 0.08, rotate: float = 0.0, size: int = crops.SIZE):
    """Crops of labelled real photos, ``size`` px a side: (uint8 NHWC, number, colour)."""
    rng = np.random.default_rng(seed)
    X, N, C = [], [], []
    for img, tiles, boxes in photo_items(photos):
        x, n, c = from_image(rng, img, tiles, boxes, copies, amount, rotate, size=size)
        X += x
        N += n
        C += c
    return stack(X, N, C, size)


def as_seen(tile: Tile, outline) -> Tile:
    """A 6 or 9 standing upside down in the photo (its polygon label's top, the first two corners,
    within 45 degrees of the photo's bottom) as it is seen there: the other of the two, for a
    reader that reads each crop as it stands (reader v19); any other tile as it is.

    >>> as_seen(Tile.parse("r6"), [[0, 50], [40, 50], [40, 0], [0, 0]]), as_seen(Tile.parse("r6"), [[0, 0], [40, 0], [40, 50], [0, 50]])
    (Tile.parse('r9'), Tile.parse('r6'))
    """
    if tile.is_joker or tile.number not in (6, 9) or outline is None:
        return tile
    c = np.asarray(outline, float).reshape(-1, 2)
    if len(c) != 4:
        return tile
    up = c[0] + c[1] - c[2] - c[3]  # from the bottom edge towards the top, in image pixels (y down)
    if up[1] <= 0 or abs(np.degrees(np.arctan2(up[0], up[1]))) > 45:
        return tile
    return Tile(tile.code + (3 if tile.number == 6 else -3))  # code: colour x 13 + number - 1


def quarter_turns(outline) -> int:
    """Quarter turns counterclockwise (``np.rot90``'s k) that bring a tile's top, the first two
    corners of its polygon label, nearest the crop's up (reader v20.2: the way up from outlines).

    >>> [quarter_turns(o) for o in ([[0, 0], [40, 0], [40, 50], [0, 50]], [[40, 0], [40, 40], [0, 40], [0, 0]],
    ...                              [[40, 50], [0, 50], [0, 0], [40, 0]], [[0, 40], [0, 0], [40, 0], [40, 40]])]
    [0, 1, 2, 3]
    """
    c = np.asarray(outline, float).reshape(-1, 2)
    up = c[0] + c[1] - c[2] - c[3]  # from the bottom edge towards the top, in image pixels (y down)
    angle = np.degrees(np.arctan2(up[0], -up[1]))  # 0: up, 90: the top points right
    return int(round(angle / 90)) % 4


def upright(folder: Path, limit: int | None = None) -> np.ndarray:
    """Every labelled tile of a generated dataset folder (``images/train``, polygon labels) cut as
    reading cuts it (``crops.crop`` of its axis-aligned box), turned a quarter at a time until its
    top points up (:func:`quarter_turns`): uint8 NHWC BGR crops whose way up is known, for the
    orientation part (``classifier.train_way_up``)."""
    from remi.vision import crops
    from remi.vision.evaluate import read_labels

    out = []
    images = sorted(p for p in (Path(folder) / "images" / "train").iterdir() if not p.name.startswith("real"))
    for path in images[:limit]:
        img = cv2.imread(str(path))
        H, W = img.shape[:2]
        _, boxes, outlines = read_labels(Path(str(path.parent).replace("/images/", "/labels/")) / (path.stem + ".txt"), W, H)
        for box, outline in zip(boxes, outlines):
            if box[2] - box[0] >= 8 and box[3] - box[1] >= 8 and len(outline) == 4:
                out.append(np.rot90(crops.crop(img, tuple(box)), quarter_turns(outline)))
    return np.ascontiguousarray(np.stack(out)) if out else np.zeros((0, 40, 40, 3), np.uint8)


def yolo_items(folder: Path, skip_prefix: str = "real", limit: int | None = None, seen: bool = False):
    """(image, tiles, boxes) of a generated dataset folder (``images/train`` + ``labels/train``,
    tile-code classes; box or polygon rows, ``vision.evaluate.read_labels``), one at a time; boxes
    under 8 pixels are left out. ``seen``: upside-down 6s and 9s labelled as seen (:func:`as_seen`)."""
    from remi.vision.evaluate import read_labels

    images = sorted((Path(folder) / "images" / "train").iterdir())
    images = [p for p in images if not p.name.startswith(skip_prefix)][:limit]
    for path in images:
        img = cv2.imread(str(path))
        H, W = img.shape[:2]
        lab = Path(str(path.parent).replace("/images/", "/labels/")) / (path.stem + ".txt")
        found, all_boxes, outlines = read_labels(lab, W, H)
        if seen:
            found = [as_seen(t, o) for t, o in zip(found, outlines)]
        big = [(t, tuple(b)) for t, b in zip(found, all_boxes) if b[2] - b[0] >= 8 and b[3] - b[1] >= 8]
        yield img, [t for t, _ in big], [b for _, b in big]


def from_yolo(folder: Path, copies: int = 1, seed: int = 0, amount: float = 0.08, skip_prefix: str = "real",
              limit: int | None = None, edges: float = 0.0, blur: float = 0.0, seen: bool = False,
              size: int = crops.SIZE):
    """Crops of a generated dataset folder (``images/train`` + ``labels/train``, tile-code classes);
    ``edges``, ``blur`` and ``size`` as :func:`from_image`, ``seen`` as :func:`yolo_items`."""
    rng = np.random.default_rng(seed)
    X, N, C = [], [], []
    for img, tiles, boxes in yolo_items(folder, skip_prefix, limit, seen):
        x, n, c = from_image(rng, img, tiles, boxes, copies, amount, edges=edges, blur=blur, size=size)
        X += x
        N += n
        C += c
    return stack(X, N, C, size)


def photo_items(photos):
    """(image, tiles, boxes) of labelled real photos (``vision.realdata``)."""
    for p in photos:
        yield cv2.imread(str(p.path)), [t.tile for t in p.tiles], [t.box for t in p.tiles]


def mined(detect, items, seed: int = 0, straddles: int = 2, randoms: int = 0, size: int = crops.SIZE):
    """Crops of what a detector really draws, for the reader's background class, ``size`` px a side.

    ``detect(image) -> (boxes, scores, ...)`` runs on each labelled image: a box that overlaps a
    tile at IoU >= 0.5 is a crop of that tile (the detector's own misaligned box), a box that
    overlaps no tile above 0.3 is "not a tile" (carpet, clutter, a box between two tiles).
    ``straddles`` more background crops an image are tile boxes shifted by half a tile, and
    ``randoms`` are tile-sized boxes at random places that miss every tile.
    """
    from remi.vision.crops import iou

    rng = np.random.default_rng(seed)
    X, N, C = [], [], []

    def add(img, box, n, c):
        X.append(crops.crop(img, box, size=size))
        N.append(n)
        C.append(c)

    for img, tiles, boxes in items:
        gt = np.array(boxes, float).reshape(-1, 4)
        found = detect(img)[0]
        if len(found):
            ious = iou(found, gt) if len(gt) else np.zeros((len(found), 0))
            for b, row in zip(found, ious):
                best = float(row.max()) if len(row) else 0.0
                if best >= 0.5:
                    add(img, tuple(b), *labels_of(tiles[int(row.argmax())]))
                elif best < 0.3:
                    add(img, tuple(b), BACKGROUND, -1)
        H, W = img.shape[:2]
        for _ in range(straddles if len(gt) else 0):
            x1, y1, x2, y2 = gt[rng.integers(len(gt))]
            w, h = x2 - x1, y2 - y1
            dx, dy = rng.choice([-1, 1]) * rng.uniform(0.45, 0.6) * w, rng.uniform(-0.1, 0.1) * h
            if rng.random() < 0.3:  # shifted up or down instead (two rows of a rack)
                dx, dy = rng.uniform(-0.1, 0.1) * w, rng.choice([-1, 1]) * rng.uniform(0.45, 0.6) * h
            box = np.array([x1 + dx, y1 + dy, x2 + dx, y2 + dy])
            if (len(gt) == 0 or iou(box[None], gt).max() < 0.35) and box[0] >= 0 and box[1] >= 0 and box[2] <= W and box[3] <= H:
                add(img, tuple(box), BACKGROUND, -1)
        side = float(np.median(gt[:, 3] - gt[:, 1])) if len(gt) else min(H, W) * rng.uniform(0.05, 0.3)
        for _ in range(randoms):
            h = side * rng.uniform(0.5, 1.5)
            w = h * rng.uniform(0.6, 0.9)
            x1, y1 = rng.uniform(0, max(1, W - w)), rng.uniform(0, max(1, H - h))
            box = np.array([x1, y1, x1 + w, y1 + h])
            if len(gt) == 0 or iou(box[None], gt).max() < 0.3:
                add(img, tuple(box), BACKGROUND, -1)
    return stack(X, N, C, size)


def stack(X, N, C, size: int = crops.SIZE):
    """Crop lists as (uint8 NHWC, number, colour) arrays; empty arrays of the crop shape for none."""
    if not X:
        return np.zeros((0, size, size, 3), np.uint8), np.zeros(0, np.int64), np.zeros(0, np.int64)
    return np.stack(X), np.array(N, np.int64), np.array(C, np.int64)
