"""Wall time of `remi vision adapt` with the detector fine-tuned (issue 26: 2 photos <= 3
minutes, 10 photos <= 10 minutes on 2 cores), beside the reader-only adapt.

Photos: tables of 15 tiles of the out-of-pool edition (``facecrops.odd_tables``), as a user's
corrected photos of a new set. Prints the seconds and what the harm guard decided.

    .venv/bin/python bench/adapt_bench.py [--photos 2 10]

4 Dec, shipped p1s2 detector, 2 cores at load 1.7: 2 photos 21.9 s (reader only 1.9 s), 10
photos 70.0 s (9.6 s). The guard kept the shipped detector for 2 photos (the held-back photo
read 2 tiles right against 4) and the fine-tuned one for 10 (14 against 8).
With reader v8.3.1 (4 Dec, 18:30, load 1.2): 2 photos 32.5 s (reader only 2.2 s), 10 photos
94.8 and 100.7 s (13.2 s); the guard kept the fine-tuned detector for 10 (30 tiles against 28).
With V4u (a tile under 95 % sure read four ways; 4 Dec, 20:45, load 0.9): 2 photos 23.3 s (reader
only 2.9 s), 10 photos 71.3 s (15.8 s); the guard kept the shipped detector for 10 (30 tiles
against 32) and the fine-tuned one for 2 (10 against 10).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--photos", type=int, nargs="+", default=[2, 10])
    args = ap.parse_args()
    os.environ.setdefault("YOLO_OFFLINE", "1")
    from remi.vision import adapt
    from remi.vision.training import facecrops

    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for n in args.photos:
        photos = facecrops.odd_tables(1, n)
        for detector in (False, True):
            with tempfile.TemporaryDirectory() as out:
                t0 = time.perf_counter()
                result = adapt.adapt(photos, Path(out) / "m", detector=detector)
                took = time.perf_counter() - t0
            what = "reader + detector" if detector else "reader only"
            print(f"{n:3d} photos, {what:17s} {took:7.1f} s   {result['detector_weights']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
