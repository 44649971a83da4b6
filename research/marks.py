"""Marks from four signals (issue 38 item 3): fit and measure. Its rule: research/vision-diary.md,
"Marks from four signals".

Every photo of a labelled set is read as `remi scan` reads it (``Reader.read``); each read gives
the rule's four numbers (``vision.marks.signals``: the logits of its kind's share, of the
runner-up kind's share and of the detector's score, the log of its box's height over the
photo's median), whether it is right (matched as ``research/vision_flags.py`` matches: IoU >= 0.5
with a label of its kind; a read with no label under it is wrong) and whether it is marked for
another reason than its share (a 6 or 9 whose up is unclear, maybe no tile, a copy too many).
The reads are kept in an npz (``--cache``), so that fitting again never reads a photo again.

- ``fit``: a logistic regression of "wrong" on the four signals, by maximum likelihood (Newton's
  method; a ridge of 1e-4 on the weights, not the intercept, only so that a set the signals
  split cleanly still has a finite fit), on the calibration set only; the bar is the rule's: on
  a grid of 0.01, the chance of wrong at which at least 97 % of that set's wrong reads are
  marked, the highest such (the fewest reads marked; any lower bar marks more of every kind).
  ``--write`` puts ``"marks"`` into the models folder's vision.json.
- ``measure``: a set's wrong reads marked and right reads marked, by the folder's
  ``unsure_below`` (today's bar) and by its ``marks``.
- ``verdict``: the rule's conditions on six ``measure`` JSONs, and the table for the diary.

    .venv/bin/python research/marks.py fit --models out/marks/models-shipped --calib out/marks/calib \\
        --cache out/marks/reads-calib.npz [--write] [--json OUT]
    .venv/bin/python research/marks.py measure --models out/marks/models-shipped \\
        (--session rummy4 | --folder ../main/out/pool-wide) --cache out/marks/reads-rummy4.npz --json OUT
    .venv/bin/python research/marks.py verdict OUT1.json ... OUT6.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

WRONG_MARKED = 0.97  # the rule: the bar catches at least this share of the calibration set's wrong reads
GRID = np.round(np.arange(0.0, 1.0001, 0.01), 2)
RIDGE = 1e-4
SYNTHETIC = ("pool-wide", "pool-editions", "pool-racks")


def collect(models: Path, photos) -> dict[str, np.ndarray]:
    """The reads of every photo: ``signals`` (n, 4), ``right``, ``other`` (marked for another
    reason than the share), ``share`` (the kind's) and ``photo`` (its index in ``photos``)."""
    from remi.vision.doubts import DoubtKind
    from remi.vision.marks import signals
    from remi.vision.reader import Reader, load_image
    from research.vision_flags import is_right

    reader = Reader(models)
    rows, right, other, share, photo = [], [], [], [], []
    for n, (path, tiles, boxes) in enumerate(photos):
        dets = reader.read(load_image(path)).detections
        if not dets:
            continue
        rows.append(signals(np.array([d.confidence for d in dets]), np.array([d.alternatives[0][1] for d in dets]),
                            np.array([d.box_confidence for d in dets]), np.array([d.box[3] - d.box[1] for d in dets])))
        right += [is_right(d, tiles, boxes) for d in dets]
        other += [d.doubt is not None and d.doubt.kind is not DoubtKind.UNSURE for d in dets]
        share += [d.confidence for d in dets]
        photo += [n] * len(dets)
    return {"signals": np.concatenate(rows).reshape(-1, 4) if rows else np.zeros((0, 4)), "right": np.array(right, bool),
            "other": np.array(other, bool), "share": np.array(share), "photo": np.array(photo, int)}


def cached(cache: Path, models: Path, session: str | None, folder: Path | None) -> dict[str, np.ndarray]:
    """The reads kept in ``cache``, or those of the set read now and kept there."""
    if cache.is_file():
        return dict(np.load(cache))
    from remi.vision import realdata
    from remi.vision.evaluate import load_labelled

    photos = load_labelled(realdata.default_root(), session) if session else load_labelled(folder)
    reads = collect(models, photos)
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.savez(cache, **reads)
    return reads


def fit_logistic(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE, steps: int = 100) -> tuple[np.ndarray, float]:
    """Weights and intercept of P(y) = 1 / (1 + exp(-(x w + b))) by maximum likelihood
    (Newton's method, ``ridge`` on w), halving a step that does not raise the likelihood.

    >>> x = np.array([[0.0], [1.0], [2.0], [3.0], [1.5], [1.6]]); y = np.array([0, 0, 1, 1, 1, 0])
    >>> w, b = fit_logistic(x, y); round(float(w[0]), 2), round(b, 2)
    (5.62, -8.66)
    """
    a = np.hstack([np.asarray(x, np.float64), np.ones((len(x), 1))])
    y = np.asarray(y, np.float64)
    penalty = np.full(a.shape[1], ridge)
    penalty[-1] = 0.0

    def loss(beta: np.ndarray) -> float:
        z = a @ beta
        return float(np.sum(np.logaddexp(0, z) - y * z) + 0.5 * np.sum(penalty * beta ** 2))

    beta = np.zeros(a.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(a @ beta)))
        grad = a.T @ (p - y) + penalty * beta
        hess = (a * (p * (1 - p))[:, None]).T @ a + np.diag(penalty + 1e-12)
        step, before = np.linalg.solve(hess, grad), loss(beta)
        t = 1.0
        while loss(beta - t * step) > before and t > 1e-6:
            t /= 2
        beta = beta - t * step
        if np.max(np.abs(t * step)) < 1e-9:
            break
    return beta[:-1], float(beta[-1])


def choose_bar(chance: np.ndarray, wrong: np.ndarray, other: np.ndarray, share: float = WRONG_MARKED) -> float:
    """The highest bar of ``GRID`` at which at least ``share`` of the wrong reads are marked
    (for another reason, or a chance of wrong at the bar or over it); 0.0 where none does.

    >>> choose_bar(np.array([0.9, 0.5, 0.3, 0.1]), np.array([True, True, False, False]), np.zeros(4, bool), 0.97)
    0.5
    """
    ok = [float(b) for b in GRID if ((other | (chance >= b))[wrong]).mean() >= share]
    return max(ok) if ok else 0.0


def marked_shares(marked: np.ndarray, right: np.ndarray) -> dict:
    """Wrong reads and right reads, how many of each are marked, and their shares."""
    wrong = ~right
    return {"wrong": int(wrong.sum()), "wrong_marked": int((marked & wrong).sum()),
            "wrong_marked_share": round(float((marked & wrong).sum() / max(1, wrong.sum())), 4),
            "right": int(right.sum()), "right_marked": int((marked & right).sum()),
            "right_marked_share": round(float((marked & right).sum() / max(1, right.sum())), 4)}


def fit(args: argparse.Namespace) -> dict:
    from remi.vision.marks import Marks
    from remi.vision.settings import ModelSettings

    reads = cached(args.cache, args.models, None, args.calib)
    wrong = ~reads["right"]
    weights, intercept = fit_logistic(reads["signals"], wrong)
    unfitted = Marks(tuple(float(w) for w in weights), intercept, 0.5)  # type: ignore[arg-type]
    bar = choose_bar(unfitted.chance_wrong(reads["signals"]), wrong, reads["other"])
    marks = Marks(unfitted.weights, intercept, bar)
    settings = ModelSettings.read(args.models)
    if args.write:
        settings.but(marks=marks.to_dict()).write(args.models)
    return {"set": str(args.calib), "models": str(args.models), "reads": len(wrong), "marks": marks.to_dict(),
            "calib": marked_shares(reads["other"] | marks.marked(reads["signals"]), reads["right"]),
            "calib_today": marked_shares(reads["other"] | (reads["share"] < settings.unsure_below), reads["right"])}


def measure(args: argparse.Namespace) -> dict:
    from remi.vision.marks import Marks
    from remi.vision.settings import ModelSettings

    settings = ModelSettings.read(args.models)
    reads = cached(args.cache, args.models, args.session, args.folder)
    out = {"set": args.session or Path(args.folder).name, "models": str(args.models), "reads": len(reads["right"]),
           "photos": int(len(np.unique(reads["photo"]))), "unsure_below": settings.unsure_below,
           "today": marked_shares(reads["other"] | (reads["share"] < settings.unsure_below), reads["right"])}
    if settings.marks is not None:
        marks = Marks.from_dict(settings.marks)
        out["marks"] = marked_shares(reads["other"] | marks.marked(reads["signals"]), reads["right"])
    return out


def verdict(results: list[dict]) -> dict:
    """The rule's conditions, set by set: the new marks catch at least 95 % of the wrong reads
    or at least as many as today's bar, and mark no more right reads than it; fewer right reads
    marked on at least two of the three synthetic pools."""
    sets = {}
    for r in results:
        today, new = r["today"], r["marks"]
        sets[r["set"]] = {"wrong_caught": new["wrong_marked_share"] >= 0.95 or new["wrong_marked"] >= today["wrong_marked"],
                          "right_no_more": new["right_marked"] <= today["right_marked"],
                          "right_fewer": new["right_marked"] < today["right_marked"]}
    fewer = sum(sets[s]["right_fewer"] for s in SYNTHETIC if s in sets)
    every = all(v["wrong_caught"] and v["right_no_more"] for v in sets.values())
    return {"sets": sets, "synthetic_fewer": fewer, "adopted": bool(every and fewer >= 2 and len(sets) == 6)}


def table(results: list[dict]) -> str:
    """The diary's table: per set, wrong and right reads marked by today's bar and the marks."""
    lines = ["| set | photos read / reads / wrong | today: wrong marked | today: right marked | marks: wrong marked "
             "| marks: right marked |", "|---|---|---|---|---|---|"]
    for r in results:
        t, m = r["today"], r["marks"]
        lines.append(f"| {r['set']} | {r['photos']} / {r['reads']} / {t['wrong']} "
                     f"| {t['wrong_marked_share']:.1%} ({t['wrong_marked']}) | {t['right_marked_share']:.1%} ({t['right_marked']}) "
                     f"| {m['wrong_marked_share']:.1%} ({m['wrong_marked']}) | {m['right_marked_share']:.1%} ({m['right_marked']}) |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    f = sub.add_parser("fit", help="fit the marks on the calibration set")
    f.add_argument("--calib", type=Path, required=True, help="the calibration set (a generated folder)")
    f.add_argument("--write", action="store_true", help="write the marks into the folder's vision.json")
    m = sub.add_parser("measure", help="wrong and right reads marked on a set")
    where = m.add_mutually_exclusive_group(required=True)
    where.add_argument("--session", help="a real session (rummy, rummy2, rummy4)")
    where.add_argument("--folder", type=Path, help="a labelled folder (a synthetic test pool)")
    for p in (f, m):
        p.add_argument("--models", type=Path, required=True)
        p.add_argument("--cache", type=Path, required=True, help="the set's reads (npz): read once, then kept")
        p.add_argument("--json", type=Path)
    v = sub.add_parser("verdict", help="the rule's conditions and the table, from six measure JSONs")
    v.add_argument("results", type=Path, nargs="+")
    args = ap.parse_args()
    if args.command == "verdict":
        results = [json.loads(p.read_text()) for p in args.results]
        print(table(results))
        print(json.dumps(verdict(results), indent=2))
        return
    result = fit(args) if args.command == "fit" else measure(args)
    print(json.dumps(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
