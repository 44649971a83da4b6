"""Table surfaces and look-alikes for the scene generator (``vision.training.scenes``).

Real tables are veined marble, wood grain, cloth, glossy tops that mirror the room, and
patterned tablecloths; each can hold things that look like tiles (cream specks in marble, a
printed tablecloth, the box lid with tiles printed on it). ``background`` is the first
generator's simpler table (wood stripes, felt, a plain gradient), on which
``vision.training.facecrops`` still lays its tables; ``add_clutter`` puts things on a table.
Every surface is drawn from one ``numpy.random.Generator``, so a seed gives the same picture.

>>> img = surface(np.random.default_rng(0), 64, 48, "marble")
>>> img.shape, img.dtype.name
((48, 64, 3), 'uint8')
"""

from __future__ import annotations

import cv2
import numpy as np

from remi.vision.training.patches import jitter_colour

KINDS = ("marble", "wood", "cloth", "glossy", "pattern", "plain")
TEST_KINDS = ("terrazzo", "grout", "flowers")  # surfaces of the "other tables" test set only
#: cloths printed with motifs, drawn only where a scene set asks for them (``generate --prints``):
#: leaves, stars, hearts, rings, diamonds, crescents and blobs, tile-sized and often cream, to
#: teach a detector that a print is no tile. None is a flower: the test set's flowered cloth stays unseen
PRINT_KINDS = ("motifs",)
MOTIFS = ("leaf", "star", "heart", "ring", "diamond", "crescent", "blob")
DRAW_SIDE = 800


def _noise(rng: np.random.Generator, w: int, h: int, cells: int) -> np.ndarray:
    """Smooth noise in [-1, 1]: a small random grid blown up (cubic), so any size costs the same."""
    g = rng.uniform(-1, 1, (cells, max(2, int(cells * w / max(h, 1))))).astype(np.float32)
    return cv2.resize(g, (w, h), interpolation=cv2.INTER_CUBIC).clip(-1, 1)


def _fractal(rng: np.random.Generator, w: int, h: int, octaves: int = 4) -> np.ndarray:
    out = np.zeros((h, w), np.float32)
    for o in range(octaves):
        out += _noise(rng, w, h, 3 * 2 ** o) / 2 ** o
    return out / 1.9


def _colour(rng: np.random.Generator, lo: int = 20, hi: int = 235) -> np.ndarray:
    return rng.integers(lo, hi, 3).astype(np.float32)


def marble(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Light or dark stone with thin dark (or light) veins and specks: the classic false tile."""
    light = rng.random() < 0.7
    base = rng.uniform(200, 245) if light else rng.uniform(25, 80)
    tint = rng.uniform(-10, 10, 3)
    img = np.full((h, w, 3), base, np.float32) + tint + _fractal(rng, w, h)[..., None] * rng.uniform(6, 18)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    for _ in range(int(rng.integers(1, 5))):  # veins: level lines of a warped ramp
        ang = rng.uniform(0, np.pi)
        ramp = (xx * np.cos(ang) + yy * np.sin(ang)) / max(w, h) * rng.uniform(1, 5)
        ramp += _fractal(rng, w, h, 5) * rng.uniform(0.3, 1.5)
        width = rng.uniform(0.005, 0.03)
        vein = np.exp(-(((ramp % 1.0) - 0.5) / np.float32(width)) ** 2)
        ink = (rng.uniform(60, 150) if light else rng.uniform(170, 240)) + rng.uniform(-15, 15, 3)
        strength = rng.uniform(0.25, 0.8)
        img = img * (1 - strength * vein[..., None]) + ink * strength * vein[..., None]
    for _ in range(int(rng.integers(0, 60))):  # specks and flecks
        c = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        ax = (int(rng.integers(1, max(2, w // 80))), int(rng.integers(1, max(2, w // 120))))
        ink = tuple(float(v) for v in _colour(rng, 30, 250))
        cv2.ellipse(img, c, ax, float(rng.uniform(0, 180)), 0, 360, ink, -1, cv2.LINE_AA)
    return img


def wood(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Wood grain: rings warped by noise along one direction, with planks."""
    base = np.array([rng.uniform(20, 110), rng.uniform(50, 150), rng.uniform(90, 220)], np.float32)
    if rng.random() < 0.25:  # pale or grey-washed wood
        base = base * 0.4 + rng.uniform(120, 200)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, np.pi)
    u = (xx * np.cos(ang) + yy * np.sin(ang)) / max(w, h)
    v = (-xx * np.sin(ang) + yy * np.cos(ang)) / max(w, h)
    rings = np.sin((v * rng.uniform(20, 80) + _fractal(rng, w, h) * rng.uniform(1, 4)) * np.pi * 2)
    fine = _noise(rng, w, h, int(rng.integers(40, 120)))
    field = 0.12 * rings + 0.05 * fine + 0.05 * np.sin(u * rng.uniform(3, 9))
    img = base * (1.0 + field[..., None])
    planks = rng.uniform(0.08, 0.35)
    seams = np.abs(((v / planks) % 1.0) - 0.5) > 0.495
    img[seams] *= 0.55
    return img


def cloth(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Felt or woven cloth: a colour with fine noise and a weave, soft folds."""
    base = _colour(rng)
    img = np.full((h, w, 3), 0, np.float32) + base
    img += rng.normal(0, rng.uniform(3, 14), (h, w, 1)).astype(np.float32)
    if rng.random() < 0.5:  # weave
        p = int(rng.integers(2, 6))
        yy, xx = np.mgrid[0:h, 0:w]
        img += (((xx // p + yy // p) % 2) * rng.uniform(-12, 12))[..., None].astype(np.float32)
    img *= 1 + 0.12 * _noise(rng, w, h, 4)[..., None]  # folds
    return img


def pattern(rng: np.random.Generator, w: int, h: int, flowers: bool = False) -> np.ndarray:
    """A printed tablecloth: checks, stripes or dots (or, for the test set, flowers)."""
    a, b = _colour(rng), _colour(rng)
    if rng.random() < 0.35:  # a cream colour in the print: tile-like patches to learn to ignore
        b = np.array([200, 228, 240], np.float32) + rng.uniform(-15, 15, 3)
    img = np.zeros((h, w, 3), np.float32) + a
    cell = int(rng.uniform(0.02, 0.12) * max(w, h)) + 2
    yy, xx = np.mgrid[0:h, 0:w]
    kind = 3 if flowers else int(rng.integers(3))
    if kind == 0:
        on = ((xx // cell + yy // cell) % 2).astype(bool)
    elif kind == 1:
        on = ((xx + yy * rng.uniform(-1, 1)) // cell % 2).astype(bool)
    else:
        on = np.zeros((h, w), bool)
        mask = np.zeros((h, w), np.uint8)
        for y in range(0, h + cell, cell):
            for x in range(0, w + cell, cell):
                c = (x + int(rng.integers(-cell // 4, cell // 4 + 1)), y + int(rng.integers(-cell // 4, cell // 4 + 1)))
                if kind == 2:
                    cv2.circle(mask, c, max(1, cell // 4), 255, -1, cv2.LINE_AA)
                else:
                    for k in range(5):
                        t = k * 2 * np.pi / 5
                        p = (int(c[0] + np.cos(t) * cell / 4), int(c[1] + np.sin(t) * cell / 4))
                        cv2.circle(mask, p, max(1, cell // 7), 255, -1, cv2.LINE_AA)
        on = mask > 127
    img[on] = b
    img += rng.normal(0, 4, (h, w, 1)).astype(np.float32)
    return cv2.GaussianBlur(img, (3, 3), 0)


def _motif(mask: np.ndarray, rng: np.random.Generator, name: str, c: tuple[int, int], r: float) -> None:
    """One motif of ``MOTIFS`` about ``c``, about ``r`` pixels in radius, turned at random, on ``mask``."""
    a = rng.uniform(0, 2 * np.pi)
    ri = max(1, int(r))
    if name == "leaf":
        cv2.ellipse(mask, c, (ri, max(1, int(r * rng.uniform(0.3, 0.5)))), np.degrees(a), 0, 360, 255, -1, cv2.LINE_AA)
    elif name == "ring":
        cv2.circle(mask, c, ri, 255, max(1, int(r * rng.uniform(0.2, 0.4))), cv2.LINE_AA)
    elif name == "crescent":
        cv2.circle(mask, c, ri, 255, -1, cv2.LINE_AA)
        cv2.circle(mask, (int(c[0] + np.cos(a) * r * 0.5), int(c[1] + np.sin(a) * r * 0.5)), ri, 0, -1, cv2.LINE_AA)
    else:
        if name == "star":
            k = int(rng.integers(5, 9))
            t = a + np.arange(2 * k) * np.pi / k
            rad = np.where(np.arange(2 * k) % 2 == 0, r, r * 0.45)
        elif name == "diamond":
            t = a + np.arange(4) * np.pi / 2
            rad = np.array([r, r * 0.6, r, r * 0.6])
        elif name == "heart":
            t = np.linspace(0, 2 * np.pi, 24, endpoint=False)
            hx, hy = 16 * np.sin(t) ** 3, -(13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t))
            pts = np.stack([hx * np.cos(a) - hy * np.sin(a), hx * np.sin(a) + hy * np.cos(a)], 1) * r / 17
            cv2.fillPoly(mask, [np.round(pts + c).astype(np.int32)], 255, cv2.LINE_AA)
            return
        else:  # blob: an irregular rounded shape
            t = np.sort(rng.uniform(0, 2 * np.pi, 7))
            rad = r * rng.uniform(0.6, 1.0, 7)
        pts = np.stack([c[0] + np.cos(t) * rad, c[1] + np.sin(t) * rad], 1)
        cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 255, cv2.LINE_AA)


def motifs(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """A cloth printed with one or two of ``MOTIFS`` on a grid or scattered, pale (often cream)
    on a plain or cloth ground: the print a detector must learn to leave alone."""
    img = cloth(rng, w, h) if rng.random() < 0.4 else plain(rng, w, h)
    cell = int(rng.uniform(0.03, 0.14) * max(w, h)) + 4
    names = [str(n) for n in rng.choice(MOTIFS, size=int(rng.integers(1, 3)), replace=False)]
    inks = [np.array([200, 228, 240], np.float32) + rng.uniform(-20, 20, 3) if rng.random() < 0.5 else _colour(rng)
            for _ in names]
    masks = [np.zeros((h, w), np.uint8) for _ in names]
    scattered = rng.random() < 0.4
    for y in range(0, h + cell, cell):
        for x in range(0, w + cell, cell):
            j = int(rng.integers(len(names)))
            jitter = cell // 2 if scattered else cell // 6
            c = (x + int(rng.integers(-jitter, jitter + 1)), y + int(rng.integers(-jitter, jitter + 1)))
            _motif(masks[j], rng, names[j], c, cell * rng.uniform(0.2, 0.38))
    for mask, ink in zip(masks, inks):
        m = mask.astype(np.float32)[..., None] / 255.0
        img = img * (1 - m) + ink * m
    img += rng.normal(0, 4, (h, w, 1)).astype(np.float32)
    return cv2.GaussianBlur(img, (3, 3), 0)


def glossy(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """A smooth lacquered or laminate top that mirrors the room: soft bright window shapes."""
    img = plain(rng, w, h)
    for _ in range(int(rng.integers(1, 4))):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        rw, rh = rng.uniform(0.1, 0.5) * w, rng.uniform(0.05, 0.3) * h
        quad = np.float32([[x, y], [x + rw, y + rng.uniform(-0.1, 0.1) * h], [x + rw * 1.1, y + rh], [x - 0.1 * rw, y + rh]])
        m = np.zeros((h, w), np.float32)
        cv2.fillConvexPoly(m, quad.astype(np.int32), 1.0, cv2.LINE_AA)
        m = cv2.GaussianBlur(m, (0, 0), max(1.0, rng.uniform(0.005, 0.04) * max(w, h)))
        img = img + m[..., None] * rng.uniform(40, 140)
    return img


def plain(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """A plain painted or laminate table with a soft gradient."""
    base = _colour(rng)
    g = np.linspace(rng.uniform(0.8, 1.1), rng.uniform(0.8, 1.1), w, dtype=np.float32)
    return base[None, None, :] * g[None, :, None] * np.ones((h, 1, 1), np.float32)


def terrazzo(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """Terrazzo or granite: chips of stone in a binder (test set only)."""
    img = plain(rng, w, h)
    for _ in range(int(w * h / 900 * rng.uniform(0.3, 1.5))):
        c = np.array([rng.uniform(0, w), rng.uniform(0, h)])
        r = rng.uniform(1, max(2, w / 150))
        a = np.sort(rng.uniform(0, 2 * np.pi, 5))
        poly = c + np.stack([np.cos(a), np.sin(a)], 1) * r * rng.uniform(0.5, 1.5, (5, 1))
        cv2.fillConvexPoly(img, np.round(poly).astype(np.int32), tuple(float(v) for v in _colour(rng, 10, 250)), cv2.LINE_AA)
    return img


def grout(rng: np.random.Generator, w: int, h: int) -> np.ndarray:
    """A table of square ceramic tiles with grout lines (test set only)."""
    img = plain(rng, w, h) + _noise(rng, w, h, 30)[..., None] * 6
    cell = int(rng.uniform(0.08, 0.3) * max(w, h)) + 4
    line = tuple(float(v) for v in _colour(rng))
    for x in range(int(rng.integers(0, cell)), w, cell):
        cv2.line(img, (x, 0), (x, h), line, max(1, cell // 30))
    for y in range(int(rng.integers(0, cell)), h, cell):
        cv2.line(img, (0, y), (w, y), line, max(1, cell // 30))
    return img


def surface(rng: np.random.Generator, w: int, h: int, kind: str | None = None,
            photos: list[np.ndarray] | None = None, split: str = "train") -> np.ndarray:
    """A table surface of the given kind (or a random one of the split's kinds; a real
    empty-table photo now and then when ``photos`` are given), uint8 BGR."""
    if kind is None and split == "test":
        kind = str(rng.choice(TEST_KINDS))
    if kind is None:
        if photos and rng.random() < 0.15:
            return photo_crop(rng, photos, w, h, cv2.INTER_LINEAR)
        kind = str(rng.choice(KINDS, p=[0.22, 0.24, 0.16, 0.12, 0.12, 0.14]))
    # drawn at most DRAW_SIDE pixels long and blown up: a texture costs the same at any size
    s = min(1.0, DRAW_SIDE / max(w, h))
    sw, sh = max(2, round(w * s)), max(2, round(h * s))
    img = {"marble": marble, "wood": wood, "cloth": cloth, "glossy": glossy, "pattern": pattern,
           "plain": plain, "terrazzo": terrazzo, "grout": grout, "motifs": motifs,
           "flowers": lambda r, w_, h_: pattern(r, w_, h_, flowers=True)}[kind](rng, sw, sh)
    img = np.clip(img, 0, 255).astype(np.uint8)
    return img if s == 1.0 else cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)


def box_lid(rng: np.random.Generator, w: int, h: int, printed_tile) -> np.ndarray:
    """The game's box lid or box art: a saturated print with a title and tiles printed flat on it.

    ``printed_tile(rng, height) -> (image, mask)`` draws one tile face; on the lid it is flat
    (no thickness, no shadow), outlined, fanned and overlapping: a picture of tiles, not a tile.
    """
    img = np.zeros((h, w, 3), np.float32) + _colour(rng, 0, 256)
    yy = np.linspace(0, 1, h, dtype=np.float32)[:, None, None]
    img = img * (1 - yy * rng.uniform(0, 0.6)) + _colour(rng, 0, 256) * yy * rng.uniform(0, 0.6)
    img = np.clip(img, 0, 255).astype(np.uint8)
    title = str(rng.choice(["RUMMY", "REMI", "Rummikub", "TABLE", "Original", "CLASSIC"]))
    scale = w / 260
    cv2.putText(img, title, (int(w * 0.08), int(h * 0.25)), cv2.FONT_HERSHEY_TRIPLEX, scale,
                tuple(int(v) for v in _colour(rng)), max(1, int(scale * 2)), cv2.LINE_AA)
    border = max(2, int(min(w, h) * rng.uniform(0.02, 0.06)))
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), tuple(int(v) for v in _colour(rng)), border)
    n = int(rng.integers(2, 7))
    th = h * rng.uniform(0.2, 0.35)
    for i in range(n):
        face, mask = printed_tile(rng, max(24, int(th)))
        ph, pw = face.shape[:2]
        outline = cv2.dilate(mask, np.ones((3, 3), np.uint8), iterations=max(1, int(th / 40)))
        cx, cy = w * (0.2 + 0.6 * (i + 0.5) / n) + rng.uniform(-0.05, 0.05) * w, h * rng.uniform(0.5, 0.75)
        M = cv2.getRotationMatrix2D((pw / 2, ph / 2), (i - n / 2) * rng.uniform(5, 15), 1.0)
        M[:, 2] += (cx - pw / 2, cy - ph / 2)
        o = cv2.warpAffine(outline, M, (w, h)) > 127
        m = cv2.warpAffine(mask, M, (w, h)) > 127
        f = cv2.warpAffine(face, M, (w, h))
        img[o] = (20, 20, 20)
        img[m] = f[m]
    return img


def photo_crop(rng: np.random.Generator, photos: list[np.ndarray], w: int, h: int,
               interpolation: int = cv2.INTER_AREA) -> np.ndarray:
    """A random crop (half to all of it) of one of ``photos``, resized to ``w`` x ``h``."""
    src = photos[int(rng.integers(len(photos)))]
    sh, sw = src.shape[:2]
    s = rng.uniform(0.5, 1.0)
    cw, ch = int(sw * s), int(sh * s)
    x, y = int(rng.integers(0, sw - cw + 1)), int(rng.integers(0, sh - ch + 1))
    return cv2.resize(src[y:y + ch, x:x + cw], (w, h), interpolation=interpolation)


def background(rng: np.random.Generator, w: int, h: int, photos: list[np.ndarray] | None = None) -> np.ndarray:
    """A table, cloth or wood surface (procedural), or a crop of an empty-table photo: the
    first generator's surfaces, kept for ``facecrops``' tables."""
    if photos and rng.random() < 0.25:
        return photo_crop(rng, photos, w, h)
    base = np.array(jitter_colour(rng, tuple(int(v) for v in rng.integers(30, 230, 3)), 0), np.float32)
    kind = rng.integers(4)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    if kind == 0:  # wood: stretched noise stripes
        freq = rng.uniform(0.02, 0.12)
        ang = rng.uniform(0, np.pi)
        u = xx * np.cos(ang) + yy * np.sin(ang)
        v = -xx * np.sin(ang) + yy * np.cos(ang)
        warp = cv2.resize(rng.normal(0, 1, (8, 8)).astype(np.float32), (w, h)) * 12
        field_ = np.sin((v + warp) * freq) * 0.5 + 0.5
        field_ = field_ * 0.25 + 0.05 * np.sin(u * 0.01)
        img = base[None, None, :] * (0.85 + field_[..., None])
    elif kind == 1:  # cloth / felt: fine noise
        n = rng.normal(0, rng.uniform(5, 25), (h, w, 1)).astype(np.float32)
        img = base[None, None, :] + cv2.GaussianBlur(n, (3, 3), 0)[..., None]
    else:  # plain table with a gradient
        g = np.linspace(rng.uniform(0.8, 1.1), rng.uniform(0.8, 1.1), w, dtype=np.float32)
        img = base[None, None, :] * g[None, :, None] * np.ones((h, 1, 1), np.float32)
    return np.clip(img, 0, 255).astype(np.uint8)


def add_clutter(rng: np.random.Generator, img: np.ndarray) -> None:
    """Up to five things on the table, drawn over ``img`` in place: discs, boxes, lines, numbers."""
    h, w = img.shape[:2]
    for _ in range(int(rng.integers(0, 6))):
        colour = tuple(int(c) for c in rng.integers(0, 256, 3))
        kind = rng.integers(4)
        p = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        if kind == 0:
            cv2.circle(img, p, int(rng.integers(5, w // 6)), colour, -1, cv2.LINE_AA)
        elif kind == 1:
            q = (p[0] + int(rng.integers(-w // 4, w // 4)), p[1] + int(rng.integers(-h // 4, h // 4)))
            cv2.rectangle(img, p, q, colour, -1)
        elif kind == 2:
            q = (int(rng.integers(0, w)), int(rng.integers(0, h)))
            cv2.line(img, p, q, colour, int(rng.integers(1, 8)), cv2.LINE_AA)
        else:
            cv2.putText(img, str(int(rng.integers(0, 999))), p, cv2.FONT_HERSHEY_SIMPLEX,
                        rng.uniform(0.5, 2.0), colour, int(rng.integers(1, 4)), cv2.LINE_AA)
