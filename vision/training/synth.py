"""Synthetic scenes of tiles: the generator behind ``remi vision generate``.

A scene is a background (procedural wood, cloth or plain table; optionally a real empty-table
photo), a few groups of tiles laid in rows as players hold them (melds on the table, one or two
rows on a rack stand), then a perspective view, lighting, shadows, blur, noise and JPEG
artefacts. Each tile is either drawn here (a cream tile with a Hershey-font number or a joker
face) or a real tile cut from a labelled photo along its polygon (``TileBank``).

Every random choice comes from one ``numpy.random.Generator``: the same seed gives the same
images and labels.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from remi.engine import ALL_KINDS, Tile

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


@dataclass
class Scene:
    """A labelled photo: per tile its kind, axis box, four corners and outline (pixels).

    ``corners`` are TL, TR, BR, BL of the tile's face as it stands upright where ``oriented``
    is true; ``outlines`` the convex outline of the part in view. The scenes of
    ``vision.training.scenes`` fill them, this module's scenes leave them empty (their labels are axis
    boxes: ``corners_of`` gives the box's own corners).
    """
    image: np.ndarray  # BGR uint8
    tiles: list[Tile] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)  # pixels
    corners: list[np.ndarray] = field(default_factory=list)  # (4, 2) float32 each
    oriented: list[bool] = field(default_factory=list)
    outlines: list[np.ndarray] = field(default_factory=list)  # (k, 2) visible outline (convex)
    layout: str = "legacy"

    def corners_of(self, i: int) -> np.ndarray:
        """The i-th tile's corners, or its axis box's corners (TL, TR, BR, BL)."""
        if self.corners:
            return self.corners[i]
        x1, y1, x2, y2 = self.boxes[i]
        return np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], np.float32)


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


def motion_blur(img: np.ndarray, k: int, angle: float) -> np.ndarray:
    """The photo smeared along a line of ``k`` pixels at ``angle`` degrees (a shaking hand)."""
    ker = np.zeros((k, k), np.float32)
    ker[k // 2, :] = 1.0 / k
    ker = cv2.warpAffine(ker, cv2.getRotationMatrix2D((k / 2, k / 2), angle, 1), (k, k))
    return cv2.filter2D(img, -1, ker / max(float(ker.sum()), 1e-6))


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
    """A table, cloth or wood surface (procedural), or a crop of an empty-table photo."""
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


def _paste(rng: np.random.Generator, canvas: np.ndarray, taken: np.ndarray, patch: Patch,
           centre: tuple[float, float], height: float, angle: float, shadow: bool) -> np.ndarray | None:
    """Paste a patch rotated by angle, scaled to height, where it does not hide another tile.

    Returns its box ``[[x1, y1], [x2, y2]]`` on the canvas, or None when it was not pasted.
    """
    ph, pw = patch.image.shape[:2]
    s = height / ph
    M = cv2.getRotationMatrix2D((pw / 2, ph / 2), angle, s)
    M[:, 2] += np.array(centre) - np.array([pw / 2, ph / 2])
    H, W = canvas.shape[:2]
    corners = np.array([[0, 0, 1], [pw, 0, 1], [pw, ph, 1], [0, ph, 1]], np.float64) @ M.T
    pad = int(height * 0.15) + 2
    x0, y0 = (np.floor(corners.min(axis=0)).astype(int) - pad).clip(0)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + pad
    x1, y1 = min(W, x1), min(H, y1)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    M[:, 2] -= (x0, y0)
    size = (x1 - x0, y1 - y0)
    m = cv2.warpAffine(patch.mask, M, size, flags=cv2.INTER_LINEAR)
    inside = m > 127
    area = int(inside.sum())
    if area == 0 or (taken[y0:y1, x0:x1][inside]).sum() > 0.08 * area:
        return None
    warped = cv2.warpAffine(patch.image, M, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    roi = canvas[y0:y1, x0:x1]
    if shadow:
        d = height * rng.uniform(0.02, 0.08)
        off = np.float32([[1, 0, d], [0, 1, d]])
        sm = cv2.GaussianBlur(cv2.warpAffine(m, off, size), (0, 0), max(1.0, height * 0.04))
        roi[:] = (roi * (1 - 0.45 * sm[..., None] / 255.0)).astype(np.uint8)
    a = m[..., None].astype(np.float32) / 255.0
    roi[:] = (warped * a + roi * (1 - a)).astype(np.uint8)
    taken[y0:y1, x0:x1] |= inside
    ys, xs = np.nonzero(inside)
    return np.array([[xs.min() + x0, ys.min() + y0], [xs.max() + 1 + x0, ys.max() + 1 + y0]], np.float32)


def _photometric(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    h, w = img.shape[:2]
    f = img.astype(np.float32)
    # lighting: a smooth illumination field and a colour temperature
    light = cv2.resize(rng.uniform(0.6, 1.25, (3, 3)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    f *= light[..., None]
    f *= rng.uniform(0.88, 1.12, 3)[None, None, :]
    f = f * rng.uniform(0.8, 1.2) + rng.uniform(-25, 25)
    img = np.clip(f, 0, 255).astype(np.uint8)
    if rng.random() < 0.4:
        k = int(rng.integers(1, 3)) * 2 + 1
        img = cv2.GaussianBlur(img, (k, k), 0)
    if rng.random() < 0.15:  # motion blur
        k = int(rng.integers(3, 8))
        img = motion_blur(img, k, rng.uniform(0, 180))
    if rng.random() < 0.5:
        img = np.clip(img + rng.normal(0, rng.uniform(2, 10), img.shape), 0, 255).astype(np.uint8)
    q = int(rng.integers(35, 96))
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


#: how far the canvas reaches beyond the frame on each side, as a share of the frame, so that
#: the perspective view (``_photograph``) never looks past its edge
MARGIN = 0.25


@dataclass
class _Plan:
    """What kind of scene ``compose`` lays out, drawn before any tile is placed."""
    close: bool  # photographed close: a few large tiles
    rack: bool  # rows on a rack stand, one above the other
    table: bool  # a table full of small melds, each at its own angle
    scattered: bool  # tiles at any angle, as if dropped
    groups: int  # how many rows or melds
    tile_h: float  # a tile's height on the canvas, pixels
    tilt: float  # the angle all rows share, degrees


@dataclass
class _Row:
    """One row or meld, placed: its tiles go along it from its centre out."""
    tiles: list[Tile] | None  # the tiles asked for, or None to draw them at random
    n: int
    centre: tuple[float, float]
    angle: float  # degrees
    step: float  # from one tile's centre to the next, pixels
    column: bool  # laid downwards, each tile below the last


def _plan(rng: np.random.Generator, height: int, rows: list[list[Tile]] | None, close_ups: float,
          tables: float) -> _Plan:
    """Draw the scene's kind. The draws keep their order: a seed must give the same scene as before."""
    close = rng.random() < close_ups
    tile_h = height * (rng.uniform(0.30, 0.55) if close else rng.uniform(0.07, 0.30))
    rack = rows is not None or rng.random() < 0.35
    groups = len(rows) if rows is not None else int(rng.integers(1, 3)) if rack else int(rng.integers(1, 7))
    if close:
        rack, groups = False, int(rng.integers(1, 3))
    tilt = rng.uniform(-12, 12) if rng.random() < 0.7 else rng.uniform(-45, 45)
    scattered = rows is None and rng.random() < 0.2
    # drawn only when asked for, so that the scene sets made before keep their random sequence
    table = tables > 0 and rows is None and not close and rng.random() < tables
    if table:
        rack, scattered = False, False
        groups = int(rng.integers(6, 22))
        tile_h = height * rng.uniform(0.07, 0.16)
    if rows is not None:
        tilt = rng.uniform(-4, 4)
        tile_h = height * min(0.2, 0.85 / (max(len(r) for r in rows) * 0.8))
    return _Plan(close, rack, table, scattered, groups, tile_h, tilt)


def _rack_centre(rng: np.random.Generator, canvas: np.ndarray, plan: _Plan, g: int, row_w: float, width: int,
                 given: bool) -> tuple[float, float]:
    """Where the g-th row sits on the rack stand; the stand is drawn with the first row."""
    H, W = canvas.shape[:2]
    # rows asked for (the samples) stand near the middle, as the photographs show them
    cx = W / 2 + rng.uniform(-0.1, 0.1) * width * (0.2 if given else 1.0)
    cy = H / 2 + (g - (plan.groups - 1) / 2) * plan.tile_h * rng.uniform(1.15, 1.5)
    if g == 0:
        top = cy - plan.tile_h * 0.6 - (plan.groups - 1) * plan.tile_h * 0.7
        bot = cy + plan.tile_h * 0.6 + (plan.groups - 1) * plan.tile_h * 1.5
        colour = jitter_colour(rng, tuple(int(v) for v in rng.integers(15, 140, 3)), 0)
        cv2.rectangle(canvas, (int(cx - row_w * 0.7), int(top)), (int(cx + row_w * 0.7), int(bot)), colour, -1)
    return cx, cy


def _free_centre(rng: np.random.Generator, plan: _Plan, n: int, row_w: float, step: float,
                 frame: tuple[int, int], occupied: list[tuple[float, float, float, float]]) -> tuple[float, float]:
    """A centre in the frame for a row clear of the rows in ``occupied`` (20 tries, else the
    last), whose box it then joins."""
    width, height = frame
    for _ in range(20):
        cx = rng.uniform(MARGIN * width, MARGIN * width + width)
        cy = rng.uniform(MARGIN * height, MARGIN * height + height)
        box = (cx - row_w / 2, cy - plan.tile_h / 2, cx + row_w / 2, cy + plan.tile_h / 2)
        if plan.table:  # a meld at any angle: keep the square its turns sweep free
            r = max(n * step, plan.tile_h) / 2
            box = (cx - r, cy - r, cx + r, cy + r)
        if all(box[2] < o[0] or box[0] > o[2] or box[3] < o[1] or box[1] > o[3] for o in occupied):
            break
    occupied.append(box)
    return cx, cy


def _place_row(rng: np.random.Generator, canvas: np.ndarray, plan: _Plan, g: int, rows: list[list[Tile]] | None,
               frame: tuple[int, int], occupied: list[tuple[float, float, float, float]]) -> _Row:
    """The g-th row's size, angle and place: on the rack stand, or anywhere free on the table."""
    n = len(rows[g]) if rows is not None else int(rng.integers(1, 15 if plan.rack else 8))
    if plan.close:
        n = int(rng.integers(1, 4))
    tilt, column = plan.tilt, False
    if plan.table:
        n = int(rng.integers(2, 7))
        tilt = rng.uniform(-55, 55)
        column = rng.random() < 0.35
    tw = plan.tile_h * 0.74
    gap = tw * rng.uniform(0.0, 0.08)
    row_w = n * (tw + gap)
    step = plan.tile_h + gap if column else tw + gap
    if plan.rack:
        centre = _rack_centre(rng, canvas, plan, g, row_w, frame[0], rows is not None)
    else:
        centre = _free_centre(rng, plan, n, row_w, step, frame, occupied)
    angle = tilt + rng.uniform(-6, 6)
    return _Row(rows[g] if rows is not None else None, n, centre, angle, step, column)


def _tile_patch(rng: np.random.Generator, tile: Tile, plan: _Plan, kinds: dict[Tile, list[Patch]],
                real_fraction: float, angle: float) -> tuple[Patch, float, float]:
    """The tile's image (a real crop from the bank or one drawn here), its height and angle."""
    if kinds and tile in kinds and rng.random() < real_fraction:
        choices = kinds[tile]
        patch = choices[int(rng.integers(len(choices)))]
        # a real crop keeps its own pose; scale by its longer side so it fits the row
        ph, pw = patch.image.shape[:2]
        height = plan.tile_h * ph / max(ph, pw / 0.74) * rng.uniform(0.9, 1.1)
        angle = angle - plan.tilt * rng.uniform(0.5, 1.0) if not (plan.scattered or plan.table) else angle
        return patch, height, angle
    patch = render_tile(tile, rng, int(max(40, min(160, plan.tile_h * 1.5))))
    return patch, plan.tile_h * rng.uniform(0.95, 1.05), angle


def _lay_row(rng: np.random.Generator, canvas: np.ndarray, taken: np.ndarray, plan: _Plan, row: _Row,
             kinds: dict[Tile, list[Patch]], real_fraction: float,
             counts: dict[Tile, int]) -> list[tuple[Tile, np.ndarray]]:
    """Paste the row's tiles; each pasted one with its box on the canvas.

    Random tiles stop at two copies of a kind (``counts``, shared by the scene's rows), as in a set.
    """
    pasted = []
    rad = np.deg2rad(-row.angle) + (np.pi / 2 if row.column else 0.0)
    for i in range(row.n):
        tile = row.tiles[i] if row.tiles is not None else ALL_KINDS[int(rng.integers(len(ALL_KINDS)))]
        if counts.get(tile, 0) >= 2 and row.tiles is None:
            continue
        counts[tile] = counts.get(tile, 0) + 1
        off = (i - (row.n - 1) / 2) * row.step
        x = row.centre[0] + off * np.cos(rad)
        y = row.centre[1] + off * np.sin(rad)
        a = row.angle + (rng.uniform(-50, 50) if plan.scattered else rng.uniform(-3, 3))
        patch, hh, a = _tile_patch(rng, tile, plan, kinds, real_fraction, a)
        box = _paste(rng, canvas, taken, patch, (x, y), hh, a, shadow=rng.random() < 0.6)
        if box is not None:
            pasted.append((tile, box))
    return pasted


def _photograph(rng: np.random.Generator, canvas: np.ndarray, pasted: list[tuple[Tile, np.ndarray]],
                width: int, height: int, photometric: bool, min_visible: float) -> Scene:
    """A perspective view of the table, cropped to the frame, with the boxes of the tiles in view."""
    src = np.float32([[0, 0], [width, 0], [width, height], [0, height]]) + (MARGIN * width, MARGIN * height)
    d = rng.uniform(-0.12, 0.12, (4, 2)) * (width, height) * rng.uniform(0.2, 1.0)
    dst = np.float32([[0, 0], [width, 0], [width, height], [0, height]]) + d.astype(np.float32)
    M = cv2.getPerspectiveTransform(src.astype(np.float32), dst)
    img = cv2.warpPerspective(canvas, M, (width, height), borderMode=cv2.BORDER_REFLECT)
    scene = Scene(_photometric(rng, img) if photometric else img)
    for tile, b in pasted:
        corners = np.float32([[b[0, 0], b[0, 1]], [b[1, 0], b[0, 1]], [b[1, 0], b[1, 1]], [b[0, 0], b[1, 1]]])
        p = cv2.perspectiveTransform(corners[None], M)[0]
        # shrink the warped corners' box a little: the corners of an axis box overshoot a tile
        x1, y1 = p.min(axis=0)
        x2, y2 = p.max(axis=0)
        full = (x2 - x1) * (y2 - y1)
        cx1, cy1, cx2, cy2 = max(0, x1), max(0, y1), min(width, x2), min(height, y2)
        if cx2 <= cx1 or cy2 <= cy1 or (cx2 - cx1) * (cy2 - cy1) < min_visible * full:
            continue
        scene.tiles.append(tile)
        scene.boxes.append((float(cx1), float(cy1), float(cx2), float(cy2)))
    return scene


def compose(rng: np.random.Generator, width: int = 640, height: int = 480, bank: TileBank | None = None,
            real_fraction: float = 0.6, backgrounds: list[np.ndarray] | None = None,
            min_visible: float = 0.45, clutter: bool = True, photometric: bool = True,
            rows: list[list[Tile]] | None = None, close_ups: float = 0.0, tables: float = 0.0) -> Scene:
    """One labelled scene. Tiles come from ``bank`` with probability ``real_fraction``.

    ``rows`` lays out exactly those tiles on a rack stand, one list per row (the samples);
    ``close_ups`` is the share of scenes photographed close: a few large tiles;
    ``tables`` the share of scenes of a table full of small melds, each meld at its own
    angle, some laid as a column (each tile below the last), as players leave them.
    """
    # the helpers draw from rng in the order this function always has: a seed's scene never changes
    W, H = int(width * (1 + 2 * MARGIN)), int(height * (1 + 2 * MARGIN))
    canvas = background(rng, W, H, backgrounds)
    taken = np.zeros((H, W), bool)  # canvas pixels already under a tile
    if clutter:
        add_clutter(rng, canvas)
    plan = _plan(rng, height, rows, close_ups, tables)
    kinds = bank.by_kind() if bank and bank.patches else {}
    counts: dict[Tile, int] = {}
    pasted: list[tuple[Tile, np.ndarray]] = []
    occupied: list[tuple[float, float, float, float]] = []
    for g in range(plan.groups):
        row = _place_row(rng, canvas, plan, g, rows, (width, height), occupied)
        pasted += _lay_row(rng, canvas, taken, plan, row, kinds, real_fraction, counts)
    return _photograph(rng, canvas, pasted, width, height, photometric, min_visible)
