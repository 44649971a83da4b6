"""Faces of dozens of font families from Debian's font packages, split by family for training.

Real tile editions print their numbers in big rounded bold digits (the classic set), condensed
grotesques, geometric and humanist sans, slabs and serifs. The generators draw them from the
faces that Debian packages (``PACKAGES``), split into two pools BY PACKAGE, so that a face of
the ``"test"`` pool shares no family with any face a reader trained on. Inside a package every
weight and style counts (regular, bold, black, italic, condensed), except faces too thin to be
printed on a tile and faces without digits (symbol, dingbat and script fonts).

The training set-up installs the packages (``make train-fonts``, or ``install_command()``);
nothing at run time needs them, and a pool whose packages are missing is refused with the
command that installs them (``require``), never drawn from fewer faces without a word.

A third split, ``"more"``, holds twenty-nine families more for training alone (reader v16): monos,
slabs, rounded and humanist sans, old-style serifs, OCR-B and highway signs. A fourth, ``"extra"``,
forty-seven more (reader v20): ADF's serifs and sans, Didot and Bodoni, rounded and blocky display
bolds, condensed grotesques, typewriters, OCR-A, a Japanese gothic's Latin digits; the faces were
looked at on a sheet and hollow, shadowed, broken and handwritten ones left in Debian.

A fifth, ``"many"`` (reader v31), fifteen packages more and Brian Kent's Aenigma collection,
whose every face is a design of its own and so counts as a family (``ONE_FAMILY_A_FACE``): techno
and display bolds, Latin Modern, M+, Elstob, STIX. Too many faces to look at one by one, so a face
counts only where its digits and J draw as print does (``drawable``: filled, distinct, a digit's
counters); a sheet of those looked at by eye left out a few more, broken or pictorial
(``_LEFT_OUT_BY_EYE``).

>>> sorted(PACKAGES)
['extra', 'many', 'more', 'test', 'train']
>>> set(PACKAGES["train"] + PACKAGES["more"] + PACKAGES["extra"] + PACKAGES["many"]) & set(PACKAGES["test"])
set()
"""

from __future__ import annotations

import re
import subprocess
from functools import lru_cache
from pathlib import Path

PACKAGES = {
    "train": ("fonts-comfortaa", "fonts-quicksand", "fonts-league-spartan", "fonts-cabin", "fonts-lato",
              "fonts-open-sans", "fonts-roboto-unhinted", "fonts-roboto-slab", "fonts-inter", "fonts-karla",
              "fonts-bebas-neue", "fonts-dosis", "fonts-play", "fonts-b612", "fonts-clear-sans", "fonts-croscore",
              "fonts-liberation2", "fonts-freefont-ttf", "fonts-go", "fonts-opendin", "fonts-firacode",
              "fonts-vollkorn", "fonts-linuxlibertine", "fonts-tuffy", "fonts-urw-base35"),
    "test": ("fonts-manrope", "fonts-sora", "fonts-cantarell", "fonts-crosextra-carlito",
             "fonts-crosextra-caladea", "fonts-yanone-kaffeesatz", "fonts-averia-sans-gwf", "fonts-adf-gillius",
             "fonts-national-park", "fonts-oxygen", "fonts-junction", "fonts-hack", "fonts-jetbrains-mono",
             "fonts-ebgaramond", "fonts-tiresias", "fonts-engadget"),
    "more": ("fonts-paratype", "fonts-quattrocento", "fonts-oldstandard", "fonts-sil-andika", "fonts-sil-charis",
             "fonts-jura", "fonts-allerta", "fonts-courier-prime", "fonts-comic-neue", "fonts-league-mono",
             "fonts-fantasque-sans", "fonts-mononoki", "fonts-anonymous-pro", "fonts-inconsolata", "fonts-cmu",
             "fonts-adf-switzera", "fonts-adf-universalis", "fonts-adf-verana", "fonts-adf-baskervald",
             "fonts-roadgeek", "fonts-agave", "fonts-lemonada", "fonts-ocr-b", "fonts-routed-gothic",
             "fonts-texgyre", "fonts-sil-gentiumplus", "fonts-goudybookletter", "fonts-junicode", "fonts-f500"),
    "extra": ("fonts-3270", "fonts-cardo", "fonts-hermit", "fonts-adf-accanthis", "fonts-adf-berenis",
              "fonts-adf-ikarius", "fonts-adf-irianis", "fonts-adf-libris", "fonts-adf-mekanus", "fonts-adf-oldania",
              "fonts-adf-romande", "fonts-adf-solothurn", "fonts-adf-tribun", "fonts-arapey",
              "fonts-century-catalogue", "fonts-compagnon", "fonts-eurofurence", "fonts-fanwood", "fonts-gfs-didot",
              "fonts-gfs-bodoni-classic", "fonts-gfs-neohellenic", "fonts-gnutypewriter", "fonts-humor-sans",
              "fonts-karmilla", "fonts-komatuna", "fonts-lindenhill", "fonts-linex", "fonts-monofur", "fonts-monoid",
              "fonts-mph-2b-damase", "fonts-ocr-a", "fonts-okolaks", "fonts-opendyslexic", "fonts-osifont",
              "fonts-prociono", "fonts-ubuntu-title", "fonts-cherrybomb", "fonts-rocknroll",
              "fonts-morisawa-bizud-gothic", "fonts-le-murmure", "fonts-beteckna", "fonts-tomsontalks",
              "fonts-triod-postnaja", "fonts-gamaliel", "fonts-uralic", "fonts-radisnoir", "fonts-staypuft"),
    "many": ("fonts-aenigma", "fonts-arkpandora", "fonts-dustin", "fonts-elstob", "fonts-georgewilliams",
             "fonts-gfs-artemisia", "fonts-lmodern", "fonts-mplus", "fonts-nanum", "fonts-stix",
             "fonts-levien-museum", "fonts-millimetre", "fonts-mmcedar", "fonts-solide-mirage", "fonts-apropal",
             "fonts-babelstone-modern"),
}
#: packages whose every face is a design of its own, each drawn as a family
ONE_FAMILY_A_FACE = ("fonts-aenigma",)
#: splits whose faces count only where ``drawable``
CHECKED = ("many",)
#: faces of "many" that pass ``drawable`` and a sheet showed broken, spattered or pictorial
_LEFT_OUT_BY_EYE = re.compile(r"^(1015snr?|splatz2|aftermat|combusii|combuspl|dastardl|dystorqu|gyrosesq|inertia|"
                              r"inevitab|koneerie|lakeshor|lineding|numskull|overhead|pincers|quillexs|skullcap|"
                              r"stagnati|vertigo2|wyvernw[iw]|zirccube|zoidal|zurklezs)\.", re.IGNORECASE)
DRAWN = "0123456789J"  # what a tile face prints, the joker's letter among them
GLYPH = 160  # pixels of a glyph's height when drawn, before it is scaled onto a tile
#: a face's glyphs differ at least this much two by two (mean absolute difference at 24x32)
DISTINCT = 0.03
COUNTERS = (4, 7)  # the counters of 0-9 and J together: 0, 4, 6, 8 (two) and 9, give or take a 4 or J
STROKE = 0.05  # the thickest stroke's half width against the glyph's height, the median digit
SIX_NINE = 0.05  # a 6 and the 9 turned round this far apart or more are two designs (v31: the train split's median 0.021)
#: faces left out by name: too thin or hollow to be printed on a tile, keys drawn round each glyph
#: (Biolinum Keyboard; OCR-B's E and X faces frame their digits), or no digits (symbols, dingbats, scripts)
_LEFT_OUT = re.compile(r"ocrb[ex]\.|thin|hairline|outline|biolinum_k|extralight|ultralight|symbol|dingbat|d050000l|z003|emoji|variable|\[",
                       re.IGNORECASE)
_SUFFIXES = (".ttf", ".otf")


#: the Debian packages that hold the faces the first tile faces and the card faces (``cardfaces``)
#: draw, by the file names' first word (``tilefaces.require_fonts`` names them when one is missing)
FONT_PACKAGES = {"DejaVu": "fonts-dejavu-core fonts-dejavu-extra", "Liberation": "fonts-liberation"}


def install_command(split: str | None = None) -> str:
    """The one command that installs a pool's packages (every pool's, and the faces every
    generator draws, when ``split`` is None: what ``make train-fonts`` runs)."""
    base = tuple(p for names in FONT_PACKAGES.values() for p in names.split())
    names = PACKAGES[split] if split else base + tuple(p for names in PACKAGES.values() for p in names)
    return "apt-get install -y " + " ".join(names)


@lru_cache(maxsize=None)
def package_faces(package: str) -> tuple[Path, ...]:
    """The drawable face files a package installed (``dpkg -L``), sorted; () when it is not here."""
    try:
        out = subprocess.run(["dpkg", "-L", package], capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return ()
    files = {Path(line) for line in out.stdout.splitlines() if line.lower().endswith(_SUFFIXES)}
    return tuple(sorted(p for p in files if p.is_file() and not _LEFT_OUT.search(p.name)))


def missing(split: str) -> tuple[str, ...]:
    """The packages of a pool that this machine lacks."""
    return tuple(p for p in PACKAGES[split] if not package_faces(p))


def require(split: str) -> None:
    """Refuse a pool whose packages are not all here, naming the command that installs them."""
    from remi.engine import RemiError

    lacking = missing(split)
    if lacking:
        raise RemiError("vision.fonts_missing", split=split, install=install_command(split),
                        fonts=(*lacking[:3], "...") if len(lacking) > 3 else tuple(lacking))


def families(split: str) -> tuple[tuple[str, tuple[Path, ...]], ...]:
    """(package, its faces) of a pool: the sampler picks a family first, then one of its faces,
    so that a package of 36 faces is not drawn 36 times as often as one of a single face. A
    package of ``ONE_FAMILY_A_FACE`` gives each face as a family (``package:face``); a
    ``CHECKED`` split keeps only the faces ``drawable`` and not left out by eye."""
    out = []
    for p in PACKAGES[split]:
        faces = package_faces(p)
        if split in CHECKED:
            faces = tuple(f for f in faces if not _LEFT_OUT_BY_EYE.search(f.name) and drawable(f))
        if p in ONE_FAMILY_A_FACE:
            out += [(f"{p}:{f.stem}", (f,)) for f in faces]
        elif faces:
            out.append((p, faces))
    return tuple(out)


@lru_cache(maxsize=None)
def drawable(path: Path) -> bool:
    """Whether a face draws ``DRAWN`` as a tile prints it: every glyph inked, no two alike
    (a face without digits draws one box for all), the counters of filled digits (an outlined
    or shadowed face has a counter in every stroke) and strokes not hairline-thin."""
    import cv2
    import numpy as np
    from PIL import Image, ImageDraw, ImageFont

    try:
        font = ImageFont.truetype(str(path), 64)
    except OSError:
        return False
    glyphs, counters, strokes = [], 0, []
    for char in DRAWN:
        canvas = Image.new("L", (120, 120), 0)
        ImageDraw.Draw(canvas).text((20, 10), char, font=font, fill=255)
        ink = np.array(canvas) > 127
        ys, xs = np.nonzero(ink)
        if len(ys) < 30:
            return False
        glyph = ink[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
        glyphs.append(cv2.resize(glyph.astype(np.float32), (24, 32), interpolation=cv2.INTER_AREA))
        paper = np.pad(~glyph, 1, constant_values=True).astype(np.uint8)
        counters += cv2.connectedComponents(paper, connectivity=4)[0] - 2  # less the ink's label and the outside
        strokes.append(cv2.distanceTransform(glyph.astype(np.uint8), cv2.DIST_L2, 5).max() / glyph.shape[0])
    apart = min(float(np.abs(a - b).mean()) for i, a in enumerate(glyphs) for b in glyphs[i + 1:])
    if not (apart >= DISTINCT and COUNTERS[0] <= counters <= COUNTERS[1] and float(np.median(strokes)) >= STROKE):
        return False
    return _draws_as_the_faces_do(path)


@lru_cache(maxsize=None)
def six_turned_nine(path: Path) -> bool:
    """Whether a face's 6 is its 9 turned round, as a tile set prints them (the mean difference
    of the two glyphs, the 9 turned, at 24x32, under ``SIX_NINE``): a techno face's flat-topped
    6 beside a round 9 is not (reader v31's diary entry)."""
    import cv2
    import numpy as np

    six, nine = face_glyph(path, "6"), face_glyph(path, "9")[::-1, ::-1]
    size = (24, 32)
    apart = np.abs(cv2.resize(six, size) - cv2.resize(nine, size)).mean()
    return bool(apart < SIX_NINE)


def _draws_as_the_faces_do(path: Path) -> bool:
    """The older splits' own guard (tests/vision/training/test_fontpool.py), on the glyphs the tile
    faces draw: nine shapes of ten at least, and no frame round a 10 (a block face's 10 fills it)."""
    shapes = {(g.shape, round(float(g.mean()), 3)) for g in (face_glyph(path, str(d)) for d in range(10))}
    ten = face_glyph(path, "10") > 0.5
    return len(shapes) >= 9 and bool(min(ten[:2].mean(), ten[-2:].mean(), ten[:, :2].mean(), ten[:, -2:].mean()) < 0.6)


@lru_cache(maxsize=512)
def face_glyph(path: Path, text: str):
    """A tight float32 0..1 mask of ``text`` in the face file ``path``, about ``GLYPH`` pixels
    tall: what a tile face draws (``tilefaces``)."""
    from PIL import Image, ImageDraw, ImageFont

    pil = ImageFont.truetype(str(path), int(GLYPH * 1.35))
    x0, y0, x1, y1 = pil.getbbox(text)
    img = Image.new("L", (x1 - x0 + 20, y1 - y0 + 20), 0)
    ImageDraw.Draw(img).text((10 - x0, 10 - y0), text, font=pil, fill=255)
    return tight(img)


def tight(canvas):
    """The float32 0..1 crop of a drawn 0..255 canvas to its ink (pixels over 20)."""
    import numpy as np

    canvas = np.asarray(canvas)
    ys, xs = np.nonzero(canvas > 20)
    return canvas[ys.min():ys.max() + 1, xs.min():xs.max() + 1].astype(np.float32) / 255.0


def light_families(split: str) -> tuple[tuple[str, tuple[Path, ...]], ...]:
    """(package, its Light faces) of a pool, for the packages that have one (Lato-Light,
    OpenSans-CondLight...; the thinner ExtraLight and Thin faces are left out as ever)."""
    light = ((p, tuple(f for f in faces if "light" in f.stem.lower())) for p, faces in families(split))
    return tuple((p, faces) for p, faces in light if faces)


def face_key(path: Path) -> str:
    """The font key of a face file, as ``Edition.font`` holds it: ``file:`` and its path."""
    return f"file:{path}"
