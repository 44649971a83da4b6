"""Draw a reading on its photo: a box per tile with its number and notation (``3:r5``).

The numbers are the ones ``--fix N=TILE`` names; an unsure read is drawn red and marked
``?``. A tile the user fixed is labelled as the fix was written (``3=r1``, blue), a box the
user dropped thin and grey (``7=-``), an added tile ``+=k5``. Confidences are in the table.
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
            _label(out, x1, y1, y2, f"{i}:{d.tile}" + ("?" if d.low else ""), _INK[d.tile.colour], size, t)
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
        raise VisionError(f"{path}: cannot create its folder ({exc.strerror})") from None
    try:
        ok = cv2.imwrite(str(path), draw(image, reading, fixes, added, scale))
    except cv2.error:
        ok = False
    if not ok:
        raise VisionError(f"{path}: cannot write the annotated picture there (use a .png or .jpg name)")
