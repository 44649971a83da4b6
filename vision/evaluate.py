"""Measure a reader on labelled photos: the issue's four metrics, each stage, and latency.

- tile accuracy: labelled tiles matched by a prediction of the right kind at IoU >= 0.5
  (one prediction per label, highest confidence first);
- photo accuracy: photos whose every tile is matched with no extra prediction;
- mAP50 and mAP50-95 over the 53 kinds (COCO 101-point interpolation; score = kind
  confidence x box score), averaged over the kinds present in the labels;
- stage figures: the detector's recall and one-class AP50, the reader's accuracy on the
  labelled boxes; median inference latency per photo (decode excluded).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from remi.engine import ALL_KINDS, Tile
from remi.vision.crops import iou  # noqa: F401  (evaluate.iou as before)

THRESHOLDS = np.linspace(0.5, 0.95, 10)


def match(pred_boxes, pred_kinds, pred_scores, gt_boxes, gt_kinds, thr, same_kind=True):
    """Greedy matching by score: (tp flags per prediction, matched flags per label)."""
    order = np.argsort(-np.asarray(pred_scores))
    ious = iou(pred_boxes, gt_boxes)
    used = np.zeros(len(gt_boxes), bool)
    tp = np.zeros(len(pred_boxes), bool)
    for i in order:
        cand = ious[i] >= thr
        if same_kind:
            cand &= np.asarray(gt_kinds) == pred_kinds[i]
        cand &= ~used
        if cand.any():
            j = int(np.argmax(np.where(cand, ious[i], -1)))
            used[j] = True
            tp[i] = True
    return tp, used


def average_precision(tp: np.ndarray, scores: np.ndarray, n_gt: int) -> float:
    if n_gt == 0:
        return float("nan")
    if len(tp) == 0:
        return 0.0
    order = np.argsort(-scores)
    tp = tp[order].astype(float)
    ctp, cfp = np.cumsum(tp), np.cumsum(1 - tp)
    recall = ctp / n_gt
    precision = ctp / np.maximum(ctp + cfp, 1e-9)
    precision = np.maximum.accumulate(precision[::-1])[::-1]
    points = np.linspace(0, 1, 101)
    idx = np.searchsorted(recall, points, side="left")
    return float(np.mean([precision[k] if k < len(precision) else 0.0 for k in idx]))


def load_labelled(folder: Path, session: str | None = None) -> list[tuple[Path, list[Tile], np.ndarray]]:
    """(photo, tiles, boxes) from the real data folder, a generated dataset (``images/val``) or
    a folder of corrected photos, each with its truth ``PHOTO.json`` (``vision.labels``)."""
    from remi.vision import realdata
    from remi.vision.errors import VisionError
    from remi.vision.labels import read_truth, truth_path

    folder = Path(folder)
    if not folder.is_dir():
        raise VisionError("vision.no_folder", folder=str(folder))
    labelled = sorted(p for p in folder.iterdir() if p.suffix != ".json" and truth_path(p).is_file())
    if labelled and not (folder / "images").is_dir():
        out = []
        for photo in labelled:
            tiles, boxes = read_truth(photo).boxed()
            out.append((photo, tiles, np.array(boxes, float).reshape(-1, 4)))
        return out
    if (folder / "roboflow-data.yaml").exists():
        sessions = (session,) if session else realdata.HELDOUT_SESSIONS
        return [(p.path, [t.tile for t in p.tiles], np.array([t.box for t in p.tiles]).reshape(-1, 4))
                for p in realdata.load(sessions, folder)]
    import cv2

    out = []
    images = folder / "images" / "val" if (folder / "images" / "val").is_dir() else folder / "images"
    if not images.is_dir():
        raise VisionError("vision.no_labelled_where", folder=str(folder))
    for img in sorted(images.iterdir()):
        lab = Path(str(img.parent).replace("images", "labels")) / (img.stem + ".txt")
        h, w = cv2.imread(str(img)).shape[:2]
        tiles, boxes = (read_labels(lab, w, h)[:2] if lab.exists() else ([], np.zeros((0, 4))))
        out.append((img, tiles, np.array(boxes).reshape(-1, 4)))
    return out


def read_labels(path: Path, w: int, h: int):
    """(tiles, axis boxes (n, 4), outlines) of a label file: box rows ``k cx cy bw bh`` or
    polygon rows ``k x1 y1 x2 y2 ...`` (normalised); a box row's outline is its four corners.

    >>> import tempfile
    >>> f = Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = f.write_text("6 0.5 0.5 0.2 0.4\\n19 0.1 0.1 0.3 0.1 0.3 0.5 0.1 0.5\\n")
    >>> tiles, boxes, outlines = read_labels(f, 100, 100)
    >>> [str(t) for t in tiles], boxes.round(1).tolist()
    (['k7', 'b7'], [[40.0, 30.0, 60.0, 70.0], [10.0, 10.0, 30.0, 50.0]])
    """
    tiles, boxes, outlines = [], [], []
    for line in Path(path).read_text().splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        v = np.array(parts[1:], float)
        if len(v) == 4:
            cx, cy, bw, bh = v * (w, h, w, h)
            poly = np.array([[cx - bw / 2, cy - bh / 2], [cx + bw / 2, cy - bh / 2], [cx + bw / 2, cy + bh / 2],
                             [cx - bw / 2, cy + bh / 2]])
        else:
            poly = v.reshape(-1, 2) * (w, h)
        tiles.append(ALL_KINDS[int(parts[0])])
        boxes.append((*poly.min(0), *poly.max(0)))
        outlines.append(poly)
    return tiles, np.array(boxes, float).reshape(-1, 4), outlines


@dataclass(frozen=True)
class Error:
    """One mistake on one photo: a tile read as another kind, missed, or a box on no tile."""

    photo: Path
    box: tuple[float, float, float, float]  # where to look, in the image's pixels
    truth: Tile | None  # None: the reader saw a tile where there is none
    read: Tile | None  # None: the tile was missed

    @property
    def kind(self) -> str:
        return "missed" if self.read is None else "extra" if self.truth is None else "misread"


def photo_errors(path: Path, pb: np.ndarray, pk: np.ndarray, ps: np.ndarray, gt_boxes: np.ndarray,
                 gt_kinds: list[int]) -> list[Error]:
    """Every mistake on a photo: predictions matched to labels by box alone (IoU >= 0.5,
    surest first); a matched pair of two kinds is a misread, an unmatched label a miss, an
    unmatched prediction an extra box.

    >>> e = photo_errors(Path("p.jpg"), np.array([[0, 0, 10, 10], [20, 0, 30, 10]]), np.array([6, 7]),
    ...                  np.array([0.9, 0.8]), np.array([[0, 0, 10, 10], [40, 0, 50, 10]]), [19, 3])
    >>> [(x.kind, str(x.truth), str(x.read)) for x in e]
    [('misread', 'b7', 'k7'), ('missed', 'k4', 'None'), ('extra', 'None', 'k8')]
    """
    order = np.argsort(-np.asarray(ps, float))
    ious = iou(pb, gt_boxes)
    used = np.zeros(len(gt_boxes), bool)
    matched = np.full(len(pb), -1)
    for i in order:
        cand = (ious[i] >= 0.5) & ~used if len(gt_boxes) else np.zeros(0, bool)
        if cand.any():
            j = int(np.argmax(np.where(cand, ious[i], -1)))
            used[j], matched[i] = True, j
    errors = [Error(path, tuple(map(float, pb[i])), ALL_KINDS[gt_kinds[j]], ALL_KINDS[int(pk[i])])
              for i, j in enumerate(matched) if j >= 0 and int(pk[i]) != gt_kinds[j]]
    errors += [Error(path, tuple(map(float, gt_boxes[j])), ALL_KINDS[gt_kinds[j]], None)
               for j in np.nonzero(~used)[0]]
    errors += [Error(path, tuple(map(float, pb[i])), None, ALL_KINDS[int(pk[i])]) for i in np.nonzero(matched < 0)[0]]
    return errors


def confusion(errors: list[Error]) -> list[dict]:
    """Which kinds were read as which, most frequent first: ``[{"truth", "read", "count"}]``
    ("-" for a missed tile's read and an extra box's truth)."""
    counts: dict[tuple[str, str], int] = {}
    for e in errors:
        key = (str(e.truth) if e.truth else "-", str(e.read) if e.read else "-")
        counts[key] = counts.get(key, 0) + 1
    return [{"truth": t, "read": r, "count": n} for (t, r), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))]


def error_kinds(errors: list[Error]) -> dict[str, int]:
    """The errors by what went wrong: colour only, number only, both, missed, extra box."""
    out = {"colour": 0, "number": 0, "colour_and_number": 0, "missed": 0, "extra": 0}
    for e in errors:
        if e.truth is None or e.read is None:
            out[e.kind] += 1
        else:
            colour, number = e.truth.colour != e.read.colour, e.truth.number != e.read.number
            out["colour_and_number" if colour and number else "colour" if colour else "number"] += 1
    return out


def evaluate(reader, photos, errors: list[Error] | None = None, progress=None) -> dict:
    """All metrics of a ``vision.reader.Reader`` on labelled photos.

    Each mistake is appended to ``errors`` when given; ``progress(done, total, photo name)`` is told after each photo.
    """
    from remi.vision.reader import decode, load_image

    per_class: dict[int, list] = {}
    n_gt_class: dict[int, int] = {}
    det_tp, det_scores, latencies = [], [], []
    matched = total = photos_ok = reader_ok = 0
    for done, (path, tiles, gt_boxes) in enumerate(photos, start=1):
        image = load_image(path)
        t0 = time.perf_counter()
        reading = reader.read(image)
        latencies.append((time.perf_counter() - t0) * 1000)
        gt_kinds = [t.code for t in tiles]
        pb = np.array([d.box for d in reading.detections]).reshape(-1, 4)
        pk = np.array([d.tile.code for d in reading.detections], int)
        ps = np.array([d.confidence * d.box_confidence for d in reading.detections])
        _, used = match(pb, pk, ps, gt_boxes, gt_kinds, 0.5)
        matched += int(used.sum())
        total += len(tiles)
        photos_ok += int(used.all() and len(pk) == len(tiles))
        if errors is not None:
            errors.extend(photo_errors(Path(path), pb, pk, ps, gt_boxes, gt_kinds))
        tp1, _ = match(pb, pk, ps, gt_boxes, gt_kinds, 0.5, same_kind=False)
        det_tp.append(tp1)
        det_scores.append(np.array([d.box_confidence for d in reading.detections]))
        for k in gt_kinds:
            n_gt_class[k] = n_gt_class.get(k, 0) + 1
        tps = np.stack([match(pb, pk, ps, gt_boxes, gt_kinds, t)[0] for t in THRESHOLDS], 1) if len(pk) else np.zeros((0, 10), bool)
        for i, k in enumerate(pk):
            per_class.setdefault(int(k), []).append((ps[i], tps[i]))
        if tiles:  # the reader alone, on the labelled boxes
            codes = decode(reader.kinds(image, gt_boxes))
            reader_ok += sum(int(c == k) for c, k in zip(codes, gt_kinds))
        if progress:
            progress(done, len(photos), Path(path).name)
    return {
        "photos": len(photos), "labelled_tiles": total,
        "tile_accuracy": matched / max(total, 1),
        "photo_accuracy": photos_ok / max(len(photos), 1),
        **_ap_figures(per_class, n_gt_class, det_tp, det_scores, total),
        "reader_accuracy_on_labels": reader_ok / max(total, 1),
        "median_latency_ms": float(np.median(latencies)) if latencies else 0.0,
    }


def _ap_figures(per_class: dict, n_gt_class: dict, det_tp: list, det_scores: list, total: int) -> dict:
    """mAP50, mAP50-95 over the kinds present, and the detector's recall and one-class AP50."""
    aps = np.zeros((len(n_gt_class), 10))
    for row, (k, n) in enumerate(sorted(n_gt_class.items())):
        entries = per_class.get(k, [])
        scores = np.array([e[0] for e in entries])
        for j in range(10):
            aps[row, j] = average_precision(np.array([e[1][j] for e in entries], bool), scores, n)
    tp = np.concatenate(det_tp) if det_tp else np.zeros(0, bool)
    sc = np.concatenate(det_scores) if det_scores else np.zeros(0)
    return {
        "map50": float(aps[:, 0].mean()) if len(aps) else 0.0,
        "map50_95": float(aps.mean()) if len(aps) else 0.0,
        "detector_recall": float(tp.sum()) / max(total, 1),
        "detector_map50": average_precision(tp, sc, total) if total else 0.0,
    }


def evaluate_folder(folder: Path, session: str | None = "rummy4", models: Path | None = None,
                    errors: list[Error] | None = None, progress=None) -> dict:
    """``evaluate`` on a folder of labelled photos with the models of ``models`` (default:
    REMI_MODELS, else the shipped ones)."""
    from remi.vision.reader import Reader, models_dir

    photos = load_labelled(Path(folder), session)
    if not photos:
        from remi.vision.errors import VisionError

        raise VisionError("vision.no_labelled", folder=str(folder))
    metrics = evaluate(Reader(models or models_dir()), photos, errors=errors, progress=progress)
    if errors is not None:
        metrics["errors"] = error_kinds(errors)
        metrics["confusion"] = confusion(errors)
    return metrics
