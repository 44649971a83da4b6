"""Two self-play runs on the same deals, compared deal by deal.

Two bots that each sit in the same seat against the same opponents on the same deals (the
same ``--seed``, variant and number of players) play identical hands until the first throw
on which they differ: most of the luck of the deal cancels in the difference. The standard
error of that difference, taken over the deals, is far smaller than the two runs' own errors
combined, so a gap of one point of win share can be told from noise in 2,000 hands.

    python -m research.tutor.experiments sim ... --policies tutor,greedy,greedy,greedy --per-deal A.json
    python -m research.tutor.experiments sim ... --policies tplain,greedy,greedy,greedy --per-deal B.json
    python -m research.tutor.paired A.json B.json        # the first policy of each, on the deals both played
    python -m research.tutor.paired A.json B1.json B2.json   # against the mean of several baseline runs

A bot whose own choices are random (greedy breaks its ties at random) carries that luck too,
and the pairing does not cancel it: greedy against itself with its ties drawn from another
stream (``gseat2`` against ``gseat`` in tutor.experiments) came out 1.9 ± 0.9 points of win
share apart on 2,000 four-player hands. Against such a baseline, pass several of its runs:
B is then their mean, deal by deal, and its luck shrinks with their number.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence

from research.errors import LabError

from remi.tutor.sim import mean_se

FIGURES = (("win", "hands won", 100.0, "%"), ("points", "points / hand", 1.0, ""),
           ("points_closed", "  closing", 1.0, ""), ("points_not_closed", "  not closing", 1.0, ""),
           ("feed", "feed rate", 100.0, "%"))
#: figures that runs written before they existed lack: compared only when every run has them
OPTIONAL = ("points_closed", "points_not_closed")


def _load(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as fh:
            run = json.load(fh)
    except OSError as exc:
        raise LabError(f"{path}: cannot read it ({exc.strerror})") from None
    except json.JSONDecodeError as exc:
        raise LabError(f"{path}: not JSON (line {exc.lineno})") from None
    if not isinstance(run, dict) or not isinstance(run.get("per_deal"), dict):
        raise LabError(f"{path}: no per-deal figures (write it with python -m research.tutor.experiments sim --per-deal FILE)")
    missing = [k for k in ("variant", "players", "seed", "policies") if k not in run]
    if missing:
        raise LabError(f"{path}: no {missing[0]!r} (write it with python -m research.tutor.experiments sim --per-deal FILE)")
    return run


def compare(a: dict, b: dict | Sequence[dict], policy_a: str | None = None, policy_b: str | None = None) -> dict:
    """The paired difference a - b, per figure, over the deals both runs played.

    Each run is what ``python -m research.tutor.experiments sim --per-deal`` (or ``duel``) writes; the policy compared defaults to
    each run's first (the seat under test). The runs must share the variant, the players and
    the seed, and the other seats' policies, or their deals are not the same hands. ``b`` may
    be several runs (of a baseline whose own play is random): B is their mean, deal by deal.
    """
    bs = [b] if isinstance(b, dict) else list(b)
    if not bs:
        raise LabError("no run to compare against")
    pa = policy_a or a["policies"][0]
    if pa not in a["per_deal"]:
        raise LabError(f"policy {pa!r} did not play in the run of {','.join(a['policies'])}")
    others_a = [p for p in a["policies"] if p != pa]
    pbs = []
    for run in bs:
        for key in ("variant", "players", "seed"):
            if a.get(key) != run.get(key):
                raise LabError(f"the runs differ in {key} ({a.get(key)} and {run.get(key)}): not the same deals")
        pb = policy_b or run["policies"][0]
        if pb not in run["per_deal"]:
            raise LabError(f"policy {pb!r} did not play in the run of {','.join(run['policies'])}")
        others_b = [p for p in run["policies"] if p != pb]
        if others_a != others_b:
            raise LabError(f"the other seats differ ({','.join(others_a)} and {','.join(others_b)}): not the same hands")
        pbs.append(pb)
    n = min([len(a["per_deal"][pa]["win"])] + [len(run["per_deal"][pb]["win"]) for run, pb in zip(bs, pbs)])
    if n < 2:
        raise LabError(f"{n} deal in common: at least 2 are needed for an error")
    out = {"variant": a["variant"], "players": a["players"], "seed": a["seed"], "deals": n,
           "hands": n * a["players"], "a": pa, "b": "+".join(pbs), "b_runs": len(bs), "figures": {}}
    runs = [a, *bs]
    for key, _, _, _ in FIGURES:
        if key in OPTIONAL and not all(key in run["per_deal"][p] for run, p in zip(runs, [pa, *pbs])):
            continue
        xa = a["per_deal"][pa][key][:n]
        xb = [sum(vals) / len(bs) for vals in zip(*(run["per_deal"][pb][key][:n] for run, pb in zip(bs, pbs)))]
        ma, sa = mean_se(xa)
        mb, sb = mean_se(xb)
        d, sd = mean_se([x - y for x, y in zip(xa, xb)])
        out["figures"][key] = {"a": ma, "a_se": sa, "b": mb, "b_se": sb, "diff": d, "diff_se": sd,
                               "unpaired_se": math.sqrt(sa * sa + sb * sb),
                               "same_deals": sum(1 for x, y in zip(xa, xb) if x == y)}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m research.tutor.paired", description=__doc__.split("\n\n")[0])
    ap.add_argument("a", help="a run written by python -m research.tutor.experiments sim --per-deal (or duel)")
    ap.add_argument("b", nargs="+", help="the other run, on the same seed (several: their mean, deal by deal)")
    ap.add_argument("--policy-a", help="the policy compared in A (default: its first)")
    ap.add_argument("--policy-b", help="the policy compared in B (default: each run's first)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    try:
        res = compare(_load(args.a), [_load(path) for path in args.b], args.policy_a, args.policy_b)
    except LabError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    print(f"{res['variant']}, {res['players']} players, seed {res['seed']}: {res['deals']} deals in common "
          f"({res['hands']} hands); {res['a']} (A) against {res['b']} (B"
          + (f", the mean of {res['b_runs']} runs" if res["b_runs"] > 1 else "") + "), each in the seat under test")
    for key, label, scale, unit in FIGURES:
        if key not in res["figures"]:
            continue
        f = res["figures"][key]
        print(f"  {label:14s} A {scale * f['a']:7.2f}{unit} ± {scale * f['a_se']:.2f}   "
              f"B {scale * f['b']:7.2f}{unit} ± {scale * f['b_se']:.2f}   "
              f"A - B {scale * f['diff']:+7.2f} ± {scale * f['diff_se']:.2f} paired "
              f"(± {scale * f['unpaired_se']:.2f} unpaired; {f['same_deals']} deals alike)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
