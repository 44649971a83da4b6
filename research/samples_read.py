"""Whether each sample photo is read tile for tile as its .txt says, upright and turned round
(reader v20.3's rule: the way up judged by photo, as `remi scan` reads).

    python research/samples_read.py --models DIR [--json OUT]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    from remi.engine import Tile
    from remi.vision.reader import Reader, load_image, turned_round

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", type=Path, required=True)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    reader = Reader(args.models)
    out: dict = {"models": str(args.models), "photos": {}}
    for photo in sorted((ROOT / "samples" / "photos").glob("*.jpg")):
        truth = [str(Tile.parse(t)) for t in photo.with_suffix(".txt").read_text().split()]
        image = load_image(photo)
        read = {"upright": [str(t) for t in reader.read(image).tiles],
                "turned round": [str(t) for t in reader.read(turned_round(image)).tiles]}
        out["photos"][photo.name] = {way: {"right": tiles == truth, "read": " ".join(tiles)} for way, tiles in read.items()}
    out["all right"] = all(w["right"] for p in out["photos"].values() for w in p.values())
    print(json.dumps(out, indent=2))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
