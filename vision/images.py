"""Photos as phones take them: EXIF rotation, 12-50 megapixel JPEGs, HEIC, and one-line refusals.

``load_photo`` decodes a photo the way its owner sees it (the EXIF orientation applied) and
only as large as the reader can use: a JPEG far larger than the detector's input is decoded
at 1/2, 1/4 or 1/8 of its size by the JPEG decoder itself (DCT scaling, much faster than
decoding everything and shrinking), never below ``DECODE_SIDE`` on its long side, so the
smallest tile the detector finds still fills the reader's crop. Boxes found on the decoded
image are multiplied by ``Photo.scale`` to give the photo's own pixels.

Pillow (a core dependency) decodes: it reads the header without decoding (size and format
are checked first, so a decompression bomb is refused before it costs memory), refuses a
truncated file instead of filling it with grey, and reads HEIC when ``pillow-heif`` is installed.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
import numpy as np

from remi.vision import errors as E

MAX_BYTES = 100 * 1024 * 1024  # a 200 MP phone JPEG is 30-60 MB
MAX_PIXELS = 210_000_000  # a JPEG is decoded reduced, so even a 200 MP photo costs little memory
MAX_PIXELS_WHOLE = 60_000_000  # formats decoded whole (PNG, HEIC, WebP): about 180 MB decoded
MIN_SIDE = 32  # fewer pixels than this on a side cannot show a tile
# The detector reads the photo at 640 px on its long side; the reader learnt on real photos of
# 1000 px (shared/realdata), where a tile of a whole table is about 15 px tall, and reads 40 px
# crops. Decoding at least 2000 px keeps three times the detector's pixels and twice the
# training photos', so a reduced decode costs the reader no detail it has learnt to use.
DECODE_SIDE = 2000
HEIF_BRANDS = (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis", b"mif1", b"msf1")


@dataclass(frozen=True)
class Photo:
    """A decoded photo: ``image`` (BGR, upright) and its scale to the photo's own pixels."""

    image: np.ndarray
    scale: int  # photo pixels per decoded pixel: 1, 2, 4 or 8
    width: int  # the photo's size, upright (EXIF applied), in its own pixels
    height: int
    path: Path


def _open(p: Path):
    """Pillow's lazy image (header read, nothing decoded) or a one-line VisionError."""
    from PIL import Image, UnidentifiedImageError

    if p.is_dir():
        raise E.PhotoFolder(photo=str(p))
    if not p.is_file():
        raise E.PhotoMissing(photo=str(p))
    size = p.stat().st_size
    if size == 0:
        raise E.PhotoEmpty(photo=str(p))
    if size > MAX_BYTES:
        raise E.PhotoFileTooLarge(photo=str(p), mb=size // 2**20, most_mb=MAX_BYTES // 2**20)
    with open(p, "rb") as f:
        head = f.read(32)
    if head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR":  # a bomb is refused on its header alone
        w, h = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
        if w * h > MAX_PIXELS_WHOLE:
            raise E.PhotoTooLarge(photo=str(p), width=w, height=h, most_mp=MAX_PIXELS_WHOLE // 1_000_000, whole=True)
    heif = head[4:8] == b"ftyp" and head[8:12] in HEIF_BRANDS
    if heif:
        try:
            from pillow_heif import register_heif_opener
        except ImportError:
            raise E.PhotoHeic(photo=str(p)) from None
        register_heif_opener()
    # Pillow's own bomb guard warns, then raises, past 89 M pixels; the sizes are checked here
    # against remi's limits instead (a 108 MP phone photo is fine: it is decoded reduced).
    Image.MAX_IMAGE_PIXELS = None
    try:
        return Image.open(p)
    except UnidentifiedImageError:
        raise E.PhotoUnknown(photo=str(p)) from None
    except OSError as exc:
        raise E.PhotoUnreadable(photo=str(p), reason=str(exc)) from None


def decode_scale(kind: str, width: int, height: int) -> int:
    """How much smaller than its own pixels ``load_photo`` decodes a photo: 1, 2, 4 or 8.

    Only a JPEG is decoded reduced (by the JPEG decoder itself), never below ``DECODE_SIDE``;
    a server counting the memory of the decodes it runs at once sizes each by this.

    >>> decode_scale("JPEG", 8000, 6000), decode_scale("JPEG", 3000, 2000), decode_scale("PNG", 8000, 6000)
    (4, 1, 1)
    """
    scale = 1
    if kind.upper() in ("JPEG", "JPG"):
        while scale < 8 and max(width, height) // (scale * 2) >= DECODE_SIDE:
            scale *= 2
    return scale


def _decode(im, p: Path, reduce: bool) -> tuple[np.ndarray, int]:
    """Decode ``im`` (reduced for a large JPEG) to upright RGB pixels; returns (pixels, scale)."""
    w, h = im.size
    scale = 1
    if im.format == "JPEG" and reduce:
        scale = decode_scale("JPEG", w, h)
        if scale > 1:
            im.draft("RGB", (w // scale, h // scale))
            # draft may round; the scale is what the decoder really did
            scale = max(1, round(w / im.size[0]))
    elif w * h > MAX_PIXELS_WHOLE:
        raise E.PhotoTooLarge(photo=str(p), width=w, height=h, most_mp=MAX_PIXELS_WHOLE // 1_000_000, whole=True)
    try:
        im.load()
    except OSError as exc:  # a file cut short: Pillow refuses it rather than filling it with grey
        if "truncated" in str(exc):
            raise E.PhotoTruncated(photo=str(p)) from None
        raise E.PhotoUndecodable(photo=str(p), reason=str(exc)) from None
    except (ValueError, SyntaxError) as exc:
        raise E.PhotoUndecodable(photo=str(p), reason=str(exc)) from None
    return _upright(im), scale


def _upright(im) -> np.ndarray:
    """The pixels as the photo's owner sees them: EXIF orientation applied, as RGB."""
    from PIL import ImageOps

    try:
        if im.getexif().get(0x0112, 1) != 1:  # (transposing copies: only when there is a turn)
            im = ImageOps.exif_transpose(im)
    except (OSError, ValueError, SyntaxError):  # a broken EXIF block: keep the pixels as stored
        pass
    if im.mode != "RGB":
        im = im.convert("RGB")
    return np.asarray(im)


def load_photo(path: str | os.PathLike, reduce: bool = True) -> Photo:
    """Decode a photo upright and at the size the reader needs; VisionError with the reason.

    ``reduce=False`` decodes every pixel (scale 1).

    >>> import tempfile, cv2
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = cv2.imwrite(str(d / "t.png"), np.random.default_rng(0).integers(0, 255, (60, 80, 3), np.uint8))
    >>> p = load_photo(d / "t.png"); p.image.shape, p.scale, (p.width, p.height)
    ((60, 80, 3), 1, (80, 60))
    """
    p = Path(path)
    im = _open(p)
    with im:
        w, h = im.size
        if w * h > MAX_PIXELS:
            raise E.PhotoTooLarge(photo=str(p), width=w, height=h, most_mp=MAX_PIXELS // 1_000_000)
        if min(w, h) < MIN_SIDE:
            raise E.PhotoTooSmall(photo=str(p), width=w, height=h)
        rgb, scale = _decode(im, p, reduce)
    import cv2

    image = cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR)  # OpenCV's channel order, as the models were trained
    if float(image[::8, ::8].std()) < 1.0:
        raise E.PhotoBlank(photo=str(p))
    # The photo's own size, turned as EXIF turned the pixels (a quarter turn swaps the sides).
    turned = w != h and (image.shape[1] > image.shape[0]) != (w > h)
    width, height = (h, w) if turned else (w, h)
    return Photo(image, scale, width, height, p)


def load_image(path: str | os.PathLike) -> np.ndarray:
    """Every pixel of the photo (BGR, upright, scale 1), for code whose boxes are in its pixels."""
    return load_photo(path, reduce=False).image


def header_size(data: bytes) -> tuple[int, int] | None:
    """An image file's width and height from its header alone (nothing decoded); None for a
    file that is no image Pillow knows. The size is the caller's to judge (Pillow's own bomb
    check is left out: a huge size is still a size)."""
    import io
    import warnings

    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = None  # as _open: the sizes are checked against remi's limits
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with Image.open(io.BytesIO(data)) as im:
                return im.size
    except (UnidentifiedImageError, OSError):
        return None


def to_photo_pixels(reading, photo: Photo):
    """A ``reader.Reading`` made on ``photo.image`` with its boxes and corners in the photo's
    own pixels (``Reading.scaled``; typed loosely so that this module needs no reader)."""
    return reading.scaled(photo.scale, photo.width, photo.height)
