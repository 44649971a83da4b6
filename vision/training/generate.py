"""Write training datasets: synthetic scenes plus the real photos, in Ultralytics layout.

``write_detection_set`` makes ``OUT/images/{train,val}`` and ``OUT/labels/{train,val}`` with
box labels whose class index is the engine's tile code (0..52, names are the tile notation), a
``data.yaml`` for 53 classes and a ``data-tile.yaml`` for the single-class tile detector. Real
photos of the training sessions are linked (not copied) with their polygons turned into boxes.

``write_scene_set`` does the same with the scenes of ``vision.training.scenes`` (racks, every rotation,
perspective, many surfaces) and writes each tile's outline as a polygon row (``k x1 y1 x2 y2
...``): Ultralytics' detect task takes its axis box, its obb task its minimum-area rectangle.
The real photos keep their own polygons. ``OUT/meta/SPLIT/NAME.json`` holds per tile the four
corners of its face in upright order and whether that order is known (``oriented``).
``vision.evaluate.read_labels`` reads both kinds of rows.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import cv2
import numpy as np

from remi.engine import ALL_KINDS
from remi.vision import realdata
from remi.vision.training import synth


def _progress():
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    # On stderr: `remi vision generate --json` keeps stdout for the JSON alone.
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True))


def _label_lines(tiles, boxes, w: int, h: int) -> str:
    rows = []
    for t, (x1, y1, x2, y2) in zip(tiles, boxes):
        rows.append(f"{t.code} {(x1 + x2) / 2 / w:.6f} {(y1 + y2) / 2 / h:.6f} {(x2 - x1) / w:.6f} {(y2 - y1) / h:.6f}")
    return "\n".join(rows) + ("\n" if rows else "")


def _polygon_lines(tiles, polygons, w: int, h: int) -> str:
    rows = []
    for t, poly in zip(tiles, polygons):
        p = np.clip(np.asarray(poly, float).reshape(-1, 2) / (w, h), 0, 1)
        rows.append(f"{t.code} " + " ".join(f"{v:.6f}" for v in p.reshape(-1)))
    return "\n".join(rows) + ("\n" if rows else "")


def write_yaml(out: Path) -> None:
    names = "\n".join(f"  {t.code}: '{t}'" for t in ALL_KINDS)
    common = f"path: {out.resolve()}\ntrain: images/train\nval: images/val\n"
    (out / "data.yaml").write_text(common + f"names:\n{names}\n")
    (out / "data-tile.yaml").write_text(common + "names:\n  0: tile\n")


def write_detection_set(out: Path, n_train: int, n_val: int = 0, seed: int = 0, width: int = 640,
                        height: int = 480, real: bool = True, real_repeat: int = 2,
                        real_fraction: float = 0.6, close_ups: float = 0.0, tables: float = 0.0,
                        quiet: bool = False) -> Path:
    """Generate ``n_train`` + ``n_val`` scenes (seeded) and link the real training photos."""
    out = Path(out)
    for split in ("train", "val"):
        (out / "images" / split).mkdir(parents=True, exist_ok=True)
        (out / "labels" / split).mkdir(parents=True, exist_ok=True)
    bank, backgrounds = synth.TileBank(), []
    photos: list[realdata.LabelledPhoto] = []
    if real:
        photos = realdata.load(realdata.TRAIN_SESSIONS + realdata.NEGATIVE_SESSIONS)
        bank = synth.TileBank.from_photos([p for p in photos if p.tiles])
        backgrounds = [cv2.imread(str(p.path)) for p in photos if not p.tiles]
    rng = np.random.default_rng(seed)
    jobs = [("train", i) for i in range(n_train)] + [("val", i) for i in range(n_val)]
    with _progress() as bar:
        task = bar.add_task("scenes", total=len(jobs))
        for split, i in jobs:
            scene = synth.compose(rng, width, height, bank, real_fraction, backgrounds, close_ups=close_ups,
                                  tables=tables)
            name = f"syn{seed}_{split}_{i:06d}"
            cv2.imwrite(str(out / "images" / split / f"{name}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
            (out / "labels" / split / f"{name}.txt").write_text(_label_lines(scene.tiles, scene.boxes, width, height))
            bar.advance(task)
        if photos:
            _link_real(out, photos, real_repeat, bar, polygons=False)
    write_yaml(out)
    return out


def _link_real(out: Path, photos, repeat: int, bar, polygons: bool) -> None:
    """Link the real photos into the training split with their labels (boxes or polygons)."""
    task = bar.add_task("real photos", total=len(photos) * repeat)
    for r in range(repeat):
        for p in photos:
            name = f"real{r}_{p.path.stem}"
            link = out / "images" / "train" / f"{name}{p.path.suffix}"
            if not link.exists():
                os.symlink(p.path.resolve(), link)
            tiles = [lt.tile for lt in p.tiles]
            if polygons:
                text = _polygon_lines(tiles, [lt.polygon for lt in p.tiles], p.width, p.height)
            else:
                boxes = [(max(0, a), max(0, b), min(p.width, c), min(p.height, d)) for a, b, c, d in (lt.box for lt in p.tiles)]
                text = _label_lines(tiles, boxes, p.width, p.height)
            (out / "labels" / "train" / f"{name}.txt").write_text(text)
            bar.advance(task)


def write_scene_set(out: Path, n_train: int, n_val: int = 0, seed: int = 0, *, mix: dict[str, float] | None = None,
                    largest: int = 1024, real: bool = True, holdout: tuple[str, ...] = (), real_repeat: int = 2,
                    real_fraction: float = 0.5, editions: str = "train") -> Path:
    """Generate scenes of ``vision.training.scenes`` (seeded) with polygon labels and their meta files,
    and link the real photos of the tile sessions not in ``holdout`` (leave-one-session-out:
    neither their photos nor their tiles pasted in scenes are used). ``editions="test"`` draws
    the "other editions" test set: only the test pool of ``vision.training.tilefaces`` (fonts, inks,
    jokers, proportions never trained on), no real tiles, no real photos linked."""
    from remi.vision.training import scenes

    out = Path(out)
    for part in ("images", "labels", "meta"):
        for split in ("train", "val"):
            (out / part / split).mkdir(parents=True, exist_ok=True)
    photos: list[realdata.LabelledPhoto] = []
    bank, backgrounds = synth.TileBank(), []
    if real:
        sessions = tuple(s for s in realdata.TILE_SESSIONS if s not in holdout)
        empty = realdata.load(realdata.NEGATIVE_SESSIONS)
        photos = realdata.load(sessions)
        bank = synth.TileBank.from_photos(photos)
        backgrounds = [cv2.imread(str(p.path)) for p in empty]
        photos += empty  # the empty tables are linked too, as photos with nothing to find
    faces = scenes.Faces(bank=bank, real=real_fraction)
    if editions == "test":
        faces = scenes.Faces(real=0.0, split="test", presets=0.0, legacy=0.0)
        photos = []
    jobs = [("train", i) for i in range(n_train)] + [("val", i) for i in range(n_val)]
    with _progress() as bar:
        task = bar.add_task("scenes", total=len(jobs))
        for split, i in jobs:
            # one generator a scene, from (seed, split, index): any scene can be made again alone
            rng = np.random.default_rng([seed, split == "val", i])
            scene = scenes.compose(rng, faces, mix=mix, backgrounds=backgrounds, largest=largest)
            h, w = scene.image.shape[:2]
            name = f"scn{seed}_{split}_{i:06d}"
            cv2.imwrite(str(out / "images" / split / f"{name}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
            (out / "labels" / split / f"{name}.txt").write_text(_polygon_lines(scene.tiles, scene.outlines, w, h))
            meta = {"layout": scene.layout, "width": w, "height": h, "tiles": [
                {"tile": str(t), "corners": np.round(c.astype(float), 1).tolist(), "oriented": o, "box": [round(v, 1) for v in b]}
                for t, c, o, b in zip(scene.tiles, scene.corners, scene.oriented, scene.boxes)]}
            (out / "meta" / split / f"{name}.json").write_text(json.dumps(meta) + "\n")
            bar.advance(task)
        if photos:
            _link_real(out, photos, real_repeat, bar, polygons=True)
    write_yaml(out)
    return out


# The sample photos in samples/photos: racks drawn entirely by the generator (no real photo).
SAMPLES = {
    "rack-close": ["r3 r4 r5 r6 b10 b11 b12 k7", "y7 b7 y9 y10 y11 y12 k2"],
    "rack-joker": ["k1 k2 * k4 b9 r9 y9", "r11 r12 r13 y5 y6 y7 b2 b2"],
    "table-runs": ["b3 b4 b5 b6", "y10 y11 y12 y13"],
}


def write_samples(out: Path, seed: int = 0, width: int = 1000, height: int = 750) -> list[Path]:
    """Render the sample racks; each ``NAME.jpg`` gets ``NAME.txt``, its tiles in reading order."""
    from remi.engine import parse_tiles
    from remi.vision.reader import Detection, reading_order

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, (name, rows) in enumerate(SAMPLES.items()):
        rng = np.random.default_rng(seed * 100 + i)
        scene = synth.compose(rng, width, height, rows=[list(parse_tiles(r)) for r in rows], clutter=False)
        dets = [Detection(t, 1.0, b, 1.0) for t, b in zip(scene.tiles, scene.boxes)]
        path = out / f"{name}.jpg"
        cv2.imwrite(str(path), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 90])
        (out / f"{name}.txt").write_text(" ".join(str(d.tile) for d in reading_order(dets)) + "\n")
        paths.append(path)
    return paths
