"""``make demo`` installs quietly: the Makefile's own install line, run as make runs it, prints
none of setuptools' "be careful with folders ..." banner (remi/ is that folder, on purpose)."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_core_install_prints_no_setuptools_banner(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    # the recipe make would run for a fresh .venv's core install, taken from the Makefile itself
    plan = subprocess.run(["make", "-n", "-s", f"VENV={venv}", f"{venv}/.core-installed"], cwd=ROOT,
                          capture_output=True, text=True, check=True, timeout=60).stdout
    install = next(line for line in plan.splitlines() if "pip install" in line)
    # --no-deps: the banner comes from building remi itself; its dependencies are another matter
    p = subprocess.run(f"{install} --no-deps", shell=True, cwd=ROOT, capture_output=True, text=True, timeout=600,
                       check=False)
    said = p.stdout + p.stderr
    assert p.returncode == 0, said
    assert "be careful" not in said and "Editable installation" not in said, said
    assert shlex.split(install)[0].startswith("PYTHONWARNINGS=")
