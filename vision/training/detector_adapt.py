"""Fine-tune the tile detector on a user's corrected photos (``remi vision adapt`` with the
training extra; issue 26).

Where the detector is what fails on a user's set (tiles missed, touching tiles merged), fitting
the reader's heads cannot help: the detector itself is fine-tuned, from the models folder's own
weights (``detector_pt``), on augmented copies of the photos: each photo cut to a random part
(55-100 % of each side: tiles look larger or smaller), scaled, its colours and light moved and
sometimes blurred, as another photo of the same table would be. The backbone is frozen (its
COCO or tile features stay; a third less work a step), a step every batch, a low rate, a few
epochs. The augmented copies share a budget, so 10 photos cost about three times what 2 do,
not five times: `bench/adapt_bench.py` with the shipped p1s2 detector, 2 cores at load 1.7 (4
Dec), 2 photos 21.9 s and 10 photos 70.0 s for the whole adapt, reader and detector (the reader
alone: 1.9 s and 9.6 s); the limits are 3 and 10 minutes.

What is fitted here is checked by ``vision.adapt`` on photos held back from the fitting and on
the sample photos, and kept only if it reads them at least as well (the harm guard).
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Callable, Sequence

import cv2
import numpy as np

from remi.engine.messages import Reason
from remi.vision.errors import VisionError
from remi.vision.settings import ModelSettings, detector_weights

COPIES = 24  # augmented copies of each photo, at most ...
FEWEST_COPIES = 8  # ... and at least
BUDGET = 96  # augmented copies an epoch in all: more photos, fewer copies each (10 photos: 9 each)
EPOCHS = 6
LONGEST = 1024  # the longest side of an augmented copy (the detector runs at 640)
VISIBLE = 0.6  # a tile cut by the crop is labelled when this share of its box stays in


def augment(rng: np.random.Generator, image: np.ndarray, boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One augmented copy of a photo and its boxes (n, 4) in the copy's pixels."""
    h, w = image.shape[:2]
    cw, ch = int(w * rng.uniform(0.55, 1.0)), int(h * rng.uniform(0.55, 1.0))
    x0, y0 = int(rng.integers(0, w - cw + 1)), int(rng.integers(0, h - ch + 1))
    out = image[y0:y0 + ch, x0:x0 + cw]
    scale = min(1.0, LONGEST / max(cw, ch)) * rng.uniform(0.7, 1.0)
    out = cv2.resize(out, (max(8, int(cw * scale)), max(8, int(ch * scale))), interpolation=cv2.INTER_AREA)
    b = (np.asarray(boxes, float).reshape(-1, 4) - (x0, y0, x0, y0))
    clipped = np.clip(b, 0, [cw, ch, cw, ch])
    area = np.prod(np.maximum(b[:, 2:] - b[:, :2], 1e-6), axis=1)
    kept = np.prod(np.maximum(clipped[:, 2:] - clipped[:, :2], 0), axis=1) >= VISIBLE * area
    out = _light(rng, out)
    return out, clipped[kept] * scale


def _light(rng: np.random.Generator, image: np.ndarray) -> np.ndarray:
    """Brightness, contrast, a colour cast, and now and then a blur: another light, another phone."""
    x = image.astype(np.float32)
    x = x * rng.uniform(0.7, 1.25) * rng.uniform(0.9, 1.1, 3) + rng.uniform(-25, 25)
    x = np.clip(x, 0, 255).astype(np.uint8)
    if rng.random() < 0.4:
        x = cv2.GaussianBlur(x, (0, 0), rng.uniform(0.5, 1.6))
    return x


def copies_per_photo(photos: int) -> int:
    """Augmented copies of each photo: ``BUDGET`` in all, so that the fine-tuning's work grows
    slowly with the photos given (issue 26: 2 photos in 3 minutes, 10 in 10 on 2 cores); each
    photo keeps at least ``FEWEST_COPIES``, as more real photos bring their own variety.

    >>> [copies_per_photo(n) for n in (1, 2, 4, 10, 30)]
    [24, 24, 24, 9, 8]
    """
    return max(FEWEST_COPIES, min(COPIES, BUDGET // max(photos, 1)))


def write_set(folder: Path, examples: Sequence, seed: int = 0, copies: int | None = None) -> Path:
    """An Ultralytics one-class dataset of augmented copies (train; ``copies`` of each photo, by
    default :func:`copies_per_photo`) and the photos as they are (val: Ultralytics' own log,
    never a choice); returns its yaml."""
    copies = copies_per_photo(len(examples)) if copies is None else copies
    rng = np.random.default_rng(seed)
    for split in ("train", "val"):
        (folder / "images" / split).mkdir(parents=True, exist_ok=True)
        (folder / "labels" / split).mkdir(parents=True, exist_ok=True)
    for i, (_, image, _, boxes) in enumerate(examples):
        _write(folder, "val", f"photo{i}", image, np.asarray(boxes, float).reshape(-1, 4))
        for k in range(copies):
            _write(folder, "train", f"photo{i}-{k}", *augment(rng, image, boxes))
    yaml = folder / "data-tile.yaml"
    yaml.write_text(f"path: {folder.resolve()}\ntrain: images/train\nval: images/val\nnames:\n  0: tile\n")
    return yaml


def _write(folder: Path, split: str, name: str, image: np.ndarray, boxes: np.ndarray) -> None:
    h, w = image.shape[:2]
    cv2.imwrite(str(folder / "images" / split / f"{name}.jpg"), image, [cv2.IMWRITE_JPEG_QUALITY, 92])
    rows = [f"0 {(x1 + x2) / 2 / w:.6f} {(y1 + y2) / 2 / h:.6f} {(x2 - x1) / w:.6f} {(y2 - y1) / h:.6f}"
            for x1, y1, x2, y2 in boxes]
    (folder / "labels" / split / f"{name}.txt").write_text("".join(r + "\n" for r in rows))


@contextlib.contextmanager
def _quiet_ultralytics():
    """Ultralytics' logger raised to errors only while the detector fine-tunes."""
    import logging

    logger = logging.getLogger("ultralytics")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def fine_tune(examples: Sequence, base: Path, work: Path, *, seed: int = 0, epochs: int | None = None,
              progress: Callable[[Reason], None] | None = None) -> Path:
    """The detector of the models folder ``base`` fine-tuned on ``examples`` (name, image,
    tiles, boxes); returns its ONNX file in ``work`` (exported at the folder's inference size).
    ``epochs`` default to ``EPOCHS``, read when called."""
    from remi.vision.training.train import export_onnx, train_detector

    meta = ModelSettings.read(Path(base)).to_dict()
    weights = detector_weights(Path(base))
    if not weights.is_file():
        raise VisionError("vision.no_detector_weights", path=str(weights))
    step = progress or (lambda what: None)
    step(Reason("adapt.step_augmented"))
    data = write_set(Path(work) / "data", examples, seed)
    step(Reason("adapt.step_fine_tuning"))
    # Ultralytics logs to stdout in places, and ~200 lines of epochs to stderr: `remi vision adapt`
    # shows its own one progress bar (issue 39 item 16), so both are silenced here
    with contextlib.redirect_stdout(io.StringIO()), _quiet_ultralytics():
        run = train_detector(data, Path(work) / "runs", epochs=EPOCHS if epochs is None else epochs, imgsz=640, batch=8, seed=seed, workers=0,
                             init=weights, lr0=0.0005, freeze=10, nbs=8, name="adapt")
        step(Reason("adapt.step_exporting"))
        return export_onnx(run / "weights" / "last.pt", int(meta.get("imgsz", 640)),
                           Path(work) / "tile-detector.onnx")
