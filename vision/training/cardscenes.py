"""Synthetic photos of cards: fanned in a hand, or laid in overlapping melds on a table (issue 29).

The real card photos (``../shared/realdata/cards``) hold few fanned hands, the photo a Simple
rummy player takes: 14 cards fanned so that often only each card's top-left corner index
shows. This draws such photos with every visible corner index labelled (a box and the card's
engine code, ``Tile.code``), for training the index detector and, in the pool ``test``, for a
test whose generator settings were never trained on (its faces are ``cardfaces.TEST_FONTS``,
its cloths and fans are drawn from ranges the ``train`` pool does not use).

A hand is dealt as Simple rummy deals it (SR-1: two packs and four jokers, so two 7h may be
in one hand). An index is labelled when at least ``VISIBLE`` of its box is not covered by a
card above it (the realdata labels mark an index that can be read, not one hidden).

    python -m research.cards.stage scenes out/cards-hands --pool test --count 0 --val 120 --seed 9290

The pools ``spread-train`` and ``spread-test`` add, in half their photos, cards spread on a
table under a webcam (realdata's ``webcam-win``: 6-26 cards in loose rows at any angle, the
16:9 frame squashed to a square as that export did); ``train`` and ``test`` draw none.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from remi.engine import JOKER, Tile
from remi.vision.training import cardfaces as faces

VISIBLE = 0.6
CARD_W, CARD_H = 250, 350  # a poker card's 63 x 88 mm, as drawn before the view scales it


@dataclass(frozen=True)
class Pool:
    """A generator's settings: what a pool draws its photos from."""

    fonts: str  # cardfaces pool of rank faces
    cloth_hues: tuple[tuple[float, float], ...]  # degrees (OpenCV 0..180 halved) of tablecloths
    fan_step: tuple[float, float]  # degrees between two cards of a fan
    hand_share: float  # the rest are melds laid on a table
    dark_share: float  # black cards (the black deck of realdata's iphone group)
    # cards spread on a table and seen from above, as realdata's webcam-win shows them: many
    # cards in loose overlapping rows at any angle (0: none; the first two pools draw none,
    # so their photos stay what they were for a seed)
    spread_share: float = 0.0
    spread_overlap: tuple[float, float] = (0.2, 0.45)  # the share of a card's width a row's step shows
    # close-ups of one to four cards, as realdata's android group shows them (indices of 80-200
    # px in a 640 px photo): drawn before any other choice, 0 in the first four pools so that
    # their seeds draw what they drew
    close_share: float = 0.0


_TRAIN_CLOTHS, _TEST_CLOTHS = ((0, 20), (35, 70), (95, 130)), ((20, 35), (70, 95), (130, 180))
POOLS = {
    "train": Pool("train", _TRAIN_CLOTHS, (5.0, 11.0), 0.6, 0.15),
    "test": Pool("test", _TEST_CLOTHS, (4.0, 13.0), 0.7, 0.1),
    # half the photos spread cards; the test pool's rows overlap less than any training row
    "spread-train": Pool("train", _TRAIN_CLOTHS, (5.0, 11.0), 0.6, 0.15, 0.5, (0.18, 0.42)),
    "spread-test": Pool("test", _TEST_CLOTHS, (4.0, 13.0), 0.7, 0.1, 0.5, (0.42, 0.6)),
    # half the photos close-ups, the rest as the spread pools draw them
    "close-train": Pool("train", _TRAIN_CLOTHS, (5.0, 11.0), 0.6, 0.15, 0.5, (0.18, 0.42), 0.5),
    "close-test": Pool("test", _TEST_CLOTHS, (4.0, 13.0), 0.7, 0.1, 0.5, (0.42, 0.6), 0.5),
    # every photo a hand of 13-15 cards fanned, as the test pool draws its hands (issue 42: whole hands)
    "hands-test": Pool("test", _TEST_CLOTHS, (4.0, 13.0), 1.0, 0.1),
}
#: a webcam's 16:9 frame, which realdata's export squashed to 640 x 640
WEBCAM = (1138, 640)


def deal(rng: np.random.Generator, n: int) -> list[Tile]:
    """``n`` cards from two packs and four jokers (SR-1), as dealt."""
    deck = [Tile(code) for code in range(52) for _ in range(2)] + [JOKER] * 4
    return [deck[i] for i in rng.choice(len(deck), n, replace=False)]


def _index_glyph(rng, card: Tile, font: str) -> np.ndarray:
    if card.is_joker:
        return faces.joker_mask(rng, font)
    rank = faces.rank_mask(rng, card.number, font)
    pip = faces.glyph_mask(faces.PIP_FONT, faces.PIPS[card.colour], int(faces.GLYPH * 0.7))
    return faces.stack_masks([rank, pip], int(faces.GLYPH * 0.08))


def _centre(rng, card: Tile, canvas: np.ndarray, ink: np.ndarray, font: str) -> None:
    """The card's middle: its pips (2-10), one big pip (ace), a framed picture (J Q K, joker)."""
    x1, y1, x2, y2 = int(CARD_W * 0.24), int(CARD_H * 0.14), int(CARD_W * 0.76), int(CARD_H * 0.86)
    if card.is_joker or card.number > 10:
        frame = rng.uniform(0, 255, 3)
        cv2.rectangle(canvas, (x1, y1), (x2, y2), frame.tolist(), 3)
        inner = canvas[y1 + 6:y2 - 6, x1 + 6:x2 - 6]
        for _ in range(6):  # the court's robes: a few blocks of the print's colours
            c = rng.uniform(0, 255, 3)
            a, b = rng.integers(0, inner.shape[1], 2), rng.integers(0, inner.shape[0], 2)
            cv2.rectangle(inner, (int(a.min()), int(b.min())), (int(a.max()), int(b.max())), c.tolist(), -1)
        text = "★" if card.is_joker else faces.RANKS[card.number - 1]
        big = faces.glyph_mask(faces.PIP_FONT if card.is_joker else font, text, int(CARD_H * 0.3))
        faces.draw(canvas, big[:y2 - y1, :x2 - x1], x1 + max(0, (x2 - x1 - big.shape[1]) // 2),
                    y1 + max(0, (y2 - y1 - big.shape[0]) // 2), ink)
        return
    n = card.number
    size = int(CARD_H * (0.3 if n == 1 else 0.13))
    pip = faces.glyph_mask(faces.PIP_FONT, faces.PIPS[card.colour], size)
    cols = 1 if n in (1, 2, 3) else (2 if n <= 8 else 3) if n != 10 else 2
    rows = int(np.ceil(n / cols))
    for k in range(n):
        c, r = k % cols, k // cols
        cx = x1 + (c + 0.5) * (x2 - x1) / cols - pip.shape[1] / 2
        cy = y1 + (r + 0.5) * (y2 - y1) / rows - pip.shape[0] / 2
        m = pip if r < rows / 2 else pip[::-1, ::-1]  # the lower half's pips are printed turned
        faces.draw(canvas, m, int(cx), int(cy), ink)


def draw_card(rng: np.random.Generator, card: Tile, font: str, dark: bool):
    """One card's face (BGR float32, CARD_H x CARD_W), its shape (alpha 0..1), and its two
    corner indices as boxes in the card's frame (top-left upright, bottom-right turned)."""
    paper = faces.paper_of(rng, dark)
    ink = faces.ink_of(rng, card.colour if not card.is_joker else int(rng.integers(4)), dark)
    face = np.empty((CARD_H, CARD_W, 3), np.float32)
    face[:] = paper
    glyph = _index_glyph(rng, card, font)
    height = CARD_H * rng.uniform(0.17, 0.24)
    scale = min(height / glyph.shape[0], CARD_W * 0.16 / glyph.shape[1])
    glyph = cv2.resize(glyph, (max(1, int(glyph.shape[1] * scale)), max(1, int(glyph.shape[0] * scale))),
                       interpolation=cv2.INTER_AREA)
    gh, gw = glyph.shape
    x, y = int(CARD_W * rng.uniform(0.03, 0.07)), int(CARD_H * rng.uniform(0.025, 0.05))
    faces.draw(face, glyph, x, y, ink)
    faces.draw(face, glyph[::-1, ::-1], CARD_W - x - gw, CARD_H - y - gh, ink)
    _centre(rng, card, face, ink, font)
    edge = faces.paper_of(rng, dark) * rng.uniform(0.6, 0.9)
    cv2.rectangle(face, (0, 0), (CARD_W - 1, CARD_H - 1), edge.tolist(), 2)
    boxes = [(x, y, x + gw, y + gh), (CARD_W - x - gw, CARD_H - y - gh, CARD_W - x, CARD_H - y)]
    return face, card_shape(), boxes


def card_shape() -> np.ndarray:
    """A card's outline in its frame: 1 inside, its corners rounded (float32, CARD_H x CARD_W)."""
    alpha = np.zeros((CARD_H, CARD_W), np.uint8)
    r = int(CARD_W * 0.06)
    cv2.rectangle(alpha, (r, 0), (CARD_W - r, CARD_H), 255, -1)
    cv2.rectangle(alpha, (0, r), (CARD_W, CARD_H - r), 255, -1)
    for cx, cy in ((r, r), (CARD_W - r, r), (r, CARD_H - r), (CARD_W - r, CARD_H - r)):
        cv2.circle(alpha, (cx, cy), r, 255, -1)
    return alpha.astype(np.float32) / 255


class PrintFaces:
    """Real card faces of many prints (``../shared/realdata/card-prints``, read from there) to
    lay into the photos instead of drawn ones (card reader 9, models/README.md): each dealt card
    gets a file of its kind at random, warped to its frame (``cardprints.find_frame``), its
    corner indices boxed where ``cardprints.index_box`` finds them (a corner without one is
    left unlabelled, as a hidden index is). A kind whose files show no index gets a drawn face.
    ``dark``: the share of faces laid as a black deck prints them (:func:`dark_face`): the
    iphone deck of ``../shared/realdata/cards`` is black with gold and silver indices, and a
    detector that saw only white cards missed most of its indices (research/vision-diary.md,
    "What fold iphone's detector misses")."""

    TRIES = 6  # files of a kind tried before a drawn face stands in

    def __init__(self, cards, root: Path | None = None, dark: float = 0.0) -> None:
        from remi.vision.training import cardprints

        self.root = root or cardprints.default_root()
        self.dark = dark
        self.by_kind: dict[int, list] = {}
        for c in cards:
            self.by_kind.setdefault(c.card.code, []).append(c)

    def face(self, rng: np.random.Generator, card: Tile):
        """(face, shape, index boxes) as :func:`draw_card` gives them, or None."""
        from remi.vision.training import cardprints

        files = self.by_kind.get(card.code, [])
        for _ in range(self.TRIES if files else 0):
            image = cv2.imread(str(self.root / files[rng.integers(len(files))].name))
            if image is None:
                continue
            canonical = cardprints.warp(image, cardprints.find_frame(image)[0])
            (cw, ch), boxes = cardprints.CARD, []
            for turned in (False, True):
                view = np.ascontiguousarray(canonical[::-1, ::-1]) if turned else canonical
                box = cardprints.index_box(view, card.is_joker)
                if box is not None:  # the bottom-right index, found upright in the turned card
                    x1, y1, x2, y2 = (cw - box[2], ch - box[3], cw - box[0], ch - box[1]) if turned else box
                    boxes.append((x1 * CARD_W / cw, y1 * CARD_H / ch, x2 * CARD_W / cw, y2 * CARD_H / ch))
            if boxes:
                face = cv2.resize(canonical, (CARD_W, CARD_H), interpolation=cv2.INTER_LINEAR)
                if rng.random() < self.dark:
                    face = dark_face(face)
                return face.astype(np.float32), card_shape(), boxes
        return None


def dark_face(face: np.ndarray) -> np.ndarray:
    """A card face (uint8 BGR) as a black deck prints it: its lightness turned over, its hues
    kept, so that a white card with black ink is a black card with light ink and a red pip
    stays red on black.

    >>> white_card = np.full((4, 4, 3), 250, np.uint8); white_card[1:3, 1:3] = (20, 20, 200)
    >>> dark = dark_face(white_card)
    >>> int(dark[0, 0].max()) < 20, int(dark[1, 1, 2]) > int(dark[1, 1, 0])
    (True, True)
    """
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2LAB)
    lab[..., 0] = 255 - lab[..., 0]
    return cv2.cvtColor(lab, cv2.COLOR_LAB2BGR)


def _cloth(rng: np.random.Generator, pool: Pool, w: int, h: int) -> np.ndarray:
    """A tablecloth or table: a hue of the pool's, a weave or a grain, light falling off."""
    lo, hi = pool.cloth_hues[rng.integers(len(pool.cloth_hues))]
    hsv = np.array([[[rng.uniform(lo, hi) / 2, rng.uniform(40, 220), rng.uniform(50, 230)]]], np.uint8)
    base = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0].astype(np.float32)
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    grain = cv2.GaussianBlur(rng.normal(0, 1, (h // 4 + 1, w // 4 + 1)).astype(np.float32), (0, 0), rng.uniform(0.5, 3))
    grain = cv2.resize(grain, (w, h))
    img += grain[..., None] * rng.uniform(3, 18)
    if rng.random() < 0.4:  # a woven check
        period = int(rng.uniform(12, 60))
        yy, xx = np.mgrid[0:h, 0:w]
        check = (((yy // period) + (xx // period)) % 2).astype(np.float32)
        img += check[..., None] * rng.uniform(-40, 40, 3)
    yy, xx = np.mgrid[0:h, 0:w]
    fall = 1 - rng.uniform(0, 0.35) * (((xx - rng.uniform(0, w)) / w) ** 2 + ((yy - rng.uniform(0, h)) / h) ** 2)
    return np.clip(img * fall[..., None], 0, 255)


def _placements(rng: np.random.Generator, pool: Pool, n: int, w: int, h: int,
                card_width: float | None = None) -> tuple[list[np.ndarray], bool]:
    """Affine maps (card frame -> photo) of ``n`` cards, bottom one first: a fan or melds;
    each card ``card_width`` pixels wide where given (``scene``)."""
    hand = rng.random() < pool.hand_share
    maps = []
    if hand:
        card_h = min(w, h) * rng.uniform(0.4, 0.65)  # a photo of one's hand: the fan fills the frame
        s = _scale(card_h / CARD_H, card_width)
        step = rng.uniform(*pool.fan_step)
        start = -step * (n - 1) / 2 + rng.uniform(-15, 15)
        pivot = np.array([w * rng.uniform(0.42, 0.58), h * rng.uniform(0.6, 0.75)])
        turn = rng.uniform(-35, 35) if rng.random() < 0.8 else rng.uniform(-180, 180)
        for i in range(n):
            a = np.deg2rad(start + i * step + turn)
            # the card's bottom-centre region sits on the pivot; the fan opens clockwise, each card on the last
            R = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]]) * s
            anchor = np.array([CARD_W * 0.5, CARD_H * 0.88])
            t = pivot - R @ anchor + rng.normal(0, 2, 2)
            maps.append(np.hstack([R, t[:, None]]))
    else:
        card_h = h * rng.uniform(0.16, 0.32)
        s = _scale(card_h / CARD_H, card_width)
        rows = int(np.ceil(n / rng.integers(3, 7)))
        per = int(np.ceil(n / rows))
        overlap = rng.uniform(0.25, 0.45)  # the share of a card's width left showing
        turn = rng.uniform(-180, 180) if rng.random() < 0.3 else rng.uniform(-12, 12)
        a = np.deg2rad(turn)
        R = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
        centre = np.array([w / 2, h / 2])
        for i in range(n):
            r, c = i // per, i % per
            x = (c - per / 2) * CARD_W * s * overlap + (r % 2) * CARD_W * s * 0.1
            y = (r - rows / 2) * CARD_H * s * 1.08
            jitter = np.deg2rad(rng.normal(0, 2.5))
            Rj = np.array([[np.cos(a + jitter), -np.sin(a + jitter)], [np.sin(a + jitter), np.cos(a + jitter)]]) * s
            t = centre + R @ np.array([x, y]) + rng.normal(0, 3, 2)
            maps.append(np.hstack([Rj, t[:, None]]))
    return maps, hand


def _close(rng: np.random.Generator, n: int, w: int, h: int) -> list[np.ndarray]:
    """Affine maps of ``n`` (1-4) cards photographed close: one card 0.8-2.2 times the photo's
    short side tall (the phone closer than the card: what is out of the photo is cut, but a
    corner index the player aims at stays in), more cards smaller and side by side, each
    overlapping the last; upright or a little turned mostly, any way now and then."""
    s = min(w, h) * (rng.uniform(0.8, 2.2) if n == 1 else rng.uniform(0.5, 1.0)) / CARD_H
    a = rng.uniform(-30, 30) if rng.random() < 0.8 else rng.uniform(-180, 180)
    step = _turn(a) @ np.array([CARD_W * s * rng.uniform(0.35, 1.05), 0.0])
    middle = np.array([w, h]) / 2 + rng.normal(0, 0.06, 2) * (w, h)
    maps = []
    for j in range(n):
        R = _turn(a + rng.normal(0, 3)) * s
        centre = middle + (j - (n - 1) / 2) * step
        t = centre - R @ np.array([CARD_W / 2, CARD_H / 2])
        if n == 1 and s * CARD_H > min(w, h):  # a card larger than the photo: one corner in view
            corner = np.array([CARD_W * 0.1, CARD_H * 0.12]) if rng.random() < 0.5 else np.array([CARD_W * 0.9, CARD_H * 0.88])
            t = np.array([w, h]) * rng.uniform(0.2, 0.8, 2) - R @ corner
        maps.append(np.hstack([R, t[:, None]]))
    return maps


def _spread(rng: np.random.Generator, pool: Pool, n: int, w: int, h: int,
            card_width: float | None = None) -> list[np.ndarray]:
    """Affine maps of ``n`` cards spread on a table: one to four loose rows, each at its own
    angle (any, as cards lie around a table), each card on the last and a little askew."""
    s = _scale(min(w, h) * rng.uniform(0.22, 0.4) / CARD_H, card_width)
    rows = int(rng.integers(1, 5))
    per_row = np.bincount(rng.integers(0, rows, n), minlength=rows)
    maps = []
    for m in per_row:
        a = rng.uniform(-180, 180)
        step = _turn(a) @ np.array([CARD_W * s * rng.uniform(*pool.spread_overlap), 0.0])
        middle = np.array([w * rng.uniform(0.15, 0.85), h * rng.uniform(0.15, 0.85)])
        for j in range(m):
            R = _turn(a + rng.normal(0, 4)) * s
            centre = middle + (j - (m - 1) / 2) * step + rng.normal(0, 3, 2)
            maps.append(np.hstack([R, (centre - R @ np.array([CARD_W / 2, CARD_H / 2]))[:, None]]))
    return maps


def _scale(drawn: float, card_width: float | None) -> float:
    """The card frame's scale in the photo: ``card_width`` pixels a card where given, else the
    layout's own (drawn all the same, so a seed's other draws stay what they were)."""
    return drawn if card_width is None else card_width / CARD_W


def _turn(degrees: float) -> np.ndarray:
    a = np.deg2rad(degrees)
    return np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])


def scene(rng: np.random.Generator, pool: Pool, n: int | None = None, size: tuple[int, int] | None = None,
          maps: list[np.ndarray] | None = None, card_width: float | None = None, prints: PrintFaces | None = None):
    """One photo: (BGR uint8, cards of the visible indices, their boxes (k, 4) in pixels).
    ``maps``: the cards' placements (card frame -> photo, bottom card first), else drawn.
    ``card_width``: each card this many pixels wide, whatever the frame (a table filmed from
    above: a card about 130 px wide in a 1920x1080 frame, issue 42), else drawn to the frame
    (a fan fills it; melds and spreads a fifth to a third of its height a card).
    ``prints``: real faces of many prints instead of drawn ones (:class:`PrintFaces`)."""
    close = maps is None and pool.close_share > 0 and rng.random() < pool.close_share
    spread = not close and maps is None and pool.spread_share > 0 and rng.random() < pool.spread_share
    if close:  # a phone close to one to four cards
        squash = False
        w, h = size or ((1280, 960) if rng.random() < 0.5 else (960, 1280))
        n = n or int(rng.choice([1, 1, 2, 3, 4]))
    elif spread:  # a webcam above the table: 6 to 26 cards, the frame squashed square half the time
        squash = size is None and rng.random() < 0.5
        w, h = size or (WEBCAM if squash or rng.random() < 0.5 else (1280, 960))
        n = n or int(rng.integers(6, 27))
    else:
        squash = False
        w, h = size or ((1280, 960) if rng.random() < 0.5 else (960, 1280))
        n = n or int(rng.choice([13, 14, 14, 14, 15]))
    cards = deal(rng, n)
    fonts = faces.available_fonts(pool.fonts)
    font = fonts[rng.integers(len(fonts))]  # one deck, one print
    dark = rng.random() < pool.dark_share
    photo = _cloth(rng, pool, w, h)
    owner = np.full((h, w), -1, np.int32)
    if close:
        maps, hand = _close(rng, n, w, h), False
    elif spread:
        maps, hand = _spread(rng, pool, n, w, h, card_width), False
    else:
        maps, hand = (maps, False) if maps is not None else _placements(rng, pool, n, w, h, card_width)
    quads = []
    for i, (card, M) in enumerate(zip(cards, maps)):
        face, alpha, boxes = (prints and prints.face(rng, card)) or draw_card(rng, card, font, dark)
        warped = cv2.warpAffine(face, M, (w, h), flags=cv2.INTER_AREA)
        a = cv2.warpAffine(alpha, M, (w, h), flags=cv2.INTER_LINEAR)
        shadow = cv2.GaussianBlur(a, (0, 0), 4) * 0.25
        photo *= (1 - shadow)[..., None]
        photo = photo * (1 - a[..., None]) + warped * a[..., None]
        owner[a > 0.5] = i
        for b in boxes:
            corners = np.array([[b[0], b[1]], [b[2], b[1]], [b[2], b[3]], [b[0], b[3]]], np.float32)
            quads.append((i, card, cv2.transform(corners[None], M)[0]))
    if hand and rng.random() < 0.7:  # the hand that holds them, over the fan's foot
        c = (int(w * rng.uniform(0.35, 0.65)), int(h * rng.uniform(0.85, 1.0)))
        skin = np.array([rng.uniform(60, 170), rng.uniform(100, 190), rng.uniform(150, 240)], np.float32)
        mask = np.zeros((h, w), np.uint8)
        cv2.ellipse(mask, c, (int(w * rng.uniform(0.1, 0.2)), int(h * rng.uniform(0.1, 0.2))),
                    rng.uniform(0, 180), 0, 360, 255, -1)
        m = cv2.GaussianBlur(mask.astype(np.float32) / 255, (0, 0), 3)
        photo = photo * (1 - m[..., None]) + skin * m[..., None]
        owner[mask > 0] = n
    kept_cards, kept_boxes = [], []
    for i, card, q in quads:
        x1, y1 = np.floor(q.min(0)).astype(int)
        x2, y2 = np.ceil(q.max(0)).astype(int)
        if x1 < 0 or y1 < 0 or x2 > w or y2 > h or min(x2 - x1, y2 - y1) < 4:
            continue
        inside = np.zeros((y2 - y1, x2 - x1), np.uint8)
        cv2.fillConvexPoly(inside, np.round(q - (x1, y1)).astype(np.int32), 1)
        region = owner[y1:y2, x1:x2][inside > 0]
        if len(region) and (region == i).mean() >= VISIBLE:
            kept_cards.append(card)
            kept_boxes.append((x1, y1, x2, y2))
    photo = _camera(rng, photo)
    boxes = np.array(kept_boxes, float).reshape(-1, 4)
    if squash:
        photo = cv2.resize(photo, (h, h), interpolation=cv2.INTER_AREA)
        boxes[:, [0, 2]] *= h / w
    return photo, kept_cards, boxes


def _camera(rng: np.random.Generator, photo: np.ndarray) -> np.ndarray:
    """Light, blur, noise and JPEG, as a phone's photo has them."""
    photo = photo * rng.uniform(0.7, 1.15) + rng.uniform(-25, 20)
    if rng.random() < 0.6:
        photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.4, 1.6))
    photo = photo + rng.normal(0, rng.uniform(1, 7), photo.shape)
    out = np.clip(photo, 0, 255).astype(np.uint8)
    ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(60, 92))])
    return cv2.imdecode(enc, cv2.IMREAD_COLOR)


def write_scene(out: Path, split: str, stem: str, photo: np.ndarray, cards: list[Tile], boxes: np.ndarray) -> None:
    """One photo of a scene set: ``images/SPLIT/STEM.jpg`` and its labels, one row an index
    (the card's engine code, the box's centre and size as shares of the photo)."""
    cv2.imwrite(str(out / "images" / split / f"{stem}.jpg"), photo, [cv2.IMWRITE_JPEG_QUALITY, 92])
    H, W = photo.shape[:2]
    rows = [f"{c.code} {(b[0] + b[2]) / 2 / W:.6f} {(b[1] + b[3]) / 2 / H:.6f} {(b[2] - b[0]) / W:.6f} "
            f"{(b[3] - b[1]) / H:.6f}" for c, b in zip(cards, boxes)]
    (out / "labels" / split / f"{stem}.txt").write_text("".join(r + "\n" for r in rows))


def write_scene_set(out: Path, pool: str, count: int, val: int, seed: int, prints: PrintFaces | None = None) -> Path:
    """A dataset folder as ``remi vision generate`` writes one: images/{train,val}, labels with
    each index's engine code as its class (the detector trains them as one class, `index`);
    ``prints``: the cards' faces real ones of many prints (:class:`PrintFaces`)."""
    faces.require_all_faces()
    out = Path(out)
    rng = np.random.default_rng(seed)
    settings = POOLS[pool]
    for split, k in (("train", count), ("val", val)):
        (out / "images" / split).mkdir(parents=True, exist_ok=True)
        (out / "labels" / split).mkdir(parents=True, exist_ok=True)
        for j in range(k):
            write_scene(out, split, f"{pool}-{split}-{j:05d}", *scene(rng, settings, prints=prints))
    (out / "data-tile.yaml").write_text(f"path: {out.resolve()}\ntrain: images/train\nval: images/val\n"
                                        "names:\n  0: index\n")
    return out
