"""Scenes that look like real tables, with one oriented box per tile (``remi vision generate --layouts``).

Six layouts, drawn on a table plane and then photographed by a tilted camera:

- ``rack``: tiles standing side by side, touching, in one, two or three tiers; the tier in front
  and the rack's lips hide the bottom of the tiles behind; the tiles' top edges show.
- ``lying``: melds and loose tiles lying at every rotation (0-360 degrees), some touching,
  some overlapping in a heap.
- ``table``: a table covered with many small melds, each at its own angle.
- ``close``: one to four tiles, or a piece of a rack, filling much of the frame.
- ``negative``: no tiles at all: the surface, clutter and the game's box lid with tiles
  printed on it.
- ``crowd``: a full rack as a player photographs it at the table (issue 38): two or three
  tiers of 11-15 tiles, the tier in front hiding the feet of the one behind, the rack filling
  the photo and often cut by it, seen 10-45 degrees off the faces, loose tiles lying in front.
  Not in the default mix, so that the seeds of earlier sets draw the same scenes.

The camera is a rotation about its own centre (pitch up to 45 degrees, yaw, roll), so the
table plane is seen in true perspective. A tile's label is the part of its face left
visible (after the tiers in front, the lips, other tiles and the frame): its minimum-area
rectangle as four corners, ordered top-left, top-right, bottom-right, bottom-left of the face
as it stands upright when the face's orientation is known (drawn tiles), and by the
convention of ``crops.tile_corners`` otherwise (real tiles cut from photos). Every random
choice comes from one ``numpy.random.Generator``: a seed gives the same scene.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np

from remi.engine import ALL_KINDS, JOKER, RemiError, Tile
from remi.vision import crops
from remi.vision.training import patches, surfaces

LAYOUTS = ("rack", "lying", "table", "close", "negative", "crowd")
MIX = {"rack": 0.35, "lying": 0.27, "table": 0.15, "close": 0.15, "negative": 0.08}
MIN_VISIBLE = 0.5  # a tile with less of its face in view is no label (and no tile to learn)
MARGIN = 0.35  # the table plane reaches this share of the frame beyond it on each side


def parse_mix(text: str) -> dict[str, float]:
    """``rack=0.5,lying=0.5`` (or ``default``) -> the layouts' shares; ValueError naming the
    part that is wrong.

    >>> parse_mix("rack=2,negative=1")
    {'rack': 2.0, 'negative': 1.0}
    """
    if text.strip() == "default":
        return dict(MIX)
    mix: dict[str, float] = {}
    for part in text.split(","):
        name, eq, value = part.strip().partition("=")
        if name not in LAYOUTS or not eq:
            raise RemiError("vision.layout_syntax", part=part.strip(), layouts=tuple(LAYOUTS))
        try:
            share = float(value)
        except ValueError:
            raise RemiError("vision.share_not_number", part=part.strip()) from None
        if not 0 <= share < float("inf"):
            raise RemiError("vision.share_negative", part=part.strip())
        mix[name] = share
    if sum(mix.values()) <= 0:
        raise RemiError("vision.no_share", text=text)
    return mix


@dataclass
class Scene:
    """A labelled photo: per tile its kind, axis box, four corners and outline (pixels).

    ``corners`` are TL, TR, BR, BL of the tile's face as it stands upright where ``oriented``
    is true; ``outlines`` the convex outline of the part in view.
    """
    image: np.ndarray  # BGR uint8
    tiles: list[Tile] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)  # pixels
    corners: list[np.ndarray] = field(default_factory=list)  # (4, 2) float32 each
    oriented: list[bool] = field(default_factory=list)
    outlines: list[np.ndarray] = field(default_factory=list)  # (k, 2) visible outline (convex)
    layout: str = ""


@dataclass
class Faces:
    """Where tile faces come from: editions drawn by ``vision.training.tilefaces`` (one edition a scene,
    as a table has one set), the first drawing of ``vision.training.patches``, and real tiles cut from
    photos (their pose as photographed, orientation unknown).

    ``split`` picks the editions' pool: "train" for training scenes, "test" for the "other
    editions" test set (settings never trained on: then ``presets``, ``legacy`` and ``real``
    should be 0). ``presets`` is the share of scenes drawn with a preset edition (classic,
    teal, thin), ``legacy`` the share drawn with ``patches.render_tile``; ``real`` the share of
    lying tiles taken from ``bank`` when it has the kind.
    """
    bank: patches.TileBank | None = None
    real: float = 0.5
    split: str = "train"
    presets: float = 0.2
    legacy: float = 0.15

    def __post_init__(self) -> None:
        self._kinds = self.bank.by_kind() if self.bank and self.bank.patches else {}
        self.draw = patches.render_tile
        self.edition = None  # the scene's tilefaces edition (None: the first drawing)

    def new_scene(self, rng: np.random.Generator) -> None:
        """Choose the scene's set: a preset, a sampled edition or the first drawing."""
        from remi.vision.training import tilefaces

        u = rng.random()
        if u < self.legacy:
            self.draw, self.edition = patches.render_tile, None
            return
        if u < self.legacy + self.presets:
            ed = tilefaces.PRESETS[int(rng.integers(len(tilefaces.PRESETS)))]
        else:
            ed = tilefaces.sample_edition(rng, self.split)
        self.edition = ed
        self.draw = lambda tile, r, height: tilefaces.render(tile, ed, r, height)

    def face(self, tile: Tile, rng: np.random.Generator, height: int, lying: bool) -> tuple[patches.Patch, bool]:
        """A face for the tile and whether it stands upright (its orientation is known)."""
        if lying and tile in self._kinds and rng.random() < self.real:
            pool = self._kinds[tile]
            return pool[int(rng.integers(len(pool)))], False
        return self.draw(tile, rng, height), True


@dataclass
class _Plane:
    """The table plane being drawn: picture, which tile owns each pixel (0: none), and per
    tile its kind, its face's corners (upright order) and whether the order is known."""
    image: np.ndarray
    ids: np.ndarray
    tiles: list[Tile] = field(default_factory=list)
    corners: list[np.ndarray] = field(default_factory=list)
    oriented: list[bool] = field(default_factory=list)
    counts: dict = field(default_factory=dict)
    joker_share: float = 0.0

    def kind(self, rng: np.random.Generator) -> Tile:
        """A random kind with fewer than two copies in the scene (a set has two of each); in a pool
        with a ``joker_share`` that share of the draws is a joker whatever the count (reader v12)."""
        if self.joker_share and rng.random() < self.joker_share:
            return JOKER
        while True:
            t = ALL_KINDS[int(rng.integers(len(ALL_KINDS)))]
            if self.counts.get(t, 0) < 2:
                self.counts[t] = self.counts.get(t, 0) + 1
                return t


def place(plane: _Plane, rng: np.random.Generator, patch: patches.Patch, oriented: bool, centre, height: float,
          angle: float, *, side: tuple[float, float] = (0.0, 0.0), shadow: float = 0.0,
          overlap: float = 0.0) -> bool:
    """Draw one tile face (rotated by ``angle`` degrees, counter-clockwise, scaled to ``height``)
    on the plane, over what is there.

    ``side`` offsets a darker copy drawn first: the tile's thickness seen at an angle (its top
    edge in a rack). A tile that would cover more than ``overlap`` of an earlier tile's face is
    not drawn (False).
    """
    ph, pw = patch.image.shape[:2]
    s = height / ph
    M = cv2.getRotationMatrix2D((pw / 2, ph / 2), angle, s)
    M[:, 2] += np.asarray(centre, float) - (pw / 2, ph / 2)
    H, W = plane.ids.shape
    quad = np.array([[0, 0], [pw, 0], [pw, ph], [0, ph]], float)
    if not oriented:  # a real tile in its photographed pose: its outline's rectangle, not the crop's
        pts = cv2.findNonZero(patch.mask)
        if pts is not None:
            quad = cv2.boxPoints(cv2.minAreaRect(pts)).astype(float)
    face = np.hstack([quad, np.ones((4, 1))]) @ M.T
    pad = int(height * 0.2) + 2
    ext = np.vstack([face, face + side])
    x0, y0 = (np.floor(ext.min(0)).astype(int) - pad).clip(0)
    x1, y1 = np.minimum(np.ceil(ext.max(0)).astype(int) + pad, (W, H))
    if x1 - x0 < 4 or y1 - y0 < 4:
        return False
    M[:, 2] -= (x0, y0)
    size = (int(x1 - x0), int(y1 - y0))
    m = cv2.warpAffine(patch.mask, M, size, flags=cv2.INTER_LINEAR)
    inside = m > 127
    roi_ids = plane.ids[y0:y1, x0:x1]
    if not inside.any():
        return False
    hidden = np.bincount(roi_ids[inside], minlength=len(plane.tiles) + 1)[1:]
    if len(hidden) and overlap < 1.0:
        areas = np.array([max(1.0, cv2.contourArea(c.astype(np.float32))) for c in plane.corners])
        if (hidden / areas > overlap).any():
            return False
    roi = plane.image[y0:y1, x0:x1]
    if shadow > 0:
        d = height * shadow
        off = np.float32([[1, 0, d], [0, 1, d]])
        sm = cv2.GaussianBlur(cv2.warpAffine(m, off, size), (0, 0), max(1.0, height * 0.04)) / 255.0
        roi[:] = (roi * (1 - 0.45 * sm[..., None])).astype(np.uint8)
    if side != (0.0, 0.0):
        off = np.float32([[1, 0, side[0]], [0, 1, side[1]]])
        sm = cv2.warpAffine(m, off, size) / 255.0
        edge = np.array(patches.jitter_colour(rng, (150, 180, 195), 15), np.float32)
        roi[:] = (edge * sm[..., None] + roi * (1 - sm[..., None])).astype(np.uint8)
        roi_ids[sm > 0.5] = 0
    warped = cv2.warpAffine(patch.image, M, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    a = m[..., None].astype(np.float32) / 255.0
    roi[:] = (warped * a + roi * (1 - a)).astype(np.uint8)
    plane.tiles.append(patch.tile)
    plane.corners.append(face + (0, 0))
    plane.oriented.append(oriented)
    roi_ids[inside] = len(plane.tiles)
    return True


def _occlude(plane: _Plane, poly: np.ndarray, colour) -> None:
    """Something in front of the tiles (a rack's lip): drawn over them, owning its pixels."""
    p = np.round(poly).astype(np.int32)
    cv2.fillConvexPoly(plane.image, p, colour, cv2.LINE_AA)
    cv2.fillConvexPoly(plane.ids, p, 0)


def _tile_height(rng: np.random.Generator, faces: Faces, tile: Tile, px: float, lying: bool):
    patch, oriented = faces.face(tile, rng, int(max(40, min(200, px * 1.3))), lying)
    if not oriented:  # a real crop in its photographed pose: fit its longer side
        ph, pw = patch.image.shape[:2]
        return patch, oriented, px * ph / max(ph, pw / 0.74)
    return patch, oriented, px


def rack(plane: _Plane, rng: np.random.Generator, faces: Faces, frame: tuple[int, int], close: bool = False,
         crowded: bool = False) -> tuple[float, float, float]:
    """Tiles standing in a rack of one to three tiers, drawn face-on; the camera tilts it later.
    ``crowded``: a full rack (2-3 tiers of 11-15 tiles, touching). Returns the rack's front edge
    (its lowest y on the plane), its middle x and a tile's height, for what lies in front of it."""
    H, W = plane.ids.shape
    fw, fh = frame
    if crowded:
        tiers, per = int(rng.choice([2, 3])), int(rng.integers(11, 16))
    else:
        tiers = int(rng.choice([1, 2, 3], p=[0.3, 0.5, 0.2]))
        per = int(rng.integers(3, 7)) if close else int(rng.integers(4, {1: 17, 2: 13, 3: 10}[tiers]))
    aspect = rng.uniform(0.66, 0.8)
    if crowded:  # a full rack's tiles touch (as wide as the set's faces); the photo may end inside it
        aspect = faces.edition.aspect if faces.edition is not None else 0.78
        gap, span = rng.uniform(0.015, 0.04), rng.uniform(0.8, 1.25)
    else:
        gap = rng.uniform(0.0, 0.05) if rng.random() < 0.8 else rng.uniform(0.05, 0.3)
        span = rng.uniform(1.2, 2.5) if close else rng.uniform(0.6, 1.3)
    th = span * fw / (per * aspect * (1 + gap))
    th = min(th, fh * (1.3 if close else 0.9) / (1 + 0.8 * (tiers - 1)))
    tw = th * aspect
    step = th * rng.uniform(0.62, 1.0)  # a tier lower (and in front) of the one behind
    cx, top = W / 2 + rng.uniform(-0.15, 0.15) * fw, H / 2 - (th + step * (tiers - 1)) / 2
    width = per * tw * (1 + gap) + tw * rng.uniform(0.3, 1.2)
    wood = rng.random() < 0.5
    colour = tuple(int(v) for v in (rng.integers(60, 200, 3) if not wood else (rng.uniform(20, 70), rng.uniform(50, 110), rng.uniform(90, 170))))
    body = np.array([[cx - width / 2, top - th * 0.15], [cx + width / 2, top - th * 0.15],
                     [cx + width / 2, top + th + step * (tiers - 1) + th * 0.35], [cx - width / 2, top + th + step * (tiers - 1) + th * 0.35]])
    cv2.fillConvexPoly(plane.image, np.round(body).astype(np.int32), colour, cv2.LINE_AA)
    edge = (0.0, -th * rng.uniform(0.0, 0.12))  # the tiles' top edges seen from above
    lip_cover = rng.uniform(0.04, 0.22)
    jitter = 0.005 if crowded else 0.02  # a full rack's tiles stand in line (place() drops overlaps)
    hides = 0.45 if crowded else 0.02  # how much of a tile behind a tier in front may hide (its feet)
    for t in range(tiers):
        y = top + t * step
        x = cx - per * tw * (1 + gap) / 2 + tw / 2
        for _ in range(per):
            if rng.random() > 0.08:  # an empty slot now and then
                tile = plane.kind(rng)
                patch, oriented = faces.face(tile, rng, int(max(40, min(200, th * 1.3))), lying=False)
                turn = 180.0 if rng.random() < 0.03 else 0.0
                place(plane, rng, patch, oriented, (x + rng.uniform(-jitter, jitter) * tw, y + th / 2),
                      th * rng.uniform(0.97, 1.03), turn + rng.uniform(-2, 2), side=edge, overlap=hides if t else 0.02)
            x += tw * (1 + gap)
        lip_top = y + th * (1 - lip_cover)
        shade = tuple(int(np.clip(c * rng.uniform(0.7, 1.3), 0, 255)) for c in colour)
        _occlude(plane, np.array([[cx - width / 2, lip_top], [cx + width / 2, lip_top],
                                  [cx + width / 2, y + th + th * rng.uniform(0.03, 0.12)],
                                  [cx - width / 2, y + th + th * rng.uniform(0.03, 0.12)]]), shade)
    return float(body[2, 1]), float(cx), float(th)


def beside(plane: _Plane, rng: np.random.Generator, faces: Faces, frame: tuple[int, int], front: float,
           middle: float, th: float) -> None:
    """Loose tiles lying on the table in front of a rack (drawn, played or not yet racked), at any
    rotation, a few touching: the crowded rack's neighbours in a player's photo."""
    fw, fh = frame
    side = (0.0, th * rng.uniform(0.03, 0.1))
    for _ in range(int(rng.integers(1, 9))):
        tile = plane.kind(rng)
        patch, oriented, hh = _tile_height(rng, faces, tile, th * rng.uniform(0.85, 1.1), lying=True)
        centre = (middle + rng.uniform(-0.55, 0.55) * fw, front + th * rng.uniform(0.15, 1.6))
        place(plane, rng, patch, oriented, centre, hh, rng.uniform(0, 360), side=side,
              shadow=rng.uniform(0.02, 0.05), overlap=0.03)


def lying(plane: _Plane, rng: np.random.Generator, faces: Faces, frame: tuple[int, int], table: bool = False,
          close: bool = False) -> None:
    """Melds and loose tiles lying on the table at every rotation; some touch, some heap up."""
    H, W = plane.ids.shape
    fw, fh = frame
    if close:
        th = fh * rng.uniform(0.3, 0.6)
        groups = [int(rng.integers(1, 3)) for _ in range(int(rng.integers(1, 3)))]
    elif table:
        th = fh * rng.uniform(0.06, 0.14)
        groups = [int(rng.integers(2, 7)) for _ in range(int(rng.integers(6, 22)))]
    else:
        th = fh * rng.uniform(0.07, 0.3)
        groups = [int(rng.integers(1, 8)) for _ in range(int(rng.integers(1, 8)))]
    heap = not table and not close and rng.random() < 0.25
    side_dir = rng.uniform(0, 2 * np.pi)
    thick = th * rng.uniform(0.0, 0.1)
    side = (float(np.cos(side_dir) * thick), float(np.sin(side_dir) * thick))
    shadow = rng.uniform(0.02, 0.06) if rng.random() < 0.6 else 0.0
    for n in groups:
        angle = rng.uniform(0, 360)
        column = rng.random() < (0.3 if table else 0.1)
        gap = rng.uniform(0.0, 0.06) if rng.random() < 0.8 else rng.uniform(0.06, 0.5)
        aspect = rng.uniform(0.68, 0.78)
        step = th * (1 if column else aspect) * (1 + gap)
        inner = 0.3 if close else 0.03  # close-ups near the middle, so that they stay in the frame
        cx = (MARGIN + rng.uniform(inner, 1 - inner)) * fw
        cy = (MARGIN + rng.uniform(inner, 1 - inner)) * fh
        rad = -np.deg2rad(angle) + (np.pi / 2 if column else 0.0)
        for i in range(n):
            off = (i - (n - 1) / 2) * step
            tile = plane.kind(rng)
            patch, oriented, hh = _tile_height(rng, faces, tile, th * rng.uniform(0.96, 1.04), lying=True)
            a = angle + (rng.uniform(-40, 40) if heap else rng.uniform(-3, 3))
            if heap:
                cx, cy = cx + rng.normal(0, th * 0.4), cy + rng.normal(0, th * 0.4)
            place(plane, rng, patch, oriented, (cx + off * np.cos(rad), cy + off * np.sin(rad)), hh, a,
                  side=side, shadow=shadow, overlap=0.3 if heap else 0.03)


def camera(rng: np.random.Generator, plane_size: tuple[int, int], frame: tuple[int, int], layout: str) -> np.ndarray:
    """Homography from the plane to the photo: the plane's middle, seen by a phone tilted by up
    to 45 degrees (pitch and yaw) and turned any way (roll), zoomed so the frame is covered."""
    W, H = plane_size
    fw, fh = frame
    f = max(fw, fh) / (2 * np.tan(np.deg2rad(rng.uniform(55, 75)) / 2))  # a phone's field of view
    pitch = np.deg2rad(rng.uniform(0, 45) if rng.random() < 0.8 else rng.uniform(0, 15))
    if layout == "crowd":  # a player's own rack, photographed from the seat: never straight on
        pitch = np.deg2rad(rng.uniform(10, 45))
    yaw = np.deg2rad(rng.uniform(-25, 25))
    if layout in ("rack", "close", "crowd") or rng.random() < 0.3:
        roll = np.deg2rad(rng.uniform(-15, 15) + (rng.choice([90, -90, 180]) if rng.random() < 0.08 else 0))
    else:
        roll = np.deg2rad(rng.uniform(0, 360))
    cp, sp, cyw, syw, cr, sr = np.cos(pitch), np.sin(pitch), np.cos(yaw), np.sin(yaw), np.cos(roll), np.sin(roll)
    R = (np.array([[cr, -sr, 0], [sr, cr, 0], [0, 0, 1]]) @ np.array([[1, 0, 0], [0, cp, -sp], [0, sp, cp]])
         @ np.array([[cyw, 0, syw], [0, 1, 0], [-syw, 0, cyw]]))
    K = np.array([[f, 0, 0], [0, f, 0], [0, 0, 1]])
    Hm = K @ R @ np.linalg.inv(K) @ np.array([[1, 0, -W / 2], [0, 1, -H / 2], [0, 0, 1]], float)
    # zoom: the frame must show only the plane (its projected middle part covers the frame)
    inner = (np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32) + MARGIN) * np.float32([fw, fh])
    q = cv2.perspectiveTransform(inner[None], Hm)[0]
    span = np.sqrt(np.ptp(q[:, 0]) / fw * np.ptp(q[:, 1]) / fh)
    z = rng.uniform(0.9, 1.25) / max(span, 1e-6)
    centre = q.mean(0)
    T = np.array([[z, 0, fw / 2 - z * centre[0]], [0, z, fh / 2 - z * centre[1]], [0, 0, 1]])
    return T @ Hm


def _axis_rect(points: np.ndarray, face: np.ndarray) -> np.ndarray:
    """The rectangle around ``points`` whose sides follow the face's own axes (its projected
    up direction and the one across it), corners in the face's order (TL, TR, BR, BL).

    Under perspective a tile is a trapezoid; its minimum-area rectangle can turn away from
    the tile's axis, this one keeps the tile's angle (what the oriented detector learns).

    >>> face = np.array([[0, 0], [10, 0], [10, 20], [0, 20]], float)
    >>> _axis_rect(np.array([[2, 3], [8, 3], [8, 15], [2, 15]], float), face).tolist()
    [[2.0, 3.0], [8.0, 3.0], [8.0, 15.0], [2.0, 15.0]]
    """
    up = (face[0] + face[1]) / 2 - (face[3] + face[2]) / 2
    up = up / max(np.linalg.norm(up), 1e-9)
    right = np.array([-up[1], up[0]])  # screen coordinates (y down): up turned clockwise
    if np.dot(right, face[1] - face[0]) < 0:
        right = -right
    u, r = points @ up, points @ right
    return np.array([r.min() * right + u.max() * up, r.max() * right + u.max() * up,
                     r.max() * right + u.min() * up, r.min() * right + u.min() * up])


def labels(plane: _Plane, Hm: np.ndarray, frame: tuple[int, int], min_visible: float = MIN_VISIBLE):
    """Per tile seen in the photo: (tile, corners (4, 2), axis box, oriented, outline (k, 2)).

    The outline is the convex hull of the visible face (a few points), the label Ultralytics
    reads: its axis box is tight (detect task) and its minimum-area rectangle is ``corners``
    (obb task). Corners are clipped to the frame (Ultralytics refuses points outside).
    """
    fw, fh = frame
    ids = cv2.warpPerspective(plane.ids, Hm, (fw, fh), flags=cv2.INTER_NEAREST, borderValue=0)
    out = []
    for i, (tile, face, oriented) in enumerate(zip(plane.tiles, plane.corners, plane.oriented), start=1):
        q = cv2.perspectiveTransform(face[None].astype(np.float32), Hm)[0]
        area = abs(cv2.contourArea(q))
        x0, y0 = np.floor(q.min(0)).astype(int).clip(0)
        x1, y1 = np.minimum(np.ceil(q.max(0)).astype(int) + 1, (fw, fh))
        if x1 <= x0 or y1 <= y0 or area < 16:
            continue
        pts = cv2.findNonZero((ids[y0:y1, x0:x1] == i).astype(np.uint8))
        if pts is None or len(pts) < min_visible * area:
            continue
        pts = pts.reshape(-1, 2) + (x0, y0)
        rect = _axis_rect(cv2.convexHull(pts.astype(np.float32)).reshape(-1, 2), q)
        corners = np.clip(rect if oriented else crops.tile_corners(rect), 0, (fw, fh))
        box = (float(pts[:, 0].min()), float(pts[:, 1].min()), float(pts[:, 0].max() + 1), float(pts[:, 1].max() + 1))
        out.append((tile, corners.astype(np.float32), box, oriented, corners.astype(np.float32)))
    return out


def light(rng: np.random.Generator, img: np.ndarray, dim: float = 0.15, glare: float = 0.3) -> np.ndarray:
    """Room light on the photo: an uneven field, a colour cast, now and then dim light (dark and
    noisy) and glare (a bright specular patch that can wash a tile out)."""
    h, w = img.shape[:2]
    f = img.astype(np.float32)
    field_ = cv2.resize(rng.uniform(0.65, 1.25, (3, 3)).astype(np.float32), (w, h), interpolation=cv2.INTER_CUBIC)
    f *= field_[..., None] * rng.uniform(0.88, 1.12, 3)
    if rng.random() < dim:  # a dim room: low exposure, warm cast, the phone's noise
        f = f * rng.uniform(0.25, 0.55) * np.array([0.8, 0.95, 1.1], np.float32)
        f += rng.normal(0, rng.uniform(3, 9), f.shape[:2] + (1,)).astype(np.float32)
    if rng.random() < glare:
        for _ in range(int(rng.integers(1, 3))):
            c = (rng.uniform(0, w), rng.uniform(0, h))
            ax = rng.uniform(0.03, 0.25) * max(w, h)
            yy, xx = np.ogrid[0:h, 0:w]
            u = ((xx - c[0]) ** 2 / ax ** 2 + (yy - c[1]) ** 2 / (ax * rng.uniform(0.3, 1)) ** 2).astype(np.float32)
            f += (np.exp(-u * 2) * rng.uniform(60, 260))[..., None]
    return np.clip(f, 0, 255).astype(np.uint8)


def motion_blur(img: np.ndarray, k: int, angle: float) -> np.ndarray:
    """The photo smeared along a line of ``k`` pixels at ``angle`` degrees (a shaking hand)."""
    ker = np.zeros((k, k), np.float32)
    ker[k // 2, :] = 1.0 / k
    ker = cv2.warpAffine(ker, cv2.getRotationMatrix2D((k / 2, k / 2), angle, 1), (k, k))
    return cv2.filter2D(img, -1, ker / max(float(ker.sum()), 1e-6))


def lens(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """Focus, shake, sensor noise and the phone's JPEG."""
    h, w = img.shape[:2]
    if rng.random() < 0.35:
        img = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 1.8) * max(1.0, max(w, h) / 1000))
    if rng.random() < 0.12:
        k = int(rng.integers(3, 9) * max(1.0, max(w, h) / 1000)) | 1
        img = motion_blur(img, k, rng.uniform(0, 180))
    if rng.random() < 0.5:
        img = np.clip(img + rng.normal(0, rng.uniform(2, 8), img.shape), 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(40, 96))])
    return cv2.imdecode(buf, cv2.IMREAD_COLOR)


def _lid(plane: _Plane, rng: np.random.Generator, faces: Faces, frame: tuple[int, int]) -> None:
    """The box lid (tiles printed on it) lying somewhere on the table, at any angle."""
    H, W = plane.ids.shape
    lw = int(frame[0] * rng.uniform(0.3, 0.9))
    lh = int(lw * rng.uniform(0.45, 0.8))

    def printed(r, height):
        p = faces.draw(ALL_KINDS[int(r.integers(len(ALL_KINDS)))], r, height)
        # printed, not moulded: flat colours (posterised), a halftone screen, no relief
        flat = (p.image // 48 * 48 + 24).astype(np.uint8)
        yy, xx = np.mgrid[0:flat.shape[0], 0:flat.shape[1]]
        screen = (((xx + yy) % 4) < 2)[..., None] * 18
        return np.clip(flat.astype(int) - screen, 0, 255).astype(np.uint8), p.mask

    lid = surfaces.box_lid(rng, lw, lh, printed)
    M = cv2.getRotationMatrix2D((lw / 2, lh / 2), rng.uniform(0, 360), 1.0)
    M[:, 2] += (rng.uniform(0.3, 0.7) * W - lw / 2, rng.uniform(0.3, 0.7) * H - lh / 2)
    m = cv2.warpAffine(np.full((lh, lw), 255, np.uint8), M, (W, H)) > 127
    warped = cv2.warpAffine(lid, M, (W, H))
    plane.image[m] = warped[m]
    plane.ids[m] = 0


def frame_size(rng: np.random.Generator, largest: int = 1024) -> tuple[int, int]:
    """A photo's size: mostly 4:3 landscape or portrait, long side up to ``largest``."""
    sizes = [s for s in (640, 800, 1024, 1600, 2400, 4032) if s <= largest] or [largest]
    long_ = int(rng.choice(sizes))
    short = int(round(long_ * float(rng.choice([0.75, 0.5625, 0.75]))))
    return (long_, short) if rng.random() < 0.7 else (short, long_)


def _joker_share(split: str) -> float:
    from remi.vision.training import tilefaces

    return float(tilefaces.POOLS.get(split, {}).get("joker_share", 0.0))


def draw(rng: np.random.Generator, faces: Faces, frame: tuple[int, int] | None = None, layout: str | None = None,
         mix: dict[str, float] | None = None, backgrounds: list[np.ndarray] | None = None,
         largest: int = 1024, table: str | None = None) -> tuple[_Plane, np.ndarray, str, tuple[int, int]]:
    """The table plane of one scene, its camera, layout and frame size (before the photo);
    ``table``: a surface kind of ``vision.training.surfaces`` (default: one of the split's)."""
    mix = mix or MIX
    if layout is None:
        keys = [k for k in LAYOUTS if mix.get(k, 0) > 0]
        p = np.array([mix[k] for k in keys], float)
        layout = str(rng.choice(keys, p=p / p.sum()))
    fw, fh = frame or frame_size(rng, largest)
    W, H = int(fw * (1 + 2 * MARGIN)), int(fh * (1 + 2 * MARGIN))
    plane = _Plane(surfaces.surface(rng, W, H, kind=table, photos=backgrounds, split=faces.split), np.zeros((H, W), np.int32),
                   joker_share=_joker_share(faces.split))
    surfaces.add_clutter(rng, plane.image)
    faces.new_scene(rng)
    if layout == "negative" or rng.random() < 0.05:
        _lid(plane, rng, faces, (fw, fh))
    racked = 0
    if layout == "crowd":
        front, middle, th = rack(plane, rng, faces, (fw, fh), crowded=True)
        racked = len(plane.tiles)
        if rng.random() < 0.6:
            beside(plane, rng, faces, (fw, fh), front, middle, th)
    elif layout == "rack" or (layout == "close" and rng.random() < 0.5):
        rack(plane, rng, faces, (fw, fh), close=layout == "close")
    elif layout in ("lying", "table", "close"):
        lying(plane, rng, faces, (fw, fh), table=layout == "table", close=layout == "close")
    Hm = camera(rng, (W, H), (fw, fh), layout)
    if racked:
        Hm = _fill_with(plane.corners[:racked], Hm, (fw, fh), rng.uniform(0.85, 1.2))
    return plane, Hm, layout, (fw, fh)


def _fill_with(faces: list[np.ndarray], Hm: np.ndarray, frame: tuple[int, int], width: float) -> np.ndarray:
    """The camera moved closer until the faces span ``width`` of the photo's width or height (a
    player fills the photo with the rack); never farther, so the photo never shows beyond the
    table plane."""
    fw, fh = frame
    q = cv2.perspectiveTransform(np.concatenate(faces)[None].astype(np.float32), Hm)[0]
    z = width / max(float(np.ptp(q[:, 0])) / fw, float(np.ptp(q[:, 1])) / fh, 1e-6)  # a rack turned 90 too
    if z <= 1.0:
        return Hm
    cx, cy = (q.min(0) + q.max(0)) / 2  # the rack's middle comes to the photo's
    return np.array([[z, 0, fw / 2 - z * cx], [0, z, fh / 2 - z * cy], [0, 0, 1]]) @ Hm


def compose(rng: np.random.Generator, faces: Faces, frame: tuple[int, int] | None = None,
            layout: str | None = None, mix: dict[str, float] | None = None,
            backgrounds: list[np.ndarray] | None = None, largest: int = 1024, table: str | None = None) -> Scene:
    """One photo of a table with its labels; ``layout`` is drawn from ``mix`` when not given,
    the table (``draw``) from the split's surfaces when ``table`` is not given."""
    plane, Hm, layout, (fw, fh) = draw(rng, faces, frame, layout, mix, backgrounds, largest, table)
    img = cv2.warpPerspective(plane.image, Hm, (fw, fh), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    scene = Scene(lens(rng, light(rng, img)))
    scene.layout = layout
    for tile, corners, box, oriented, outline in labels(plane, Hm, (fw, fh)):
        scene.tiles.append(tile)
        scene.boxes.append(box)
        scene.corners.append(corners)
        scene.oriented.append(oriented)
        scene.outlines.append(outline)
    return scene
