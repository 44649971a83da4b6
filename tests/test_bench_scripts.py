"""The benchmarks still run against today's library (a few hands, one repeat). They print
timings that nothing here checks: timings belong to bench/, never to a test on a shared
machine. What this checks is that a change of the library's API did not leave a benchmark
behind (web_bench built hands from text after HandInput had come to hold Tiles)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("script, args", [
    ("web_bench.py", ["--hands", "6", "--repeat", "1"]),
    ("sheet_bench.py", ["--hands", "6", "--runs", "1"]),
])
def test_the_benchmark_runs(script: str, args: list[str]) -> None:
    out = subprocess.run([sys.executable, str(ROOT / "bench" / script), *args], capture_output=True, text=True,
                         timeout=300, cwd=ROOT, stdin=subprocess.DEVNULL)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "ms" in out.stdout or " s " in out.stdout, out.stdout


def test_the_dev_extra_installs_what_the_hostile_probe_needs() -> None:
    """Issue 39.17: bench/hostile_probe.py imports psutil; ``pip install -e '.[dev]'`` brings it."""
    import tomllib

    dev = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["dev"]
    assert any(dep.startswith("psutil") for dep in dev)


def test_the_hostile_probe_leaves_no_temp_folder(tmp_path: Path) -> None:
    """Issue 39.17: the probe's server folder (database, kept photos) goes when the probe ends."""
    import os

    env = {**os.environ, "TMPDIR": str(tmp_path)}
    out = subprocess.run([sys.executable, str(ROOT / "bench" / "hostile_probe.py"), "--budget", "0", "--rounds", "0"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT, stdin=subprocess.DEVNULL, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "requests tried" in out.stdout
    assert list(tmp_path.glob("remi-probe-*")) == []


def test_the_vision_bench_times_a_baseline_beside_this_checkout() -> None:
    """Issue 38.5: ``--baseline REV`` times REV's scan path beside this one, the same photos in
    turns, and says whether every photo read the same on both sides; ``--baseline-models DIR``
    times another models folder's scan beside them (a candidate against the shipped one)."""
    import json

    out = subprocess.run([sys.executable, str(ROOT / "bench" / "vision_bench.py"), "--photos", "samples/photos",
                          "--n", "2", "--baseline", "HEAD", "--baseline-models", "models", "--json"], capture_output=True, text=True, timeout=600,
                         cwd=ROOT, stdin=subprocess.DEVNULL)
    assert out.returncode == 0, out.stderr[-2000:]
    res = json.loads(out.stdout)
    assert res["photos"] == 2 and res["reads_same_as_baseline"] is True
    assert res["onnx_scan_ms"] > 0 and res["baseline_scan_ms"] > 0 and res["ultralytics_pipeline_ms"] > 0
    assert res["other_models_scan_ms"] > 0 and res["scan_over_other_models"] > 0


def test_side_by_side_gives_every_item_to_each_pipeline_in_turn() -> None:
    from bench.vision_bench import side_by_side

    calls: list[str] = []
    medians = side_by_side({"a": lambda x: calls.append(f"a{x}"), "b": lambda x: calls.append(f"b{x}")},
                           [1, 2], rounds=2, warmup=1)
    assert calls == ["a1", "b1"] + ["a1", "b1", "a2", "b2"] * 2
    assert set(medians) == {"a", "b"} and all(ms >= 0 for ms in medians.values())


def test_the_vision_bench_takes_sessions_photos_of_many_tiles() -> None:
    """``--photos rummy,rummy4 --min-tiles 25``: the crowded real photos of both sessions."""
    from bench.vision_bench import _photos
    from remi.vision import realdata

    if not realdata.default_root().is_dir():
        pytest.skip("real photos not found")
    crowded = _photos("rummy,rummy4", 100, 25)
    labelled = {p.path: len(p.tiles) for p in realdata.load(("rummy", "rummy4"))}
    assert crowded and all(labelled[p] >= 25 for p in crowded)
    assert len(crowded) == sum(n >= 25 for n in labelled.values())
