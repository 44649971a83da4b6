"""Draw a reading on its photo: a box per tile with its number and notation (``3:r5``).

The numbers are the ones ``--fix N=TILE`` names; an unsure read is drawn red and marked
``?``. A tile the user fixed is labelled as the fix was written (``3=r1``, blue), a box the
user dropped thin and grey (``7=-``), an added tile ``+=k5``; a box set aside as probably no
tile thin and grey with its number after the tiles' (``16:k5?``). Confidences are in the table.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from remi.vision.reader import Reading

if TYPE_CHECKING:
    from remi.vision.images import Photo

_INK = {0: (40, 40, 40), 1: (200, 110, 20), 2: (40, 40, 210), 3: (0, 140, 255), -1: (160, 0, 160)}
GREEN, RED, GREY, BLUE = (40, 200, 40), (0, 0, 255), (150, 150, 150), (220, 120, 0)


def _label(out: np.ndarray, x1: int, y1: int, y2: int, text: str, ink, scale: float, t: int) -> None:
    import cv2

    (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, scale, max(1, t - 1))
    ty = y1 - 4 if y1 - th - 6 > 0 else y2 + th + 4
    cv2.rectangle(out, (x1, ty - th - 3), (x1 + tw + 4, ty + base - 1), (255, 255, 255), -1)
    cv2.putText(out, text, (x1 + 2, ty - 1), cv2.FONT_HERSHEY_SIMPLEX, scale, ink, max(1, t - 1), cv2.LINE_AA)


def draw(image: np.ndarray, reading: Reading, fixes: dict[int, str] | None = None,
         added: list[tuple[str, tuple[float, float, float, float]]] | None = None, scale: float = 1.0) -> np.ndarray:
    """A copy of the photo with the tiles drawn.

    ``fixes`` maps a tile's number to its corrected notation ("-" for dropped); ``added`` are
    tiles added with a box; ``scale`` divides the reading's boxes (a photo decoded reduced).
    """
    import cv2

    out = image.copy()
    h, w = out.shape[:2]
    t = max(2, round(max(h, w) / 500))
    size = max(0.5, max(h, w) / 1400)
    fixes = fixes or {}
    for i, d in enumerate(reading.detections, start=1):
        x1, y1, x2, y2 = (int(round(v / scale)) for v in d.box)
        fix = fixes.get(i)
        if fix == "-":
            cv2.rectangle(out, (x1, y1), (x2, y2), GREY, max(1, t // 2))
            _label(out, x1, y1, y2, f"{i}=-", GREY, size, t)
        elif fix is not None:
            cv2.rectangle(out, (x1, y1), (x2, y2), BLUE, t)
            _label(out, x1, y1, y2, f"{i}={fix}", BLUE, size, t)
        else:
            colour = RED if d.low else GREEN
            cv2.rectangle(out, (x1, y1), (x2, y2), colour, t)
            _label(out, x1, y1, y2, f"{i}:{d.tile.format(reading.notation)}" + ("?" if d.low else ""), _INK[d.tile.colour], size, t)
    n = len(reading.detections)
    for i, d in enumerate(getattr(reading, "set_aside", ()), start=n + 1):  # not counted: grey, "16:k5?"
        x1, y1, x2, y2 = (int(round(v / scale)) for v in d.box)
        fix = fixes.get(i)
        if fix not in (None, "-"):
            cv2.rectangle(out, (x1, y1), (x2, y2), BLUE, t)
            _label(out, x1, y1, y2, f"{i}={fix}", BLUE, size, t)
        else:
            cv2.rectangle(out, (x1, y1), (x2, y2), GREY, max(1, t // 2))
            _label(out, x1, y1, y2, f"{i}:{d.tile.format(reading.notation)}?", GREY, size, t)
    for tile, box in added or []:
        x1, y1, x2, y2 = (int(round(v / scale)) for v in box)
        cv2.rectangle(out, (x1, y1), (x2, y2), BLUE, t)
        _label(out, x1, y1, y2, f"+={tile}", BLUE, size, t)
    return out


def write(path, image: "np.ndarray | Photo", reading: Reading, fixes: dict[int, str] | None = None,
          added: list | None = None) -> None:
    """Write the drawn photo (``.png``/``.jpg``); a Photo decoded reduced is drawn at that size."""
    import cv2

    from remi.vision.errors import VisionError

    scale = 1.0
    if not isinstance(image, np.ndarray):
        image, scale = image.image, float(image.scale)
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)  # `--annotate out/rack.png` in a fresh checkout
    except OSError as exc:
        raise VisionError("vision.picture_folder", path=str(path), reason=exc.strerror) from None
    try:
        ok = cv2.imwrite(str(path), draw(image, reading, fixes, added, scale))
    except cv2.error:
        ok = False
    if not ok:
        raise VisionError("vision.picture_unwritable", path=str(path))


def shown_jpeg(photo: "Photo", side: int) -> tuple[bytes, float]:
    """The photo as a JPEG at most ``side`` pixels on its long side, and its scale (shown
    pixels per pixel of the photo as taken): what a phone's page shows."""
    import cv2

    from remi.vision.errors import VisionError

    image = photo.image
    h, w = image.shape[:2]
    shrink = min(1.0, side / max(h, w))
    small = cv2.resize(image, (round(w * shrink), round(h * shrink)), interpolation=cv2.INTER_AREA) if shrink < 1 else image
    ok, jpeg = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 82])
    if not ok:
        raise VisionError("vision.shown_failed")
    return jpeg.tobytes(), small.shape[1] / photo.width


# -- the contact sheet of `remi vision eval`'s errors ------------------------------------------

CELL = 112  # a crop's side on the sheet
COLUMNS = 8


def error_caption(error) -> str:
    """``b7 read k7``, ``k4 missed``, ``no tile, read k8``."""
    if error.read is None:
        return f"{error.truth} missed"
    if error.truth is None:
        return f"no tile, read {error.read}"
    return f"{error.truth} read {error.read}"


def error_crops(errors: list) -> list[np.ndarray]:
    """One CELL x CELL crop per error: its box with half a box of context, the box outlined."""
    import cv2

    from remi.vision.reader import load_image

    crops: list[np.ndarray | None] = [None] * len(errors)
    by_photo: dict = {}
    for i, e in enumerate(errors):
        by_photo.setdefault(e.photo, []).append(i)
    for photo, indices in by_photo.items():
        image = load_image(photo)
        h, w = image.shape[:2]
        for i in indices:
            x1, y1, x2, y2 = errors[i].box
            side = max(x2 - x1, y2 - y1) * 1.5
            cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
            a, b = int(max(0, cx - side / 2)), int(max(0, cy - side / 2))
            c, d = int(min(w, cx + side / 2)), int(min(h, cy + side / 2))
            crop = image[b:max(d, b + 2), a:max(c, a + 2)].copy()
            cv2.rectangle(crop, (int(x1) - a, int(y1) - b), (int(x2) - a, int(y2) - b), RED, 1)
            s = CELL / max(crop.shape[:2])
            crop = cv2.resize(crop, (max(1, round(crop.shape[1] * s)), max(1, round(crop.shape[0] * s))))
            cell = np.full((CELL, CELL, 3), 255, np.uint8)
            cell[:crop.shape[0], :crop.shape[1]] = crop
            crops[i] = cell
    return [c for c in crops if c is not None]


def contact_sheet(path, errors: list) -> Path:
    """Write every error (crop, truth, read, photo name) as a PNG grid or an HTML page (by the
    name's suffix); an evaluation without errors writes a sheet that says so."""
    import cv2

    from remi.vision.errors import VisionError

    path = Path(path)
    if path.suffix.lower() not in (".png", ".html", ".htm"):
        raise VisionError("vision.errors_suffix", path=str(path))
    crops = error_crops(errors)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix.lower() == ".png":
            ok = cv2.imwrite(str(path), _sheet_png(errors, crops))
            if not ok:
                raise OSError("cannot write a PNG there")
        else:
            path.write_text(_sheet_html(errors, crops), encoding="utf-8")
    except OSError as exc:
        raise VisionError("vision.contact_sheet_unwritable", path=str(path),
                          reason=getattr(exc, "strerror", None) or exc) from None
    return path


def _sheet_png(errors: list, crops: list[np.ndarray]) -> np.ndarray:
    import cv2

    rows = max(1, -(-len(crops) // COLUMNS))
    ch, cw = CELL + 34, CELL + 16
    sheet = np.full((rows * ch + 8, COLUMNS * cw + 8, 3), 255, np.uint8)
    if not crops:
        cv2.putText(sheet, "no errors", (12, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (40, 40, 40), 2, cv2.LINE_AA)
    for k, (e, crop) in enumerate(zip(errors, crops)):
        y, x = 8 + (k // COLUMNS) * ch, 8 + (k % COLUMNS) * cw
        sheet[y:y + CELL, x:x + CELL] = crop
        for line, text in enumerate((error_caption(e), e.photo.name[:20])):
            cv2.putText(sheet, text, (x, y + CELL + 13 + 13 * line), cv2.FONT_HERSHEY_SIMPLEX, 0.38,
                        (20, 20, 20) if line == 0 else (110, 110, 110), 1, cv2.LINE_AA)
    return sheet


def _sheet_html(errors: list, crops: list[np.ndarray]) -> str:
    import base64
    import html

    import cv2

    cells = []
    for e, crop in zip(errors, crops):
        png = base64.b64encode(cv2.imencode(".png", crop)[1].tobytes()).decode()
        cells.append(f'<figure><img src="data:image/png;base64,{png}" alt="{html.escape(error_caption(e))}">'
                     f"<figcaption><b>{html.escape(error_caption(e))}</b><br>{html.escape(e.photo.name)}</figcaption></figure>")
    body = "\n".join(cells) or "<p>no errors</p>"
    return ("<!doctype html><meta charset=utf-8><title>remi vision eval: errors</title>"
            "<style>body{font-family:sans-serif}figure{display:inline-block;margin:6px;width:"
            f"{CELL + 8}px;font-size:12px;vertical-align:top;overflow-wrap:anywhere}}</style>"
            f"<h1>{len(errors)} errors</h1>\n{body}\n")
