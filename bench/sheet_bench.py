"""Score-sheet speed: ``remi sheet`` on a game of 500 hands, and ``remi hand``, wall time.

Builds a 500-hand Closed Rummy game (half the boards as tiles, which the engine re-solves on
every read) in a temporary SQLite file through the store, then times the real CLI as
subprocesses (median of several runs), beside the cost of importing SQLModel alone.

    .venv/bin/python bench/sheet_bench.py [--hands 500] [--runs 5]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.startup_bench import compile_checkout, user_env  # noqa: E402

BOARDS = [
    "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2",
    "r7 * r9 b11 y11 k11 y2 y3 y4 y5 k6 r6 b6 y6 b13",
    "k10 k11 k12 k13 r8 y8 b8 y1 y2 y3 r4 r5 r6 r7 y13",
]
RACK = "r2 r3 y5 y6 b4 k7 k8 r9 y2 b3 k6 r7 y8 b6"


def remi_cmd() -> list[str]:
    if (ROOT / "remi" / "cli.py").exists() and (ROOT / "remi" / "__main__.py").exists():
        return [sys.executable, "-m", "remi"]
    return [sys.executable, str(ROOT / "tests" / "scoresheet" / "remi_harness.py")]


def build(db: Path, hands: int) -> None:
    from remi.scoresheet.entry import HandInput, RackInput
    from remi.scoresheet.store import Store

    store = Store.open(str(db))
    game = store.new_game("bench", "closed", ["Ana", "Dan", "Ion"])
    from remi.scoresheet.models import Action
    from remi.scoresheet.store import _now, _row

    with store._session(write=True) as s:  # bulk insert: one transaction for the set-up only
        for i in range(1, hands + 1):
            closer = ("Ana", "Dan", "Ion")[i % 3]
            others = [p for p in ("Ana", "Dan", "Ion") if p != closer]
            if i % 2:
                hand = HandInput.parse(closer=closer, atu="k5", board=BOARDS[i % 3], racks={others[0]: RACK,
                                                                                             others[1]: "3H"})
            else:
                hand = HandInput.parse(closer=closer, atu="y1", board_points=120, twin=others[0],
                                       racks={others[0]: RackInput(points=95), others[1]: RackInput(points=80)})
            s.add(Action(game_id=game.id, seq=i, kind="hand", created_at=_now(), **_row(hand)))
        s.commit()


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(argv: list[str], runs: int) -> tuple[float, float]:
    """Median wall time and median CPU time (user + system) of a command."""
    times, cpus = [], []
    for _ in range(runs):
        c, t = _cpu(), time.perf_counter()
        p = subprocess.run(argv, capture_output=True, text=True, check=False, env=user_env())
        times.append(time.perf_counter() - t)
        cpus.append(_cpu() - c)
        if p.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} failed: {p.stderr}")
    return statistics.median(times), statistics.median(cpus)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.db"
        build(db, args.hands)
        remi = remi_cmd()
        compile_checkout()  # a user's remi runs from cached bytecode: no timed run compiles
        sqlmodel = timed([sys.executable, "-c", "import sqlmodel"], args.runs)
        bare = timed([sys.executable, "-c", "pass"], args.runs)
        sheet = timed([*remi, "sheet", "--db", str(db)], args.runs)
        sheet_json = timed([*remi, "sheet", "--json", "--db", str(db)], args.runs)
        # Each timed hand is recorded, then undone, so the game stays at N hands.
        hand_times, hand_cpus = [], []
        for _ in range(args.runs):
            c, t = _cpu(), time.perf_counter()
            subprocess.run([*remi, "hand", "--db", str(db), "--atu", "k5", "--closer", "Ana", "--board", BOARDS[0],
                            "--rack", f"Dan={RACK}", "--points", "Ion=11L3H"], capture_output=True, check=True, env=user_env())
            hand_times.append(time.perf_counter() - t)
            hand_cpus.append(_cpu() - c)
            subprocess.run([*remi, "undo", "--db", str(db)], capture_output=True, check=True, env=user_env())
        hand = statistics.median(hand_times), statistics.median(hand_cpus)
    load = os.getloadavg()[0]
    print(f"{'':36} wall     cpu   (load {load:.1f} on {os.cpu_count()} cores)")
    for label, (wall, cpu) in (("python start-up alone", bare), ("import sqlmodel alone", sqlmodel),
                               (f"remi sheet ({args.hands} hands)", sheet), (f"remi sheet --json ({args.hands} hands)", sheet_json),
                               (f"remi hand (into {args.hands} hands)", hand)):
        print(f"{label + ':':36} {wall:.2f} s  {cpu:.2f} s")
    print(f"(median of {args.runs} runs each; the CLI is {' '.join(remi[1:])})")

if __name__ == "__main__":
    main()
