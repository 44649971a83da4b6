"""Fixtures for the score-sheet tests: the real CLI as a subprocess, a SQLite file, and a
real PostgreSQL server (installed and started by ``pg_server``; skipped loudly if impossible).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def remi_command() -> list[str]:
    """The real CLI, as a user runs it."""
    return [sys.executable, "-m", "remi"]


@dataclass
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


class Remi:
    """Runs ``remi ARGS --db URL`` in a subprocess, with a private HOME."""

    def __init__(self, db: str, home: Path) -> None:
        self.db = db
        self.env = {k: v for k, v in os.environ.items() if k != "REMI_DB"}
        self.env.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_STATE_HOME=str(home / "state"),
                        PYTHONPATH=str(ROOT), COLUMNS="120", NO_COLOR="1")
        self.cmd = remi_command()

    def __call__(self, *args: str, input: str | None = None, db: bool = True, timeout: float = 300) -> Result:
        argv = [*self.cmd, *args, *(["--db", self.db] if db else [])]
        p = subprocess.run(argv, capture_output=True, text=True, env=self.env, cwd=ROOT, input=input, timeout=timeout,
                           check=False)
        return Result(p.returncode, p.stdout, p.stderr)

    def ok(self, *args: str, input: str | None = None) -> Any:
        """Run with --json; the parsed output (fails the test on a non-zero exit)."""
        r = self(*args, "--json", input=input)
        assert r.code == 0, f"remi {' '.join(args)} failed ({r.code}): {r.err}"
        return r.json()

    def popen(self, *args: str) -> subprocess.Popen[str]:
        return subprocess.Popen([*self.cmd, *args, "--db", self.db], env=self.env, cwd=ROOT, text=True,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)


# -- PostgreSQL ----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def pg_admin() -> str:
    from tests.scoresheet.pg_server import Unavailable, ensure_server

    try:
        return ensure_server()
    except (Unavailable, OSError, subprocess.SubprocessError) as exc:
        reason = f"POSTGRESQL TESTS SKIPPED: the server could not be installed or started: {exc}"
        print(f"\n*** {reason} ***", file=sys.stderr)
        pytest.skip(reason)


def _admin(pg_admin: str) -> Any:
    import psycopg

    return psycopg.connect(pg_admin, autocommit=True)


@pytest.fixture
def pg_url(pg_admin: str) -> Iterator[str]:
    """A fresh database for one test (so xdist workers never share one)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    name = f"remi_t_{worker}_{uuid.uuid4().hex[:10]}"
    with _admin(pg_admin) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield pg_admin.rsplit("/", 1)[0] + "/" + name
    with _admin(pg_admin) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return str(tmp_path / "sheet.db")


@pytest.fixture(params=["sqlite", "postgres"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return str(tmp_path / "sheet.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def remi(sqlite_url: str, tmp_path: Path) -> Remi:
    return Remi(sqlite_url, tmp_path)


@pytest.fixture
def remi_any(db_url: str, tmp_path: Path) -> Remi:
    """The CLI on SQLite and on PostgreSQL."""
    return Remi(db_url, tmp_path)


def snapshot(db: str) -> Any:
    """What 'unchanged' means: the file's bytes (SQLite), or every row (PostgreSQL)."""
    if "://" not in db:
        return Path(db).read_bytes() if Path(db).exists() else None
    import psycopg

    with psycopg.connect(db) as conn:
        tables = [r[0] for r in conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")]
        return {t: conn.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall() for t in tables}


def scores(line: Sequence[str]) -> dict[str, int]:
    return {k: int(v) for k, v in (item.split("=", 1) for item in line)}
