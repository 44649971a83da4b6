"""Debian packages the tests need, installed on demand (root, apt-get), one installer at a time.

``ensure(packages, present)`` returns at once when ``present()`` says they are there; else it
takes a file lock (pytest-xdist workers never run apt twice at once), installs them and checks
again, or raises ``Unavailable`` with the reason, which the fixtures turn into a loud skip.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
from collections.abc import Callable, Sequence
from pathlib import Path

LOCK = Path(os.environ.get("TMPDIR", "/tmp")) / "remi-test-apt.lock"


class Unavailable(RuntimeError):
    """The packages cannot be installed here."""


def ensure(packages: Sequence[str], present: Callable[[], bool], timeout: float = 1200) -> None:
    if present():
        return
    with LOCK.open("w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        if present():
            return
        if os.geteuid() != 0 or not shutil.which("apt-get"):
            raise Unavailable(f"{' '.join(packages)}: not installed, and this is not a root Debian machine to install them")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        for cmd in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", *packages]):
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, check=False)
            if r.returncode != 0:
                raise Unavailable(f"{' '.join(cmd)} failed: {(r.stderr or r.stdout).strip().splitlines()[-1:]}")
        if not present():
            raise Unavailable(f"{' '.join(packages)} installed, but what the tests need is still missing")
