"""Latency of `remi scan` inference: the shipped ONNX pipeline next to Ultralytics' PyTorch predict.

    .venv/bin/python bench/vision_bench.py [--photos DIR_OR_SESSION] [--n 30] [--size 4032] [--models DIR]

Times, per photo (median over the photos, after 3 warm-up runs, 2 threads each), decoding
excluded; ``--size`` resizes each photo to that long side first (4032: a 12-megapixel phone
photo, the issue's target of 100 ms):
- onnx scan: what `remi scan` runs after decoding the photo: detector (its input shrunk from
  the photo), tile reader on every box, decoding with the rules;
- onnx detector: the detector stage alone;
- ultralytics detector: ``YOLO(tile-detector.pt).predict`` on the same photos at the same size
  (PyTorch, the reference; an oriented model's boxes are its ``obb``); plus the same reader on
  its boxes for a full pipeline; and the ratios ONNX / Ultralytics (above 1: slower).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _photos(spec: str, n: int) -> list[Path]:
    p = Path(spec)
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.suffix.lower() in (".jpg", ".jpeg", ".png"))
    else:
        from remi.vision import realdata

        files = [ph.path for ph in realdata.load((spec,))]
    return files[:n]


def _median_ms(fn, items, warmup: int = 3) -> float:
    for x in items[:warmup]:
        fn(x)
    times = []
    for x in items:
        t0 = time.perf_counter()
        fn(x)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--photos", default="rummy4", help="a folder of photos, or a real-data session name")
    ap.add_argument("--n", type=int, default=30)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--size", type=int, default=0, help="resize every photo to this long side first")
    ap.add_argument("--models", default=None, help="a models folder (default: the shipped models)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    import cv2
    import numpy as np

    from remi.vision.reader import MODELS, Reader, decode, load_image

    images = [load_image(p) for p in _photos(args.photos, args.n)]
    if args.size:
        images = [cv2.resize(im, None, fx=args.size / max(im.shape[:2]), fy=args.size / max(im.shape[:2]),
                             interpolation=cv2.INTER_CUBIC) for im in images]
    models = Path(args.models) if args.models else MODELS
    reader = Reader(models, threads=args.threads)
    res = {"photos": len(images), "size": f"{images[0].shape[1]}x{images[0].shape[0]}", "threads": args.threads,
           "obb": reader.obb}
    res["onnx_scan_ms"] = _median_ms(lambda im: reader.read(im), images)
    res["onnx_detector_ms"] = _median_ms(reader.detect, images)

    from remi.vision.training.train import offline

    offline()
    import torch
    from ultralytics import YOLO

    torch.set_num_threads(args.threads)
    yolo = YOLO(str(models / reader.settings.detector_pt))
    pred = lambda im: yolo.predict(im, imgsz=reader.imgsz, conf=reader.conf, iou=reader.iou, verbose=False, device="cpu")  # noqa: E731
    res["ultralytics_detector_ms"] = _median_ms(pred, images)

    def torch_pipeline(im: np.ndarray) -> None:
        r = pred(im)[0]
        if r.obb is not None:  # an oriented model: the corners of its turned boxes
            corners = r.obb.xyxyxyxy.numpy().reshape(-1, 4, 2)
            boxes = np.concatenate([corners.min(1), corners.max(1)], 1)
        else:
            boxes = r.boxes.xyxy.numpy()
            corners = None
        decode(reader.look(im, boxes, corners).probs)

    res["ultralytics_pipeline_ms"] = _median_ms(torch_pipeline, images)
    # side by side: how the ONNX path compares with the PyTorch reference (above 1: slower)
    res["detector_onnx_over_ultralytics"] = res["onnx_detector_ms"] / res["ultralytics_detector_ms"]
    res["pipeline_onnx_over_ultralytics"] = res["onnx_scan_ms"] / res["ultralytics_pipeline_ms"]
    res["load_average"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        for k, v in res.items():
            print(f"{k:26s} {v:.1f}" if isinstance(v, float) else f"{k:26s} {v}")


if __name__ == "__main__":
    main()
