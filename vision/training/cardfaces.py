"""Synthetic corner indices of playing cards, for the card reader (issue 29).

A card's corner index is its rank with the suit's pip under it; fanned in a hand it is often
all that shows of a card (``../shared/realdata/cards/README.md``). The real photos hold three
decks, so a reader trained on them alone learns those three prints: these crops add the
prints a table may bring. Every crop is drawn, then cut the way inference cuts it
(``vision.crops.crop`` with the jitter of ``cropset``), and labelled as the reader is taught:
number 0 = joker, 1 = ace .. 13 = king, ``BACKGROUND`` for no index; colour = the suit in the
engine's order (``remi.engine.tiles.SUITS``: s c h d), -1 for none.

What varies, each drawn independently:

- the card: white, cream, grey, or black (the black deck of realdata's ``iphone`` group, its
  indices gold and silver);
- the ink: black and red in many hues; four-colour decks (clubs green, diamonds blue); faded
  or greyscale photos;
- the rank: DejaVu and Liberation faces (sans, serif, mono, bold; ``TEST_FONTS`` are kept for
  the test pool), "10" narrow or wide,
  French R D V for K Q J at a low rate (rami decks print them);
- the pip under the rank, from DejaVu Sans's suit glyphs, its size and gap (``pips="many"``:
  from four faces' glyphs, or drawn as shapes of random proportions); jokers as the word
  JOKER stacked or the word Joker, or a star;
- the context: the card's rounded corner and the table beyond it, part of a pip or a court
  picture's frame beside the index;
- the view: any angle (cards lie every way on a table; the second corner is turned 180
  degrees), a foreshortening, blur, noise, light and JPEG.

    python -m research.cards.stage synth out/cards-synth.npz --n 60000 --seed 100
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from remi.vision import crops
from remi.vision.crops import BACKGROUND
from remi.vision.training.cropset import jitter
from remi.vision.training import tilefaces
from remi.vision.training.tilefaces import font_file, require_fonts

RANK_FONTS = ("DejaVuSans-Bold.ttf", "DejaVuSans.ttf", "DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed.ttf",
              "DejaVuSerif-Bold.ttf", "DejaVuSerif.ttf", "LiberationSans-Bold.ttf", "LiberationSans-Regular.ttf",
              "LiberationMono-Bold.ttf")
# Faces no training set draws: the synthetic test pool's (vision.training.cardscenes, pool
# "test"), so that a figure on it is one of prints never trained on.
TEST_FONTS = ("LiberationSerif-Bold.ttf", "LiberationSerif-Regular.ttf", "LiberationSansNarrow-Bold.ttf",
              "DejaVuSerifCondensed-Bold.ttf")
PIP_FONT = "DejaVuSans.ttf"  # the faces here with the four suit glyphs
# Faces whose suit glyphs differ from DejaVu Sans's, for pips="many" (cards1 reader 6: every
# unseen deck lost a black suit to the other); none is a test-pool face.
PIP_FONTS = ("DejaVuSans.ttf", "DejaVuSerif.ttf", "LiberationSans-Regular.ttf", "LiberationMono-Regular.ttf")
PIPS = "♠♣♥♦"  # engine suit order s c h d
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH = {11: "V", 12: "D", 13: "R"}  # valet, dame, roi
GLYPH = 96  # pixels of a rank's height as drawn, before the view scales it
BACKGROUND_SHARE = 0.15
JOKER_SHARE = 0.04  # about a card in 27: the deck's share of jokers (SR-1: 4 in 108)


def font_path(name: str) -> Path | None:
    """A face's file on this machine: a file name in the tile faces' font folders, or a
    ``file:`` key of :mod:`vision.training.fontpool` (its path); None when it is not here."""
    return tilefaces.font_path(name) if name.startswith("file:") else font_file(name)


def require_all_faces() -> None:
    """Every face of both pools and the pips, or one line saying what to install (a dataset
    drawn from fewer faces than its recipe says is another dataset)."""
    require_fonts((*RANK_FONTS, *TEST_FONTS, *PIP_FONTS))


def available_fonts(pool: str = "train") -> tuple[str, ...]:
    """The rank faces of a pool (train or test) this machine has; the pips need DejaVu Sans."""
    return tuple(f for f in (RANK_FONTS if pool == "train" else TEST_FONTS) if font_path(f) is not None)


def debian_fonts(per_family: int = 4) -> tuple[str, ...]:
    """Rank faces from the Debian packages of :mod:`vision.training.fontpool`'s ``train`` pool
    (refused with its install command where they are missing): up to ``per_family`` faces of
    each package, spread over its sorted faces, so that a package of 36 faces is not drawn 36
    times as often as one of a single face. The card test pool's faces (:data:`TEST_FONTS`,
    some of them in ``fonts-liberation2``) are left out: no figure on that pool may be one of
    faces trained on."""
    from remi.vision.training import fontpool

    fontpool.require("train")
    keys = []
    for _, faces in fontpool.families("train"):
        faces = tuple(f for f in faces if f.name not in TEST_FONTS)
        step = max(1, len(faces) // per_family)
        keys += [fontpool.face_key(f) for f in faces[::step][:per_family]]
    return tuple(keys)


@lru_cache(maxsize=8192)  # the Debian faces' ranks alone are 95 x 13 masks: a smaller cache thrashes
def glyph_mask(font: str, text: str, height: int) -> np.ndarray:
    """A tight float32 0..1 mask of ``text``, ``height`` pixels tall."""
    from PIL import Image, ImageDraw, ImageFont

    pil = ImageFont.truetype(str(font_path(font)), int(height * 1.4))
    x0, y0, x1, y1 = pil.getbbox(text)
    img = Image.new("L", (x1 - x0 + 8, y1 - y0 + 8), 0)
    ImageDraw.Draw(img).text((4 - x0, 4 - y0), text, font=pil, fill=255)
    a = np.asarray(img)
    ys, xs = np.nonzero(a > 20)
    a = a[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32) / 255.0
    scale = height / a.shape[0]
    return cv2.resize(a, (max(1, int(round(a.shape[1] * scale))), height), interpolation=cv2.INTER_AREA)


def stack_masks(masks: list[np.ndarray], gap: int) -> np.ndarray:
    """Masks one under the other, centred."""
    w = max(m.shape[1] for m in masks)
    rows = []
    for i, m in enumerate(masks):
        pad = w - m.shape[1]
        rows.append(np.pad(m, ((0, gap if i < len(masks) - 1 else 0), (pad // 2, pad - pad // 2))))
    return np.concatenate(rows, 0)


def rank_mask(rng: np.random.Generator, number: int, font: str) -> np.ndarray:
    text = FRENCH[number] if number in FRENCH and rng.random() < 0.08 else RANKS[number - 1]
    m = glyph_mask(font, text, GLYPH)
    if text == "10" and rng.random() < 0.5:  # many decks squeeze the 10 to the width of one digit
        m = cv2.resize(m, (max(1, int(m.shape[1] * rng.uniform(0.55, 0.8))), m.shape[0]), interpolation=cv2.INTER_AREA)
    return m


def joker_mask(rng: np.random.Generator, font: str) -> np.ndarray:
    style = rng.integers(3)
    if style == 0:  # JOKER stacked letter by letter down the corner
        h = int(GLYPH * rng.uniform(0.45, 0.6))
        return stack_masks([glyph_mask(font, c, h) for c in "JOKER"], max(1, h // 6))
    if style == 1:  # the word, turned to run down the card's edge
        return np.rot90(glyph_mask(font, "JOKER" if rng.random() < 0.5 else "Joker", GLYPH // 2), -1).copy()
    return glyph_mask(PIP_FONT, "★", GLYPH)


def drawn_pip(rng: np.random.Generator, suit: int, height: int) -> np.ndarray:
    """A suit's pip drawn as shapes (s c h d), its proportions drawn at random: the prints of
    decks no font has. A float32 0..1 mask ``height`` pixels tall, drawn 4x and shrunk."""
    k = 4
    size = height * k
    m = np.zeros((size, size), np.uint8)
    c = size / 2
    if suit == 3:  # diamond: a rhombus, narrow to square
        half_w = c * rng.uniform(0.55, 0.85)
        pts = np.array([(c, 0), (c + half_w, c), (c, size - 1), (c - half_w, c)], np.int32)
        cv2.fillPoly(m, [pts], 255, cv2.LINE_AA)
    else:
        r = size * rng.uniform(0.2, 0.27)  # a lobe's radius
        stem_w = size * rng.uniform(0.06, 0.16)
        if suit == 1:  # club: three round lobes and a stem that flares
            spread = r * rng.uniform(0.9, 1.25)
            top = (c, r + size * 0.02)
            for x, y in (top, (c - spread, top[1] + spread * 1.1), (c + spread, top[1] + spread * 1.1)):
                cv2.circle(m, (int(x), int(y)), int(r), 255, -1, cv2.LINE_AA)
            cv2.circle(m, (int(c), int(top[1] + spread * 0.8)), int(r * 0.6), 255, -1, cv2.LINE_AA)
        else:  # heart (2), or a spade (0): a heart upside down
            gap = r * rng.uniform(0.75, 1.0)
            y = r + size * (0.22 if suit == 0 else 0.02)  # a spade's body leaves room for its stem
            for x in (c - gap, c + gap):
                cv2.circle(m, (int(x), int(y)), int(r), 255, -1, cv2.LINE_AA)
            tip = size * 0.98
            pts = np.array([(c - gap - r * 0.95, y + r * 0.3), (c + gap + r * 0.95, y + r * 0.3), (c, tip)], np.int32)
            cv2.fillPoly(m, [pts], 255, cv2.LINE_AA)
            if suit == 0:
                m = m[::-1].copy()  # the point up; the stem goes under it
        if suit in (0, 1):
            y0 = size * 0.55
            pts = np.array([(c - stem_w / 2, y0), (c + stem_w / 2, y0), (c + stem_w * rng.uniform(1.2, 2.5), size - 1),
                            (c - stem_w * rng.uniform(1.2, 2.5), size - 1)], np.int32)
            cv2.fillPoly(m, [pts], 255, cv2.LINE_AA)
    ys, xs = np.nonzero(m > 20)
    m = m[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32) / 255.0
    w = max(1, int(round(m.shape[1] * height / m.shape[0])))
    return cv2.resize(m, (w, height), interpolation=cv2.INTER_AREA)


def pip_mask(rng: np.random.Generator, suit: int, height: int, pips: str = "one") -> np.ndarray:
    """A suit's pip ``height`` pixels tall: DejaVu Sans's glyph (``pips="one"``, the sets drawn
    before cards1 reader 6, whose random draws stay as they were), or (``"many"``) one of
    :data:`PIP_FONTS`' glyphs or, a third of the time, :func:`drawn_pip`."""
    if pips == "one":
        return glyph_mask(PIP_FONT, PIPS[suit], height)
    if rng.random() < 1 / 3:
        return drawn_pip(rng, suit, height)
    return glyph_mask(PIP_FONTS[rng.integers(len(PIP_FONTS))], PIPS[suit], height)


def ink_of(rng: np.random.Generator, suit: int, card_dark: bool) -> np.ndarray:
    """The index's BGR ink for a suit (s c h d) on a light or a black card."""
    if card_dark:  # the black deck: gold hearts and diamonds, silver spades and clubs
        gold, silver = (rng.uniform(40, 90), rng.uniform(150, 200), rng.uniform(190, 240)), (rng.uniform(170, 220),) * 3
        return np.array(gold if suit in (2, 3) else silver, np.float32)
    if rng.random() < 0.1:  # a four-colour deck
        four = [(20, 20, 20), (40, 140, 30), (30, 30, 200), (200, 90, 20)]
        return np.array(four[suit], np.float32) + rng.uniform(-20, 20, 3)
    if suit in (2, 3):
        red = rng.uniform(150, 235)
        return np.array((rng.uniform(10, 70), rng.uniform(10, 70) + (red - 150) * 0.2, red), np.float32)
    v = rng.uniform(5, 60)
    return np.array((v + rng.uniform(0, 25), v, v), np.float32)


def paper_of(rng: np.random.Generator, dark: bool) -> np.ndarray:
    if dark:
        return np.full(3, rng.uniform(10, 45), np.float32)
    base = rng.uniform(190, 252)
    return np.array((base - rng.uniform(0, 25), base - rng.uniform(0, 10), base), np.float32)


def _table(rng: np.random.Generator, shape: tuple[int, int]) -> np.ndarray:
    """A table beyond the card's edge: a colour with a little texture."""
    colour = rng.uniform(20, 235, 3).astype(np.float32)
    noise = cv2.GaussianBlur(rng.normal(0, rng.uniform(2, 25), shape).astype(np.float32), (0, 0), rng.uniform(0.6, 4))
    return np.clip(colour + noise[..., None], 0, 255)


def draw(canvas: np.ndarray, mask: np.ndarray, x: int, y: int, ink: np.ndarray) -> None:
    h, w = mask.shape
    region = canvas[y:y + h, x:x + w]
    m = mask[:region.shape[0], :region.shape[1], None]
    region[:] = region * (1 - m) + ink * m


def draw_index(rng: np.random.Generator, number: int, suit: int, fonts: tuple[str, ...],
               pips: str = "one") -> tuple[np.ndarray, tuple]:
    """A card's top-left corner with its index drawn upright: (BGR float32 image, index box).
    ``number`` 0 is a joker (``suit`` unused), else 1..13 with ``suit`` 0..3 (s c h d).
    ``pips``: where the pips come from (:func:`pip_mask`)."""
    font = fonts[rng.integers(len(fonts))]
    dark = rng.random() < 0.15
    ink = ink_of(rng, suit if number else int(rng.integers(4)), dark)
    if number == 0:
        glyph = joker_mask(rng, font)
    else:
        rank = rank_mask(rng, number, font)
        pip = pip_mask(rng, suit, int(GLYPH * rng.uniform(0.55, 0.85)), pips)
        glyph = stack_masks([rank, pip], int(GLYPH * rng.uniform(0.02, 0.15)))
    gh, gw = glyph.shape
    S = int(max(gh, gw) * 3.2)
    image = _table(rng, (S, S))
    # The card's corner sits up-left of the index by a margin of a fraction of the index.
    cx0, cy0 = int(S * 0.3 - gw * rng.uniform(0.15, 0.6)), int(S * 0.3 - gh * rng.uniform(0.08, 0.35))
    card = np.zeros((S, S), np.uint8)
    r = int(gw * rng.uniform(0.2, 0.7))
    cv2.rectangle(card, (cx0 + r, cy0), (S, S), 255, -1)
    cv2.rectangle(card, (cx0, cy0 + r), (S, S), 255, -1)
    cv2.circle(card, (cx0 + r, cy0 + r), r, 255, -1)
    paper = paper_of(rng, dark)
    alpha = cv2.GaussianBlur(card.astype(np.float32) / 255, (0, 0), 1.0)[..., None]
    image = image * (1 - alpha) + paper * alpha
    if rng.random() < 0.3:  # a blue or red frame line of a court card or a border print
        colour = rng.uniform(0, 255, 3)
        x = int(S * 0.3 + gw * rng.uniform(1.1, 1.6))
        cv2.line(image, (x, int(S * 0.3)), (x, S), colour.tolist(), max(1, int(gw * 0.06)))
    if rng.random() < 0.4:  # a big pip of the card's face beside the index
        big = pip_mask(rng, suit if number else 0, int(GLYPH * rng.uniform(0.9, 1.4)), pips)
        x, y = int(S * 0.3 + gw * rng.uniform(1.3, 1.9)), int(S * 0.3 + gh * rng.uniform(0.0, 0.6))
        draw(image, big[:max(1, S - y), :max(1, S - x)], x, y, ink)
    x1, y1 = int(S * 0.3), int(S * 0.3)
    draw(image, glyph, x1, y1, ink)
    return image, (x1, y1, x1 + gw, y1 + gh)


def photo_view(rng: np.random.Generator, image: np.ndarray, box: tuple,
          heights: tuple[float, float] = (10, 40)) -> tuple[np.ndarray, tuple]:
    """The index as a photo shows it: turned (any angle, or nearly upright), foreshortened,
    scaled down to a photo's index size (``heights``, pixels), blurred, noisy, lit; the box
    follows its corners."""
    S = image.shape[0]
    angle = rng.uniform(-180, 180) if rng.random() < 0.6 else rng.uniform(-12, 12)
    M = cv2.getRotationMatrix2D(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), angle, 1.0)
    M = np.vstack([M, (0, 0, 1)])
    shear = np.array([[1, rng.uniform(-0.15, 0.15), 0], [rng.uniform(-0.1, 0.1), rng.uniform(0.7, 1.0), 0], [0, 0, 1]])
    A = (shear @ M)[:2]
    out = cv2.warpAffine(image, A, (S, S), borderMode=cv2.BORDER_REFLECT)
    corners = np.array([[box[0], box[1]], [box[2], box[1]], [box[2], box[3]], [box[0], box[3]]], np.float32)
    moved = cv2.transform(corners[None], A)[0]
    x1, y1 = moved.min(0)
    x2, y2 = moved.max(0)
    # A photo's index is 10-40 pixels tall (10-20 in a 1920x1080 frame of a table): scale so, with its blur.
    target = rng.uniform(*heights) / max(y2 - y1, 1)
    small = cv2.resize(out, (max(8, int(S * target)), max(8, int(S * target))), interpolation=cv2.INTER_AREA)
    if rng.random() < 0.5:
        small = cv2.GaussianBlur(small, (0, 0), rng.uniform(0.3, 1.2))
    small = small * rng.uniform(0.55, 1.25) + rng.uniform(-35, 25)
    small = small + rng.normal(0, rng.uniform(0, 8), small.shape)
    if rng.random() < 0.3:
        g = small.mean(2, keepdims=True)
        small = np.repeat(g, 3, 2)
    small = np.clip(small, 0, 255).astype(np.uint8)
    if rng.random() < 0.5:
        ok, enc = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, int(rng.uniform(35, 90))])
        small = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return small, (x1 * target, y1 * target, x2 * target, y2 * target)


def index_crops(n: int, seed: int = 0, jitter_amount: float = 0.08, pips: str = "one", faces: str = "dejavu",
                heights: tuple[float, float] = (10, 40)):
    """``n`` reader crops (uint8 NHWC BGR, number, colour), ``BACKGROUND_SHARE`` of them of a
    card's face or the table beside an index (no index). ``pips``: :func:`pip_mask`'s;
    ``faces``: the ranks in :data:`RANK_FONTS` ("dejavu") or in :func:`debian_fonts` ("debian");
    ``heights``: the index's height in the photo, pixels."""
    require_all_faces()
    rng = np.random.default_rng(seed)
    fonts = available_fonts() if faces == "dejavu" else debian_fonts()
    X = np.zeros((n, crops.SIZE, crops.SIZE, 3), np.uint8)
    N = np.zeros(n, np.int64)
    C = np.zeros(n, np.int64)
    for i in range(n):
        joker = rng.random() < JOKER_SHARE
        number, suit = (0, -1) if joker else (int(rng.integers(1, 14)), int(rng.integers(4)))
        image, box = draw_index(rng, number, max(suit, 0), fonts, pips)
        small, b = photo_view(rng, image, box, heights)
        if rng.random() < BACKGROUND_SHARE:
            # Beside the index, the same size: the card's face, its pips, its edge, the table.
            w, h = b[2] - b[0], b[3] - b[1]
            dx, dy = rng.choice([-1, 1]) * rng.uniform(1.0, 1.8) * w, rng.uniform(-1.5, 1.5) * h
            b = (b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy)
            number, suit = BACKGROUND, -1
        X[i] = crops.crop(small, jitter(rng, b, jitter_amount))
        N[i], C[i] = number, suit
    return X, N, C
