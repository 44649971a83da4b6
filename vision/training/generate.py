"""Write training datasets: synthetic scenes plus the real photos, in Ultralytics layout.

``write_scene_set`` makes ``OUT/images/{train,val}`` and ``OUT/labels/{train,val}`` from the
scenes of ``vision.training.scenes`` (racks, every rotation, perspective, many surfaces), each
tile's outline a polygon row (``k x1 y1 x2 y2 ...``, the class index the engine's tile code
0..52): Ultralytics' detect task takes its axis box, its obb task its minimum-area rectangle.
``data.yaml`` names the 53 kinds (the tile notation), ``data-tile.yaml`` the one class of the
tile detector. Real photos of the training sessions are linked (not copied) with their own
polygons. ``OUT/meta/SPLIT/NAME.json`` holds per tile the four corners of its face in upright
order and whether that order is known (``oriented``). ``vision.evaluate.read_labels`` reads
the rows back.

The first generator (``write_detection_set``, axis-box rows from ``synth.compose``), which made
the data of det1-det8 and reader v1-v6, is retired: research/vision-diary.md keeps its recipe and names
the commit that last had it.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import cv2
import numpy as np

from remi.engine import ALL_KINDS
from remi.vision import realdata
from remi.vision.training import patches, scenes, tilefaces


def _progress():
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    # On stderr: `remi vision generate --json` keeps stdout for the JSON alone.
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                    console=Console(stderr=True))


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


def _link_real(out: Path, photos, repeat: int, bar) -> None:
    """Link the real photos into the training split with their polygons as labels."""
    task = bar.add_task("real photos", total=len(photos) * repeat)
    for r in range(repeat):
        for p in photos:
            name = f"real{r}_{p.path.stem}"
            link = out / "images" / "train" / f"{name}{p.path.suffix}"
            if not link.exists():
                os.symlink(p.path.resolve(), link)
            text = _polygon_lines([lt.tile for lt in p.tiles], [lt.polygon for lt in p.tiles], p.width, p.height)
            (out / "labels" / "train" / f"{name}.txt").write_text(text)
            bar.advance(task)


class _SceneWriter:
    """Draws and writes scene ``(split, i)`` of a set: everything a scene needs but its index."""

    def __init__(self, out: Path, seed: int, faces, mix, backgrounds, largest: int, prints: float = 0.0):
        self.out, self.seed, self.faces, self.mix = out, seed, faces, mix
        self.backgrounds, self.largest, self.prints = backgrounds, largest, prints

    def __call__(self, job: tuple[str, int]) -> None:
        split, i = job
        # one generator a scene, from (seed, split, index): any scene can be made again alone
        rng = np.random.default_rng([self.seed, split == "val", i])
        # whether its table is a motif print: a generator of its own, so a set without prints
        # draws exactly the scenes it drew before the option
        printed = self.prints > 0 and np.random.default_rng([self.seed, split == "val", i, 1]).random() < self.prints
        scene = scenes.compose(rng, self.faces, mix=self.mix, backgrounds=self.backgrounds, largest=self.largest,
                               table="motifs" if printed else None)
        h, w = scene.image.shape[:2]
        name = f"scn{self.seed}_{split}_{i:06d}"
        cv2.imwrite(str(self.out / "images" / split / f"{name}.jpg"), scene.image, [cv2.IMWRITE_JPEG_QUALITY, 92])
        (self.out / "labels" / split / f"{name}.txt").write_text(_polygon_lines(scene.tiles, scene.outlines, w, h))
        meta = {"layout": scene.layout, "width": w, "height": h, "edition": _edition_meta(self.faces.edition), "tiles": [
            {"tile": str(t), "corners": np.round(c.astype(float), 1).tolist(), "oriented": o, "box": [round(v, 1) for v in b]}
            for t, c, o, b in zip(scene.tiles, scene.corners, scene.oriented, scene.boxes)]}
        (self.out / "meta" / split / f"{name}.json").write_text(json.dumps(meta) + "\n")


def _edition_meta(edition) -> dict | None:
    """The scene's edition as drawn (its face, digit size, 6/9 mark, joker ...), inks left out;
    None for the first drawing (``patches.render_tile``). Written so that a pool's errors can be
    split by face (the diary, "Reader v37": its editions pool's could not be)."""
    if edition is None:
        return None
    return {k: v for k, v in dataclasses.asdict(edition).items() if "inks" not in k}


def _each_scene(draw: _SceneWriter, work: list[tuple[str, int]], jobs: int):
    """Run ``draw`` on every job, in ``jobs`` forked processes when more than one (they inherit
    the tile bank and surfaces instead of pickling them); yields once a scene."""
    if jobs <= 1 or len(work) < 2:
        for job in work:
            yield draw(job)
        return
    import multiprocessing

    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(draw, work, chunksize=4)


def write_scene_set(out: Path, n_train: int, n_val: int = 0, seed: int = 0, *, mix: dict[str, float] | None = None,
                    largest: int = 1024, real: bool = True, holdout: tuple[str, ...] = (), real_repeat: int = 2,
                    real_fraction: float = 0.5, editions: str = "train", jobs: int = 1, prints: float = 0.0) -> Path:
    """Generate scenes of ``vision.training.scenes`` (seeded) with polygon labels and their meta files,
    and link the real photos of the tile sessions not in ``holdout`` (leave-one-session-out:
    neither their photos nor their tiles pasted in scenes are used). ``editions="test"`` draws
    the "other editions" test set: only the test pool of ``vision.training.tilefaces`` (fonts, inks,
    jokers, proportions never trained on), no real tiles, no real photos linked; ``"wide-train"``
    and ``"wide-test"`` the wide pools (Debian's font families, digits of 0.30-0.70: issue 38),
    ``"thin-train"`` wide-train with J-letter jokers and Light faces (reader v11), ``"joker-train"``
    thin-train with 15 % of the tiles jokers (reader v12), ``"more-train"`` wide-train's families
    and twenty-nine more (reader v16), ``"most-train"`` forty-seven more again (reader v20),
    ``"joker-most"`` those with every joker a J, 15 % of the tiles (reader v30), ``"many-train"``
    most-train's and two hundred more, most of them Aenigma's display designs (reader v31),
    ``"many-turned"`` its faces whose 6 is the 9 turned round (reader v32).
    ``prints``: the share of scenes laid on a cloth printed with motifs (``surfaces.motifs``; never
    with the test editions, whose tables are the test's). ``jobs``: processes drawing scenes side by
    side; each scene comes from (seed, split, index) alone, so any number of jobs writes the same
    images."""
    tilefaces.require_fonts(tilefaces.TRUETYPE.values())
    out = Path(out)
    for part in ("images", "labels", "meta"):
        for split in ("train", "val"):
            (out / part / split).mkdir(parents=True, exist_ok=True)
    photos: list[realdata.LabelledPhoto] = []
    bank, backgrounds = patches.TileBank(), []
    if real:
        sessions = realdata.kept_sessions(holdout)
        empty = realdata.load(realdata.NEGATIVE_SESSIONS)
        photos = realdata.load(sessions)
        bank = patches.TileBank.from_photos(photos)
        backgrounds = [cv2.imread(str(p.path)) for p in empty]
        photos += empty  # the empty tables are linked too, as photos with nothing to find
    faces = scenes.Faces(bank=bank, real=real_fraction)
    if editions in ("test", "wide-test"):
        faces = scenes.Faces(real=0.0, split=editions, presets=0.0, legacy=0.0)
        photos = []
    elif editions != "train":  # a training pool of tilefaces.POOLS
        faces = scenes.Faces(bank=bank, real=real_fraction, split=editions)
    work = [("train", i) for i in range(n_train)] + [("val", i) for i in range(n_val)]
    draw = _SceneWriter(out, seed, faces, mix, backgrounds, largest, prints)
    with _progress() as bar:
        task = bar.add_task("scenes", total=len(work))
        for _ in _each_scene(draw, work, jobs):
            bar.advance(task)
        if photos:
            _link_real(out, photos, real_repeat, bar)
    write_yaml(out)
    return out
