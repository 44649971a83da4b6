"""A models folder that reads like another but for some ``vision.json`` keys: its model files
linked, not copied. What the model card's comparisons of reading settings are made with.

    .venv/bin/python research/vision_variant.py SRC DST [--set views=4 --set sure=0.95] [--drop views sure unsure_below]
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path


def variant(src: Path, dst: Path, set_: dict, drop: list[str]) -> dict:
    """Write ``dst``: ``src``'s files linked, its vision.json less ``drop`` and with ``set_``.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "a").mkdir(), (d / "a" / "r.onnx").write_text("x"), (d / "a" / "vision.json").write_text('{"views": 4, "imgsz": 640}')
    >>> variant(d / "a", d / "b", {"views": 1}, ["imgsz"]), (d / "b" / "r.onnx").read_text()
    ({'views': 1}, 'x')
    """
    if dst.exists():
        shutil.rmtree(dst)
    dst.mkdir(parents=True)
    for f in src.iterdir():
        if f.name != "vision.json":
            (dst / f.name).symlink_to(f.resolve())
    meta = {k: v for k, v in json.loads((src / "vision.json").read_text()).items() if k not in drop}
    meta.update(set_)
    (dst / "vision.json").write_text(json.dumps(meta, indent=2) + "\n")
    return meta


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("src", type=Path)
    ap.add_argument("dst", type=Path)
    ap.add_argument("--set", action="append", default=[], help="KEY=VALUE (a JSON value)")
    ap.add_argument("--drop", nargs="*", default=[])
    args = ap.parse_args()
    set_ = {k: json.loads(v) for k, v in (s.split("=", 1) for s in args.set)}
    print(json.dumps(variant(args.src, args.dst, set_, args.drop)))


if __name__ == "__main__":
    main()
