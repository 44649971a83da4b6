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

>>> sorted(PACKAGES)
['extra', 'more', 'test', 'train']
>>> set(PACKAGES["train"] + PACKAGES["more"] + PACKAGES["extra"]) & set(PACKAGES["test"])
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
}
#: faces left out by name: too thin or hollow to be printed on a tile, keys drawn round each glyph
#: (Biolinum Keyboard; OCR-B's E and X faces frame their digits), or no digits (symbols, dingbats, scripts)
_LEFT_OUT = re.compile(r"ocrb[ex]\.|thin|hairline|outline|biolinum_k|extralight|ultralight|symbol|dingbat|d050000l|z003|emoji|variable|\[",
                       re.IGNORECASE)
_SUFFIXES = (".ttf", ".otf")


def install_command(split: str | None = None) -> str:
    """The one command that installs a pool's packages (every pool when ``split`` is None)."""
    names = PACKAGES[split] if split else tuple(p for names in PACKAGES.values() for p in names)
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
    so that a package of 36 faces is not drawn 36 times as often as one of a single face."""
    return tuple((p, package_faces(p)) for p in PACKAGES[split] if package_faces(p))


def light_families(split: str) -> tuple[tuple[str, tuple[Path, ...]], ...]:
    """(package, its Light faces) of a pool, for the packages that have one (Lato-Light,
    OpenSans-CondLight...; the thinner ExtraLight and Thin faces are left out as ever)."""
    light = ((p, tuple(f for f in faces if "light" in f.stem.lower())) for p, faces in families(split))
    return tuple((p, faces) for p, faces in light if faces)


def face_key(path: Path) -> str:
    """The font key of a face file, as ``Edition.font`` holds it: ``file:`` and its path."""
    return f"file:{path}"
