"""remi's tile vision: read the tiles in a photo of a rack or a table.

This package holds what ``remi scan``, ``remi vision eval`` and ``remi vision adapt`` run:
decoding photos (``images``), reading them (``reader``, the crops it reads: ``crops``),
truth files and kept corrections (``labels``), drawing a reading (``annotate``), measuring
(``evaluate``, on the real photos of ``realdata``) and adapting to a user's set (``adapt``).
Inference needs only numpy, OpenCV and onnxruntime. Data generation and training live in
``vision.training`` (the ``train`` extra: torch, ultralytics), which imports this package and
is never imported by it at module level. Class names are the tile notation, so a reading is
a list of ``engine.Tile``.
"""

from remi.vision.errors import VisionError

__all__ = ["VisionError"]
