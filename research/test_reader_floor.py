"""research/reader_floor.py: a name with no labelled photos, or a floor it does not know, is
refused in one line, nothing read."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_a_set_without_labelled_photos_is_refused_in_one_line(tmp_path):
    out = tmp_path / "figures.json"
    proc = subprocess.run([sys.executable, str(ROOT / "research" / "reader_floor.py"), "no-such-session",
                           "--floor", "PRINT_FLOOR=0.02", "--json", str(out)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.strip() == ("reader_floor: no labelled photos in 'no-such-session': a labelled folder, "
                                   "or a session (rummy, rummy2, rummy4)")
    assert proc.stdout == "" and not out.exists()


@pytest.mark.parametrize("floor", ["PRINT=0.02", "FAINT_FLOOR=2", "FAINT_FLOOR=none", "FAINT_FLOOR"])
def test_a_floor_it_does_not_know_is_refused_in_one_line(tmp_path, floor):
    out = tmp_path / "figures.json"
    proc = subprocess.run([sys.executable, str(ROOT / "research" / "reader_floor.py"), "rummy4", "--floor", floor,
                           "--json", str(out)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.strip() == (f"reader_floor: --floor {floor!r}: NAME=VALUE, NAME one of PRINT_FLOOR, "
                                   "FAINT_FLOOR, VALUE above 0 and at most 1")
    assert proc.stdout == "" and not out.exists()
