"""Crop datasets for the tile reader, cut the way inference cuts them (``vision.crops``).

Boxes are jittered (each edge moves by up to ``jitter`` of the tile's size) so the reader learns
to read the boxes a detector really draws, not only hand-drawn ones.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from remi.vision import crops
from remi.vision.crops import BACKGROUND, labels_of


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
    for img, tiles, boxes in photo_items(photos):
        x, n, c = from_image(rng, img, tiles, boxes, copies, amount, rotate)
        X += x
        N += n
        C += c
    return _stack(X, N, C)


def yolo_items(folder: Path, skip_prefix: str = "real", limit: int | None = None):
    """(image, tiles, boxes) of a generated dataset folder (``images/train`` + ``labels/train``,
    tile-code classes; box or polygon rows, ``vision.evaluate.read_labels``), one at a time; boxes
    under 8 pixels are left out."""
    from remi.vision.evaluate import read_labels

    images = sorted((Path(folder) / "images" / "train").iterdir())
    images = [p for p in images if not p.name.startswith(skip_prefix)][:limit]
    for path in images:
        img = cv2.imread(str(path))
        H, W = img.shape[:2]
        lab = Path(str(path.parent).replace("/images/", "/labels/")) / (path.stem + ".txt")
        found, all_boxes, _ = read_labels(lab, W, H)
        big = [(t, tuple(b)) for t, b in zip(found, all_boxes) if b[2] - b[0] >= 8 and b[3] - b[1] >= 8]
        yield img, [t for t, _ in big], [b for _, b in big]


def from_yolo(folder: Path, copies: int = 1, seed: int = 0, amount: float = 0.08, skip_prefix: str = "real",
              limit: int | None = None):
    """Crops of a generated dataset folder (``images/train`` + ``labels/train``, tile-code classes)."""
    rng = np.random.default_rng(seed)
    X, N, C = [], [], []
    for img, tiles, boxes in yolo_items(folder, skip_prefix, limit):
        x, n, c = from_image(rng, img, tiles, boxes, copies, amount)
        X += x
        N += n
        C += c
    return _stack(X, N, C)


def photo_items(photos):
    """(image, tiles, boxes) of labelled real photos (``vision.realdata``)."""
    for p in photos:
        yield cv2.imread(str(p.path)), [t.tile for t in p.tiles], [t.box for t in p.tiles]


def mined(detect, items, seed: int = 0, straddles: int = 2, randoms: int = 0):
    """Crops of what a detector really draws, for the reader's background class.

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
        X.append(crops.crop(img, box))
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
    return _stack(X, N, C)


def _stack(X, N, C):
    if not X:
        return np.zeros((0, crops.SIZE, crops.SIZE, 3), np.uint8), np.zeros(0, np.int64), np.zeros(0, np.int64)
    return np.stack(X), np.array(N, np.int64), np.array(C, np.int64)


# -- the oriented reader's crops (vision.crops.crop_corners) ----------------------------------

def _photo_up(corners: np.ndarray) -> np.ndarray:
    return corners[0] + corners[1] - corners[2] - corners[3]


def real_oriented(photos, copies: int, seed: int = 0, axis_share: float = 0.4, turn_share: float = 0.5,
                  upright_sessions: tuple[str, ...] = ("rummy", "rummy4"), amount: float = 0.035):
    """Crops of labelled real photos for the oriented reader: (uint8 NHWC, number, colour, flipped).

    Each copy is cut from the tile's own corners (its polygon's rectangle) or, for
    ``axis_share`` of them, from its axis-aligned box as det8 draws it, after turning the
    photo around the tile by a random angle (the real tiles of melds lie near upright; a
    detector meets them at every angle). Corners move as a detector's do (``amount``).
    Whether a crop shows its tile turned is known only where the tile's own up is known: in
    ``upright_sessions`` (photos of melds taken from the players' side) for tiles whose long
    side is within 35 degrees of the photo's vertical; elsewhere ``flipped`` is -1 (unknown)
    and only the number and colour are taught.
    """
    from remi.vision.crops import flipped_of, jitter_corners

    rng = np.random.default_rng(seed)
    X, N, C, F = [], [], [], []
    for p in photos:
        image = cv2.imread(str(p.path))
        for lt in p.tiles:
            true = crops.tile_corners(lt.polygon)
            up = _photo_up(true)
            known = p.session in upright_sessions and abs(up[1]) > np.cos(np.deg2rad(35)) * np.linalg.norm(up)
            n, c = labels_of(lt.tile)
            for _ in range(copies):
                img, t = image, true
                if rng.random() < axis_share:
                    img, t = _turn_around(rng, image, true)
                    cut = crops.box_corners((*t.min(0), *t.max(0)))
                else:
                    cut = t
                cut = jitter_corners(rng, cut, amount)
                if rng.random() < turn_share:
                    cut = crops.turned(cut)
                X.append(crops.crop_corners(img, cut))
                N.append(n)
                C.append(c)
                F.append(flipped_of(cut, t) if known else -1)
    return _stack4(X, N, C, F)


def _turn_around(rng: np.random.Generator, image: np.ndarray, corners: np.ndarray):
    """The neighbourhood of a tile turned by a random angle about its centre; (patch, corners)."""
    c = corners.mean(0)
    r = int(np.linalg.norm(corners[2] - corners[0]) * 1.1) + 4
    H, W = image.shape[:2]
    x0, y0 = int(c[0]) - r, int(c[1]) - r
    patch = image[max(0, y0):min(H, y0 + 2 * r), max(0, x0):min(W, x0 + 2 * r)]
    pads = (max(0, -y0), max(0, y0 + 2 * r - H), max(0, -x0), max(0, x0 + 2 * r - W))
    if any(pads):
        patch = cv2.copyMakeBorder(patch, *pads, cv2.BORDER_REPLICATE)
    M = cv2.getRotationMatrix2D((float(c[0] - x0), float(c[1] - y0)), rng.uniform(0, 360), 1.0)
    patch = cv2.warpAffine(patch, M, (patch.shape[1], patch.shape[0]), borderMode=cv2.BORDER_REPLICATE)
    local = corners - (x0, y0)
    return patch, local @ M[:, :2].T + M[:, 2]


def straddles_oriented(photos, per_photo: int = 6, seed: int = 0):
    """"Not a tile" crops on real photos: a tile's own corners moved half a tile along its
    width or height (across two tiles of a meld or a rack's two rows), kept when the moved box
    holds under 55 % of every labelled tile (half of one tile and half of the next is no tile)."""

    rng = np.random.default_rng(seed)
    X = []
    for p in photos:
        if not p.tiles:
            continue
        image = cv2.imread(str(p.path))
        hulls = [cv2.convexHull(t.polygon.astype(np.float32)) for t in p.tiles]
        for _ in range(per_photo):
            c = crops.tile_corners(p.tiles[int(rng.integers(len(p.tiles)))].polygon)
            along = (c[1] - c[0]) if rng.random() < 0.7 else (c[3] - c[0])
            moved = c + along * rng.choice([-1, 1]) * rng.uniform(0.5, 0.65)
            rect = moved.astype(np.float32)
            if all(cv2.intersectConvexConvex(rect, h)[0] < 0.55 * cv2.contourArea(h) for h in hulls):
                X.append(crops.crop_corners(image, moved))
    n = len(X)
    return _stack4(X, [BACKGROUND] * n, [-1] * n, [-1] * n)


def mined_oriented(detect, photos, seed: int = 0, upright_sessions: tuple[str, ...] = ("rummy", "rummy4")):
    """The oriented reader's crops of what a detector draws on labelled photos.

    ``detect(image) -> (boxes, scores[, corners])``: a box at IoU >= 0.5 with a tile is a crop
    of that tile (the detector's own misaligned box), one at IoU < 0.3 with every tile is "not
    a tile". Without corners, a box is cut as ``crops.box_corners`` cuts it.
    """
    from remi.vision.crops import iou
    from remi.vision.crops import flipped_of

    X, N, C, F = [], [], [], []
    for p in photos:
        image = cv2.imread(str(p.path))
        out = detect(image)
        found = out[0]
        corners = out[2] if len(out) > 2 else np.array([crops.box_corners(b) for b in found]).reshape(-1, 4, 2)
        gt = np.array([t.box for t in p.tiles], float).reshape(-1, 4)
        ious = iou(found, gt) if len(gt) and len(found) else np.zeros((len(found), 0))
        for b, row, cut in zip(found, ious, corners):
            best = float(row.max()) if len(row) else 0.0
            if best >= 0.5:
                lt = p.tiles[int(row.argmax())]
                true = crops.tile_corners(lt.polygon)
                up = _photo_up(true)
                known = p.session in upright_sessions and abs(up[1]) > np.cos(np.deg2rad(35)) * np.linalg.norm(up)
                n, c = labels_of(lt.tile)
                f = flipped_of(cut, true) if known else -1
            elif best < 0.3:
                n, c, f = BACKGROUND, -1, -1
            else:
                continue
            X.append(crops.crop_corners(image, cut))
            N.append(n)
            C.append(c)
            F.append(f)
    return _stack4(X, N, C, F)


def _stack4(X, N, C, F):
    if not X:
        return (np.zeros((0, crops.HEIGHT, crops.WIDTH, 3), np.uint8),) + tuple(np.zeros(0, np.int64) for _ in range(3))
    return np.stack(X), np.array(N, np.int64), np.array(C, np.int64), np.array(F, np.int64)
