"""A photo without colour: its tiles' colours cannot be read, so every read says so.

A black-and-white photo (a phone's mono filter, a scan) reads as black tiles at 90-96 %
(issue 39 item 11): the reader learnt colour from colour photos. remi cannot tell the colour
there, and says so on every tile (a typed doubt, ``DoubtKind.NO_COLOUR``) instead of reading
black with confidence. A photo has no colour when almost none of its lit pixels is saturated:
the sample photos have 85-97 % of their pixels above ``SATURATED``; a grayscale one has none.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from remi.vision.doubts import Doubt, DoubtKind

if TYPE_CHECKING:
    from remi.vision.reader import Reading

SATURATED = 48  # HSV saturation (0-255) of a pixel that shows a colour
LIT = 40  # HSV value below which a pixel is too dark to show one
COLOURED_SHARE = 0.005  # a photo with fewer lit pixels saturated than this has no colour
SIDE = 256  # the photo is judged at this long side (the share does not need more)


def has_colour(image: np.ndarray) -> bool:
    """Whether a BGR photo shows colour at all.

    >>> grey = np.full((40, 60, 3), 128, np.uint8)
    >>> has_colour(grey), has_colour(np.dstack([grey[..., 0], grey[..., 1], np.full((40, 60), 250, np.uint8)]))
    (False, True)
    """
    import cv2

    h, w = image.shape[:2]
    k = max(1, max(h, w) // SIDE)
    small = image[::k, ::k]
    hsv = cv2.cvtColor(np.ascontiguousarray(small), cv2.COLOR_BGR2HSV)
    lit = hsv[..., 2] >= LIT
    if not lit.any():
        return True  # a dark photo is the reader's to judge, not a grayscale one
    return float((hsv[..., 1][lit] >= SATURATED).mean()) >= COLOURED_SHARE


def mark_no_colour(image: np.ndarray, reading: Reading) -> Reading:
    """The reading, each tile's doubt ``NO_COLOUR`` when the photo has none (the jokers too:
    a joker's colour is no matter, but a grey joker face may be a number's)."""
    if not reading.detections or has_colour(image):
        return reading
    doubt = Doubt(DoubtKind.NO_COLOUR)
    return replace(reading, detections=tuple(replace(d, doubt=doubt) for d in reading.detections), colour=False)


__all__ = ["has_colour", "mark_no_colour"]
