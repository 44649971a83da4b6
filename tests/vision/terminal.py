"""Run the real CLI at a real terminal (a pty), as a newcomer types it, answering its prompts."""

from __future__ import annotations

import os
import select
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def at_terminal(args: list[str], answers: list[str], *, cwd: Path = ROOT, env: dict[str, str] | None = None,
                columns: int = 100, timeout: float = 120) -> str:
    """``remi ARGS`` in a pty: each answer is typed (then Enter) when the screen ends with a
    prompt (``:`` or ``]:``). Returns what the screen showed, lines joined by ``\\n``."""
    import fcntl
    import pty
    import struct
    import termios

    full_env = {**os.environ, "COLUMNS": str(columns), "LINES": "50", "NO_COLOR": "1", "TERM": "dumb", **(env or {})}
    pid, fd = pty.fork()
    if pid == 0:  # the child: the real CLI, as `remi` is installed
        os.chdir(cwd)
        os.execve(sys.executable, [sys.executable, "-m", "remi", *args], full_env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    screen, pending, deadline = b"", list(answers), time.time() + timeout
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            screen += chunk
        tail = screen.rstrip()
        if pending and (tail.endswith(b":") or tail.endswith(b"]:")) and not ready:
            os.write(fd, (pending.pop(0) + "\r").encode())
    os.waitpid(pid, 0)
    return screen.decode(errors="replace").replace("\r\n", "\n").replace("\r", "")
