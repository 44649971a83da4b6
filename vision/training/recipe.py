"""The recipe of the reader (40x40 axis-aligned crops) and of exporting a models folder, step by
step (see models/README.md):

1. ``remi vision generate out/d --count 2400 --val 80 --seed 1`` (scenes + linked real photos)
2. ``remi vision train out/d --stage detector --pretrained ../shared/pretrained/yolov5n-coco.pt``
3. ``remi vision train out/d --stage reader --mine-with MODELS --epochs 6`` (MODELS: a models
   folder with step 2's detector): reader v6's trunk from scratch, or with ``--pretrained
   ../shared/pretrained/yolov5n-coco.pt --lr0 0.002`` the COCO trunk of reader v8 (the shipped
   reader v8.3.1 pairs v8.1's COCO trunk with v6's orientation: the model card's recipe)
4. ``remi vision export out/runs/detector/weights/last.pt out/runs/reader.pt --out models``
"""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np

from remi.vision import realdata


def reader_data(dataset: Path, seed: int = 0, synthetic_limit: int | None = None, mine_with: Path | None = None,
                sessions: tuple[str, ...] = realdata.TRAIN_SESSIONS, edges: float = 0.0, blur: float = 0.0,
                seen: bool = False, size: int = 40):
    """Crops for the tile reader: the real crops of ``sessions`` (6 jittered copies) + synthetic ones,
    an ``edges`` share of those widened toward a neighbour tile and a ``blur`` share blurred
    (:func:`vision.training.cropset.from_image`; reader v11).

    With ``mine_with`` (a models folder), also the boxes that detector draws on the training
    photos, the empty tables and the synthetic scenes (:func:`vision.training.cropset.mined`): its
    misaligned boxes of tiles, and its boxes of no tile for the background class. ``seen``: the
    scenes' upside-down 6s and 9s labelled as seen (``cropset.as_seen``; reader v19). ``size``:
    the crops' side (40, or 80 for a reader of the photo's own pixels: reader v22).
    """
    from remi.vision.training import cropset

    photos = realdata.load(sessions)
    parts = [cropset.from_photos(photos, copies=6, seed=seed, rotate=8, size=size),
             cropset.from_yolo(dataset, copies=1, seed=seed + 1, limit=synthetic_limit, edges=edges, blur=blur, seen=seen,
                               size=size)]
    if mine_with is not None:
        from remi.vision.reader import Reader

        miner = Reader(Path(mine_with))
        miner.conf = 0.1  # more of the boxes a detector is unsure of: the hard background
        empty = realdata.load(realdata.NEGATIVE_SESSIONS)
        parts += [cropset.mined(miner.detect, cropset.photo_items(photos), seed + 2, straddles=6, randoms=2, size=size),
                  cropset.mined(miner.detect, cropset.photo_items(empty), seed + 3, randoms=40, size=size),
                  cropset.mined(miner.detect, cropset.yolo_items(dataset, limit=synthetic_limit, seen=seen), seed + 4,
                                straddles=2, randoms=1, size=size)]
    return tuple(np.concatenate([part[i] for part in parts]) for i in range(3))


def heldout_crops(session: str = "rummy4"):
    from remi.vision.training import cropset

    return cropset.from_photos(realdata.load((session,)), copies=1, seed=1, amount=0.0)


def train_reader(dataset: Path, out: Path, *, epochs: int = 10, seed: int = 0, threads: int = 2,
                 synthetic_limit: int | None = None, validate: bool = True, init: Path | None = None,
                 pretrained: Path | None = None, mine_with: Path | None = None, lr: float = 3e-3,
                 holdout: tuple[str, ...] = realdata.HELDOUT_SESSIONS, progress=None, log=print) -> Path:
    """Train the reader on a generated dataset and the real sessions not in ``holdout`` (the
    first held-out session's crops are printed after each epoch, never used to choose one);
    ``pretrained``: the COCO state dict a new reader starts from; ``progress(done, total, what)``
    after each batch; ``log``: told each typed line (the crops, each epoch's loss)."""
    from remi.engine.messages import Reason
    from remi.vision.training import classifier

    sessions = realdata.kept_sessions(holdout)
    x, n, c = reader_data(Path(dataset), seed, synthetic_limit, mine_with, sessions)
    val = heldout_crops(holdout[0]) if validate and holdout else None
    log(Reason("train.reader_data", crops=len(x), background=int((n == classifier.BACKGROUND).sum()),
               sessions=tuple(sessions)))
    return classifier.train(x, n, c, Path(out) / "reader.pt", epochs=epochs, seed=seed, threads=threads, val=val,
                            init=init, pretrained=pretrained, lr=lr, progress=progress, log=log)


def export_detector(detector: Path, out: Path, imgsz: int = 640) -> dict:
    """The detector's ONNX and .pt (for the benchmark) into a models folder, and its keys in
    ``vision.json`` (the reader's keys, if the file has them, stay). ``obb`` says the
    detector draws turned boxes (an OBB model); ``Reader.detect`` decodes by it."""
    from remi.vision.training.train import export_onnx, offline

    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    offline()
    from ultralytics import YOLO
    from ultralytics.utils.torch_utils import strip_optimizer

    pt = out / "tile-detector.pt"
    if Path(detector).resolve() != pt.resolve():
        shutil.copy(detector, pt)
    strip_optimizer(str(pt))
    obb = YOLO(str(pt)).task == "obb"
    export_onnx(pt, imgsz, out / "tile-detector.onnx")
    from remi.vision.settings import ModelSettings

    old = ModelSettings.read(out) if (out / "vision.json").exists() else ModelSettings()
    settings = old.but(detector="tile-detector.onnx", detector_pt="tile-detector.pt", imgsz=imgsz, obb=obb)
    settings.write(out)
    return settings.to_dict()


def embedding_words(width: int) -> str:
    """What a folder's ``reader_outputs`` says of the reader's embedding of ``width`` numbers."""
    return f"{width} numbers the heads read (vision.adapt fits its own heads on them)"


def reader_settings(meta: dict, kind: str = "tiles", crop: int = 40, width: int = 128) -> dict:
    """A folder's vision.json keys (``meta``) with the exported reader's: its files and outputs and,
    for tiles, how each crop is read where the folder does not say otherwise.

    >>> s = reader_settings({"detector": "tile-detector.onnx"})
    >>> s["views"], s["sure"], s["turned_six_nine"], s["small_sure"], reader_settings({"turned_six_nine": False})["turned_six_nine"]
    (4, 0.95, True, 0.8, False)
    >>> c = reader_settings({}, "cards")
    >>> c["kind"], "turned_six_nine" in c, "small_sure" in c, c["reader_outputs"]["colour"]
    ('cards', False, False, 'suit s c h d')
    >>> reader_settings({}, width=256)["reader_outputs"]["embedding"][:11]   # two trunks side by side
    '256 numbers'
    """
    embedding = embedding_words(width)
    meta = {**meta, "reader": "tile-reader.onnx", "crop_size": crop, "reader_head": "reader-head.npz",
            "reader_outputs": {"number": "0 = joker, 1..13, 14 = not a tile", "colour": "k b r y",
                               "orient": "upright, turned 180 degrees", "embedding": embedding}}
    if kind == "tiles":  # a tile read less than 95 % sure is read four ways (research/vision-diary.md, "V4u"),
        # its turned view's 6 read as a 9 in a photo standing upright (research/vision-diary.md, "A 6 turned round is a 9"),
        # a far tile under the speck share counted when read 0.8 sure ("Small boxes the reader is sure of")
        meta.update({"views": meta.get("views", 4), "sure": meta.get("sure", 0.95),
                     "unsure_below": meta.get("unsure_below", 0.7),
                     "turned_six_nine": meta.get("turned_six_nine", True), "small_sure": meta.get("small_sure", 0.8)})
    if kind == "cards":
        meta.update({"kind": "cards", "reader_outputs": {
            "number": "0 = joker, 1 = ace ... 13 = king, 14 = not an index", "colour": "suit s c h d",
            "orient": "upright, turned 180 degrees", "embedding": embedding}})
    return meta


def export_models(detector: Path, reader: Path, out: Path, imgsz: int = 640, kind: str = "tiles") -> dict:
    """ONNX files of both stages, the detector's .pt (for the benchmark) and vision.json;
    ``kind`` "cards" for a card models folder (``vision.folders``): a detector of corner
    indices whose reader reads each index as its card's kind."""
    from remi.vision.training import classifier

    out = Path(out)
    export_detector(detector, out, imgsz)
    classifier.export_onnx(reader, out / "tile-reader.onnx")
    shutil.copy(reader, out / "tile-reader.pt")
    from remi.vision.settings import ModelSettings

    meta = reader_settings(ModelSettings.read(out).to_dict(), kind, classifier.saved_crop(Path(reader)),
                           classifier.saved_embedding(Path(reader)))
    # vision.adapt fits its own heads on the reader's embedding, starting from these
    np.savez(out / "reader-head.npz", **classifier.head_weights(Path(reader)))
    ModelSettings.from_dict(meta).write(out)
    return {k: str(out / v) for k, v in meta.items() if isinstance(v, str) and v.endswith((".onnx", ".pt"))}
