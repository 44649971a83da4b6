"""Latency of the tutor's advice: `remi advise` end to end, and the steps/outs search alone.

    .venv/bin/python bench/tutor_bench.py [--runs 15]

The position: a 15-tile rack (after the draw) with 4 rows, Closed Rummy; and, in process,
the Simple hand of issue 39 (14 cards, six 1-step and eight 2-step throws: the chance of each
2-step throw follows every out to the rack holding it, tutor/chance.py). Each in-process
figure starts from a cold cache (the search's memo is cleared before every run). The load of
the machine is printed beside the figures: on a shared machine the wall times include waiting
for a core, so the CPU time of each `remi advise` process (user + system) is given as well,
and that of `remi --help` (the start-up every command pays).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.startup_bench import compile_checkout, time_process  # noqa: E402

SIMPLE_HAND = "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad Kd"
RACK = "k2 k5 k9 b3 b4 b11 r7 r7 r8 y1 y6 y12 * k13"
ARGS = ["--drawn", "b13", "--atu", "b8", "--seats", "Ana,Dan,Ion,Eva", "--me", "Ana",
        "--row", "Ana=k4 b5 y9", "--row", "Dan=r6 r9", "--row", "Ion=k11 y2 b7", "--row", "Eva=r1 k8"]


def _ms(xs: list[float]) -> dict[str, float]:
    return {"median_ms": round(1000 * statistics.median(xs), 1), "min_ms": round(1000 * min(xs), 1),
            "max_ms": round(1000 * max(xs), 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    a = ap.parse_args()

    from remi.engine import parse_tiles
    from remi.engine.counts import counts
    from remi.tutor import steps as S
    from remi.tutor.advice import advise

    rows = {"Ana": "k4 b5 y9", "Dan": "r6 r9", "Ion": "k11 y2 b7", "Eva": "r1 k8"}
    kw = dict(variant="closed", atu="b8", rows=rows, seats=["Ana", "Dan", "Ion", "Eva"], me="Ana", drawn="b13")

    search, call, simple = [], [], []
    rack15 = list(parse_tiles(RACK + " b13"))
    for _ in range(a.runs):
        S.clear_memo()
        t0 = time.perf_counter()
        cnt, j = counts(rack15)
        S.throws_counts(cnt, j, 14)
        for t in set(rack15):  # steps and outs of every throw, as the advice needs them
            rest = list(rack15)
            rest.remove(t)
            S.analyse_counts(*counts(rest), 14)
        search.append(time.perf_counter() - t0)
        S.clear_memo()
        t0 = time.perf_counter()
        advise(RACK, **kw)
        call.append(time.perf_counter() - t0)
        S.clear_memo()
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
