"""Benchmarks of `remi serve`, as a phone sees them: wall time of real HTTP requests to a real
server process on 127.0.0.1 (this machine's cores; the server's own threads).

1. The sheet's page with 500 hands (every hand shown, ?all=1; the default last 40; the live
   fragment; the "did it change?" poll; and the page right after a hand is recorded
   elsewhere, when the table is rendered again). Target: <= 100 ms a page.
2. A 4,000 x 3,000 px phone photo uploaded, read by the shipped models, and the page showing
   what was read fetched. Target: <= 1.5 s.

    python bench/web_bench.py [--hands 500] [--repeat 20]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BOARD = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
RACKS = ["k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10", "k2 k3 k4 b1 b2 r1 r12 y1 y3 y6 b9 k10 r11 b13"]


def make_game(db: str, hands: int) -> None:
    """A Closed Rummy game of ``hands`` hands, boards and racks as tiles (scored by the engine)."""
    from remi.scoresheet.entry import HandInput, RackInput
    from remi.scoresheet.store import Store

    store = Store.open(db)
    game = store.new_game("bench", "closed", ["Ana", "Bogdan", "Cristi", "Dan"])
    players = game.players
    for i in range(hands):
        closer = players[i % 4]
        losers = [p for p in players if p != closer]
        # racks in each form: tiles, points (70-115: no joker needed, CR-23), quick counts
        racks = {losers[0]: RACKS[i % 2], losers[1]: str(70 + 5 * (i % 10)), losers[2]: f"{i % 5}H"}
        store.record(game.id, HandInput.parse(closer=closer, atu="y2", board=BOARD, racks=racks), again=True)


def _store(db: str):
    from remi.scoresheet.store import Store

    return Store.open(db)


def _hand(i: int):
    from remi.scoresheet.entry import HandInput

    return HandInput.parse(nobody=True, atu="y2", racks={p: str(70 + 5 * (i % 10)) for p in ("Ana", "Bogdan", "Cristi", "Dan")})


def start(db: str, home: Path) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "HOME": str(home), "XDG_DATA_HOME": str(home / "data"), "PYTHONUNBUFFERED": "1"}
    env.pop("REMI_DB", None)
    proc = subprocess.Popen([sys.executable, "-m", "remi", "serve", "--db", db, "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT)
    assert proc.stdout is not None
    for line in proc.stdout:
        m = re.match(r"Open (http://\S+)/", line)
        if m:
            return proc, m.group(1)
    raise SystemExit("remi serve did not start")


def timed(fn, repeat: int) -> tuple[float, float]:
    fn()  # warm: the first request pays for imports and the first sheet
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), max(times)


def photo_4000(out: Path) -> Path:
    """The sample rack photo enlarged to 4,000 x 3,000 px, saved as a phone would (JPEG q 92)."""
    import cv2

    image = cv2.imread(str(ROOT / "samples" / "photos" / "rack-close.jpg"))
    big = cv2.resize(image, (4000, 3000), interpolation=cv2.INTER_CUBIC)
    path = out / "rack-4000.jpg"
    cv2.imwrite(str(path), big, [cv2.IMWRITE_JPEG_QUALITY, 92])
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    import httpx

    with tempfile.TemporaryDirectory(prefix="remi-web-bench-") as tmp:
        tmp_path = Path(tmp)
        db = str(tmp_path / "bench.db")
        t = time.perf_counter()
        make_game(db, args.hands)
        print(f"a game of {args.hands} hands written in {time.perf_counter() - t:.1f} s")
        proc, url = start(db, tmp_path)
        try:
            with httpx.Client(base_url=url, timeout=60) as c:
                c.get("/")
                for name, path in (("sheet, every hand (?all=1)", "/g/1?all=1"), ("sheet, last 40", "/g/1"),
                                   ("live fragment, every hand", "/g/1/part?all=1"), ("version poll", "/g/1/version")):
                    med, worst = timed(lambda p=path: c.get(p).raise_for_status(), args.repeat)
                    weight = len(c.get(path).content)  # the page's weight, as a phone downloads it
                    print(f"{name:30s} median {med:7.1f} ms   max {worst:7.1f} ms   (target <= 100 ms)   {weight:,} B")
                store = _store(db)
                changed = []

                def after_a_change() -> None:  # a hand recorded elsewhere, then the page (rendered again)
                    store.undo(1) if len(changed) % 2 else store.record(1, _hand(len(changed)), again=True)
                    changed.append(1)
                    t0 = time.perf_counter()
                    c.get("/g/1?all=1").raise_for_status()
                    changed[-1] = (time.perf_counter() - t0) * 1000

                for _ in range(args.repeat):
                    after_a_change()
                print(f"{'sheet, every hand, after a change':30s} median {statistics.median(changed):7.1f} ms   "
                      f"max {max(changed):7.1f} ms   (target <= 100 ms; rendered again)")
                photo = photo_4000(tmp_path)
                data = photo.read_bytes()
                token = c.cookies["remi_csrf"]

                def upload() -> None:
                    r = c.post("/photo", data={"csrf": token}, files={"photo": (photo.name, data, "image/jpeg")})
                    assert r.status_code == 303, r.text[:300]
                    page = c.get(r.headers["location"])
                    assert 'name="tiles"' in page.text

                med, worst = timed(upload, max(5, args.repeat // 2))
                print(f"{'4000x3000 photo to read shown':30s} median {med:7.1f} ms   max {worst:7.1f} ms   "
                      f"(target <= 1500 ms; {len(data) / 1e6:.1f} MB JPEG)")
        finally:
            proc.terminate()
            proc.wait(timeout=15)
    print(f"cores: {os.cpu_count()}, load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
