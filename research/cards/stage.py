"""The card reader's first stage (issue 29): the tile pipeline's shape on cards' corner indices.

A card photo is read as a tile photo is: a one-class detector finds each corner index (the rank
with its small suit pip under it), and the reader reads each index crop as a number (0 = joker,
1 = ace .. 13 = king, 14 = not an index) and a colour, which for cards is the suit in the
engine's order (``remi.engine.tiles.SUITS``: s c h d). So an index reads as the engine's
``Tile`` of that card, and ``remi.vision.reader.Reader`` runs the two ONNX models unchanged.
A card is its distinct kind in a photo: one deck holds one card of each kind, and its two
corner indices are two boxes of one kind (``../shared/realdata/cards/README.md``).

Folds leave one source group out (the README: ``android`` and ``webcam-uuid`` are one deck on
one day, so they go together):

    python -m research.cards.stage data out/cards-F --holdout F          # F: white, iphone, win
    remi vision train out/cards-F --stage detector --pretrained ../shared/pretrained/yolov5n-coco.pt ...
    python -m research.cards.stage crops out/cards-F/crops.npz --holdout F --seed 0
    python -m research.cards.stage crops out/cards-scene-crops.npz --scenes out/cards-spread-train --copies 2   # indices at a scene's scale
    python -m research.cards.stage synth out/cards-synth-1.npz --n 20000 --seed 101   # vision.training.cardfaces
    python -m research.cards.stage reader out/cards-F/reader.pt out/cards-F/crops.npz out/cards-synth-*.npz --epochs 8
    remi vision export DET.pt out/cards-F/reader.pt --out MODELS
    python -m research.cards.stage eval MODELS --fold F [--json OUT]

Nothing of the real photos is copied into the repository: they are read from
``../shared/realdata/cards`` (or ``$REMI_CARDDATA``) and linked into the dataset folder.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from remi.engine import ALL_KINDS, Tile
from remi.engine.tiles import SUITS

ROOT = Path(__file__).resolve().parents[2]
#: Folds by source group: a fold's name -> the groups it holds out.
FOLDS = {"white": ("android", "webcam-uuid"), "iphone": ("iphone",), "win": ("webcam-win",)}
#: Boxes under this many pixels on a side are label faults: the two the README lists (a 1x7 px
#: duplicate and a 20x5 px 4h) are the only boxes under 7 px of the 3,017 corner indices.
LEAST_SIDE = 6.0
BACKGROUND = 14  # the reader's "not an index" number class (vision.crops.BACKGROUND)


def deck_folder(text: str) -> tuple[str, Path]:
    """``DECK=MODELS_DIR`` of a command line (argparse ``type``): a held-out deck of ``FOLDS``
    and an existing card models folder, else one line saying which part is wrong."""
    deck, eq, folder = text.partition("=")
    if not eq or deck not in FOLDS:
        raise argparse.ArgumentTypeError(f"{text!r}: want DECK=MODELS_DIR, DECK one of {', '.join(FOLDS)}")
    if not (Path(folder) / "vision.json").is_file():
        raise argparse.ArgumentTypeError(f"{text!r}: {folder!r} is no models folder (no vision.json)")
    return deck, Path(folder)


def default_root() -> Path:
    env = os.environ.get("REMI_CARDDATA")
    return Path(env) if env else ROOT.parent / "shared" / "realdata" / "cards"


@dataclass(frozen=True)
class CardPhoto:
    """One labelled photo: its corner indices (card, box in pixels) and its card backs."""

    path: Path
    group: str
    cards: tuple[Tile, ...]
    boxes: np.ndarray  # (n, 4) x1 y1 x2 y2, one per labelled corner index
    backs: np.ndarray  # (m, 4) whole-card boxes of backs
    size: tuple[int, int]  # width, height

    @property
    def kinds(self) -> set[str]:
        """The cards in the photo: each kind once (two corners of one card are one card)."""
        return {c.card() for c in self.cards}


def _box(values: np.ndarray, w: int, h: int) -> tuple[float, float, float, float]:
    """A label row's box in pixels: ``cx cy w h`` or a polygon's extent (normalised)."""
    if len(values) == 4:
        cx, cy, bw, bh = values * (w, h, w, h)
        return (cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2)
    p = values.reshape(-1, 2) * (w, h)
    return (*p.min(0), *p.max(0))


def read_photo(root: Path, stem: str, group: str, names: dict[int, str]) -> CardPhoto:
    from PIL import Image

    path = root / "images" / f"{stem}.jpg"
    with Image.open(path) as im:
        w, h = im.size
    cards, boxes, backs = [], [], []
    for line in (root / "labels" / f"{stem}.txt").read_text().splitlines():
        parts = line.split()
        if len(parts) < 5:
            continue
        box = _box(np.array(parts[1:], float), w, h)
        if min(box[2] - box[0], box[3] - box[1]) < LEAST_SIDE:
            continue
        name = names[int(parts[0])]
        if name == "back":
            backs.append(box)
        else:
            cards.append(Tile.parse(name))
            boxes.append(box)
    return CardPhoto(path, group, tuple(cards), np.array(boxes, float).reshape(-1, 4),
                     np.array(backs, float).reshape(-1, 4), (w, h))


def load(groups: tuple[str, ...], root: Path | None = None) -> list[CardPhoto]:
    """The labelled photos of ``groups``, in the order of ``sessions.tsv``."""
    root = root or default_root()
    names = {int(k): v for k, v in json.loads((root / "classes.json").read_text()).items()}
    rows = (line.split("\t") for line in (root / "sessions.tsv").read_text().splitlines()[1:])
    return [read_photo(root, r[0], r[1], names) for r in rows if r[1] in groups]


def load_scenes(folder: Path, split: str = "val") -> list[CardPhoto]:
    """The photos of a synthetic card set (``vision.training.cardscenes``): label classes are
    the engine's codes."""
    from PIL import Image

    photos = []
    for path in sorted((Path(folder) / "images" / split).glob("*.jpg")):
        with Image.open(path) as im:
            w, h = im.size
        rows = [line.split() for line in (Path(folder) / "labels" / split / f"{path.stem}.txt").read_text().splitlines()]
        cards = tuple(Tile(int(r[0])) for r in rows)
        boxes = np.array([_box(np.array(r[1:], float), w, h) for r in rows], float).reshape(-1, 4)
        photos.append(CardPhoto(path, "synthetic", cards, boxes, np.zeros((0, 4)), (w, h)))
    return photos


def training_groups(holdout: str) -> tuple[str, ...]:
    held = FOLDS[holdout]
    return tuple(g for gs in FOLDS.values() for g in gs if g not in held)


def write_index_set(out: Path, holdout: str, root: Path | None = None) -> Path:
    """An Ultralytics one-class dataset of corner indices: the photos of every group but the
    held-out fold's for training, the fold's for Ultralytics' per-epoch validation (a log, never
    a choice). Photos are linked, not copied; backs are no index and get no label."""
    out = Path(out)
    for split, groups in (("train", training_groups(holdout)), ("val", FOLDS[holdout])):
        (out / "images" / split).mkdir(parents=True, exist_ok=True)
        (out / "labels" / split).mkdir(parents=True, exist_ok=True)
        for p in load(groups, root):
            link = out / "images" / split / p.path.name
            if not link.exists():
                link.symlink_to(p.path.resolve())
            w, h = p.size
            rows = [f"0 {(x1 + x2) / 2 / w:.6f} {(y1 + y2) / 2 / h:.6f} {(x2 - x1) / w:.6f} {(y2 - y1) / h:.6f}"
                    for x1, y1, x2, y2 in p.boxes]
            (out / "labels" / split / f"{p.path.stem}.txt").write_text("".join(r + "\n" for r in rows))
    (out / "data-tile.yaml").write_text(f"path: {out.resolve()}\ntrain: images/train\nval: images/val\n"
                                        "names:\n  0: index\n")
    return out


def _negatives(rng: np.random.Generator, p: CardPhoto, w: int, h: int, count: int) -> list[tuple]:
    """Boxes of an index's size that overlap no labelled index: pips, court pictures, the table."""
    from remi.vision.crops import iou

    if len(p.boxes):
        sizes = p.boxes[:, 2:] - p.boxes[:, :2]
    else:
        sizes = np.array([[w * 0.04, h * 0.09]])
    out = []
    for _ in range(count * 4):
        bw, bh = sizes[rng.integers(len(sizes))] * rng.uniform(0.7, 1.5, 2)
        x1, y1 = rng.uniform(0, max(w - bw, 1)), rng.uniform(0, max(h - bh, 1))
        box = np.array([x1, y1, x1 + bw, y1 + bh])
        if len(p.boxes) == 0 or iou(box[None], p.boxes).max() < 0.1:
            out.append(tuple(box))
        if len(out) == count:
            break
    return out


def index_crops(photos: list[CardPhoto], copies: int = 6, negatives: int = 6, seed: int = 0,
                scale: tuple[float, float] | None = None):
    """Reader crops (uint8 NHWC, number, colour): each labelled index ``copies`` times,
    jittered as ``vision.training.cropset`` jitters tiles (each box first scaled by a factor of
    ``scale``, card reader 11), and ``negatives`` not-an-index crops a photo."""
    from remi.vision import crops
    from remi.vision.training import cropset
    from remi.vision.reader import load_image

    rng = np.random.default_rng(seed)
    X, N, C = [], [], []
    for p in photos:
        image = load_image(p.path)
        x, n, c = cropset.from_image(rng, image, p.cards, p.boxes, copies, rotate=8.0, scale=scale)
        X += x
        N += n
        C += c
        for box in _negatives(rng, p, image.shape[1], image.shape[0], negatives):
            X.append(crops.crop(image, box))
            N.append(BACKGROUND)
            C.append(-1)
    return np.stack(X).astype(np.uint8), np.array(N, np.int64), np.array(C, np.int64)


def card_figures(reader, photos: list[CardPhoto]) -> dict:
    """Cards read right (recall) and cards read really there (precision) over the photos, per
    photo by distinct kind; photos read whole (every card, nothing more); index-level figures."""
    from remi.vision.evaluate import evaluate
    from remi.vision.reader import load_image

    right = truth = said = whole = 0
    ms = []
    marks = np.zeros((2, 2), int)  # [read right, read wrong] x [not marked, marked]
    for p in photos:
        image = load_image(p.path)
        t0 = time.perf_counter()
        reading = reader.read(image)
        ms.append((time.perf_counter() - t0) * 1000)
        read = {d.tile.card() for d in reading.detections}
        right += len(read & p.kinds)
        truth += len(p.kinds)
        said += len(read)
        whole += int(read == p.kinds)
        seen: set[str] = set()
        for d in reading.detections:  # a card read right once; again, or not in the photo: wrong
            card = d.tile.card()
            marks[int(card not in p.kinds or card in seen), int(d.low)] += 1
            seen.add(card)
    indices = evaluate(reader, [(p.path, list(p.cards), p.boxes) for p in photos])
    return {"photos": len(photos), "cards": truth, "recall": right / max(truth, 1), "precision": right / max(said, 1),
            "photos_whole": whole / max(len(photos), 1), "median_ms": float(np.median(ms)) if ms else 0.0,
            "index_tile_accuracy": indices.get("tile_accuracy"), "index_detector_recall": indices.get("detector_recall"),
            "wrong_marked": f"{marks[1, 1]} of {marks[1].sum()}", "right_marked": f"{marks[0, 1]} of {marks[0].sum()}"}


def index_figures(reader, photos: list[CardPhoto]) -> dict:
    """The index detector alone, as the tile detector is measured (``research/vision_loso.py``):
    recall and AP50 of its boxes at IoU 0.5, extra boxes, photos with every index found."""
    sys.path.insert(0, str(ROOT / "research"))
    from vision_loso import detector_figures

    figures = detector_figures(reader, [(p.path, list(p.cards), p.boxes) for p in photos])
    return {k.replace("tiles", "indices"): v for k, v in figures.items()}


def reader_figures(state: Path, photos: list[CardPhoto]) -> dict:
    """The reader alone on the labelled corner indices (the detector's part left out): index
    accuracy (rank, suit, both; and both by the index's shape, ``boxed_by_size.shape``) and, per
    photo, the cards its indices name against the truth."""
    import torch

    from remi.vision import crops
    from remi.vision.reader import load_image
    from remi.vision.training import classifier

    from research.cards.boxed_by_size import shape

    net = classifier.load(state)
    net.eval()
    right = truth = said = whole = 0
    xs, ns, cs, shapes = [], [], [], {}
    for p in photos:
        image = load_image(p.path)
        x = np.stack([crops.crop(image, tuple(b)) for b in p.boxes]) if len(p.boxes) else np.zeros((0, 40, 40, 3), np.uint8)
        if len(x):
            with torch.no_grad():
                pn, pc = (t.numpy() for t in net(torch.from_numpy(crops.to_input(x)))[:2])
            read = {_card(int(n), int(c)) for n, c in zip(pn.argmax(1), pc.argmax(1)) if n != BACKGROUND}
            for card, b, n, c in zip(p.cards, p.boxes, pn.argmax(1), pc.argmax(1)):
                tally = shapes.setdefault(shape(b[2] - b[0], b[3] - b[1]), [0, 0])
                tally[0] += int(n == card.number and (card.is_joker or c == card.colour))
                tally[1] += 1
        else:
            read = set()
        right += len(read & p.kinds)
        truth += len(p.kinds)
        said += len(read)
        whole += int(read == p.kinds)
        xs.append(x)
        ns += [c.number for c in p.cards]
        cs += [c.colour for c in p.cards]
    x, ns, cs = np.concatenate(xs), np.array(ns), np.array(cs)
    number, suit, index = classifier.evaluate(net, x, ns, cs)
    return {"photos": len(photos), "indices": len(ns), "cards": truth, "index_rank": number, "index_suit": suit,
            "index_right": index, "suit_right": _suits_right(net, x, cs), "recall": right / max(truth, 1),
            "precision": right / max(said, 1), "photos_whole": whole / max(len(photos), 1),
            "index_right_by_shape": {k: f"{a} of {t}" for k, (a, t) in sorted(shapes.items())}}


def _suits_right(net, x: np.ndarray, colour: np.ndarray) -> dict[str, str]:
    """Each suit's labelled indices whose suit is read right, "right of all" (the clubs of one
    deck can all read as spades while the suits together read 76 %)."""
    import torch

    from remi.vision import crops

    with torch.no_grad():
        said = net(torch.from_numpy(crops.to_input(x)))[1].numpy().argmax(1)
    return {suit: f"{int((said[colour == i] == i).sum())} of {int((colour == i).sum())}"
            for i, suit in enumerate(SUITS) if (colour == i).any()}


def _card(number: int, colour: int) -> str:
    """The card of a reader's number and colour classes (the engine's tile code order)."""
    return "*" if number == 0 else ALL_KINDS[colour * 13 + number - 1].card()


def main(argv: list[str] | None = None) -> int:
    from remi.vision.training import cardscenes

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("data")
    d.add_argument("out", type=Path)
    d.add_argument("--holdout", choices=FOLDS, required=True)
    c = sub.add_parser("crops")
    c.add_argument("out", type=Path)
    source = c.add_mutually_exclusive_group(required=True)
    source.add_argument("--holdout", choices=FOLDS, help="real crops: every group but this fold's")
    source.add_argument("--scenes", type=Path, help="a synthetic set's train photos (stage scenes), at their own scale")
    c.add_argument("--copies", type=int, default=6)
    c.add_argument("--negatives", type=int, default=6)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--scale", type=float, nargs=2, metavar=("LOW", "HIGH"),
                   help="each index box grown or shrunk about its centre by a factor in LOW-HIGH (card reader 11)")
    r = sub.add_parser("reader")
    r.add_argument("out", type=Path)
    r.add_argument("crops", type=Path, nargs="+", help="crop sets (.npz), trained on together")
    r.add_argument("--epochs", type=int, default=8)
    r.add_argument("--seed", type=int, default=0)
    r.add_argument("--init", type=Path, help="a reader's state dict to fine-tune instead of starting from scratch")
    r.add_argument("--lr", type=float, default=3e-3)
    s_ = sub.add_parser("synth")
    s_.add_argument("out", type=Path)
    s_.add_argument("--n", type=int, default=40000)
    s_.add_argument("--seed", type=int, default=100)
    s_.add_argument("--pips", choices=("one", "many"), default="one",
                    help="pips from DejaVu Sans alone, or from four faces and drawn shapes (reader 6)")
    re_ = sub.add_parser("reader-eval")
    re_.add_argument("state", type=Path)
    re_.add_argument("--fold", choices=FOLDS, required=True)
    re_.add_argument("--json", type=Path)
    sc = sub.add_parser("scenes")
    sc.add_argument("out", type=Path)
    sc.add_argument("--pool", choices=tuple(cardscenes.POOLS), required=True)
    sc.add_argument("--count", type=int, default=0)
    sc.add_argument("--val", type=int, default=120)
    sc.add_argument("--seed", type=int, default=9290)
    sc.add_argument("--prints-without", type=int, metavar="FOLD",
                    help="the cards' faces real ones of card-prints, every print fold but FOLD (card reader 9)")
    sc.add_argument("--dark", type=float, default=0.0, metavar="SHARE",
                    help="with --prints-without: the share of faces laid as a black deck prints them")
    e = sub.add_parser("eval")
    e.add_argument("models", type=Path)
    which = e.add_mutually_exclusive_group(required=True)
    which.add_argument("--fold", choices=FOLDS)
    which.add_argument("--scenes", type=Path, help="a synthetic set's val photos (stage scenes)")
    e.add_argument("--json", type=Path)
    e.add_argument("--detector-only", action="store_true", help="the index boxes alone (no reader figures)")
    args = ap.parse_args(argv)

    if args.cmd == "data":
        print(write_index_set(args.out, args.holdout))
    elif args.cmd == "crops":
        photos = load(training_groups(args.holdout)) if args.holdout else load_scenes(args.scenes, "train")
        if not photos:
            sys.exit(f"stage crops: no labelled train photos in {args.scenes} (made by stage scenes --count N)")
        if args.scale and not 0.3 <= args.scale[0] <= args.scale[1] <= 3:
            sys.exit(f"stage crops: --scale {args.scale[0]} {args.scale[1]}: give LOW <= HIGH within 0.3-3")
        x, n, col = index_crops(photos, args.copies, args.negatives, args.seed, tuple(args.scale) if args.scale else None)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(args.out, x=x, number=n, colour=col)
        print(f"{len(x)} crops ({int((n == BACKGROUND).sum())} not an index) -> {args.out}")
    elif args.cmd == "reader":
        from remi.vision.training import classifier

        sets = [np.load(f) for f in args.crops]
        x, n, col = (np.concatenate([z[k] for z in sets]) for k in ("x", "number", "colour"))
        # Indices lie at every angle in a photo, so no crop is "turned": all of them teach their kind.
        classifier.train(x, n, col, args.out, epochs=args.epochs, seed=args.seed, threads=2, flipped=0.0,
                         init=args.init, lr=args.lr)
    elif args.cmd == "synth":
        from remi.vision.training import cardfaces

        x, n, col = cardfaces.index_crops(args.n, args.seed, pips=args.pips)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(args.out, x=x, number=n, colour=col)
        print(f"{len(x)} synthetic crops ({int((n == BACKGROUND).sum())} not an index) -> {args.out}")
    elif args.cmd == "reader-eval":
        figures = reader_figures(args.state, load(FOLDS[args.fold]))
        print(json.dumps({args.fold: figures}))
        if args.json:
            args.json.write_text(json.dumps({args.fold: figures}, indent=2) + "\n")
    elif args.cmd == "scenes":
        from remi.vision.training.cardscenes import write_scene_set

        prints = None
        if args.prints_without is not None:
            from remi.vision.training.cardscenes import PrintFaces
            from research.cards import card_data

            if not 0 <= args.dark <= 1:
                sys.exit(f"stage scenes: --dark {args.dark}: a share of 0 to 1")
            prints = PrintFaces(card_data.print_split(args.prints_without)[0], dark=args.dark)
        print(write_scene_set(args.out, args.pool, args.count, args.val, args.seed, prints))
    else:
        from remi.vision.reader import Reader

        name = args.fold or str(args.scenes)
        photos = load(FOLDS[args.fold]) if args.fold else load_scenes(args.scenes)
        reader = Reader(args.models)
        figures = {"detector": index_figures(reader, photos)}
        if not args.detector_only:
            figures.update(card_figures(reader, photos))
        print(json.dumps({name: figures}))
        if args.json:
            args.json.write_text(json.dumps({name: figures}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    from remi.engine import RemiError

    from research.errors import LabError

    try:
        sys.exit(main())
    except (RemiError, LabError) as e:  # one line, as remi's own commands say it
        sys.exit(f"stage: {e}")
