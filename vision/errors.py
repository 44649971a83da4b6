"""The vision error: a photo that cannot be read, with a one-line reason."""

from __future__ import annotations

from remi.engine import RemiError


class VisionError(RemiError, ValueError):
    """A photo remi cannot read: not an image, empty, too large, upside down, no model."""
