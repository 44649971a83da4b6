"""A real PostgreSQL server for the tests: installed (Debian package) and started on demand.

``ensure_server()`` is idempotent and quick when the server already runs; it holds a file
lock so that several pytest-xdist workers never install or start it twice. It returns an
admin URL (a test role with CREATEDB on 127.0.0.1), or raises ``Unavailable`` with the
reason, which the fixtures turn into a loud skip.

Run it alone to set the server up: ``python -m tests.scoresheet.pg_server``.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import time
from contextlib import contextmanager
from collections.abc import Iterator
from pathlib import Path

ROLE = "remi_test"
PASSWORD = "remi_test"
LOCK = Path(os.environ.get("TMPDIR", "/tmp")) / "remi-test-postgres.lock"


class Unavailable(RuntimeError):
    """PostgreSQL cannot be installed or started here."""


@contextmanager
def _locked() -> Iterator[None]:
    with LOCK.open("w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _run(cmd: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)


def _install() -> None:
    if shutil.which("pg_ctlcluster") and shutil.which("pg_lsclusters"):
        return
    if os.geteuid() != 0 or not shutil.which("apt-get"):
        raise Unavailable("PostgreSQL is not installed and this is not a root Debian/Ubuntu machine to install it")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-q"], ["apt-get", "install", "-y", "-q", "postgresql"]):
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env, check=False)
        if r.returncode != 0:
            raise Unavailable(f"{' '.join(cmd)} failed: {(r.stderr or r.stdout).strip().splitlines()[-1:]}")
    if not shutil.which("pg_ctlcluster"):
        raise Unavailable("postgresql installed but pg_ctlcluster is missing")


def _cluster() -> tuple[str, str, int, str]:
    r = _run(["pg_lsclusters", "--no-header"])
    rows = [line.split() for line in r.stdout.splitlines() if line.strip()]
    if not rows:
        versions = sorted(os.listdir("/usr/lib/postgresql"), key=lambda v: int(v) if v.isdigit() else 0)
        if not versions:
            raise Unavailable("no PostgreSQL version under /usr/lib/postgresql")
        c = _run(["pg_createcluster", versions[-1], "main"])
        if c.returncode != 0:
            raise Unavailable(f"pg_createcluster failed: {c.stderr.strip()}")
        return _cluster()
    version, name, port, status = rows[0][:4]
    return version, name, int(port), status


def _psql(sql: str, port: int) -> subprocess.CompletedProcess[str]:
    cmd = ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-p", str(port), "-d", "postgres", "-c", sql]
    if os.geteuid() == 0:
        cmd = ["su", "postgres", "-c", " ".join(_quote(a) for a in cmd)]
    return _run(cmd, timeout=60)


def _quote(arg: str) -> str:
    return "'" + arg.replace("'", "'\"'\"'") + "'"


def ensure_server() -> str:
    """Install and start PostgreSQL if needed; the admin URL of the test role."""
    if os.environ.get("REMI_TEST_PG_URL"):
        return os.environ["REMI_TEST_PG_URL"]
    with _locked():
        _install()
        version, name, port, status = _cluster()
        if status != "online":
            r = _run(["pg_ctlcluster", version, name, "start"], timeout=120)
            if r.returncode != 0:
                raise Unavailable(f"pg_ctlcluster {version} {name} start failed: {(r.stderr or r.stdout).strip()}")
        for _ in range(60):
            if _run(["pg_isready", "-h", "127.0.0.1", "-p", str(port)]).returncode == 0:
                break
            time.sleep(0.5)
        else:
            raise Unavailable(f"PostgreSQL {version} on port {port} did not become ready")
        r = _psql(
            "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '%s') THEN "
            "CREATE ROLE %s LOGIN CREATEDB PASSWORD '%s'; END IF; END $$; "
            # DROP DATABASE ... WITH (FORCE) also ends an autovacuum worker busy in the test's
            # database, which only a member of pg_signal_backend may do (CI failed on it once).
            "GRANT pg_signal_backend TO %s;" % (ROLE, ROLE, PASSWORD, ROLE),
            port,
        )
        if r.returncode != 0:
            raise Unavailable(f"cannot create the test role: {r.stderr.strip()}")
        return f"postgresql://{ROLE}:{PASSWORD}@127.0.0.1:{port}/postgres"


if __name__ == "__main__":
    print(ensure_server())
