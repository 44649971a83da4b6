"""research/print_floor.py: a name with no labelled photos is refused in one line, nothing read."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_a_set_without_labelled_photos_is_refused_in_one_line(tmp_path):
    out = tmp_path / "figures.json"
    proc = subprocess.run([sys.executable, str(ROOT / "research" / "print_floor.py"), "no-such-session",
                           "--json", str(out)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.strip() == ("print_floor: no labelled photos in 'no-such-session': a labelled folder, "
                                   "or a session (rummy, rummy2, rummy4)")
    assert proc.stdout == "" and not out.exists()
