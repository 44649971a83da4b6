"""Start-up of the CLI: `remi --help`, `remi check`, `remi advise` as processes, CPU and wall.

    .venv/bin/python bench/startup_bench.py [--runs 15] [--baseline REV]

Every command pays the CLI's start-up, so this is the figure that says whether a change made
remi slower to answer. The processes run as a user's would: with their bytecode cached (a
user's Python writes ``__pycache__``; a shell with PYTHONDONTWRITEBYTECODE set would make each
run compile ~30 modules again, about 40 ms here, and measure that instead). CPU time (user +
system) is printed beside the wall time: on a shared machine the wall time includes waiting
for a core.

``--baseline REV`` times a git revision side by side, ratios in the last column: it checks REV
out in a temporary worktree and installs it editable in a small venv that shares this venv's
packages (``--no-deps``), so both sides run the same libraries.
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RACK = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
COMMANDS = {
    "remi --help": ["--help"],
    "remi check": ["check", RACK],
    "remi advise": ["advise", "k2 k5 k9 b3 b4 b11 r7 r7 r8 y1 y6 y12 * k13", "--drawn", "b13", "--atu", "b8"],
}
PACKAGES = ("remi", "engine", "scoresheet", "tutor", "vision")


def user_env(**extra: str) -> dict[str, str]:
    """The environment a user's remi runs in: bytecode cached, not compiled at every start."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra)
    return env


def compile_checkout(root: Path = ROOT) -> None:
    """Write the checkout's bytecode once, so that no timed run pays for compiling."""
    for name in PACKAGES:
        if (root / name).is_dir():
            compileall.compile_dir(str(root / name), quiet=1)


def time_process(argv: list[str], runs: int, cwd: Path) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of ``runs`` runs of a process (one warm-up run first)."""
    env = user_env()
    subprocess.run(argv, capture_output=True, cwd=cwd, env=env, check=False)
    wall, cpu = [], []
    for _ in range(runs):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(argv, capture_output=True, cwd=cwd, env=env, check=True)
        wall.append(time.perf_counter() - t0)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime)
    return wall, cpu


def baseline_checkout(rev: str, where: Path) -> Path:
    """REV checked out under ``where`` with a venv sharing this one's packages; its python."""
    tree = where / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(tree), rev], check=True)
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    site = next((venv / "lib").glob("python3*/site-packages"))
    # The baseline's own remi first, then every library of this venv.
    shared = [p for p in sys.path if p.endswith("site-packages")]
    (site / "zz_shared.pth").write_text("".join(p + "\n" for p in shared))
    # A checkout from before the one namespace (engine/ at the top) imports as a plain path.
    mapped = "package-dir" in (tree / "pyproject.toml").read_text()
    mode = [] if mapped else ["--config-settings", "editable_mode=compat"]
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps",
                    "-e", str(tree), *mode], check=True)
    compile_checkout(tree)
    return py


def _ms(xs: list[float]) -> float:
    return 1000 * statistics.median(xs)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--baseline", help="a git revision to time side by side (e.g. 1470dcb)")
    a = ap.parse_args()
    compile_checkout()
    sides = {"now": (Path(sys.executable), ROOT)}
    tmp = Path(tempfile.mkdtemp(prefix="remi-startup-"))
    try:
        if a.baseline:
            sides = {a.baseline: (baseline_checkout(a.baseline, tmp), tmp / "tree"), **sides}
        print(f"median of {a.runs} runs, ms (CPU / wall); load average {os.getloadavg()[0]:.2f}, {os.cpu_count()} CPUs")
        print(f"{'':14}" + "".join(f"{name:>18}" for name in sides) + ("   CPU ratio now/base" if a.baseline else ""))
        for label, args in COMMANDS.items():
            cells, cpus = [], []
            for py, cwd in sides.values():
                wall, cpu = time_process([str(py), "-m", "remi", *args], a.runs, cwd)
                cells.append(f"{_ms(cpu):8.1f} / {_ms(wall):6.1f}")
                cpus.append(_ms(cpu))
            ratio = f"   {cpus[-1] / cpus[0]:.2f}" if a.baseline else ""
            print(f"{label:14}" + "".join(f"{c:>18}" for c in cells) + ratio)
    finally:
        if a.baseline:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tmp / "tree")],
                           check=False, capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
