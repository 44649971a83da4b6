"""The oriented reader's training recipe, stage by stage (models/README.md gives the commands).

Each stage writes a file and is run on its own, so a long recipe survives being stopped:

    python -m remi.vision.training.readerrecipe synth out/r/synth.npz --n 60000 --seed 100
    python -m remi.vision.training.readerrecipe real out/r/real-no4.npz --sessions rummy,rummy2 --copies 6 --seed 7
    python -m remi.vision.training.readerrecipe mine out/r/mine-no4.npz --sessions rummy,rummy2 --models models
    python -m remi.vision.training.readerrecipe train out/r/pre.pt out/r/synth.npz --epochs 6 --seed 0
    python -m remi.vision.training.readerrecipe train out/r/no4.pt out/r/real-no4.npz out/r/synth.npz:20000 --init out/r/pre.pt
    python -m remi.vision.training.readerrecipe export out/r/no4.pt out/m-no4 --detector models

A crop set is an ``.npz`` of ``x`` (uint8 N x HEIGHT x WIDTH x 3 BGR), ``number``, ``colour``
and ``flipped``; ``FILE:K`` takes the first K crops of a file. Training runs one torch thread
(the machine is shared) and resumes after its last finished epoch.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

import numpy as np

from remi.vision import realdata


def save(path: Path, x, n, c, f) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp.npz")
    np.savez(tmp, x=x, number=n, colour=c, flipped=f)
    tmp.rename(path)


def load(spec: str):
    """(x, number, colour, flipped) of ``FILE`` or its first K crops, ``FILE:K``."""
    path, _, k = spec.partition(":")
    d = np.load(path)
    cut = slice(None, int(k) if k else None)
    return d["x"][cut], d["number"][cut], d["colour"][cut], d["flipped"][cut]


def _log(msg: str) -> None:
    print(f"{time.strftime('%H:%M:%S')} {msg}", flush=True)


def stage_synth(args) -> None:
    from remi.vision.training import facecrops

    empty = [_imread(p.path) for p in realdata.load(realdata.NEGATIVE_SESSIONS)] if args.tables else None
    data = facecrops.make(args.n, args.seed, args.split, axis_share=args.axis_share, photos=empty,
                          progress=lambda i, n: _log(f"synth {i}/{n}"))
    save(args.out, *data)


def stage_real(args) -> None:
    from remi.vision.training import cropset

    photos = realdata.load(tuple(args.sessions.split(",")))
    data = cropset.real_oriented(photos, args.copies, args.seed, axis_share=args.axis_share,
                                 turn_share=0.5 if args.copies > 1 else 0.0, amount=args.amount)
    save(args.out, *data)
    _log(f"real {args.sessions}: {len(data[0])} crops of {sum(len(p.tiles) for p in photos)} tiles")


def stage_mine(args) -> None:
    """The detector's own boxes on labelled photos (and empty tables): its misaligned tile
    boxes and its boxes of no tile, for the reader's "not a tile" class."""
    from remi.vision.training import cropset
    from remi.vision.reader import Reader

    miner = Reader(Path(args.models))
    miner.conf = 0.1  # more of the boxes a detector is unsure of: the hard background
    photos = realdata.load(tuple(args.sessions.split(",")) + realdata.NEGATIVE_SESSIONS)
    mined = cropset.mined_oriented(miner.detect, photos)
    straddles = cropset.straddles_oriented(photos, args.straddles, seed=3)
    data = tuple(np.concatenate([a, b]) for a, b in zip(mined, straddles))
    save(args.out, *data)
    _log(f"mined {len(data[0])} crops, {int((data[1] == 14).sum())} of no tile")


def stage_train(args) -> None:
    from remi.vision.training import classifier

    parts = [load(s) for s in args.data]
    x, n, c, f = (np.concatenate([p[i] for p in parts]) for i in range(4))
    val = {name: load(spec)[:3] for name, spec in (v.split("=", 1) for v in args.val)}
    _log(f"train {args.out}: {len(x)} crops ({int((n == 14).sum())} of no tile, {int((f >= 0).sum())} with a known up)")
    classifier.train_oriented(x, n, c, f, Path(args.out), epochs=args.epochs, lr=args.lr, seed=args.seed, batch=args.batch,
                              init=Path(args.init) if args.init else None, val=val, log=_log)


def stage_export(args) -> None:
    """A models folder: the detector's files copied from ``--detector``, the reader's ONNX,
    its head weights (``reader-head.npz``, for ``vision.adapt``) and ``vision.json``."""
    from remi.vision import crops
    from remi.vision.training import classifier

    out, det = Path(args.out), Path(args.detector)
    out.mkdir(parents=True, exist_ok=True)
    meta = json.loads((det / "vision.json").read_text())
    for key in ("detector", "detector_pt"):
        if key in meta and (det / meta[key]).exists() and (det / meta[key]).resolve() != (out / meta[key]).resolve():
            shutil.copy(det / meta[key], out / meta[key])
    classifier.export_oriented(Path(args.state), out / "tile-reader.onnx")
    shutil.copy(args.state, out / "tile-reader.pt")
    np.savez(out / "reader-head.npz", **classifier.head_weights(Path(args.state)))
    meta.update({"reader": "tile-reader.onnx", "reader_head": "reader-head.npz",
                 "crop": {"kind": "corners", "width": crops.WIDTH, "height": crops.HEIGHT,
                          "margin": crops.ORIENTED_MARGIN},
                 "reader_outputs": {"number": "0 = joker, 1..13, 14 = not a tile", "colour": "k b r y",
                                    "orient": "upright, turned 180 degrees in the crop",
                                    "embedding": "128 numbers the heads read"}})
    meta.pop("crop_size", None)
    (out / "vision.json").write_text(json.dumps(meta, indent=2) + "\n")
    _log(f"exported {out}")


def stage_tables(args) -> None:
    """Synthetic photos of tables, ``--photos`` for each of ``--editions`` editions of a pool
    (one set per table, as a user's), as labelled folders ``OUT/E`` (``images/``, ``labels/``
    with tile-code boxes) for ``remi vision eval`` and for adapting to one set."""
    import cv2

    from remi.engine import ALL_KINDS
    from remi.vision.training import facecrops, tilefaces

    rng = np.random.default_rng(args.seed)
    empty = [_imread(p.path) for p in realdata.load(realdata.NEGATIVE_SESSIONS)]
    for e in range(args.editions):
        ed = tilefaces.sample_edition(rng, args.split)
        out = Path(args.out) / f"{e:02d}"
        (out / "images").mkdir(parents=True, exist_ok=True)
        (out / "labels").mkdir(parents=True, exist_ok=True)
        (out / "edition.txt").write_text(repr(ed) + "\n")
        for i in range(args.photos):
            tiles = [ALL_KINDS[k] for k in rng.choice(53, int(rng.integers(8, 22)), replace=False)]
            scatter = float(rng.choice([0.0, 0.15, 1.0]))
            img, kept, boxes, _ = facecrops.table(rng, ed, tiles, scatter=scatter,
                                                  photos=empty if rng.random() < 0.3 else None)
            h, w = img.shape[:2]
            lines = [f"{t.code} {(b[0] + b[2]) / 2 / w:.6f} {(b[1] + b[3]) / 2 / h:.6f} {(b[2] - b[0]) / w:.6f} "
                     f"{(b[3] - b[1]) / h:.6f}" for t, b in zip(kept, boxes)]
            cv2.imwrite(str(out / "images" / f"{e:02d}-{i:02d}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 92])
            (out / "labels" / f"{e:02d}-{i:02d}.txt").write_text("\n".join(lines) + "\n")
        _log(f"tables: edition {e} ({ed.font}, {ed.joker}) in {out}")


def stage_adapt(args) -> None:
    """``vision.adapt`` measured: adapt on two photos of a labelled set (positions 0 and n/2,
    fixed before any figure), then read the set's other photos with the base models and with
    the adapted ones; also without the photos within 3 of either (a session's burst shots are
    near copies). Prints the figures as JSON."""
    import cv2

    from remi.vision import adapt
    from remi.vision.evaluate import evaluate, load_labelled
    from remi.vision.reader import Reader

    photos = load_labelled(Path(args.folder), args.session)
    picks = [0, len(photos) // 2]
    examples = [(photos[i][0].name, cv2.imread(str(photos[i][0])), photos[i][1], photos[i][2]) for i in picks]
    t0 = time.time()
    figures = adapt.adapt(examples, Path(args.out), base=Path(args.base))
    took = time.time() - t0
    rest = [p for i, p in enumerate(photos) if i not in picks]
    apart = [p for i, p in enumerate(photos) if min(abs(i - j) for j in picks) > 3]
    out = {"folder": args.folder, "session": args.session, "adapted_on": [photos[i][0].name for i in picks],
           "adapt_seconds": round(took, 1), "adapt": figures}
    for name, models in (("base", Path(args.base)), ("adapted", Path(args.out))):
        reader = Reader(models)
        for part, subset in (("rest", rest), ("apart", apart)):
            m = evaluate(reader, subset)
            out[f"{name}_{part}"] = {k: m[k] for k in ("photos", "labelled_tiles", "tile_accuracy", "photo_accuracy")}
    print(json.dumps(out, indent=2))


def stage_pull(args) -> None:
    """Choose ``vision.adapt``'s pull on synthetic sets only: for each labelled folder (or
    ``oddN``: ten photos of ``facecrops.ODD``, the out-of-pool set, seed N), adapt on photos 0
    and n/2 at each pull and count the tiles read right less the extra boxes on the others."""
    import cv2

    from remi.vision import adapt
    from remi.vision.evaluate import load_labelled
    from remi.vision.reader import Reader

    base = Path(args.base)
    pulls = [float(p) for p in args.pulls.split(",")]
    total = dict.fromkeys(["base", *pulls], 0)
    for folder in args.folders:
        if folder.startswith("odd"):
            from remi.vision.training.facecrops import odd_tables

            ex = odd_tables(int(folder[3:]), 10)
        else:
            ex = [(p.name, cv2.imread(str(p)), t, b) for p, t, b in load_labelled(Path(folder), None)]
        picks = (0, len(ex) // 2)
        train, test = [ex[i] for i in picks], [e for i, e in enumerate(ex) if i not in picks]
        reader = Reader(base)
        rng = np.random.default_rng(0)
        parts = [adapt.tile_embeddings(reader, rng, im, t, b) for _, im, t, b in train]
        emb, number, colour = (np.concatenate([p[i] for p in parts]) for i in range(3))
        head0 = dict(np.load(base / reader.meta["reader_head"]))
        row = {"base": adapt.reading_score(reader, test)}
        for pull in pulls:
            reader.head = adapt.fit_heads(emb, number, colour, head0, pull=pull)
            row[pull] = adapt.reading_score(reader, test)
        for k, v in row.items():
            total[k] += v
        _log(f"{folder}: {sum(len(t) for _, _, t, _ in test)} tiles, right less extra {row}")
    _log(f"total {total}")


def _failure_sets(seed: int) -> dict:
    """Synthetic photos of the issue's failure list (issue 17, item 2 and 4)."""
    from remi.engine import Tile
    from remi.vision.training import facecrops, tilefaces

    rng = np.random.default_rng(seed)
    out: dict[str, list] = {k: [] for k in ("close-up single digits", "7s at any angle", "teal blue, dotted 6/9",
                                             "orange and red, warm light")}
    for _ in range(12):  # three big single-digit tiles touching, shot close
        tiles = [Tile.parse(f"{'kbry'[rng.integers(4)]}{rng.integers(1, 10)}") for _ in range(3)]
        img, kept, b, _ = facecrops.table(rng, tilefaces.CLASSIC, tiles, tile_height=rng.uniform(300, 450))
        out["close-up single digits"].append((img, kept, b))
    for _ in range(8):
        img, kept, b, _ = facecrops.table(rng, tilefaces.CLASSIC, [Tile.parse(f"{c}7") for c in "kbry"] * 2, scatter=1.0)
        out["7s at any angle"].append((img, kept, b))
    for _ in range(8):
        tiles = [Tile.parse(f"{c}{n}") for c in "bk" for n in rng.choice(13, 6, replace=False) + 1]
        img, kept, b, _ = facecrops.table(rng, tilefaces.TEAL, tiles, scatter=0.3)
        out["teal blue, dotted 6/9"].append((img, kept, b))
    for _ in range(8):
        tiles = [Tile.parse(f"{c}{n}") for c in "yr" for n in rng.choice(13, 6, replace=False) + 1]
        img, kept, b, _ = facecrops.table(rng, tilefaces.CLASSIC, tiles, scatter=0.3)
        warm = np.clip(img.astype(np.float32) * np.array([0.78, 0.95, 1.12]), 0, 255).astype(np.uint8)
        out["orange and red, warm light"].append((warm, kept, b))
    return out


def stage_failures(args) -> None:
    """The issue's failure list on synthetic photos, read whole, by each models folder."""
    from remi.vision.adapt import reading_score
    from remi.vision.reader import Reader

    readers = {m: Reader(Path(m)) for m in args.models}
    for what, photos in _failure_sets(args.seed).items():
        ex = [(str(i), im, t, b) for i, (im, t, b) in enumerate(photos)]
        n = sum(len(t) for _, t, _ in photos)
        _log(f"{what}: " + ", ".join(f"{m} {reading_score(r, ex)}/{n}" for m, r in readers.items()))


def stage_turn(args) -> None:
    """A session's photos turned by 90, 180 or 270 degrees, as a labelled folder
    (``images/``, ``labels/`` with tile-code boxes) for ``remi vision eval``; under out/, never
    in the repository (the photos are CC BY 4.0 data read in place)."""
    import cv2

    turn = {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}[args.degrees]
    out = Path(args.out)
    (out / "images").mkdir(parents=True, exist_ok=True)
    (out / "labels").mkdir(parents=True, exist_ok=True)
    for p in realdata.load((args.session,)):
        img = cv2.rotate(cv2.imread(str(p.path)), turn)
        h, w = img.shape[:2]
        lines = []
        for t in p.tiles:
            pts = _turn_points(t.polygon, args.degrees, p.width, p.height)
            (x1, y1), (x2, y2) = pts.min(0), pts.max(0)
            lines.append(f"{t.tile.code} {(x1 + x2) / 2 / w:.6f} {(y1 + y2) / 2 / h:.6f} {(x2 - x1) / w:.6f} {(y2 - y1) / h:.6f}")
        cv2.imwrite(str(out / "images" / (p.path.stem + ".png")), img)
        (out / "labels" / (p.path.stem + ".txt")).write_text("\n".join(lines) + "\n")
    _log(f"turned {args.session} by {args.degrees} into {out}")


def _turn_points(pts: np.ndarray, degrees: int, w: int, h: int) -> np.ndarray:
    """Points of a w x h photo where they land when it is turned clockwise by ``degrees``."""
    x, y = pts[:, 0], pts[:, 1]
    if degrees == 90:
        return np.stack([h - y, x], 1)
    if degrees == 180:
        return np.stack([w - x, h - y], 1)
    return np.stack([y, w - x], 1)


def _imread(path):
    import cv2

    return cv2.imread(str(path))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m remi.vision.training.readerrecipe", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="stage", required=True)
    s = sub.add_parser("synth")
    s.add_argument("out")
    s.add_argument("--n", type=int, required=True)
    s.add_argument("--seed", type=int, required=True)
    s.add_argument("--split", default="train", choices=("train", "test"))
    s.add_argument("--axis-share", type=float, default=0.4)
    s.add_argument("--tables", action="store_true", help="take a quarter of the surfaces from the empty-table photos")
    r = sub.add_parser("real")
    r.add_argument("out")
    r.add_argument("--sessions", required=True)
    r.add_argument("--copies", type=int, default=6)
    r.add_argument("--seed", type=int, required=True)
    r.add_argument("--axis-share", type=float, default=0.4)
    r.add_argument("--amount", type=float, default=0.035)
    m = sub.add_parser("mine")
    m.add_argument("out")
    m.add_argument("--sessions", required=True)
    m.add_argument("--models", required=True)
    m.add_argument("--straddles", type=int, default=0, help="real not-a-tile crops a photo, between tiles")
    t = sub.add_parser("train")
    t.add_argument("out")
    t.add_argument("data", nargs="+")
    t.add_argument("--epochs", type=int, default=6)
    t.add_argument("--lr", type=float, default=3e-3)
    t.add_argument("--batch", type=int, default=128)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--init")
    t.add_argument("--val", action="append", default=[], help="NAME=FILE[:K], printed after each epoch")
    e = sub.add_parser("export")
    e.add_argument("state")
    e.add_argument("out")
    e.add_argument("--detector", required=True)
    b = sub.add_parser("tables")
    b.add_argument("out")
    b.add_argument("--editions", type=int, required=True)
    b.add_argument("--photos", type=int, required=True)
    b.add_argument("--seed", type=int, required=True)
    b.add_argument("--split", default="test", choices=("train", "test"))
    a = sub.add_parser("adapt")
    a.add_argument("folder")
    a.add_argument("out")
    a.add_argument("--base", required=True)
    a.add_argument("--session", default=None)
    q = sub.add_parser("pull")
    q.add_argument("folders", nargs="+")
    q.add_argument("--base", required=True)
    q.add_argument("--pulls", default="0.05,0.3,1,3")
    fl = sub.add_parser("failures")
    fl.add_argument("models", nargs="+")
    fl.add_argument("--seed", type=int, default=11)
    u = sub.add_parser("turn")
    u.add_argument("out")
    u.add_argument("--session", required=True)
    u.add_argument("--degrees", type=int, choices=(90, 180, 270), required=True)
    args = p.parse_args(argv)
    {"synth": stage_synth, "real": stage_real, "mine": stage_mine, "train": stage_train,
     "export": stage_export, "turn": stage_turn,
     "tables": stage_tables, "adapt": stage_adapt, "pull": stage_pull,
     "failures": stage_failures}[args.stage](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
