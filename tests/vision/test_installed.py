"""Issue 40: the models are package data. A fresh venv with `pip install .` (non-editable, from
a copy of the checkout, built to a wheel; the main venv's packages reused through a .pth, so nothing is
downloaded) reads a sample photo with `remi scan` from another folder; a models folder
without models says what to do in one line, naming no path of the installed package."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "photos" / "rack-close.jpg"
IGNORE = shutil.ignore_patterns(".venv", ".git", "out", "build", "*.egg-info", "__pycache__", "candidates", "research",
                                "tests", "bench", "docs")


@pytest.mark.slow
def test_an_installed_remi_reads_a_photo_from_any_folder(tmp_path):
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=IGNORE)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    site = next(venv.glob("lib/python*/site-packages"))
    # the running venv's packages (numpy, onnxruntime, pip, setuptools): a folder named by a .pth
    # is only put on the path, its own .pth files are not run, so the checkout's editable remi
    # (a finder that a .pth installs) stays out and the copy installed here is what is read
    deps = [p for p in sys.path if p.endswith("site-packages")]
    assert deps, sys.path
    (site / "zz_deps.pth").write_text("\n".join(deps) + "\n")  # numpy, onnxruntime, pip, setuptools
    env = {k: v for k, v in os.environ.items() if k not in ("REMI_MODELS", "PYTHONPATH", "VIRTUAL_ENV")}
    pip = [str(venv / "bin" / "python"), "-m", "pip"]
    built = subprocess.run([*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index", "-w",
                            str(tmp_path / "wheel"), str(source)], capture_output=True, text=True, env=env,
                           cwd=tmp_path, timeout=600)
    assert built.returncode == 0, built.stderr
    assert "would be ignored" not in built.stderr, built.stderr  # setuptools: every data folder a declared package
    wheel = next((tmp_path / "wheel").glob("remi-*.whl"))
    install = subprocess.run([*pip, "install", "-q", "--no-deps", "--no-index", str(wheel)], capture_output=True,
                             text=True, env=env, cwd=tmp_path, timeout=600)
    assert install.returncode == 0, install.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    remi = venv / "bin" / "remi"
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    proc = subprocess.run([str(remi), "scan", str(SAMPLE), "--json"], capture_output=True, text=True, env=env,
                          cwd=elsewhere, timeout=300)
    assert proc.returncode == 0, proc.stderr
    read = [t["tile"] for t in json.loads(proc.stdout)["tiles"]]
    assert sorted(read) == sorted(SAMPLE.with_suffix(".txt").read_text().split())
    where = subprocess.run([str(venv / "bin" / "python"), "-c", "import remi.vision.reader as r; print(r.MODELS)"],
                           capture_output=True, text=True, env=env, cwd=elsewhere).stdout.strip()
    assert str(site) in where and not (Path(where) / "candidates").exists()  # the losers never ship
    installed = Path(where)
    for lang in ("fr", "ro"):  # the catalogues ship with the code (remi.i18n reads them beside it)
        assert (installed.parent / "locale" / lang / "LC_MESSAGES" / "remi.mo").is_file()
    shutil.move(installed / "vision.json", tmp_path / "vision.json")  # a broken install: one line, what to do
    try:
        gone = subprocess.run([str(remi), "scan", str(SAMPLE)], capture_output=True, text=True, env=env, cwd=elsewhere)
    finally:
        shutil.move(tmp_path / "vision.json", installed / "vision.json")
    assert gone.returncode == 2 and len(gone.stderr.strip().splitlines()) == 1
    assert "reinstall remi" in gone.stderr and "site-packages" not in gone.stderr
