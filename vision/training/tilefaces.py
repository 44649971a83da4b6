"""Procedural tile faces of many editions: the tiles remi's vision trains and is tested on.

Real sets differ in the font of the numbers (the classic big rounded digits, thin sans, serif,
mono), the inks (blue from navy to teal, orange from amber to a red-orange next to the red),
how they mark 6 and 9 (nothing, a dot, a bar under the digit), the joker (a smiley, a jester,
a star, a letter), and the body (cream, ivory, white, grey; bevel, corners, proportions). An
``Edition`` holds one such set; :func:`render` draws one tile of it upright, as a ``Face``
(BGR image and 0/255 mask of the tile's outline, the same fields as ``vision.training.patches.Patch``).

:func:`sample_edition` draws editions from two disjoint pools of settings: ``"train"`` for
training data and ``"test"`` for the synthetic "other editions" test set, so that its figures
are about settings the reader never saw. What is disjoint (``TRAIN`` and ``TEST`` below):
the font, the joker design (but ``"thin-train"``'s letter J, always in a train face), the emblem
on the face, each ink's colour anchor, the body's colour anchor, and the ranges of the digits'
height and place and of the tile's proportions.
The 6/9 marks are shared (a reader cannot read a mark it never saw; what is held out is how
the rest of the tile looks around it).

Fonts: OpenCV's Hershey fonts (always there) and DejaVu TrueType fonts (fonts-dejavu-core and
-extra, drawn with Pillow), looked up in ``FONT_DIRS``; a font that is missing on a machine is
left out of the sampler's pools (:func:`available_fonts`), never drawn wrongly. The wide pools
``"wide-train"`` and ``"wide-test"`` (issue 38) add the faces of dozens of Debian font families
(``vision.training.fontpool``, split by family, refused with the install command when missing)
and digits of 0.30-0.70 of the tile, as the classic big-digit set prints them.

Every random choice comes from the ``numpy.random.Generator`` passed in: the same seed gives
the same editions and the same pixels.

>>> import numpy as np
>>> from remi.engine import Tile
>>> face = render(Tile.parse("b9"), CLASSIC, np.random.default_rng(0), height=100)
>>> face.image.shape[0], face.mask.dtype.name
(100, 'uint8')
>>> sample_edition(np.random.default_rng(1), "test").split
'test'
"""

from __future__ import annotations

import colorsys
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

import cv2
import numpy as np

from remi.engine import Tile
from remi.vision.training import fontpool

FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/truetype/liberation"),
             Path("/usr/share/fonts/TTF"), Path("/usr/local/share/fonts"), Path("/Library/Fonts"),
             Path("C:/Windows/Fonts"))
HERSHEY = {"hershey-simplex": cv2.FONT_HERSHEY_SIMPLEX, "hershey-duplex": cv2.FONT_HERSHEY_DUPLEX,
           "hershey-triplex": cv2.FONT_HERSHEY_TRIPLEX, "hershey-complex": cv2.FONT_HERSHEY_COMPLEX,
           "hershey-plain": cv2.FONT_HERSHEY_PLAIN, "hershey-small": cv2.FONT_HERSHEY_COMPLEX_SMALL}
TRUETYPE = {"dejavu-sans": "DejaVuSans.ttf", "dejavu-sans-bold": "DejaVuSans-Bold.ttf",
            "dejavu-sans-light": "DejaVuSans-ExtraLight.ttf", "dejavu-condensed": "DejaVuSansCondensed.ttf",
            "dejavu-condensed-bold": "DejaVuSansCondensed-Bold.ttf", "dejavu-serif": "DejaVuSerif.ttf",
            "dejavu-serif-bold": "DejaVuSerif-Bold.ttf", "dejavu-serif-condensed-bold": "DejaVuSerifCondensed-Bold.ttf",
            "dejavu-mono": "DejaVuSansMono.ttf", "dejavu-mono-bold": "DejaVuSansMono-Bold.ttf"}
GLYPH = fontpool.GLYPH  # pixels of a glyph's height when drawn, before it is scaled onto the tile
COLOURS = ("k", "b", "r", "y")  # engine colour order; y is the orange of most sets

# Inks as (hue degrees, saturation, value) anchors, per engine colour, per pool. Blue runs from
# navy to teal and cyan (teal was read as black), orange from amber to red-orange (orange was
# read as red on warm wood).
_INKS = {
    "train": {"k": [(0, 0.0, 0.12), (220, 0.35, 0.16), (0, 0.0, 0.24)],
              "b": [(215, 0.85, 0.70), (225, 0.85, 0.42), (184, 0.85, 0.58), (200, 0.9, 0.8)],
              "r": [(355, 0.85, 0.80), (345, 0.80, 0.58), (2, 0.9, 0.68)],
              "y": [(28, 0.92, 0.96), (38, 0.92, 0.92), (22, 0.95, 0.88)]},
    "test": {"k": [(30, 0.35, 0.17), (260, 0.2, 0.2)],
             "b": [(192, 0.9, 0.68), (232, 0.7, 0.6), (176, 0.8, 0.45)],
             "r": [(350, 0.75, 0.72), (6, 0.85, 0.85)],
             "y": [(33, 0.85, 0.98), (46, 0.95, 0.9)]},
}
_BODIES = {"train": [(45, 0.17, 0.94), (50, 0.08, 0.97), (0, 0.0, 0.97), (40, 0.12, 0.90)],
           "test": [(0, 0.0, 0.86), (36, 0.24, 0.90), (210, 0.05, 0.96)]}
TRAIN = {"fonts": ("hershey-simplex", "hershey-duplex", "hershey-triplex", "dejavu-sans-bold",
                   "dejavu-condensed-bold", "dejavu-serif", "dejavu-mono", "dejavu-sans-light"),
         "jokers": ("smiley", "jester", "star"), "emblems": ("ring", "logo", "ring-logo", "none"),
         "digit_height": (0.32, 0.44), "digit_y": (0.37, 0.45), "aspect": (0.70, 0.78)}
TEST = {"fonts": ("hershey-complex", "hershey-plain", "dejavu-sans", "dejavu-condensed",
                  "dejavu-serif-bold", "dejavu-serif-condensed-bold", "dejavu-mono-bold"),
        "jokers": ("letter", "clown"), "emblems": ("ring-below", "dots"),
        "digit_height": (0.27, 0.32), "digit_y": (0.31, 0.37), "aspect": (0.65, 0.70)}
# The wide pools (issue 38): the old pools' settings and fonts plus the faces of Debian's font
# families (``vision.training.fontpool``, split by family), digits of 0.30-0.70 of the tile in
# both (the classic set prints 0.55-0.65; the old pools drew 0.27-0.44), and the maker's name
# embossed under the digit. ``base`` names the old pool whose inks, bodies and jokers they keep.
WIDE_TRAIN = {**TRAIN, "base": "train", "emblems": TRAIN["emblems"] + ("maker",),
              "digit_height": (0.30, 0.70), "digit_y": (0.38, 0.48), "aspect": (0.66, 0.78)}
WIDE_TEST = {**TEST, "base": "test", "emblems": TEST["emblems"] + ("maker-caps",),
             "digit_height": (0.30, 0.70), "digit_y": (0.34, 0.46), "aspect": (0.64, 0.74)}
# The thin-stroke pool (reader v11): v10 read a lone vertical stroke as a 1 (a thin 4's stem, a
# J-letter joker). ``wide-train`` with every joker a letter J, drawn in the edition's own train
# face (the design is the test pool's, its faces never are), and a ``light`` share of editions in
# a Light face of a train family, thinned further, at every digit height of the wide pool.
THIN_TRAIN = {**WIDE_TRAIN, "jokers": ("letter",), "light": 0.5}
# The joker pool (reader v12): v11's 186 J crops of 58,155 (two jokers in a set of 106) left every
# J of pool-editions read as a 1; here 15 % of the tiles a scene draws are jokers (a set's two
# copies do not bind them), so the J is a share of the data, not a rarity.
JOKER_TRAIN = {**THIN_TRAIN, "joker_share": 0.15}
# The wider pool (reader v16): v15 reads the wide test pool's families 87 % of tiles against 95 %
# for the racks of the old pools; twenty-nine Debian families more (``fontpool``'s "more" split) beside
# wide-train's, with a share of Light faces and of jokers (some of them a J) so that neither lesson
# of v11 and v12 is forgotten.
MORE_TRAIN = {**WIDE_TRAIN, "families": ("train", "more"), "jokers": TRAIN["jokers"] + ("letter",), "light": 0.2,
              "joker_share": 0.05}
# The widest pool (reader v20): v16 gained where the families were new (pool-wide-e +2.9 points);
# forty-seven families more (``fontpool``'s "extra" split), the rest as more-train
MOST_TRAIN = {**MORE_TRAIN, "families": ("train", "more", "extra")}
# The J pool (reader v30): every joker v27 misread on the -z pools was a clear letter J in a test
# face, read as a 3 or a 1; in most-train a J is one joker of four at a 5 % share. Here most-train's
# families, every joker a J, 15 % of the tiles jokers.
JOKER_MOST = {**MOST_TRAIN, "jokers": ("letter",), "joker_share": 0.15}
# The pool of many faces (reader v31): v16 and v20 gained where families were new, and the test
# families' numbers are still most of the crowd pool's errors; most-train's families and the
# "many" split's 204 (189 of them Aenigma's designs, each a family), the rest as most-train
MANY_TRAIN = {**MOST_TRAIN, "families": ("train", "more", "extra", "many")}
# The pool of many faces, as tile sets print a 6 (reader v32): v31 read the big 6s and 9s worse; most
# of the "many" split's display faces draw a 6 unlike their 9 turned round, where a tile set's 6
# is its 9 turned (``fontpool.six_turned_nine``); many-train's faces that draw them so
MANY_TURNED = {**MANY_TRAIN, "six_turned_nine": True}
# The J with a bar (reader v33): v32 reads a letter-J joker whose top has a bar (every Hershey
# face's J, DejaVu Mono's) as a 3, upright and clean: drawn so, in the train faces, 98 of 98
# Hershey J's; in the test faces Hershey Complex's and Plain's J's are most of the crowd pool's
# jokers misread. many-turned's faces, every joker a J, 15 % of the tiles jokers, and half the
# editions in the base pool's own faces (Hershey's and DejaVu's), where those J's are
JOKER_TURNED = {**MANY_TURNED, "jokers": ("letter",), "joker_share": 0.15, "old_font_share": 0.5}
POOLS = {"train": TRAIN, "test": TEST, "wide-train": WIDE_TRAIN, "wide-test": WIDE_TEST, "thin-train": THIN_TRAIN,
         "joker-train": JOKER_TRAIN, "more-train": MORE_TRAIN, "most-train": MOST_TRAIN, "joker-most": JOKER_MOST,
         "many-train": MANY_TRAIN, "many-turned": MANY_TURNED, "joker-turned": JOKER_TURNED}
#: a wide pool's share of editions drawn in one of its base pool's fonts (the rest: Debian's),
#: unless the pool says its own (``old_font_share``)
OLD_FONT_SHARE = 0.2
MARKS = ("none", "dot", "underline")
_MARK_WEIGHTS = (0.5, 0.25, 0.25)


def hsv_bgr(h: float, s: float, v: float) -> tuple[int, int, int]:
    """BGR 0..255 of a hue in degrees, saturation and value in 0..1.

    >>> hsv_bgr(0, 1.0, 1.0)
    (0, 0, 255)
    """
    r, g, b = colorsys.hsv_to_rgb((h % 360) / 360.0, float(np.clip(s, 0, 1)), float(np.clip(v, 0, 1)))
    return (round(b * 255), round(g * 255), round(r * 255))


@dataclass(frozen=True)
class Edition:
    """One set's look. Inks are BGR by engine colour (k b r y); the joker's inks are BGR too."""
    name: str
    split: str  # "train", "test" or "preset"
    font: str  # a key of HERSHEY or TRUETYPE
    weight: float  # stroke weight change, in hundredths of the glyph's height (0 = the font's own)
    digit_height: float  # the number's height, share of the tile's height
    digit_y: float  # the number's centre, share of the height from the top
    squeeze: float  # a two-digit number's width, share of its natural width
    inks: tuple[tuple[int, int, int], ...]
    six_nine: str  # how 6 and 9 are marked: "none", "dot" (after the digit) or "underline"
    joker: str  # "smiley", "jester", "star", "letter" or "clown"
    joker_inks: tuple[tuple[int, int, int], ...]
    body: tuple[int, int, int]
    bevel: float  # the rim's width, share of the tile's width
    corner: float  # the corners' radius, share of the tile's width
    aspect: float  # width / height
    emblem: str  # face decoration: "ring", "logo", "ring-logo", "none", "ring-below", "dots"

    def ink(self, colour: int) -> tuple[int, int, int]:
        return self.inks[colour]


CLASSIC = Edition("classic", "preset", "hershey-simplex", 4.0, 0.40, 0.40, 0.9,
                  (hsv_bgr(0, 0, 0.13), hsv_bgr(212, 0.85, 0.68), hsv_bgr(355, 0.85, 0.8), hsv_bgr(28, 0.92, 0.96)),
                  "none", "smiley", (hsv_bgr(0, 0, 0.13), hsv_bgr(355, 0.85, 0.8)), hsv_bgr(45, 0.15, 0.95),
                  0.07, 0.12, 0.74, "ring-logo")
"""The classic big-digit set (the tiles of shared/realdata): rounded bold digits, orange."""
TEAL = replace(CLASSIC, name="teal-dotted", font="dejavu-sans-bold", weight=0.0, six_nine="dot",
               inks=(hsv_bgr(0, 0, 0.12), hsv_bgr(184, 0.85, 0.55), hsv_bgr(355, 0.85, 0.8), hsv_bgr(30, 0.92, 0.95)))
"""A set with teal "blue" ink and dotted 6. and 9."""
THIN = replace(CLASSIC, name="thin", font="dejavu-sans-light", weight=1.0, digit_height=0.36, emblem="none",
               six_nine="underline", joker="jester")
"""A newer set with thin digits and underlined 6 and 9."""
PRESETS = (CLASSIC, TEAL, THIN)


def font_path(font: str) -> Path | None:
    """The TrueType file of a font key (a name of ``TRUETYPE``, or ``file:`` and a face's path
    from ``vision.training.fontpool``), or None when this machine does not have it."""
    if font.startswith("file:"):
        path = Path(font[5:])
        return path if path.is_file() else None
    name = TRUETYPE.get(font)
    return None if name is None else font_file(name)


def font_file(name: str) -> Path | None:
    """A TrueType file by its file name in the machine's font folders, or None."""
    for d in FONT_DIRS:
        if (d / name).is_file():
            return d / name
    return None


#: the Debian packages that hold the faces the generators draw, by the file names' first word
FONT_PACKAGES = fontpool.FONT_PACKAGES


def require_fonts(names) -> None:
    """Refuse to write a dataset whose faces this machine lacks. The pools would otherwise draw
    from fewer faces without a word, so that a seed no longer makes the set it made where they
    were installed, and a test pool drawn so is another test.

    >>> require_fonts(["NoSuchFace.ttf"])
    Traceback (most recent call last):
    ...
    remi.engine.errors.RemiError: the generator's faces NoSuchFace.ttf are not on this machine: install them (Debian: fonts-dejavu-core fonts-dejavu-extra fonts-liberation)
    """
    from remi.engine import RemiError

    missing = [n for n in dict.fromkeys(names) if font_file(n) is None]
    if missing:
        packages = sorted({p for n in missing for k, p in FONT_PACKAGES.items() if n.startswith(k)}) or list(FONT_PACKAGES.values())
        raise RemiError("vision.faces_missing", fonts=(*missing[:3], "...") if len(missing) > 3 else tuple(missing),
                        packages=" ".join(packages))


def available_fonts(split: str) -> tuple[str, ...]:
    """The fonts of a pool that this machine can draw (Hershey always; TrueType if found).

    >>> "hershey-simplex" in available_fonts("train")
    True
    """
    return tuple(f for f in POOLS[split]["fonts"] if f in HERSHEY or font_path(f) is not None)


def _jitter_hsv(rng: np.random.Generator, anchor: tuple[float, float, float], hue: float = 4.0) -> tuple[int, int, int]:
    h, s, v = anchor
    return hsv_bgr(h + rng.uniform(-hue, hue), s + rng.uniform(-0.05, 0.05), v + rng.uniform(-0.05, 0.05))


def sample_edition(rng: np.random.Generator, split: str = "train") -> Edition:
    """A random edition from one pool's settings (``"train"`` or ``"test"``; see the module)."""
    if split not in POOLS:
        raise ValueError(f"split must be one of {', '.join(POOLS)}, not {split!r}")
    pool = POOLS[split]
    base = pool.get("base", split)
    light = "light" in pool and rng.random() < pool["light"]  # only the thin and wider pools draw it: the others keep their pixels
    font = _light_face(rng, split) if light else _pick_font(rng, split)
    inks = tuple(_jitter_hsv(rng, _pick(rng, _INKS[base][c])) for c in COLOURS)
    # red and orange stay apart within a set (players tell them apart): an orange too close
    # to the red in hue is moved away from it
    hr, ho = _hue(inks[2]), _hue(inks[3])
    if abs(((ho - hr + 180) % 360) - 180) < 14:
        inks = inks[:3] + (_jitter_hsv(rng, (hr + 22, 0.92, 0.95), 2.0),)
    joker_inks = tuple(inks[i] for i in rng.choice(4, size=int(rng.integers(1, 3)), replace=False))
    lo, hi = pool["digit_height"]
    # the old pools draw the weight first, as their test sets were drawn (pool-editions and
    # pool-racks stay the same pixels); the wide pools after the digit, as v9's data was drawn
    weight = None if "base" in pool else _weight(rng, font)
    digit_height = float(rng.uniform(lo, hi))
    # a big digit keeps a margin above it: its centre goes down as it grows
    digit_y = max(float(rng.uniform(*pool["digit_y"])), digit_height / 2 + 0.06)
    return Edition(
        name=f"{split}-{font}", split=split, font=font,
        weight=_weight(rng, font, light) if weight is None else weight,
        digit_height=digit_height, digit_y=digit_y,
        squeeze=float(rng.uniform(0.75, 1.0)), inks=inks,
        six_nine=str(rng.choice(MARKS, p=_MARK_WEIGHTS)), joker=_pick(rng, pool["jokers"]), joker_inks=joker_inks,
        body=_jitter_hsv(rng, _pick(rng, _BODIES[base]), 3.0), bevel=float(rng.uniform(0.02, 0.1)),
        corner=float(rng.uniform(0.05, 0.2)), aspect=float(rng.uniform(*pool["aspect"])),
        emblem=_pick(rng, pool["emblems"]))


def _pick_font(rng: np.random.Generator, split: str) -> str:
    """A font key of a pool: an old pool's own fonts, or for a wide pool mostly one face of a
    Debian family (the family drawn first: a package of 36 faces counts as one of a single face)."""
    if "base" in POOLS[split] and rng.random() >= POOLS[split].get("old_font_share", OLD_FONT_SHARE):
        _, faces = _pick(rng, _families(split, fontpool.families))
        return fontpool.face_key(_pick(rng, faces))
    return _pick(rng, available_fonts(POOLS[split].get("base", split)))


def _light_face(rng: np.random.Generator, split: str) -> str:
    """A font key of a Light face of one of a pool's Debian families (the family drawn first)."""
    _, faces = _pick(rng, _families(split, fontpool.light_families))
    return fontpool.face_key(_pick(rng, faces))


Families = tuple[tuple[str, tuple[Path, ...]], ...]


def _families(split: str, of: Callable[[str], Families]) -> Families:
    """(package, faces) of every ``fontpool`` split a pool draws from (its base's alone but for
    ``families``), each split refused with its install command when missing."""
    splits = POOLS[split].get("families", (POOLS[split]["base"],))
    for name in splits:
        fontpool.require(name)
    found = tuple(f for name in splits for f in of(name))
    if not POOLS[split].get("six_turned_nine"):
        return found
    kept = ((family, tuple(f for f in faces if fontpool.six_turned_nine(f))) for family, faces in found)
    return tuple((family, faces) for family, faces in kept if faces)


def _weight(rng: np.random.Generator, font: str, light: bool = False) -> float:
    """A stroke weight change: Hershey's single strokes need thickening; a designed face keeps
    near its own weight (its bold is already bold); a Light face is thinned further, as the
    faint strokes of the editions v10 misread (a 4 whose crossbar is all but gone)."""
    if light:
        return float(rng.uniform(-1.5, 0.0))
    if font in HERSHEY:
        return float(rng.uniform(1.0, 5.0))
    return float(rng.uniform(-1.5, 3.5) if font in TRUETYPE else rng.uniform(-1.0, 2.0))


def _pick(rng: np.random.Generator, options):
    return options[int(rng.integers(len(options)))]


def _hue(bgr: tuple[int, int, int]) -> float:
    b, g, r = (c / 255.0 for c in bgr)
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360.0


@dataclass
class Face:
    """A tile drawn upright: BGR uint8 image, 0/255 mask of its outline, and its kind (the
    fields of ``vision.training.patches.Patch``, so scenes paste either)."""
    tile: Tile
    image: np.ndarray
    mask: np.ndarray


@lru_cache(maxsize=512)
def _glyph(font: str, text: str) -> np.ndarray:
    """A tight float32 0..1 mask of ``text`` in ``font``, about GLYPH pixels tall."""
    if font in HERSHEY:
        f = HERSHEY[font]
        thick = max(2, GLYPH // 12)
        scale = cv2.getFontScaleFromHeight(f, GLYPH, thick)
        (tw, th), base = cv2.getTextSize(text, f, scale, thick)
        canvas = np.zeros((th + base + 4 * thick, tw + 4 * thick), np.uint8)
        cv2.putText(canvas, text, (2 * thick, th + 2 * thick), f, scale, 255, thick, cv2.LINE_AA)
        return fontpool.tight(canvas)
    path = font_path(font)
    if path is None:
        raise FileNotFoundError(f"font {font} ({TRUETYPE.get(font, font)}) is not on this machine")
    return fontpool.face_glyph(path, text)


@lru_cache(maxsize=None)
def _draws(font: str, text: str) -> bool:
    """Whether ``font`` draws ``text`` at all (some faces have digits and no letters)."""
    try:
        _glyph(font, text)
    except ValueError:  # nothing inked: _glyph's bounding box of no pixel
        return False
    return True


def _weighted(mask: np.ndarray, weight: float) -> np.ndarray:
    """Thicken (weight > 0) or thin (< 0) a glyph by ``weight`` hundredths of its height."""
    r = int(round(abs(weight) * mask.shape[0] / 100.0 / 2))
    if r == 0:
        return mask
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    pad = cv2.copyMakeBorder(mask, r, r, r, r, cv2.BORDER_CONSTANT, value=0)
    return cv2.dilate(pad, k) if weight > 0 else cv2.erode(pad, k)


def _outline(h: int, w: int, corner: float) -> np.ndarray:
    r = max(2, int(w * corner))
    mask = np.zeros((h, w), np.uint8)
    cv2.rectangle(mask, (r, 0), (w - r - 1, h - 1), 255, -1)
    cv2.rectangle(mask, (0, r), (w - 1, h - r - 1), 255, -1)
    for cx, cy in ((r, r), (w - r - 1, r), (r, h - r - 1), (w - r - 1, h - r - 1)):
        cv2.circle(mask, (cx, cy), r, 255, -1, cv2.LINE_AA)
    return mask


def _body(ed: Edition, rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """The face colour with its bevel: a lit rim top-left, a shaded rim bottom-right."""
    base = np.array(ed.body, np.float32) * rng.uniform(0.96, 1.03)
    img = np.ones((h, w, 3), np.float32) * base
    b = max(1, int(w * ed.bevel))
    yy, xx = np.mgrid[0:h, 0:w]
    d = np.minimum.reduce([xx, yy, w - 1 - xx, h - 1 - yy]).astype(np.float32)
    rim = np.clip(1 - d / b, 0, 1)
    lit = ((xx < b) | (yy < b)) & ~((xx > w - 1 - b) | (yy > h - 1 - b))
    shade = np.where(lit, 1.06, 0.84)
    img *= (1 + (shade - 1) * rim)[..., None]
    img *= np.linspace(1.02, 0.96, h, dtype=np.float32)[:, None, None]
    return img


def _emboss(img: np.ndarray, ed: Edition, draw) -> None:
    """Draw a face decoration a few percent darker than the body (moulded, not printed)."""
    layer = np.zeros(img.shape[:2], np.uint8)
    draw(layer)
    a = cv2.GaussianBlur(layer, (3, 3), 0).astype(np.float32)[..., None] / 255.0
    img *= 1 - 0.09 * a


def _emblem(img: np.ndarray, ed: Edition, h: int, w: int) -> None:
    cy = int(ed.digit_y * h)
    t = max(1, h // 60)
    if ed.emblem in ("ring", "ring-logo"):
        _emboss(img, ed, lambda m: cv2.circle(m, (w // 2, cy), int(w * 0.38), 255, t, cv2.LINE_AA))
    if ed.emblem in ("logo", "ring-logo"):
        s = cv2.getFontScaleFromHeight(cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, max(4, h // 12), t)
        _emboss(img, ed, lambda m: cv2.putText(m, "Rummi", (int(w * 0.14), int(h * 0.86)),
                                               cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, s, 255, t, cv2.LINE_AA))
    if ed.emblem in ("maker", "maker-caps"):  # the maker's name moulded under the digit
        word, font = ("Rummi", cv2.FONT_HERSHEY_DUPLEX) if ed.emblem == "maker" else ("ORIGINAL", cv2.FONT_HERSHEY_PLAIN)
        s = cv2.getFontScaleFromHeight(font, max(4, h // 16), t)
        (tw, _), _ = cv2.getTextSize(word, font, s, t)
        s *= min(1.0, 0.8 * w / max(tw, 1))
        (tw, _), _ = cv2.getTextSize(word, font, s, t)
        _emboss(img, ed, lambda m: cv2.putText(m, word, ((w - tw) // 2, int(h * 0.9)), font, s, 255, t, cv2.LINE_AA))
    if ed.emblem == "ring-below":
        _emboss(img, ed, lambda m: cv2.circle(m, (w // 2, int(h * 0.78)), int(w * 0.17), 255, 2 * t, cv2.LINE_AA))
    if ed.emblem == "dots":
        def dots(m):
            for i in range(3):
                cv2.circle(m, (int(w * (0.35 + 0.15 * i)), int(h * 0.84)), max(1, w // 22), 255, -1, cv2.LINE_AA)
        _emboss(img, ed, dots)


def _ink(img: np.ndarray, mask: np.ndarray, ink: tuple[int, int, int], x: int, y: int) -> None:
    """Lay ink through a 0..1 mask whose top-left corner goes at (x, y), clipped to the tile."""
    h, w = img.shape[:2]
    mh, mw = mask.shape
    x0, y0, x1, y1 = max(0, x), max(0, y), min(w, x + mw), min(h, y + mh)
    if x1 <= x0 or y1 <= y0:
        return
    a = mask[y0 - y:y1 - y, x0 - x:x1 - x, None]
    img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - a) + np.array(ink, np.float32) * a


def _number(img: np.ndarray, ed: Edition, tile: Tile, rng: np.random.Generator, h: int, w: int) -> None:
    text = str(tile.number)
    g = _weighted(_glyph(ed.font, text), ed.weight + rng.uniform(-0.4, 0.4))
    gh = ed.digit_height * h * rng.uniform(0.97, 1.03)
    gw = g.shape[1] * gh / g.shape[0] * (ed.squeeze if len(text) == 2 else 1.0)
    gw = min(gw, w * 0.86)  # two wide digits never run off the face
    gh, gw = max(3, int(round(gh))), max(2, int(round(gw)))
    m = cv2.resize(g, (gw, gh), interpolation=cv2.INTER_AREA)
    x = int(round((w - gw) / 2 + rng.uniform(-0.02, 0.02) * w))
    y = int(round(ed.digit_y * h - gh / 2 + rng.uniform(-0.02, 0.02) * h))
    ink = tuple(int(np.clip(c + rng.integers(-10, 11), 0, 255)) for c in ed.ink(tile.colour))
    _ink(img, m, ink, x, y)
    if tile.number in (6, 9) and ed.six_nine != "none":
        stroke = max(2, int(round(gh * 0.11)))
        mark = np.zeros((h, w), np.float32)
        if ed.six_nine == "dot":
            cv2.circle(mark, (min(w - stroke, x + gw + stroke), y + gh - stroke // 2), stroke, 1.0, -1, cv2.LINE_AA)
        else:
            yy = min(h - stroke, y + gh + int(stroke * 1.6))
            cv2.line(mark, (x + gw // 8, yy), (x + gw - gw // 8, yy), 1.0, stroke, cv2.LINE_AA)
        _ink(img, mark, ink, 0, 0)


def _joker(img: np.ndarray, ed: Edition, rng: np.random.Generator, h: int, w: int) -> None:
    ink = ed.joker_inks[int(rng.integers(len(ed.joker_inks)))]
    m = np.zeros((h, w), np.float32)
    c = (w // 2, int(ed.digit_y * h))
    rad = int(w * 0.3)
    t = max(2, h // 36)
    if ed.joker in ("smiley", "clown"):
        cv2.circle(m, c, rad, 1.0, t, cv2.LINE_AA)
        for sx in (-1, 1):
            cv2.circle(m, (c[0] + sx * rad // 3, c[1] - rad // 4), max(2, rad // 7), 1.0, -1, cv2.LINE_AA)
        cv2.ellipse(m, (c[0], c[1] + rad // 6), (rad // 2, rad // 3), 0, 10, 170, 1.0, t, cv2.LINE_AA)
        if ed.joker == "clown":  # a pointed hat on the face and a round nose
            hat = np.array([[c[0] - rad, c[1] - rad + t], [c[0] + rad, c[1] - rad + t], [c[0], c[1] - 2 * rad]], np.int32)
            cv2.fillPoly(m, [hat], 1.0, cv2.LINE_AA)
            cv2.circle(m, (c[0], c[1] + rad // 12), max(2, rad // 6), 1.0, -1, cv2.LINE_AA)
    elif ed.joker == "jester":  # a three-pointed cap over a small face
        base = c[1] + rad // 3
        pts = np.array([[c[0] - rad, base], [c[0] - rad, c[1] - rad], [c[0] - rad // 3, base - rad // 2],
                        [c[0], c[1] - rad - rad // 3], [c[0] + rad // 3, base - rad // 2], [c[0] + rad, c[1] - rad],
                        [c[0] + rad, base]], np.int32)
        cv2.fillPoly(m, [pts], 1.0, cv2.LINE_AA)
        cv2.ellipse(m, (c[0], base + rad // 3), (rad // 2, rad // 3), 0, 0, 180, 1.0, t, cv2.LINE_AA)
    elif ed.joker == "star":
        ang = np.deg2rad(np.arange(10) * 36 - 90)
        r = np.where(np.arange(10) % 2 == 0, rad * 1.1, rad * 0.45)
        pts = np.stack([c[0] + r * np.cos(ang), c[1] + r * np.sin(ang)], 1).astype(np.int32)
        cv2.fillPoly(m, [pts], 1.0, cv2.LINE_AA)
    else:  # "letter": a J in the edition's own font, or Hershey's where it has none (Karla Tamil, Bodoni Classic)
        g = _weighted(_glyph(ed.font if _draws(ed.font, "J") else "hershey-duplex", "J"), ed.weight)
        gh = int(ed.digit_height * h)
        gw = max(2, int(g.shape[1] * gh / g.shape[0]))
        _ink(img, cv2.resize(g, (gw, gh), interpolation=cv2.INTER_AREA), ink, (w - gw) // 2, c[1] - gh // 2)
        return
    _ink(img, m, ink, 0, 0)


def render(tile: Tile, edition: Edition, rng: np.random.Generator, height: int = 120) -> Face:
    """Draw one tile of an edition upright, ``height`` pixels tall (at least 16)."""
    h = max(16, int(height))
    w = max(8, int(round(h * edition.aspect)))
    img = _body(edition, rng, h, w)
    _emblem(img, edition, h, w)
    if tile.is_joker:
        _joker(img, edition, rng, h, w)
    else:
        _number(img, edition, tile, rng, h, w)
    return Face(tile, np.clip(img, 0, 255).astype(np.uint8), _outline(h, w, edition.corner))


def sheet(edition: Edition, rng: np.random.Generator, height: int = 80) -> np.ndarray:
    """All 53 kinds of an edition on one image (4 rows of 13 and the joker), for a look."""
    from remi.engine import ALL_KINDS

    faces = [render(t, edition, rng, height) for t in ALL_KINDS]
    w = max(f.image.shape[1] for f in faces) + 4
    out = np.full((5 * (height + 4), 13 * w, 3), 90, np.uint8)
    for i, f in enumerate(faces):
        r, c = divmod(i, 13)
        fh, fw = f.image.shape[:2]
        roi = out[r * (height + 4):r * (height + 4) + fh, c * w:c * w + fw]
        roi[f.mask > 0] = f.image[f.mask > 0]
    return out
