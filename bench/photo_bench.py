"""Phone-sized photos end to end: decode, read, and ``remi scan`` as a process.

    python bench/photo_bench.py [--runs 5] [--out out/photo-bench]

Makes a 4,000 x 3,000 (12 MP) and an 8,160 x 6,120 (50 MP) JPEG from the sample rack (scaled
up, with sensor-like noise so that they compress like a phone's photos, quality 92), then
times, median of ``--runs``: the decode (``vision.images.load_photo``: reduced by the JPEG
decoder), the reading on the decoded image (two ONNX threads), and the whole ``remi scan
PHOTO --json`` process wall time (start-up, models, decode, read). Checks the tiles read
match the sample's. Prints one line per photo and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.startup_bench import compile_checkout, user_env  # noqa: E402
SAMPLE = ROOT / "samples" / "photos" / "rack-close.jpg"
SIZES = {"sample (1000x750)": None, "12 MP (4000x3000)": (4000, 3000), "50 MP (8160x6120)": (8160, 6120)}


def phone_photo(path: Path, size: tuple[int, int], seed: int = 0) -> Path:
    """The sample scaled to ``size`` with noise of a phone sensor (sigma 5), JPEG quality 92."""
    big = cv2.resize(cv2.imread(str(SAMPLE)), size, interpolation=cv2.INTER_CUBIC).astype(np.int16)
    noise = np.random.default_rng(seed).normal(0, 5, big.shape).astype(np.int16)
    cv2.imwrite(str(path), np.clip(big + noise, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 92])
    return path


def _median_ms(fn, runs: int, children: bool = False) -> tuple[float, float]:
    """Median wall and CPU milliseconds of ``fn`` (CPU: this process's threads, or with
    ``children`` the processes it waited for). CPU time stays fair on a loaded machine."""
    import resource

    walls, cpus = [], []
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    for _ in range(runs):
        r0, t0 = resource.getrusage(who), time.perf_counter()
        fn()
        r1 = resource.getrusage(who)
        walls.append((time.perf_counter() - t0) * 1000)
        cpus.append((r1.ru_utime + r1.ru_stime - r0.ru_utime - r0.ru_stime) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--out", type=Path, default=ROOT / "out" / "photo-bench")
    args = ap.parse_args(argv)
    compile_checkout()  # a user's remi runs from cached bytecode: no timed run compiles
    from remi.vision.images import load_photo
    from remi.vision.reader import Reader

    args.out.mkdir(parents=True, exist_ok=True)
    expected = (SAMPLE.with_suffix(".txt")).read_text().split()
    reader = Reader()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for name, size in SIZES.items():
        photo = SAMPLE if size is None else phone_photo(args.out / f"{size[0]}x{size[1]}.jpg", size)
        decoded = load_photo(photo)
        decode = _median_ms(lambda: load_photo(photo), args.runs)
        read = _median_ms(lambda: reader.read(decoded.image), args.runs)
        tiles = [str(d.tile) for d in reader.read(decoded.image).detections]

        def scan() -> None:
            proc = subprocess.run([sys.executable, "-m", "remi", "scan", str(photo), "--json"], cwd=ROOT,
                                  capture_output=True, text=True, timeout=120, env=user_env())
            assert proc.returncode == 0, proc.stderr

        wall = _median_ms(scan, args.runs, children=True)
        print(f"{name}: {photo.stat().st_size / 2**20:.1f} MB, decoded at 1/{decoded.scale} "
              f"({decoded.image.shape[1]}x{decoded.image.shape[0]}): decode {decode[0]:.0f} ms wall / {decode[1]:.0f} ms CPU, "
              f"read {read[0]:.0f} / {read[1]:.0f}, `remi scan --json` process {wall[0]:.0f} / {wall[1]:.0f}; "
              f"tiles {'right' if tiles == expected else 'WRONG: ' + ' '.join(tiles)}")


if __name__ == "__main__":
    main()
