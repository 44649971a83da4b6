"""Fit and check the feed model (:data:`tutor.feed.FEED_MODEL`) on logged throws.

``python -m research.tutor.experiments feedlog DEALS SEED FILE`` writes, for every throw of a greedy
player, each throw that kept the fewest steps with its features (:func:`tutor.feed.feed_features`)
and whether the left neighbour's real rack would have taken it. This module fits a logistic
regression on such files (Newton's method with a small ridge, numpy) and says how well a
model tells the taken tiles apart on other files:

    python -m research.tutor.feedfit --train A.json [B.json ...] --test C.json [--features k1,k2,...]
    python -m research.tutor.feedfit --test C.json --current      # the shipped FEED_MODEL, checked

Figures: the log loss against a constant rate, the calibration by deciles of the predicted
chance, and the **ranking within a throw**: among the candidates of one throw, how often a
tile the neighbour would take is ranked riskier than one they would not (0.5: chance; ties
count a half). That last figure is what the tutor uses the model for.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from remi.tutor.feed import FEED_MODEL

from research.errors import LabError

RIDGE = 1e-3


def load(paths: Sequence[str]) -> list[dict]:
    """The throws of feedlog files (each a list of ``{"throw", "candidates": [...]}``)."""
    rows: list[dict] = []
    for path in paths:
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError) as exc:
            raise LabError(f"{path}: cannot read a feedlog file ({exc.__class__.__name__})") from None
        if not isinstance(data, list) or any("candidates" not in r for r in data[:1]):
            raise LabError(f"{path}: not a feedlog file (a list of throws with their candidates)")
        rows.extend(data)
    return rows


def matrix(rows: Sequence[dict], keys: Sequence[str]):  # noqa: ANN201 (numpy arrays)
    """(X with a leading column of ones, y, the throw index of each candidate)."""
    import numpy as np

    xs, ys, groups = [], [], []
    for g, r in enumerate(rows):
        for cand in r["candidates"]:
            xs.append([1.0, *(float(cand[k]) for k in keys)])
            ys.append(float(cand["y"]))
            groups.append(g)
    return np.array(xs), np.array(ys), np.array(groups)


def fit(rows: Sequence[dict], keys: Sequence[str], ridge: float = RIDGE) -> dict[str, float]:
    """Logistic regression weights ``{"bias": b, key: w, ...}`` (Newton's method)."""
    import numpy as np

    x, y, _ = matrix(rows, keys)
    mu, sd = x[:, 1:].mean(axis=0), x[:, 1:].std(axis=0) + 1e-9
    z = x.copy()
    z[:, 1:] = (x[:, 1:] - mu) / sd  # standardised, so that one ridge suits every feature
    w = np.zeros(z.shape[1])
    reg = ridge * len(y) * np.eye(z.shape[1])
    reg[0, 0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(z @ w, -30, 30)))
        grad = z.T @ (p - y) + reg @ w
        hess = (z * (p * (1 - p))[:, None]).T @ z + reg
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    raw = w[1:] / sd
    out = {"bias": round(float(w[0] - (raw * mu).sum()), 4)}
    out.update({k: round(float(v), 4) for k, v in zip(keys, raw)})
    return out


def predict(model: dict[str, float], cand: dict) -> float:
    import math

    z = model["bias"] + sum(v * float(cand[k]) for k, v in model.items() if k != "bias")
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(model: dict[str, float], rows: Sequence[dict]) -> dict:
    """Log loss (and a constant rate's), calibration by deciles, ranking within a throw."""
    import math

    preds, ys = [], []
    wins = pairs = 0.0
    for r in rows:
        ps = [predict(model, c) for c in r["candidates"]]
        yy = [c["y"] for c in r["candidates"]]
        preds += ps
        ys += yy
        for pi, yi in zip(ps, yy):
            if not yi:
                continue
            for pj, yj in zip(ps, yy):
                if yj:
                    continue
                pairs += 1
                wins += 1.0 if pi > pj else 0.5 if pi == pj else 0.0
    n = len(ys)
    rate = sum(ys) / max(1, n)
    eps = 1e-12
    ll = -sum(y * math.log(p + eps) + (1 - y) * math.log(1 - p + eps) for p, y in zip(preds, ys)) / max(1, n)
    ll0 = -(rate * math.log(rate + eps) + (1 - rate) * math.log(1 - rate + eps))
    order = sorted(range(n), key=lambda i: preds[i])
    deciles = []
    for d in range(10):
        idx = order[d * n // 10:(d + 1) * n // 10]
        if idx:
            deciles.append((round(sum(preds[i] for i in idx) / len(idx), 3), round(sum(ys[i] for i in idx) / len(idx), 3)))
    return {"throws": len(rows), "candidates": n, "taken_rate": round(rate, 4), "log_loss": round(ll, 4),
            "log_loss_constant": round(ll0, 4), "ranking_within_throw": round(wins / max(1, pairs), 4),
            "pairs": int(pairs), "calibration": deciles}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m research.tutor.feedfit", description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--train", nargs="*", default=[], metavar="FILE", help="feedlog files to fit on")
    ap.add_argument("--test", nargs="*", default=[], metavar="FILE", help="feedlog files to check on")
    ap.add_argument("--features", help="comma-separated feature names (default: every one in the files)")
    ap.add_argument("--current", action="store_true", help="check the shipped FEED_MODEL instead of fitting")
    ap.add_argument("--ridge", type=float, default=RIDGE)
    a = ap.parse_args(argv)
    try:
        if not a.current and not a.train:
            raise LabError("give --train FILE... to fit, or --current to check the shipped model")
        train = load(a.train) if a.train else []
        test = load(a.test) if a.test else []
        sample = next((c for r in train + test for c in r["candidates"]), None)
        if sample is None:
            raise LabError("the files hold no candidate throws")
        known = [k for k in sample if k not in ("tile", "y")]
        keys = a.features.split(",") if a.features else known
        bad = [k for k in keys if k not in known]
        if bad:
            raise LabError(f"no feature {bad[0]!r} in the files (they have: {', '.join(known)})")
        if a.current:
            model = FEED_MODEL
            missing = [k for k in model if k != "bias" and k not in known]
            if missing:
                raise LabError(f"the files lack the shipped model's feature {missing[0]!r}")
        else:
            model = fit(train, keys, a.ridge)
    except LabError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    out = {"model": model}
    if train:
        out["train"] = evaluate(model, train)
    if test:
        out["test"] = evaluate(model, test)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
