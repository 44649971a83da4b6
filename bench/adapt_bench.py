"""Wall time of `remi vision adapt` with the detector fine-tuned (issue 26: 2 photos <= 3
minutes, 10 photos <= 10 minutes on 2 cores), beside the heads-only adapt and the heads with the
reader's network fine-tuned (issue 38, 6 Dec).

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
With the reader's network fine-tuned too (6 Dec, 10:17, load 3.7 beside a training): 2 photos
heads only 2.3 s, heads + network 15.6 s, all three 26.7 s; 10 photos 7.1, 12.3 and 58.6 s
(models/candidates/adapt-net/bench.txt). With the guard's mend (da3ce4a: no final network once the
held-back photos refuse one; 6 Dec, 12:08, load 1.9): 2 photos 2.1, 16.3 and 27.6 s; 10 photos
7.0, 16.3 and 63.6 s (models/candidates/adapt-net/bench-final.txt). With the network judged against
heads taught the same photo (203a82e; 6 Dec, 13:55, load 0.0): 2 photos 1.8, 15.7 and 28.2 s; 10 photos
8.2, 17.8 and 65.7 s (models/candidates/adapt-judge/bench.txt).
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
        for what, network, detector in (("heads only", False, False), ("heads + network", True, False),
                                        ("all three", True, True)):
            with tempfile.TemporaryDirectory() as out:
                t0 = time.perf_counter()
                result = adapt.adapt(photos, Path(out) / "m", detector=detector, network=network)
                took = time.perf_counter() - t0
            said = result["detector_weights"] if detector else result["network_words"]
            print(f"{n:3d} photos, {what:15s} {took:7.1f} s   {said}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
