"""A small file read whole, safely: a regular file, at most a given number of bytes.

A path given by a user can name a device (``/dev/zero`` is read forever) or a FIFO (opening
it waits for a writer that never comes): ``read_small`` refuses anything but a regular file
and reads one byte past its cap, never more.

>>> read_small("/dev/zero", 10, "rules")
Traceback (most recent call last):
...
remi.engine.errors.RemiError: rules file /dev/zero is not a regular file
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from remi.engine.errors import RemiError


def read_small(path: str | Path, most: int, what: str, error: type[RemiError] = RemiError) -> str:
    """The text (UTF-8) of the regular file at ``path`` of at most ``most`` bytes; ``error``
    otherwise, its code ``file.WHAT_...`` (``what``: ``rules`` or ``export``, the file's kind)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise error(f"file.{what}_not_regular", path=str(path))
        with open(path, "rb") as f:
            data = f.read(most + 1)
    except OSError as exc:
        raise error(f"file.{what}_unreadable", path=str(path), reason=exc.strerror) from None
    if len(data) > most:
        size = f"{most // 1024:,} KB" if most < 1024 * 1024 else f"{most // (1024 * 1024):,} MB"
        raise error(f"file.{what}_too_large", path=str(path), size=size)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"file.{what}_not_text", path=str(path)) from None
