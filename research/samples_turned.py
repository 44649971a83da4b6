"""Whether a models folder reads each sample photo as its `.txt` says, upright and turned round.

Part (a) of the tile readers' rules (the diary, reader v22's rule): `remi scan --json` on each
`samples/photos/*.jpg`, and on the same photo turned 180 degrees, gives the tiles its `.txt`
lists (as a multiset: the turned photo is read in its own order). One line a photo.

    .venv/bin/python research/samples_turned.py --models DIR [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[1]
PHOTOS = ROOT / "samples" / "photos"


def tiles_read(photo: Path, models: Path) -> list[str]:
    env = {**os.environ, "REMI_MODELS": str(models)}
    proc = subprocess.run(
        [sys.executable, "-m", "remi", "scan", str(photo), "--json"],
        capture_output=True, text=True, env=env, check=True,
    )
    return [t["tile"] for t in json.loads(proc.stdout)["tiles"]]


def verdict(read: list[str], written: list[str]) -> str:
    return "same" if Counter(read) == Counter(written) else "differs: " + " ".join(read)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", type=Path, required=True)
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for photo in sorted(PHOTOS.glob("*.jpg")):
            written = photo.with_suffix(".txt").read_text().split()
            turned = Path(tmp) / photo.name
            cv2.imwrite(str(turned), cv2.rotate(cv2.imread(str(photo)), cv2.ROTATE_180))
            upright = verdict(tiles_read(photo, args.models.resolve()), written)
            round_ = verdict(tiles_read(turned, args.models.resolve()), written)
            lines.append(f"samples/photos/{photo.name} upright {upright} turned {round_}")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
