"""A careless or hostile phone against `remi serve` (issue 27's probe, to rerun after a change).

Starts `remi serve --key` on a temporary sheet on 127.0.0.1 (or probes ``--url``, a loopback
server already running; ``--pid`` lets it watch that one's memory) and sends a bounded set of
bad requests: no key, a wrong key, the key in a header; forms without their CSRF token and from
another site; a foreign Host; house rules past their ranges; names with control, bidi and
zero-width characters; malformed ids and numbers (past 2^63, ``²``, paths that are not UTF-8);
open redirects; small files that decode huge, eight at once; a 200 MB body; the heaviest hands
the house rules allow, six at once; 25 connections that stall their heads; then issue 39's
steps (``bench/hostile_steps.py``: 300 uploads held open a byte every 12 s, a refused photo
kept, ``seat=²``, hands checked under six phones' photos, a rename while a hand is pending,
huge house rules, a grayscale photo). The server it starts runs under a file limit
(``--files 256``, macOS's default). Meanwhile a second phone, on a new connection each time,
fetches the stylesheet every 0.1 s. It prints the requests tried, the answers by status,
anything answered 5xx or not at all, the server's peak memory, the second phone's slowest
answer in each step, and the server's log lines.

    python bench/hostile_probe.py [--url http://127.0.0.1:8000/?key=KEY --pid PID] [--rounds 5] [--budget 300]
        [--files 256]
"""

from __future__ import annotations

import argparse
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from bench.hostile_steps import STEPS  # noqa: E402
BAD_RULES = ["close_size = 100000", "close_size = 3", "copies = 0", "jokers = 9", "low_penalty = -5",
             "joker_penalty = 100000", "twin_bonus = -1", "loser_points = 0", "limit_single = 1000000"]
BAD_NAMES = ["Bo\x01\x07\x1b[31m", "Bo\x00", "\u202eDan", "Ana\u200b", "A" * 20_000]
BAD_PATHS = ["/g/99999999999999999999", "/g/99999999999999999999/version", "/g/999999/version",
             "/g/99999999999999999999/hand", "/g/99999999999999999999/part", "/g/99999999999999999999/plot.svg",
             "/g/99999999999999999999/history", "/g/99999999999999999999/players", "/photo?game=99999999999999999999",
             "/tutor?game=99999999999999999999", "/photo?game=%C2%B2", "/%E2%98%83", "/%FF%FE", "/photo/..%2F..%2Fetc"]
WRITE_ROUTES = ["/new", "/g/1/undo", "/g/1/hand/check", "/g/1/hand/confirm", "/g/1/hand/record", "/g/1/hand/1/delete",
                "/g/1/players/rename", "/g/1/players/target", "/photo", "/photo/x/use", "/tutor"]


class Probe:
    """The requests sent and what came back."""

    def __init__(self, base: str, key: str | None, pid: int | None, folder: Path | None = None) -> None:
        self.base, self.key, self.pid = base, key, pid
        self.folder = folder  # the started server's home, where it keeps photos (None for --url)
        self.notes: list[str] = []  # what a step measured, for the report
        self.log: list[str] = []  # the started server's output
        self.statuses: Counter[str] = Counter()
        self.bad: list[str] = []
        self.peak = 0
        self.second: list[float] = []
        self.second_failed: list[str] = []
        self.done = threading.Event()
        self.lock = threading.Lock()
        self.step = "start"
        self.slowest: dict[str, float] = {}  # the second phone's slowest answer during each step
        self.slowest_at = (0.0, 0.0)  # the whole probe's slowest answer: (wait, seconds after the start)
        self.t0 = time.monotonic()
        self.first = True  # the first round starts the probe's game; later ones find its name taken

    def phone(self) -> httpx.Client:
        c = httpx.Client(base_url=self.base, timeout=60)
        c.get("/" + (f"?key={self.key}" if self.key else ""), follow_redirects=True)
        return c

    def send(self, client: httpx.Client, method: str, path: str, *, expect: range = range(400, 500),
             **kw) -> httpx.Response | None:
        try:
            r = client.request(method, httpx.URL(self.base + path) if path.startswith("/") else path, **kw)
        except (httpx.HTTPError, OSError) as exc:
            self.count("no answer", f"{method} {path[:60]}: {type(exc).__name__}")
            return None
        self.count(str(r.status_code), None if r.status_code in expect else f"{method} {path[:60]}: {r.status_code}")
        return r

    def count(self, status: str, bad: str | None) -> None:
        with self.lock:
            self.statuses[status] += 1
            if bad:
                self.bad.append(bad)

    def watch(self) -> None:
        """The second phone, and the server's memory, until the probe is done."""
        import psutil

        proc = psutil.Process(self.pid) if self.pid else None
        # a phone arriving: a new connection each time (issue 39's new phone was locked out)
        phone = httpx.Client(base_url=self.base, timeout=30, limits=httpx.Limits(max_keepalive_connections=0))
        while not self.done.is_set():
            started = time.monotonic()
            try:
                phone.get("/static/remi.css")
                waited = time.monotonic() - started
            except httpx.HTTPError as exc:  # said at the end: which step, after how long, what
                waited = float("inf")
                self.second_failed.append(f"{self.step}: {type(exc).__name__} after {time.monotonic() - started:.1f} s")
            self.second.append(waited)
            if waited > self.slowest_at[0]:
                self.slowest_at = (waited, started - self.t0)
            self.slowest[self.step] = max(self.slowest.get(self.step, 0.0), waited)
            if proc is not None:
                self.peak = max(self.peak, proc.memory_info().rss)
            time.sleep(0.1)


def png(width: int, height: int) -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("1", (width, height)).save(out, "PNG")
    return out.getvalue()


def probe_guard(p: Probe) -> None:
    stranger = httpx.Client(base_url=p.base, timeout=60)
    for path in ("/", "/g/1", "/g/1/version", "/tutor", "/photo"):
        p.send(stranger, "GET", path)
        p.send(stranger, "GET", path + "?key=wrong-key")
        p.send(stranger, "GET", path, headers={"x-remi-key": p.key or "", "authorization": f"Bearer {p.key}"})
    phone = p.phone()
    for route in WRITE_ROUTES:
        p.send(phone, "POST", route, data={"x": "1"})  # no token
        p.send(phone, "POST", route, data={"csrf": phone.cookies.get("remi_csrf", "")},
               headers={"origin": "http://evil.example"})
        p.send(phone, "PUT", route)  # 405
    p.send(phone, "GET", "/", headers={"host": "rebound.example"})
    declared_body(p)
    for path in ("//evil.example/", "/%5Cevil.example/", "/\\\\evil.example/"):
        r = p.send(stranger, "GET", f"{path}?key={p.key}", expect=range(300, 500))
        where = r.headers.get("location", "/") if r is not None else "/"
        if not where.startswith("/") or where[:2] in ("//", "/\\"):
            p.bad.append(f"open redirect: {path} -> {where}")


def declared_body(p: Probe) -> None:
    """A body of 200 MB declared and never sent: the answer must come at once (413)."""
    host = urlsplit(p.base).netloc
    with socket.create_connection((urlsplit(p.base).hostname, urlsplit(p.base).port), timeout=60) as s:
        s.sendall(f"POST /photo HTTP/1.1\r\nHost: {host}\r\nCookie: remi_table={p.key}\r\n"
                  f"Content-Length: {200 * 2**20}\r\n\r\n".encode())
        status = s.recv(65536).split(b" ", 2)[1].decode()
    p.count(status, None if status == "413" else f"POST /photo of 200 MB declared: {status}")


def probe_input(p: Probe) -> None:
    phone = p.phone()
    token = phone.cookies.get("remi_csrf", "")
    new = {"csrf": token, "variant": "closed", "p1": "Ana", "p2": "Bogdan"}
    p.send(phone, "POST", "/new", data={**new, "name": "probe"}, expect=range(303, 304) if p.first else range(400, 401))
    p.first = False
    for rules in BAD_RULES:
        p.send(phone, "POST", "/new", data={**new, "rules_text": rules})
    for name in BAD_NAMES:
        p.send(phone, "POST", "/new", data={**new, "p2": name})
        p.send(phone, "POST", "/g/1/players/rename", data={"csrf": token, "old": "Ana", "new": name})
    for path in BAD_PATHS:
        p.send(phone, "GET", path)
    hand = {"csrf": token, "atu": "y2", "closer": "Ana", "board_mode": "points", "board_points": "100",
            "rack_mode_1": "points", "points_1": "95"}
    for field, value in (("fix", "²"), ("board_points", "²"), ("points_1", "9" * 5000), ("fix", "9" * 30),
                         ("note", "ok\x1b]0;pwned\x07")):
        for route in ("/g/1/hand/confirm", "/g/1/hand/record"):
            p.send(phone, "POST", route, data={**hand, "rack_mode_1": "counts" if field == "high_1" else "points",
                                                field: value})
    for target in ("9" * 20, "²", "-5"):
        p.send(phone, "POST", "/g/1/players/target", data={"csrf": token, "target": target})
        p.send(phone, "POST", "/new", data={**new, "target": target})


def probe_uploads(p: Probe) -> None:
    bomb = png(7000, 7000)
    phones = [p.phone() for _ in range(8)]

    def send(phone: httpx.Client, name: str, data: bytes) -> None:
        p.send(phone, "POST", "/photo", data={"csrf": phone.cookies.get("remi_csrf", "")},
               files={"photo": (name, data, "image/png")})

    threads = [threading.Thread(target=send, args=(ph, "bomb.png", bomb)) for ph in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for name, data in (("notes.txt", b"not pixels"), ("fake.jpg", b"\xff\xd8\xff" + b"\0" * 64),
                       ("../../../etc/passwd.png", b"\x89PNG\r\n\x1a\n" + b"\0" * 64), ("flat.png", png(300, 300))):
        send(phones[0], name, data)


def probe_heavy(p: Probe) -> None:
    phone = p.phone()
    token = phone.cookies.get("remi_csrf", "")
    games = []
    for i in range(6):
        r = p.send(phone, "POST", "/new", data={"csrf": token, "variant": "closed", "p1": "Ana", "p2": "Bo", "name": f"max {i}",
                                                "rules_text": f"close_size = 22\njokers = 4\ncopies = 3\ntwin_bonus = {i}"},
                   expect=range(303, 304))
        if r is not None and r.status_code == 303:
            games.append(r.headers["location"].split("?")[0])

    def confirm(game: str) -> None:
        c = p.phone()
        p.send(c, "POST", f"{game}/hand/confirm", expect=range(200, 500),
               data={"csrf": c.cookies.get("remi_csrf", ""), "atu": "y2", "closer": "Ana", "board_mode": "points",
                     "board_points": "100", "rack_mode_1": "counts", "high_1": "4"})

    threads = [threading.Thread(target=confirm, args=(g,)) for g in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def probe_slow(p: Probe, count: int = 25) -> None:
    host, port = urlsplit(p.base).hostname, urlsplit(p.base).port
    socks = []
    for _ in range(count):
        s = socket.create_connection((host, port), timeout=60)
        s.sendall(f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\n".encode())  # never the blank line
        socks.append(s)
    started = time.monotonic()
    dropped = 0
    for s in socks:
        try:
            dropped += s.recv(1) == b""
        except OSError:
            dropped += 1
        s.close()
    p.count(f"slow head dropped after {time.monotonic() - started:.0f} s", None) if dropped == count else \
        p.bad.append(f"{count - dropped} of {count} slow connections kept")


def start_server(folder: Path, files: int, log: list[str]) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "HOME": str(folder), "XDG_DATA_HOME": str(folder / "data"), "PYTHONUNBUFFERED": "1"}
    env.pop("REMI_DB", None)

    def limit_files() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
    proc = subprocess.Popen([sys.executable, "-m", "remi", "serve", "--db", str(folder / "probe.db"), "--port", "0",
                             "--key"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT,
                            preexec_fn=limit_files if files else None)
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.match(r"Open (http://\S+)$", line.strip())
        if m:
            threading.Thread(target=_drain, args=(proc, log), daemon=True).start()
            return proc, m.group(1)
    raise SystemExit("remi serve did not start")


def _drain(proc: subprocess.Popen[str], log: list[str]) -> None:
    """The server's output: its first 50 lines kept, every later one counted (a log storm was 227 MB)."""
    for line in proc.stdout:  # type: ignore[union-attr]
        log.append(line if len(log) < 50 or "out of system resource" not in line else "out of system resource\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a loopback server's address with its key (default: start one)")
    parser.add_argument("--pid", type=int, help="that server's process id, to watch its memory")
    parser.add_argument("--budget", type=float, default=300, help="seconds the probe may take in all")
    parser.add_argument("--rounds", type=int, default=5, help="times the key, form and input probes repeat")
    parser.add_argument("--files", type=int, default=256, help="the started server's file limit (0: as it is)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="remi-probe-"))
    proc = None
    url = args.url
    log: list[str] = []
    if url is None:
        proc, url = start_server(folder, args.files, log)
    if urlsplit(url).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit("the probe runs against a server on this computer only (127.0.0.1)")
    key = url.split("key=", 1)[1] if "key=" in url else None
    probe = Probe(url.split("/?")[0].rstrip("/"), key, proc.pid if proc else args.pid, folder if proc else None)
    probe.log = log
    watcher = threading.Thread(target=probe.watch, daemon=True)
    watcher.start()
    started = time.monotonic()
    try:
        for step in (*[probe_guard, probe_input] * args.rounds, probe_uploads, probe_heavy, probe_slow, *STEPS):
            if time.monotonic() - started > args.budget:
                probe.bad.append(f"out of time before {step.__name__}")
                break
            probe.step = step.__name__.removeprefix("probe_")
            step(probe)
    finally:
        probe.done.set()
        watcher.join(timeout=10)
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=15)
        shutil.rmtree(folder, ignore_errors=True)  # the server's database and photos: nothing to keep
    report(probe, time.monotonic() - started)


def report(p: Probe, seconds: float) -> None:
    tried = sum(n for s, n in p.statuses.items() if not s.startswith("slow"))
    print(f"requests tried: {tried} in {seconds:.0f} s")
    print("answers by status: " + ", ".join(f"{s} x{n}" for s, n in sorted(p.statuses.items())))
    print(f"5xx or unexpected: {len(p.bad)}" + "".join(f"\n  {b}" for b in p.bad))
    if p.peak:
        print(f"server peak memory: {p.peak / 2**20:.0f} MB")
    for note in p.notes:
        print(note)
    resource_lines = sum("out of system resource" in line for line in p.log)
    said = [line for line in p.log if line.startswith("remi:")]
    print(f"server's log after start-up: {len(p.log)} lines, {resource_lines} of them 'out of system resource'"
          + "".join(f"\n  {line.rstrip()[:160]}" for line in said[:5]))
    if p.second:
        print(f"second phone: {len(p.second)} answers, slowest {max(p.second) * 1000:.0f} ms, "
              f"median {sorted(p.second)[len(p.second) // 2] * 1000:.0f} ms; the slowest asked "
              f"{p.slowest_at[1]:.1f} s after the start; slowest while "
              + ", ".join(f"{step} {s * 1000:.0f} ms" for step, s in p.slowest.items()))
    if p.second_failed:
        print(f"second phone not answered {len(p.second_failed)} time(s): " + "; ".join(p.second_failed[:5]))


if __name__ == "__main__":
    main()
