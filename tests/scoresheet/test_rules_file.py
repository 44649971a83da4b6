"""Issue 39.10: ``remi new --rules`` reads a small regular file only, and never echoes a bad
value whole. Each refusal is one line, and no database is made."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def remi(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "remi", *args, "--db", str(db)], capture_output=True, text=True,
                          timeout=60, stdin=subprocess.DEVNULL)


def refused(tmp_path: Path, rules: Path | str) -> str:
    db = tmp_path / "sheet.db"
    out = remi(db, "new", "--players", "Ana,Dan", "--rules", str(rules))
    assert out.returncode == 2, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and len(out.stderr) < 200, out.stderr[:300]
    assert not db.exists()
    return out.stderr.strip()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_refused_not_read(tmp_path: Path) -> None:
    assert refused(tmp_path, "/dev/zero") == "remi: rules file /dev/zero is not a regular file"


def test_a_fifo_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "rules.toml"
    os.mkfifo(fifo)
    assert refused(tmp_path, fifo) == f"remi: rules file {fifo} is not a regular file"


def test_a_file_past_the_page_cap_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "rules.toml"
    big.write_text("# house rules\n" * 2000)  # 28 KB of comments: past the 16 KB the page takes too
    assert refused(tmp_path, big) == f"remi: rules file {big} is too large (at most 16 KB)"


def test_a_long_bad_value_is_cut_short(tmp_path: Path) -> None:
    bad = tmp_path / "rules.toml"
    bad.write_text(f'positional_ace = "{"x" * 12000}"\n')
    line = refused(tmp_path, bad)
    assert line.startswith("remi: rule option positional_ace must be bool, not 'xxxx")
    assert line.endswith("... (12,002 characters)")
