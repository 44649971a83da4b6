"""Draw a reading on its photo: a box per tile, its notation and confidence."""

from __future__ import annotations

import numpy as np

from remi.vision.reader import Reading

_INK = {0: (40, 40, 40), 1: (200, 110, 20), 2: (40, 40, 210), 3: (0, 140, 255), -1: (160, 0, 160)}


def draw(image: np.ndarray, reading: Reading) -> np.ndarray:
    """A copy of the photo with the tiles drawn; low-confidence tiles get a red dashed look."""
    import cv2

    out = image.copy()
    h, w = out.shape[:2]
    t = max(2, round(max(h, w) / 500))
    scale = max(0.5, max(h, w) / 1400)
    for i, d in enumerate(reading.detections, start=1):
        x1, y1, x2, y2 = (int(round(v)) for v in d.box)
        colour = (0, 0, 255) if d.low else (40, 200, 40)
        cv2.rectangle(out, (x1, y1), (x2, y2), colour, t)
        label = f"{i}:{d.tile} {d.confidence:.0%}" + (" ?" if d.low else "")
        (tw, th), base = cv2.getTextSize(label, cv2.FONT_HERSHEY_SIMPLEX, scale, max(1, t - 1))
        ty = y1 - 4 if y1 - th - 6 > 0 else y2 + th + 4
        cv2.rectangle(out, (x1, ty - th - 3), (x1 + tw + 4, ty + base - 1), (255, 255, 255), -1)
        cv2.putText(out, label, (x1 + 2, ty - 1), cv2.FONT_HERSHEY_SIMPLEX, scale, _INK[d.tile.colour],
                    max(1, t - 1), cv2.LINE_AA)
    return out


def write(path, image: np.ndarray, reading: Reading) -> None:
    import cv2

    from remi.vision.errors import VisionError

    from pathlib import Path

    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)  # `--annotate out/rack.png` in a fresh checkout
    except OSError as exc:
        raise VisionError(f"{path}: cannot create its folder ({exc.strerror})") from None
    ok = cv2.imwrite(str(path), draw(image, reading))
    if not ok:
        raise VisionError(f"{path}: cannot write the annotated picture there (use a .png or .jpg name)")
