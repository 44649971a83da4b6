"""Fixtures for the web tests: ``remi serve`` as a real process on 127.0.0.1 (a free port),
the real CLI beside it on the same SQLite file, and an httpx client that holds the cookies a
phone's browser would (the table key's and the CSRF token's).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.scoresheet.conftest import Remi

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(r"^Open (http://\S+)$", re.MULTILINE)


@dataclass
class Server:
    """A running ``remi serve``: its URL (with the key when it has one) and its output."""

    proc: subprocess.Popen[str]
    url: str
    db: str
    lines: list[str] = field(default_factory=list)
    reader: Any = None
    clients: list[httpx.Client] = field(default_factory=list)

    @property
    def base(self) -> str:
        return self.url.split("/?")[0].rstrip("/")

    @property
    def key(self) -> str | None:
        return self.url.split("key=", 1)[1] if "key=" in self.url else None

    def client(self, **kw: Any) -> httpx.Client:
        c = httpx.Client(base_url=self.base, timeout=60, **kw)
        self.clients.append(c)  # closed when the server stops
        return c

    def phone(self) -> httpx.Client:
        """A client that has opened the page once: it holds the CSRF cookie (and the key's)."""
        c = self.client()
        r = c.get("/" + (f"?key={self.key}" if self.key else ""), follow_redirects=True)
        assert r.status_code == 200, r.text
        return c

    def output(self) -> str:
        return "".join(self.lines)


def start_server(db: str, home: Path, *extra: str, files: int | None = None) -> Server:
    """``remi serve`` on a free port; ``files``: its file limit (``ulimit -n``, soft and hard)."""
    env = {k: v for k, v in os.environ.items() if k != "REMI_DB"}
    env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")

    def limit_files() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
    proc = subprocess.Popen([sys.executable, "-m", "remi", "serve", "--db", db, "--port", "0", *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT,
                            preexec_fn=limit_files if files else None)
    lines: list[str] = []
    deadline = time.monotonic() + 300
    assert proc.stdout is not None
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        if line.startswith("Ctrl+C"):
            break
    found = URL.search("".join(lines))
    if not found:
        proc.kill()
        raise AssertionError("remi serve did not start:\n" + "".join(lines) + (proc.stdout.read() or ""))
    server = Server(proc, found.group(1), db, lines)
    import threading

    def drain() -> None:  # keep reading, so a chatty server never blocks on a full pipe
        for line in proc.stdout:  # type: ignore[union-attr]
            lines.append(line)
    server.reader = threading.Thread(target=drain, daemon=True)
    server.reader.start()
    return server


def stop(server: Server) -> None:
    for c in server.clients:
        c.close()
    server.proc.terminate()
    try:
        server.proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        server.proc.wait(timeout=15)
    if server.reader is not None:
        server.reader.join(timeout=15)
    if server.proc.stdout is not None:
        server.proc.stdout.close()


@pytest.fixture
def home(tmp_path: Path) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    return h


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "sheet.db")


class PatientRemi(Remi):
    """The real CLI, given 5 minutes a command: on a machine shared with model training a
    one-second ``remi games`` was seen taking over 60 s of wall time (load average 20)."""

    def __call__(self, *args: str, input: str | None = None, db: bool = True, timeout: float = 300) -> Any:
        return super().__call__(*args, input=input, db=db, timeout=timeout)


@pytest.fixture
def remi(db: str, home: Path) -> Remi:
    """The real CLI on the server's database."""
    return PatientRemi(db, home)


@pytest.fixture
def server(db: str, home: Path, remi: Remi) -> Iterator[Server]:
    remi.ok("games")  # creates the database first, as a table would with `remi new`
    s = start_server(db, home)
    yield s
    stop(s)


@pytest.fixture
def keyed(db: str, home: Path, remi: Remi) -> Iterator[Server]:
    remi.ok("games")
    s = start_server(db, home, "--key")
    yield s
    stop(s)


def csrf(client: httpx.Client) -> str:
    return client.cookies["remi_csrf"]


def errors_on(page: str) -> list[str]:
    """The error lines a page shows."""
    return [m.strip() for m in re.findall(r'class="error"[^>]*>(.*?)</p>', page, re.S)]
