"""Latency of `remi scan` inference: the shipped ONNX pipeline next to Ultralytics' PyTorch predict.

    .venv/bin/python bench/vision_bench.py [--photos DIR_OR_SESSION] [--n 30] [--size 4032] [--models DIR]
                                           [--baseline REV] [--rounds 1] [--min-tiles N]
                                           [--baseline-models DIR]

Times, per photo (median over the photos, after 3 warm-up runs, 2 threads each), decoding
excluded; ``--size`` resizes each photo to that long side first (4032: a 12-megapixel phone
photo, the issue's target of 100 ms):
- onnx scan: what `remi scan` runs after decoding the photo: detector (its input shrunk from
  the photo), tile reader on every box, decoding with the rules;
- onnx detector: the detector stage alone;
- ultralytics detector: ``YOLO(tile-detector.pt).predict`` on the same photos at the same size
  (PyTorch, the reference; an oriented model's boxes are its ``obb``); plus the same reader on
  its boxes for a full pipeline; and the ratios ONNX / Ultralytics (above 1: slower);
- with ``--baseline REV``: the scan of REV's ``vision/reader.py`` (read from git, run on this
  checkout's other modules and the same models), its ratio now / baseline, and whether every
  photo read the same on both sides (the JSON of each reading, to the last digit);
- with ``--baseline-models DIR``: the scan with another models folder (a candidate against the
  shipped one: reader v13's rule, models/README.md), and its ratio now / that folder.

Side by side: every photo goes through each pipeline in turn, round after round (``--rounds``),
so that all of them meet the same load of the machine; compare only ratios from one run.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _photos(spec: str, n: int, min_tiles: int = 0) -> list[Path]:
    """The first ``n`` photos of a folder, or of real-data sessions ("rummy,rummy4"), those
    with at least ``min_tiles`` labelled tiles."""
    p = Path(spec)
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.suffix.lower() in (".jpg", ".jpeg", ".png"))
    else:
        from remi.vision import realdata

        files = [ph.path for ph in realdata.load(tuple(spec.split(","))) if len(ph.tiles) >= min_tiles]
    return files[:n]


def baseline_reader(rev: str):
    """REV's ``vision/reader.py`` as a module (``remi.vision.reader_at_REV``), its imports this
    checkout's: the scan path as it was, on the same models."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:vision/reader.py"], check=True,
                            capture_output=True, text=True).stdout
    name = "remi.vision.reader_at_" + "".join(c if c.isalnum() else "_" for c in rev)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader=None))
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    exec(compile(source, f"{rev}:vision/reader.py", "exec"), module.__dict__)
    return module


def side_by_side(pipelines: dict, items: list, rounds: int = 1, warmup: int = 3) -> dict[str, float]:
    """Median milliseconds of each pipeline (name -> function of one item); every item goes
    through all of them in turn, so that they meet the same load."""
    for fn in pipelines.values():
        for x in items[:warmup]:
            fn(x)
    times: dict[str, list[float]] = {name: [] for name in pipelines}
    for _ in range(rounds):
        for x in items:
            for name, fn in pipelines.items():
                t0 = time.perf_counter()
                fn(x)
                times[name].append((time.perf_counter() - t0) * 1000)
    return {name: statistics.median(ts) for name, ts in times.items()}


def ultralytics_pipeline(reader, models: Path, threads: int):
    """Ultralytics' predict on the detector's PyTorch weights, then ``reader``'s look at its
    boxes and the decoding: (the detector alone, the whole pipeline) as functions of a photo."""
    import numpy as np

    from remi.vision.reader import decode
    from remi.vision.training.train import offline

    offline()
    import torch
    from ultralytics import YOLO

    torch.set_num_threads(threads)
    yolo = YOLO(str(models / reader.settings.detector_pt))

    def predict(im: np.ndarray):
        return yolo.predict(im, imgsz=reader.imgsz, conf=reader.conf, iou=reader.iou, verbose=False, device="cpu")

    def pipeline(im: np.ndarray) -> None:
        r = predict(im)[0]
        if r.obb is not None:  # an oriented model: the corners of its turned boxes
            corners = r.obb.xyxyxyxy.numpy().reshape(-1, 4, 2)
            boxes = np.concatenate([corners.min(1), corners.max(1)], 1)
        else:
            boxes = r.boxes.xyxy.numpy()
            corners = None
        decode(reader.look(im, boxes, corners).probs)

    return predict, pipeline


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--photos", default="rummy4", help="a folder of photos, or real-data session names (a,b)")
    ap.add_argument("--min-tiles", type=int, default=0, help="only sessions' photos of at least this many tiles")
    ap.add_argument("--n", type=int, default=30)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--size", type=int, default=0, help="resize every photo to this long side first")
    ap.add_argument("--models", default=None, help="a models folder (default: the shipped models)")
    ap.add_argument("--baseline", help="a git revision whose vision/reader.py to time beside this one (e.g. main)")
    ap.add_argument("--baseline-models", help="another models folder whose scan to time beside --models'")
    ap.add_argument("--rounds", type=int, default=1, help="times each photo goes through every pipeline")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    import cv2

    from remi.vision.reader import MODELS, Reader, load_image

    images = [load_image(p) for p in _photos(args.photos, args.n, args.min_tiles)]
    if args.size:
        images = [cv2.resize(im, None, fx=args.size / max(im.shape[:2]), fy=args.size / max(im.shape[:2]),
                             interpolation=cv2.INTER_CUBIC) for im in images]
    models = Path(args.models) if args.models else MODELS
    reader = Reader(models, threads=args.threads)
    predict, pipeline = ultralytics_pipeline(reader, models, args.threads)
    pipelines = {"onnx_scan_ms": reader.read, "onnx_detector_ms": reader.detect,
                 "ultralytics_detector_ms": predict, "ultralytics_pipeline_ms": pipeline}
    if args.baseline:
        before = baseline_reader(args.baseline).Reader(models, threads=args.threads)
        pipelines["baseline_scan_ms"] = before.read
    if args.baseline_models:
        pipelines["other_models_scan_ms"] = Reader(Path(args.baseline_models), threads=args.threads).read
    res = {"photos": len(images), "size": f"{images[0].shape[1]}x{images[0].shape[0]}", "threads": args.threads,
           "obb": reader.obb, "rounds": args.rounds}
    res.update(side_by_side(pipelines, images, args.rounds))
    # side by side: how the ONNX path compares with the PyTorch reference (above 1: slower)
    res["detector_onnx_over_ultralytics"] = res["onnx_detector_ms"] / res["ultralytics_detector_ms"]
    res["pipeline_onnx_over_ultralytics"] = res["onnx_scan_ms"] / res["ultralytics_pipeline_ms"]
    if args.baseline:
        res["scan_now_over_baseline"] = res["onnx_scan_ms"] / res["baseline_scan_ms"]
        res["reads_same_as_baseline"] = all(reader.read(im).as_dict() == before.read(im).as_dict() for im in images)
    if args.baseline_models:
        res["scan_over_other_models"] = res["onnx_scan_ms"] / res["other_models_scan_ms"]
    res["load_average"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps(res, indent=2))
    else:
        for k, v in res.items():
            print(f"{k:32s} {v:.3f}" if isinstance(v, float) and k.endswith(("over_ultralytics", "over_baseline", "over_other_models"))
                  else f"{k:32s} {v:.1f}" if isinstance(v, float) else f"{k:32s} {v}")


if __name__ == "__main__":
    main()
