"""`remi serve` costs the other commands nothing: none of them imports the server's libraries."""

from __future__ import annotations

import subprocess
import sys

from tests.web.conftest import ROOT

SERVER_ONLY = ("starlette", "uvicorn", "jinja2", "multipart", "python_multipart", "segno", "remi.web.app")


def test_remi_check_imports_nothing_of_the_server() -> None:
    code = ("import sys, runpy; sys.argv = ['remi', 'check', 'r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2']\n"
            "try:\n    runpy.run_module('remi', run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in %r or m in %r))" % (SERVER_ONLY, SERVER_ONLY))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert "Board 100 points." in out
    assert out.strip().splitlines()[-1] == "[]"
