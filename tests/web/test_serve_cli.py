"""`remi serve` itself: its JSON line, and a taken port or a wrong address as one line, exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.web.conftest import ROOT, Server


def serve(home: Path, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {**{k: v for k, v in os.environ.items() if k != "REMI_DB"}, "HOME": str(home),
           "XDG_DATA_HOME": str(home / "data")}
    return subprocess.run([sys.executable, "-m", "remi", "serve", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=timeout, check=False)


def test_a_taken_port_and_a_foreign_address_are_one_line(server: Server, home: Path, db: str) -> None:
    port = server.base.rsplit(":", 1)[1]
    r = serve(home, "--db", db, "--port", port)
    assert r.returncode == 2 and r.stderr.strip() == f"remi: port {port} is in use (another server?): choose another with --port"
    r = serve(home, "--db", db, "--host", "192.0.2.1", "--port", "0")  # TEST-NET-1: no computer has it
    assert r.returncode == 2 and "this computer has no address 192.0.2.1" in r.stderr
    assert "Traceback" not in r.stderr


def test_json_gives_the_address_and_the_key(home: Path, db: str) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "remi", "serve", "--db", db, "--port", "0", "--key", "--json"],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT,
                            env={**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data")})
    try:
        assert proc.stdout is not None
        data = json.loads(proc.stdout.readline())
        assert data["db"] == db and len(data["key"]) >= 16
        assert data["urls"] == [f"http://127.0.0.1:{data['port']}/?key={data['key']}"]
    finally:
        proc.terminate()
        proc.wait(timeout=15)
        if proc.stdout is not None:
            proc.stdout.close()
