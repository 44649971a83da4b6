"""Train the tile detector's three leave-one-session-out folds side by side on one CUDA GPU.

Kept to be rerun (research/vision-diary.md, "Detectors g-*"). It runs on the `device` tool's machine, a
bare image with torch, OpenCV, numpy and rich but neither remi nor Ultralytics installed, from
the repo's root, reading a bundle folder that the call carries (``.gpu/``, git-ignored):

    .gpu/whl/*.whl          ultralytics and ultralytics-thop wheels (installed with --no-deps)
    .gpu/fonts/*.ttf        the DejaVu faces of vision.training.tilefaces.TRUETYPE
    .gpu/rummikub/          ../shared/realdata/rummikub as it is (REMI_REALDATA points here)
    .gpu/yolov5n-coco.pt    ../shared/pretrained/yolov5n-coco.pt

    python3 research/gpu_folds.py --bundle .gpu --out "$OUT" --hours 0.1

Data, the same for every fold but the real photos: p1's synthetic scenes again (seed 261, 2,400
and the 80 validation scenes, no real tile pasted), 3,600 more of the same settings (seed 265),
and the real photos of the two sessions a fold keeps, linked six times (with the empty tables).
Each fold starts from the COCO backbone with p1s2's optimizer settings (AdamW, lr0 0.002,
batch 32, 640 px, seed 0) and ends at its time bound; its ``last.pt`` and ``results.csv`` are
copied to ``--out`` as ``g-SESSION.pt`` and ``g-SESSION.csv``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

SESSIONS = ("rummy", "rummy2", "rummy4")
DATA = Path("/tmp/gdata")
RUNS = Path("/tmp/gruns")


def _package(root: Path, site: Path) -> None:
    """Lay remi.* out as pyproject's package-dir does (remi/ with engine/, vision/, ... inside),
    by links, so that it imports without setuptools or an install."""
    pkg = site / "remi"
    shutil.copytree(root / "remi", pkg, dirs_exist_ok=True)
    for part in ("engine", "scoresheet", "tutor", "vision"):
        link = pkg / part
        if not link.exists():
            link.symlink_to((root / part).resolve())


def prepare(bundle: Path, site: Path) -> None:
    """Install what the bare image lacks: the wheels, remi, the fonts the scene faces use."""
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--no-compile",
                    "--no-cache-dir", "--target", str(site), *map(str, sorted((bundle / "whl").glob("*.whl")))],
                   check=True)
    _package(Path.cwd(), site)
    fonts = Path("/usr/share/fonts/truetype/dejavu")
    fonts.mkdir(parents=True, exist_ok=True)
    for face in (bundle / "fonts").glob("*.ttf"):
        shutil.copy(face, fonts / face.name)


def write_data(jobs: int, scale: float = 1.0) -> dict[str, Path]:
    """The synthetic scenes (shared) and one real set per fold; returns each fold's data yaml.

    Ultralytics keeps one label cache per dataset, beside the first folder's labels: each fold's
    list starts with its own real folder and has its own copy (hard links) of the validation
    scenes, so the three processes never write the same cache file."""
    from remi.vision.training.generate import write_scene_set

    every = SESSIONS  # no real tile is pasted in the synthetic scenes: they serve every fold
    write_scene_set(DATA / "p1", round(2400 * scale), round(80 * scale), seed=261, holdout=every, jobs=jobs)
    write_scene_set(DATA / "s265", round(3600 * scale), 0, seed=265, holdout=every, jobs=jobs)
    yamls = {}
    for held in SESSIONS:
        write_scene_set(DATA / f"real-{held}", 0, 0, seed=0, holdout=(held,), real_repeat=6)
        for part in ("images", "labels"):
            shutil.copytree(DATA / "p1" / part / "val", DATA / f"val-{held}" / part / "val", copy_function=os.link,
                            dirs_exist_ok=True)
        yaml = DATA / f"g-{held}.yaml"
        yaml.write_text(f"path: {DATA}\ntrain: [real-{held}/images/train, p1/images/train, s265/images/train]\n"
                        f"val: val-{held}/images/val\nnames:\n  0: tile\n")
        yamls[held] = yaml
    return yamls


def _without_polars() -> None:
    """Ultralytics reads results.csv with polars to store it in each checkpoint; the image has
    no polars (a 180 MB wheel), so the stdlib's csv reads it instead."""
    try:
        import polars  # noqa: F401
    except ImportError:
        import csv

        from ultralytics.engine import trainer

        def read_results_csv(self):
            try:
                with open(self.csv, newline="") as f:
                    rows = list(csv.DictReader(f))
            except OSError:
                return {}
            return {k.strip(): [float(r[k]) for r in rows] for k in (rows[0] if rows else {})}

        trainer.BaseTrainer.read_results_csv = read_results_csv


def train_fold(held: str, yaml: Path, bundle: Path, hours: float, workers: int, device: str) -> None:
    _without_polars()
    from remi.vision.training.train import train_detector

    train_detector(yaml, RUNS, epochs=60 if device != "cpu" else 1, imgsz=640, batch=32, seed=0, workers=workers,
                   model="yolov5n.yaml", name=f"g-{held}", lr0=0.002, pretrained=bundle / "yolov5n-coco.pt",
                   hours=hours if device != "cpu" else None, device=device,
                   fraction=1.0 if device != "cpu" else 0.03)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bundle", type=Path, default=Path(".gpu"))
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--hours", type=float, default=0.1)
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--device", default="0", help="cpu: a smoke run (a hundredth of the scenes, one epoch)")
    ap.add_argument("--fold", choices=SESSIONS, help="(internal) train this fold in this process")
    args = ap.parse_args()
    bundle = args.bundle.resolve()
    os.environ["REMI_REALDATA"] = str(bundle / "rummikub")
    site = Path("/tmp/site")
    if args.fold:
        train_fold(args.fold, DATA / f"g-{args.fold}.yaml", bundle, args.hours, args.workers, args.device)
        return
    t0 = time.time()
    prepare(bundle, site)
    sys.path[:0] = [str(site)]
    import torch
    import ultralytics

    print(f"ultralytics {ultralytics.__version__}, torch {torch.__version__}, "
          f"{torch.cuda.get_device_name(0) if torch.cuda.is_available() else 'no CUDA GPU'}", flush=True)
    if args.device != "cpu" and not torch.cuda.is_available():
        sys.exit("no CUDA GPU here: run with --device cpu for a smoke run")
    os.environ["PYTHONPATH"] = f"{site}:{os.environ.get('PYTHONPATH', '')}"
    yamls = write_data(jobs=os.cpu_count() or 1, scale=1.0 if args.device != "cpu" else 0.01)
    print(f"data ready in {time.time() - t0:.0f} s", flush=True)
    RUNS.mkdir(parents=True, exist_ok=True)
    folds = {held: subprocess.Popen([sys.executable, __file__, "--bundle", str(bundle), "--out", str(args.out),
                                     "--hours", str(args.hours), "--workers", str(args.workers), "--device", args.device,
                                     "--fold", held],
                                    stdout=(RUNS / f"{held}.log").open("w"), stderr=subprocess.STDOUT)
             for held in yamls}
    while any(proc.poll() is None for proc in folds.values()):
        time.sleep(15)
        _keep(yamls, args.out)  # a call cut at its limit still brings back each fold's last epoch
    for held, proc in folds.items():
        print(f"fold {held}: exit {proc.wait()} at {time.time() - t0:.0f} s", flush=True)
    _keep(yamls, args.out)
    for held in yamls:
        print(f"--- {held}: last lines of its log", flush=True)
        print("\n".join((RUNS / f"{held}.log").read_text(errors="replace").replace("\r", "\n").splitlines()[-8:]))


def _keep(folds, out: Path) -> None:
    """Copy each fold's last.pt and results.csv to ``out`` when they changed and were not
    written in the last 5 seconds (Ultralytics writes them once an epoch)."""
    out.mkdir(parents=True, exist_ok=True)
    for held in folds:
        run = RUNS / f"g-{held}"
        for src, dst in ((run / "weights" / "last.pt", out / f"g-{held}.pt"), (run / "results.csv", out / f"g-{held}.csv")):
            if src.exists() and time.time() - src.stat().st_mtime > 5 and (
                    not dst.exists() or dst.stat().st_mtime < src.stat().st_mtime):
                shutil.copy2(src, dst)


if __name__ == "__main__":
    main()
