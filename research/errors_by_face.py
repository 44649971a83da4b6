"""A drawn pool's tiles right split by the edition each photo was drawn in (its face, digit size,
6/9 mark, weight): which faces a models folder reads worst. Needs a pool whose meta files carry
``edition`` (``vision.training.generate`` writes it since 7 Dec 2026; an older pool is drawn again
with its seed into another folder: the images come out byte for byte the same).

    python research/errors_by_face.py out/pool-editions-ak-m --models models --json F.json
"""

from __future__ import annotations

import argparse
import json
from collections import Counter, defaultdict
from pathlib import Path

FIELDS = ("font", "digit_height", "weight", "six_nine", "joker", "emblem")


def editions(folder: Path) -> dict[str, dict | None]:
    """Each photo's edition as its meta file holds it, by the photo's stem."""
    out = {}
    for meta in sorted((folder / "meta" / "val").glob("*.json")):
        saved = json.loads(meta.read_text())
        if "edition" not in saved:
            raise SystemExit(f"{meta}: no edition in its meta (a pool drawn before 7 Dec 2026: draw it again)")
        out[meta.stem] = saved["edition"]
    return out


def bucket(field: str, value) -> str:
    """A value as a group's name: digit heights by tenths, weights by whole hundredths."""
    if value is None:
        return "-"
    if field == "digit_height":
        low = int(value * 10) / 10
        return f"{low:.1f}-{low + 0.1:.1f}"
    if field == "weight":
        return f"{round(value):+d}"
    return str(value)


def split_by_face(folder: Path, models: Path) -> dict:
    """Tiles, tiles right and errors by kind for every value of each of :data:`FIELDS`."""
    from remi.vision.evaluate import evaluate_folder, load_labelled

    errors: list = []
    evaluate_folder(folder, session=None, models=models, errors=errors)
    tiles = {Path(p).stem: len(t) for p, t, _ in load_labelled(folder)}
    wrong: dict[str, Counter] = defaultdict(Counter)
    for e in errors:
        wrong[Path(e.photo).stem][e.kind] += 1
    eds = editions(folder)
    table: dict = {}
    for field in FIELDS:
        groups: dict[str, Counter] = defaultdict(Counter)
        for stem, n in tiles.items():
            ed = eds.get(stem)
            g = groups[bucket(field, ed.get(field) if ed else None)]
            g["photos"] += 1
            g["tiles"] += n
            g["whole"] += not (wrong[stem]["misread"] or wrong[stem]["missed"] or wrong[stem]["extra"])
            for kind in ("misread", "missed", "extra"):
                g[kind] += wrong[stem][kind]
        table[field] = {k: dict(v, right=v["tiles"] - v["misread"] - v["missed"]) for k, v in sorted(groups.items())}
    return table


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path, help="a drawn pool whose meta files carry the edition")
    ap.add_argument("--models", type=Path, default=Path("models"))
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    table = split_by_face(args.folder, args.models)
    for field, groups in table.items():
        print(f"== {field}")
        for name, g in groups.items():
            print(f"  {name:32s} photos {g['photos']:3d}  tiles {g['right']:5d} of {g['tiles']:5d} "
                  f"({100 * g['right'] / max(g['tiles'], 1):5.1f} %)  misread {g['misread']:3d}  missed {g['missed']:3d}  "
                  f"extra {g['extra']:3d}  whole {g['whole']}")
    if args.json:
        args.json.write_text(json.dumps(table, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
