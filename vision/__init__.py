"""remi's tile vision: read the tiles in a photo of a rack or a table.

Inference (``vision.reader``) needs only numpy, OpenCV and onnxruntime; the generator
(``vision.synth``, ``vision.generate``) and training (``vision.train``, ``vision.classifier``)
need the ``train`` extra (torch, ultralytics). Class names are the tile notation, so a reading
is a list of ``engine.Tile``.
"""

from remi.vision.errors import VisionError

__all__ = ["VisionError"]
