"""Leave-one-session-out figures: each real session read with the models of the fold that
never saw it, every session reported (never only the best).

    .venv/bin/python research/vision_loso.py --fold rummy=DIR --fold rummy2=DIR --fold rummy4=DIR [--json OUT]
    .venv/bin/python research/vision_loso.py --detector-only --fold rummy=DIR ...   # boxes alone
    .venv/bin/python research/vision_loso.py --folder out/other --fold det8=models --fold obb1=DIR

With ``--folder`` every fold's models read that labelled folder (a generated set's
``images/val``) instead of a real session: NAME is only a label.

A fold's DIR is a models folder (vision.json + ONNX files). With ``--detector-only`` only the
detector stage is measured (recall and AP50 of its boxes at IoU 0.5, extra boxes per photo),
which needs no reader trained without the session.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np


def merged_tiles(boxes: np.ndarray, tp: np.ndarray, gt: np.ndarray, used: np.ndarray) -> int:
    """Tiles lost to a box over two touching tiles: labelled tiles left unmatched that share an
    unmatched box (IoU >= 0.3 with each) with another unmatched one. The rule for an oriented
    head on the pretrained backbone counts these (research/vision-diary.md, detector p1).

    >>> b = np.array([[0, 0, 20, 10.]]); g = np.array([[0, 0, 10, 10], [10, 0, 20, 10.]])
    >>> merged_tiles(b, np.array([False]), g, np.array([False, False]))
    2
    """
    from remi.vision.crops import iou

    if tp.all() or used.all():
        return 0
    near = iou(boxes[~tp], gt[~used]) >= 0.3  # unmatched box x unmatched tile
    over_two = near.sum(1) >= 2
    return int(near[over_two].any(0).sum())


def detector_figures(reader, photos) -> dict:
    """Recall and AP50 of the detector's boxes (one class, IoU >= 0.5), extra boxes, tiles
    merged under one box, photos whose every tile is found with nothing extra."""
    from remi.vision.evaluate import average_precision, match
    from remi.vision.reader import load_image

    tps, scores, total, extra, whole, merged, ms = [], [], 0, 0, 0, 0, []
    for path, tiles, gt in photos:
        image = load_image(path)
        t0 = time.perf_counter()
        boxes, sc, _ = reader.detect(image)
        ms.append((time.perf_counter() - t0) * 1000)
        tp, used = match(boxes, np.zeros(len(boxes), int), sc, gt, [0] * len(gt), 0.5)
        merged += merged_tiles(boxes, tp, gt, used)
        tps.append(tp)
        scores.append(sc)
        total += len(gt)
        extra += int((~tp).sum())
        whole += int(used.all() and len(boxes) == len(gt))
    tp, sc = np.concatenate(tps), np.concatenate(scores)
    return {"photos": len(photos), "tiles": total, "detector_recall": float(tp.sum()) / max(total, 1),
            "detector_ap50": average_precision(tp, sc, total), "extra_boxes": extra,
            "merged_tiles": merged, "photos_all_found_nothing_extra": whole / max(len(photos), 1), "median_detect_ms": float(np.median(ms))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fold", action="append", default=[], help="SESSION=MODELS_DIR")
    ap.add_argument("--detector-only", action="store_true")
    ap.add_argument("--folder", type=Path, help="a labelled folder read by every fold instead of its session")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()

    from remi.vision import realdata
    from remi.vision.evaluate import evaluate, load_labelled
    from remi.vision.reader import Reader

    out = {}
    for spec in args.fold:
        session, _, models = spec.partition("=")
        photos = load_labelled(args.folder, None) if args.folder else load_labelled(realdata.default_root(), session)
        reader = Reader(Path(models))
        res = detector_figures(reader, photos) if args.detector_only else evaluate(reader, photos)
        out[session] = {"models": models, **res}
        print(session, json.dumps(out[session]), flush=True)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    sys.exit(main())
