"""Closing-solver speed: racks per second for "can close" and "best close", beside the oracle.

A fixed, seeded set of 10,000 racks (half built to close, half random) goes through the
solver; the brute-force oracle of the tests runs on a slice of the same racks for the ratio.
Also prints the wall time of ``remi check`` as a subprocess (start-up included).

    python bench/solver_bench.py [--racks 10000] [--oracle 500] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.startup_bench import compile_checkout, user_env  # noqa: E402

from remi.engine import ALL_KINDS, CLOSED, Tile, can_close, check_close  # noqa: E402
from tests.engine import oracle  # noqa: E402
from tests.engine.strategies import build_closing  # noqa: E402


def racks(n: int, seed: int) -> list[list[Tile]]:
    rnd = random.Random(seed)
    deck = [t for t in ALL_KINDS if not t.is_joker] * 2 + [ALL_KINDS[52]] * 2
    out = []
    while len(out) < n:
        if len(out) % 2 == 0:
            rack = build_closing(rnd, CLOSED)
            if rack is None:
                continue
        else:
            rack = rnd.sample(deck, 15)
        out.append(rack)
    return out


def rate(fn, items) -> tuple[float, float]:  # noqa: ANN001
    """Racks per second of this process's CPU time (the machines are shared: wall time is
    printed beside it in main), and the share of racks for which fn was true."""
    start = time.process_time()
    hits = sum(1 for r in items if fn(r))
    return len(items) / (time.process_time() - start), hits / len(items)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--racks", type=int, default=10_000)
    ap.add_argument("--oracle", type=int, default=500)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--check-runs", type=int, default=15)
    args = ap.parse_args()

    sample = racks(args.racks, args.seed)
    load = open("/proc/loadavg").read().split()[0] if Path("/proc/loadavg").exists() else "?"
    wall = time.perf_counter()
    print(f"{len(sample)} racks (seed {args.seed}), {Counter(len(r) for r in sample)[15]} of 15 tiles, one core")
    can_rate, share = rate(lambda r: can_close(r, CLOSED), sample)
    best_rate, _ = rate(lambda r: check_close(r, CLOSED).best is not None, sample)
    sub = sample[: args.oracle]
    o_rate, o_share = rate(lambda r: bool(oracle.closes(r, CLOSED)), sub)
    s_sub, _ = rate(lambda r: can_close(r, CLOSED), sub)
    print(f"{'':18}{'solver':>12}{'oracle':>12}{'ratio':>9}")
    print(f"{'can close':18}{can_rate:>10,.0f}/s{o_rate:>10,.0f}/s{s_sub / o_rate:>8.0f}x   (closing share {share:.0%})")
    print(f"{'best close':18}{best_rate:>10,.0f}/s{o_rate:>10,.0f}/s{best_rate / o_rate:>8.0f}x   (oracle: every close, every throw)")
    print("targets: can close >= 10,000/s, best close >= 2,000/s (rates per CPU-second of one core;")
    print(f"  whole run {time.perf_counter() - wall:.1f} s wall, load average {load} at the start)")

    exe = ROOT / ".venv" / "bin" / "remi"
    if exe.exists():
        rack = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
        compile_checkout()  # a user's remi runs from cached bytecode: no timed run compiles
        times = []
        for _ in range(args.check_runs):
            t0 = time.perf_counter()
            subprocess.run([str(exe), "check", rack, "--json"], check=True, capture_output=True, env=user_env())
            times.append(time.perf_counter() - t0)
        print(f"remi check wall time: median {statistics.median(times) * 1000:.0f} ms, "
              f"min {min(times) * 1000:.0f} ms over {len(times)} runs (target < 300 ms)")


if __name__ == "__main__":
    main()
