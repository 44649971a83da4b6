"""Calibrate a models folder's reader on photos it never trained on, and choose its bar of "?".

Two steps, the rule of reader v9 (models/README.md, "How a model is chosen"):

1. **Temperatures.** Each labelled photo is read by the folder's detector; each box over a
   labelled tile (IoU >= 0.5) is read once, as cut, by the reader, and so is each box over no
   tile (the reader's "not a tile" class). One temperature for the number head and one for the
   colour head are the ones of a grid (0.3-5) that give the labels the least negative
   log-likelihood (temperature scaling: the reader's chances as they are, made to mean what they
   say; the argmax, hence every read, is unchanged).
2. **The bar.** With the temperatures written, every photo is read as `remi scan` reads it (the
   folder's views) and each read matched as `research/vision_flags.py` matches; the bar of "?"
   is the lowest of 0.50-0.95 (steps of 0.01) at which at least ``--wrong-marked`` (97 %) of the
   wrong reads are marked.

Both go into the folder's vision.json ("temperature_number", "temperature_colour",
"unsure_below"), and the figures are printed as JSON.

    .venv/bin/python research/vision_calibrate.py --folder out/r9/calib --models out/r9/models [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

GRID = np.exp(np.linspace(np.log(0.3), np.log(5.0), 121))
BARS = np.round(np.arange(0.50, 0.951, 0.01), 2)


def head_chances(reader, photos) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Number and colour chances (one view, untempered) of every detector box, with its labels:
    number 0 = joker, 1..13, 14 = no tile under it; colour 0..3, or -1 (joker, no tile)."""
    from remi.vision import crops
    from remi.vision.reader import load_image

    pns, pcs, ns, cs = [], [], [], []
    for path, tiles, boxes in photos:
        image = load_image(path)
        found = reader.boxes(image)[0]
        if not len(found):
            continue
        overlap = crops.iou(found, boxes) if len(tiles) else np.zeros((len(found), 0))
        x = crops.batch(image, [tuple(b) for b in found], size=reader.crop)
        out = dict(zip(reader.outputs, reader.cls.run(None, {reader.cls.get_inputs()[0].name: x})))
        for i in range(len(found)):
            k = int(np.argmax(overlap[i])) if overlap.shape[1] else -1
            tile = tiles[k] if k >= 0 and overlap[i, k] >= 0.5 else None
            ns.append(crops.BACKGROUND if tile is None else (0 if tile.is_joker else tile.number))
            cs.append(-1 if tile is None or tile.is_joker else tile.colour)
            pns.append(out["number"][i])
            pcs.append(out["colour"][i])
    return np.array(pns), np.array(pcs), np.array(ns), np.array(cs)


def best_temperature(p: np.ndarray, labels: np.ndarray) -> tuple[float, float, float]:
    """(temperature, NLL at 1, NLL at it) of the grid's least negative log-likelihood.

    >>> p = np.array([[0.99, 0.01], [0.99, 0.01], [0.99, 0.01], [0.01, 0.99]])
    >>> t, before, after = best_temperature(p, np.array([0, 1, 0, 1]))
    >>> t > 1 and after < before   # over-sure: one in four wrong at 99 %
    True
    """
    from remi.vision.reader import temper

    nll = [float(-np.log(np.maximum(temper(p, t)[np.arange(len(p)), labels], 1e-12)).mean()) for t in GRID]
    one = float(-np.log(np.maximum(p[np.arange(len(p)), labels], 1e-12)).mean())
    i = int(np.argmin(nll))
    return float(GRID[i]), one, nll[i]


def lowest_bar(rows: list[tuple[float, bool, bool]], wrong_marked: float) -> float | None:
    """The lowest bar of :data:`BARS` that marks at least ``wrong_marked`` of the wrong reads.

    >>> lowest_bar([(0.9, False, True), (0.6, False, False), (0.7, True, False)], 0.97)
    0.61
    """
    conf = np.array([r[0] for r in rows])
    other = np.array([r[1] for r in rows], bool)
    wrong = ~np.array([r[2] for r in rows], bool)
    for bar in BARS:
        marked = other | (conf < bar)
        if not wrong.any() or (marked & wrong).sum() >= wrong_marked * wrong.sum():
            return float(bar)
    return None


def _write(models: Path, **settings) -> None:
    path = models / "vision.json"
    meta = json.loads(path.read_text())
    meta.update(settings)
    path.write_text(json.dumps(meta, indent=2) + "\n")


def main() -> None:
    from research.vision_flags import flags, reads
    from remi.vision.evaluate import load_labelled
    from remi.vision.reader import Reader

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folder", type=Path, required=True, help="labelled photos the reader never trained on")
    ap.add_argument("--models", type=Path, required=True, help="the models folder: its vision.json is rewritten")
    ap.add_argument("--wrong-marked", type=float, default=0.97)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    photos = load_labelled(args.folder)
    _write(args.models, temperature_number=1.0, temperature_colour=1.0)
    pn, pc, n, c = head_chances(Reader(args.models), photos)
    tn = best_temperature(pn, n)
    coloured = c >= 0
    tc = best_temperature(pc[coloured], c[coloured])
    _write(args.models, temperature_number=round(tn[0], 3), temperature_colour=round(tc[0], 3))
    rows = reads(args.models, photos)
    bar = lowest_bar(rows, args.wrong_marked)
    if bar is None:  # said, and the nearest bar set, so that the rest is still measured
        print(f"no bar of {BARS[0]}-{BARS[-1]} marks {args.wrong_marked:.0%} of the wrong reads: "
              f"{BARS[-1]} set, the nearest", file=sys.stderr)
    _write(args.models, unsure_below=float(BARS[-1]) if bar is None else bar)
    result = {"set": str(args.folder), "photos": len(photos), "boxes": len(n),
              "number": {"temperature": tn[0], "nll_at_1": tn[1], "nll": tn[2]},
              "colour": {"temperature": tc[0], "nll_at_1": tc[1], "nll": tc[2]},
              "unsure_below": bar, **flags(rows, tuple(float(b) for b in BARS[::5]) + (float(BARS[-1]),))}
    print(json.dumps(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
