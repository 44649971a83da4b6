"""Read the tiles in a photo with the shipped ONNX models (onnxruntime; no torch).

Two stages: a single-class tile detector (YOLOv8n trained with Ultralytics, exported to ONNX)
finds the tiles; a small CNN reads each crop's number and colour. The rack's own limits (at most
two tiles of a kind, two jokers) are applied when decoding. Tiles come back in reading order:
top row first, left to right.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from remi.engine import ALL_KINDS, JOKER, Tile
from remi.vision import crops
from remi.vision.errors import VisionError

MODELS = Path(__file__).resolve().parents[1] / "models"


def models_dir() -> Path:
    """The shipped models beside the checkout, or the folder named by REMI_MODELS (for an
    install made outside the checkout, where ``models/`` does not travel with the wheel)."""
    return Path(os.environ["REMI_MODELS"]) if os.environ.get("REMI_MODELS") else MODELS
LOW_CONFIDENCE = 0.80
COPIES = 2  # at most two tiles of a kind, two jokers
NUMBERS = 14  # the reader's number outputs before its "not a tile" class: joker, 1..13
SPECK_AREA = 0.4  # a box under this share of the photo's typical tile area is no tile
CONTAINED = 0.6  # a box with this share of its area inside a surer box is a second box on one tile
NOT_A_TILE = 0.5  # a box the reader holds to be background at least this likely is dropped
UPSIDE_DOWN = 0.5  # the median tile's chance of standing turned round that refuses a photo
UPSIDE_DOWN_ALONE = 0.9  # the same for a photo of one tile


@dataclass(frozen=True)
class Detection:
    tile: Tile
    confidence: float  # how sure the reader is of the kind
    box: tuple[float, float, float, float]  # pixels of the original photo
    box_confidence: float  # the detector's score

    @property
    def low(self) -> bool:
        return self.confidence < LOW_CONFIDENCE

    def as_dict(self) -> dict:
        return {"tile": str(self.tile), "confidence": round(self.confidence, 4),
                "box": [round(v, 1) for v in self.box], "box_confidence": round(self.box_confidence, 4),
                "low_confidence": self.low}


@dataclass(frozen=True)
class Reading:
    detections: tuple[Detection, ...]
    width: int
    height: int

    @property
    def tiles(self) -> list[Tile]:
        return [d.tile for d in self.detections]

    def as_dict(self) -> dict:
        return {"tiles": [d.as_dict() for d in self.detections], "width": self.width, "height": self.height}


def load_image(path: str | os.PathLike) -> np.ndarray:
    """Decode a photo whole and upright (EXIF applied); VisionError with the reason when it
    cannot be. The checks and the decoding are ``vision.images``' (vcli)."""
    from remi.vision.images import load_image as decode_whole

    return decode_whole(path)


class Reader:
    """The two ONNX models and their settings (``models/vision.json``)."""

    def __init__(self, models: Path | None = None, threads: int = 2) -> None:
        models = models or models_dir()
        try:
            import onnxruntime as ort
        except ImportError as e:  # pragma: no cover - core dependency
            raise VisionError("onnxruntime is not installed: pip install onnxruntime") from e
        meta_path = Path(models) / "vision.json"
        if not meta_path.exists():
            raise VisionError(f"no vision model in {models} (vision.json missing)")
        self.meta = json.loads(meta_path.read_text())
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        self.det = ort.InferenceSession(str(Path(models) / self.meta["detector"]), opts, providers=["CPUExecutionProvider"])
        self.cls = ort.InferenceSession(str(Path(models) / self.meta["reader"]), opts, providers=["CPUExecutionProvider"])
        self.imgsz = int(self.meta["imgsz"])
        self.conf = float(self.meta.get("conf", 0.25))
        self.iou = float(self.meta.get("iou", 0.5))
        self.rect = not all(isinstance(d, int) for d in self.det.get_inputs()[0].shape[2:])
        self.has_orientation = len(self.cls.get_outputs()) > 2

    # -- stage 1: boxes -------------------------------------------------------------------
    def detect(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Tile boxes (n, 4) in photo pixels and their scores (n,)."""
        import cv2

        h, w = image.shape[:2]
        s = self.imgsz / max(h, w)
        nw, nh = max(1, round(w * s)), max(1, round(h * s))
        # A detector exported with free height and width gets the photo's own shape, padded to
        # the network's stride of 32 (as Ultralytics' predict does): a 4:3 photo costs 3/4 of
        # the square. A fixed-shape one gets the square.
        if self.rect:
            ch, cw = -(-nh // 32) * 32, -(-nw // 32) * 32
        else:
            ch = cw = self.imgsz
        canvas = np.full((ch, cw, 3), 114, np.uint8)
        top, left = (ch - nh) // 2, (cw - nw) // 2
        canvas[top:top + nh, left:left + nw] = cv2.resize(image, (nw, nh), interpolation=cv2.INTER_LINEAR)  # as in training
        x = canvas[..., ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0
        out = self.det.run(None, {self.det.get_inputs()[0].name: x})[0][0]  # (4 + nc, anchors)
        scores = out[4:].max(axis=0)
        keep = scores >= self.conf
        cx, cy, bw, bh = out[:4, keep]
        scores = scores[keep]
        boxes = np.stack([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], 1)
        if len(boxes):
            idx = cv2.dnn.NMSBoxes([[float(a), float(b), float(c - a), float(d - b)] for a, b, c, d in boxes],
                                   scores.tolist(), self.conf, self.iou)
            idx = np.array(idx, int).reshape(-1)
            boxes, scores = boxes[idx], scores[idx]
        boxes = (boxes - (left, top, left, top)) / s
        boxes[:, [0, 2]] = boxes[:, [0, 2]].clip(0, w)
        boxes[:, [1, 3]] = boxes[:, [1, 3]].clip(0, h)
        return drop_contained(*drop_specks(boxes.reshape(-1, 4), scores))

    # -- stage 2: kinds -------------------------------------------------------------------
    def kinds(self, image: np.ndarray, boxes: np.ndarray, rotate180: bool = False) -> np.ndarray:
        """Probabilities (n, 53) over the tile kinds, indexed by engine tile code."""
        return self.classify(image, boxes, rotate180)[0]

    def classify(self, image: np.ndarray, boxes: np.ndarray, rotate180: bool = False) -> tuple[np.ndarray, ...]:
        """Per box: kind probabilities (n, 53), the chance it holds no tile at all (n,), and
        the chance the tile stands upside down (n,).

        A reader without the background class (14 number outputs) or without the orientation
        head says 0 for those. The kinds keep the background's share out: a box that may be
        carpet reads less sure.
        """
        if len(boxes) == 0:
            return np.zeros((0, 53), np.float32), np.zeros(0, np.float32), np.zeros(0, np.float32)
        x = crops.batch(image, [tuple(b) for b in boxes], rotate180=rotate180)
        pn, pc, *orient = self.cls.run(None, {self.cls.get_inputs()[0].name: x})
        probs = (pc[:, :, None] * pn[:, None, 1:NUMBERS]).reshape(len(x), 52)
        background = pn[:, NUMBERS] if pn.shape[1] > NUMBERS else np.zeros(len(x), np.float32)
        flipped = orient[0][:, 1] if orient else np.zeros(len(x), np.float32)
        return np.concatenate([probs, pn[:, :1]], axis=1), background, flipped

    def read(self, image: np.ndarray, check_orientation: bool = True) -> Reading:
        h, w = image.shape[:2]
        boxes, scores = self.detect(image)
        probs, background, flipped = self.classify(image, boxes)
        tile = background < NOT_A_TILE  # the reader says the box holds no tile: drop it
        boxes, scores, probs, flipped = boxes[tile], scores[tile], probs[tile], flipped[tile]
        if check_orientation and self._upside_down(image, boxes, probs, flipped):
            raise VisionError("the photo seems to be upside down: turn it the right way up and try again")
        codes = decode(probs)
        dets = [Detection(ALL_KINDS[c], float(probs[i, c]), tuple(float(v) for v in boxes[i]), float(scores[i]))
                for i, c in enumerate(codes)]
        return Reading(tuple(reading_order(dets)), w, h)

    def _upside_down(self, image: np.ndarray, boxes: np.ndarray, probs: np.ndarray, flipped: np.ndarray) -> bool:
        """The tiles' vote: upside down when most of them read as turned round.

        A reader with the orientation head votes with it (one tile can tell, a 6 or a 9
        cannot, so a lone tile needs a clear answer). An older reader compares how sure it
        is of the crops as they are and turned round.
        """
        if len(boxes) == 0:
            return False
        if self.has_orientation:
            return float(np.median(flipped)) > (UPSIDE_DOWN if len(boxes) > 1 else UPSIDE_DOWN_ALONE)
        if len(boxes) < 3:
            return False
        turned = self.kinds(image, boxes, rotate180=True)
        return bool(np.median(turned.max(1)) > np.median(probs.max(1)) + 0.1 and np.mean(turned.max(1) > probs.max(1)) > 0.7)


def drop_specks(boxes: np.ndarray, scores: np.ndarray, share: float = SPECK_AREA) -> tuple[np.ndarray, np.ndarray]:
    """Drop boxes far smaller than the photo's tiles: specks of carpet or print, not tiles.

    The tiles of one photo are about one size (one camera distance). The size is taken from
    the detector's surest boxes (score at least 0.8 of the best); a box under ``share`` of
    their median area goes. A tile cut off by the photo's edge keeps half its size or more.

    >>> b = np.array([[0, 0, 40, 50], [50, 0, 90, 50], [100, 0, 104, 5]], float)
    >>> drop_specks(b, np.array([0.9, 0.85, 0.6]))[0].tolist()
    [[0.0, 0.0, 40.0, 50.0], [50.0, 0.0, 90.0, 50.0]]
    """
    if len(boxes) < 2:
        return boxes, scores
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    typical = float(np.median(area[scores >= 0.8 * scores.max()]))
    keep = area >= share * typical
    return boxes[keep], scores[keep]


def drop_contained(boxes: np.ndarray, scores: np.ndarray, share: float = CONTAINED) -> tuple[np.ndarray, np.ndarray]:
    """Drop a box that lies mostly inside a surer one: a second box on part of the same tile.

    NMS compares boxes by IoU, so a small box inside a large one survives it; here a box goes
    when at least ``share`` of its own area lies inside a box the detector is surer of.

    >>> b = np.array([[0, 0, 40, 50], [5, 20, 35, 50], [45, 0, 85, 50]], float)
    >>> drop_contained(b, np.array([0.9, 0.5, 0.8]))[0].tolist()
    [[0.0, 0.0, 40.0, 50.0], [45.0, 0.0, 85.0, 50.0]]
    """
    if len(boxes) < 2:
        return boxes, scores
    area = np.maximum((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]), 1e-9)
    kept: list[int] = []
    for i in np.argsort(-scores, kind="stable"):
        if kept:
            k = boxes[kept]
            iw = np.minimum(boxes[i, 2], k[:, 2]) - np.maximum(boxes[i, 0], k[:, 0])
            ih = np.minimum(boxes[i, 3], k[:, 3]) - np.maximum(boxes[i, 1], k[:, 1])
            if (np.clip(iw, 0, None) * np.clip(ih, 0, None) / area[i] >= share).any():
                continue
        kept.append(int(i))
    keep = np.sort(np.array(kept, int))
    return boxes[keep], scores[keep]


def decode(probs: np.ndarray, copies: int = COPIES) -> list[int]:
    """Most likely kinds with at most ``copies`` of each: extras move to their next best kind.

    >>> p = np.zeros((3, 53)); p[:, 6] = [0.9, 0.8, 0.7]; p[2, 7] = 0.2
    >>> decode(p)
    [6, 6, 7]
    """
    n = len(probs)
    order = np.argsort(-probs, axis=1)
    rank = np.zeros(n, int)
    codes = order[:, 0].copy()
    for _ in range(n * 53):
        counts = np.bincount(codes, minlength=53)
        over = np.nonzero(counts > copies)[0]
        if len(over) == 0:
            break
        k = over[0]
        members = np.nonzero(codes == k)[0]
        weakest = members[np.argmin(probs[members, k])]
        rank[weakest] += 1
        codes[weakest] = order[weakest, rank[weakest]]
    return [int(c) for c in codes]


def reading_order(dets: list[Detection]) -> list[Detection]:
    """Group boxes into rows (vertical overlap), rows top to bottom, each left to right."""
    rows: list[list[Detection]] = []
    for d in sorted(dets, key=lambda d: (d.box[1] + d.box[3]) / 2):
        y1, y2 = d.box[1], d.box[3]
        best, best_overlap = None, 0.5
        for row in rows:
            ry1 = float(np.mean([r.box[1] for r in row]))
            ry2 = float(np.mean([r.box[3] for r in row]))
            overlap = (min(y2, ry2) - max(y1, ry1)) / max(1e-6, min(y2 - y1, ry2 - ry1))
            if overlap > best_overlap:
                best, best_overlap = row, overlap
        if best is None:
            rows.append([d])
        else:
            best.append(d)
    rows.sort(key=lambda r: float(np.mean([(d.box[1] + d.box[3]) / 2 for d in r])))
    return [d for row in rows for d in sorted(row, key=lambda d: d.box[0])]


_READERS: dict[Path, Reader] = {}


def read_photo(path: str | os.PathLike, models: Path | None = None) -> Reading:
    """Load and read a photo; VisionError for a bad photo. A large JPEG is decoded reduced
    (``vision.images``); the boxes come back in the photo's own pixels."""
    from remi.vision.images import load_photo, to_photo_pixels

    photo = load_photo(path)
    key = Path(models or models_dir()).resolve()
    if key not in _READERS:
        _READERS[key] = Reader(key)
    return to_photo_pixels(_READERS[key].read(photo.image), photo)


__all__ = ["Detection", "JOKER", "Reader", "Reading", "VisionError", "decode", "load_image", "read_photo", "reading_order"]
