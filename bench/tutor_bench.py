"""Latency of the tutor's advice: `remi advise` end to end, and the steps/outs search alone.

    .venv/bin/python bench/tutor_bench.py [--runs 15]
    .venv/bin/python bench/tutor_bench.py --baseline main [--runs 5] [--rounds 3]

The position: a 15-tile rack (after the draw) with 4 rows, Closed Rummy; and, in process,
the Simple hand of issue 39 (14 cards, six 1-step and eight 2-step throws: the chance of each
2-step throw follows every out to the rack holding it, tutor/chance.py). Each in-process
figure starts from a cold cache (the search's memo is cleared before every run). The load of
the machine is printed beside the figures: on a shared machine the wall times include waiting
for a core, so the CPU time of each `remi advise` process (user + system) is given as well,
and that of `remi --help` (the start-up every command pays).

``--baseline REV`` times the ``advise`` call on the 2-step positions (``TWO_STEPS``: the
issue's Simple hand and two Closed racks with many 2-step throws) side by side with a git
revision checked out in a temporary worktree (``startup_bench.baseline_checkout``): CPU
time of the call in a process of each side, cold caches, the sides taking turns for
``--rounds`` rounds so that both meet the same load; the median over every run, and the
ratio now / baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.startup_bench import baseline_checkout, compile_checkout, time_process  # noqa: E402

SIMPLE_HAND = "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad Kd"
RACK = "k2 k5 k9 b3 b4 b11 r7 r7 r8 y1 y6 y12 * k13"
ARGS = ["--drawn", "b13", "--atu", "b8", "--seats", "Ana,Dan,Ion,Eva", "--me", "Ana",
        "--row", "Ana=k4 b5 y9", "--row", "Dan=r6 r9", "--row", "Ion=k11 y2 b7", "--row", "Eva=r1 k8"]


#: variant, rack just after the draw: positions whose chance follows many 2-step throws
TWO_STEPS = (("simple", SIMPLE_HAND), ("closed", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1 k13"),
             ("closed", "b4 b5 b6 r2 r3 r5 r4 y4 k3 k4 k5 k6 r7 y11 r1"))
#: run by each side's python: CPU ms of each cold ``advise`` call, one JSON list per position
TIMER = """
import json, sys, time
from remi.tutor import steps
from remi.tutor.advice import advise
try:
    from remi.tutor import pairs
except ImportError:  # before the completing pairs' search
    pairs = None
out = []
for variant, rack in json.loads(sys.argv[1]):
    xs = []
    for _ in range(int(sys.argv[2])):
        steps.clear_memo()
        if pairs is not None:
            pairs.clear_memo()
        t0 = time.process_time()
        advise(rack, variant=variant)
        xs.append(1000 * (time.process_time() - t0))
    out.append(xs)
print(json.dumps(out))
"""


def side_by_side(rev: str, runs: int, rounds: int) -> dict[str, object]:
    """The ``advise`` call on ``TWO_STEPS``, CPU ms, in REV and in this checkout, taking turns."""
    import tempfile

    tmp = Path(tempfile.mkdtemp(prefix="remi-tutor-bench-"))
    try:
        sides = {rev: (baseline_checkout(rev, tmp), tmp / "tree"), "now": (Path(sys.executable), ROOT)}
        times: dict[str, list[list[float]]] = {name: [[] for _ in TWO_STEPS] for name in sides}
        for _ in range(rounds):
            for name, (py, cwd) in sides.items():
                got = subprocess.run([str(py), "-c", TIMER, json.dumps(TWO_STEPS), str(runs)], cwd=cwd, check=True,
                                     capture_output=True, text=True)
                for kept, xs in zip(times[name], json.loads(got.stdout)):
                    kept.extend(xs)
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tmp / "tree")],
                       check=False, capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    rows = []
    for n, (variant, rack) in enumerate(TWO_STEPS):
        base, now = statistics.median(times[rev][n]), statistics.median(times["now"][n])
        rows.append({"position": f"{variant}: {rack}", f"{rev}_cpu_ms": round(base, 1), "now_cpu_ms": round(now, 1),
                     "ratio": round(now / base, 2)})
    return {"advise_call_side_by_side": rows, "runs": runs * rounds, "load_average": os.getloadavg(),
            "cpus": os.cpu_count()}


def _ms(xs: list[float]) -> dict[str, float]:
    return {"median_ms": round(1000 * statistics.median(xs), 1), "min_ms": round(1000 * min(xs), 1),
            "max_ms": round(1000 * max(xs), 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--baseline", help="a git revision to time the 2-step positions against (e.g. main)")
    ap.add_argument("--rounds", type=int, default=3, help="with --baseline: turns each side takes")
    a = ap.parse_args()
    if a.baseline:
        print(json.dumps(side_by_side(a.baseline, a.runs, a.rounds), indent=2))
        return 0

    from remi.engine import parse_tiles
    from remi.engine.counts import counts
    from remi.tutor import pairs as P
    from remi.tutor import steps as S
    from remi.tutor.advice import advise

    rows = {"Ana": "k4 b5 y9", "Dan": "r6 r9", "Ion": "k11 y2 b7", "Eva": "r1 k8"}
    kw = dict(variant="closed", atu="b8", rows=rows, seats=["Ana", "Dan", "Ion", "Eva"], me="Ana", drawn="b13")

    search, call, simple = [], [], []
    rack15 = list(parse_tiles(RACK + " b13"))
    for _ in range(a.runs):
        S.clear_memo()
        P.clear_memo()
        t0 = time.perf_counter()
        cnt, j = counts(rack15)
        S.throws_counts(cnt, j, 14)
        for t in set(rack15):  # steps and outs of every throw, as the advice needs them
            rest = list(rack15)
            rest.remove(t)
            S.analyse_counts(*counts(rest), 14)
        search.append(time.perf_counter() - t0)
        S.clear_memo()
        P.clear_memo()
        t0 = time.perf_counter()
        advise(RACK, **kw)
        call.append(time.perf_counter() - t0)
        S.clear_memo()
        P.clear_memo()
        t0 = time.perf_counter()
        advise(SIMPLE_HAND, variant="simple")
        simple.append(time.perf_counter() - t0)

    compile_checkout()  # a user's remi runs from cached bytecode: no timed run compiles
    cli, cli_cpu = time_process([sys.executable, "-m", "remi", "advise", RACK, *ARGS, "--json"], a.runs, ROOT)
    _, help_cpu = time_process([sys.executable, "-m", "remi", "--help"], a.runs, ROOT)

    report = {
        "position": f"remi advise \"{RACK}\" {' '.join(ARGS)}",
        "runs": a.runs,
        "remi_advise_wall": _ms(cli),
        "remi_advise_cpu": _ms(cli_cpu),
        "remi_help_cpu": _ms(help_cpu),
        "advise_call": _ms(call),
        "advise_call_simple_2_steps": _ms(simple),
        "steps_and_outs_search": _ms(search),
        "load_average": os.getloadavg(),
        "cpus": os.cpu_count(),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
