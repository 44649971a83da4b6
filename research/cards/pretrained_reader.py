"""Readers on the COCO trunk (``classifier.coco_trunk``: YOLOv5n layers 0-4 on the 40x40 crop
blown up to 80x80, two conv blocks, the tile reader's heads, loop and ONNX outputs) trained on
crop sets saved as .npz: the cards' index crops (``research.cards.stage crops``, cards1 readers 4
and 5) and the tiles' (``tile-crops``: ``vision.training.recipe.reader_data``, readers v8-v8.2).

    python -m research.cards.pretrained_reader train OUT.pt CROPS.npz ... --epochs 6 --seed 0
    python -m research.cards.pretrained_reader tile-crops OUT.npz out/p1 --mine-with models  # tiles' crops
    python -m research.cards.pretrained_reader export OUT.pt MODELS_DIR   # its tile-reader.onnx
    python -m research.cards.pretrained_reader pair OUT.pt READER.pt ORIENTATION.pt [--half]   # reader v8.3
    python -m research.cards.pretrained_reader joint OUT.pt FIRST.pt SECOND.pt [--half]   # reader v13
    python -m research.cards.pretrained_reader split OUT.pt NUMBERS.pt [NUMBERS.pt ...] COLOURS.pt [--half]   # v26.1, v29
    python -m research.cards.pretrained_reader teach OUT.npz TEACHER.pt CROPS.npz ...   # train --taught (v14)
    python -m research.cards.pretrained_reader eval OUT.pt --fold win     # as stage reader-eval
    python -m research.cards.pretrained_reader card-crops OUT.npz --deck iphone   # the card reader's crops (issue 42)
    python -m research.cards.pretrained_reader eval-prints OUT.pt --print-fold 1  # on prints never trained on

The shipped tile reader v8.3.1 is v8.1's COCO trunk paired with v6's orientation (``pair``;
research/vision-diary.md, readers v8-v8.4); no card reader ships yet (cards1/README.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
COCO = ROOT.parent / "shared" / "pretrained" / "yolov5n-coco.pt"


def _share(text: str) -> float:
    """A share of crops, 0 to 1 (``--edges``, ``--blur``); anything else is refused in one line."""
    try:
        share = float(text)
    except ValueError:
        share = -1.0
    if not 0.0 <= share <= 1.0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a share of 0 to 1")
    return share


def _side(text: str) -> int:
    """A side in pixels a crop may be shrunk to, 2 to the crop's 40 (``--low-sides``)."""
    from remi.vision.crops import SIZE

    if not text.isdigit() or not 2 <= int(text) <= SIZE:
        raise argparse.ArgumentTypeError(f"{text!r} is not a side of 2 to {SIZE} px")
    return int(text)


def _parser():
    from remi.vision.training import classifier  # numpy only at import: torch waits for train

    from research.cards import card_data, stage

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("out", type=Path)
    t.add_argument("crops", type=Path, nargs="*", help="crop sets (.npz) asked numbers and colours")
    t.add_argument("--epochs", type=int, default=6)
    t.add_argument("--seed", type=int, default=0)
    t.add_argument("--lr", type=float, default=2e-3)
    t.add_argument("--init", type=Path, help="a reader's state dict to fine-tune (instead of the COCO start)")
    t.add_argument("--turned", type=float, default=0.0,
                   help="share of crops turned 180 degrees for the orientation head (tiles 0.25; card indices 0)")
    t.add_argument("--grid-orient", action="store_true", help="an orientation head on a 2x2 grid of the features")
    t.add_argument("--low-resolution", type=float, default=0.0,
                   help="share of crops shrunk to --low-sides px and blown back up (a far webcam's index)")
    t.add_argument("--low-sides", type=_side, nargs=2, default=classifier.LOW_SIDES, metavar=("LOW", "HIGH"),
                   help="the sides, px, a crop seen through the far camera is shrunk to (tiles: 10 26)")
    t.add_argument("--face-shapes", type=float, default=0.0,
                   help="share of crops redrawn narrower, wider, slanted, bolder or lighter (classifier._face_shapes; v37)")
    t.add_argument("--quarter-turned", type=_share, default=0.0,
                   help="share of crops turned a quarter, half each way (a card lying sideways; card reader 15)")
    t.add_argument("--colour-cast", action="store_true", help="stronger white balance and greyer colours (classifier._augment)")
    t.add_argument("--taught", type=Path, help="a teacher's chances for these crops (teach): distillation (v14)")
    t.add_argument("--taught-share", type=float, default=0.5, help="the share of the loss that is the teacher's")
    t.add_argument("--numbers-only", type=Path, nargs="+", default=[],
                   help="crop sets more, whose colours are not asked (v26: small tiles teach numbers, not inks)")
    h = sub.add_parser("teach", help="a reader's number and colour chances for crop sets, for train --taught")
    h.add_argument("out", type=Path)
    h.add_argument("teacher", type=Path)
    h.add_argument("crops", type=Path, nargs="+", help="crop sets (.npz), in train's order")
    c = sub.add_parser("tile-crops", help="the tile reader's training crops (vision.training.recipe.reader_data)")
    c.add_argument("out", type=Path)
    c.add_argument("dataset", type=Path, help="a generated scene folder (remi vision generate)")
    c.add_argument("--mine-with", type=Path, help="a models folder whose detector's boxes are mined")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--holdout", action="append", help="a real session whose tiles are left out (repeat it; default rummy4)")
    c.add_argument("--edges", type=_share, default=0.0,
                   help="share of the scenes' crops widened toward the next tile, its edge beside the digit (v11)")
    c.add_argument("--blur", type=_share, default=0.0, help="share of the scenes' crops blurred (Gaussian or motion; v11)")
    c.add_argument("--seen", action="store_true", help="the scenes' upside-down 6s and 9s labelled as seen (v19)")
    c.add_argument("--size", type=int, choices=(40, 80), default=40,
                   help="the crops' side: 80 for a reader of the photo's own pixels (v22)")
    u = sub.add_parser("upright-crops", help="labelled tiles of scene folders turned upright by their outlines (v20.2)")
    u.add_argument("out", type=Path)
    u.add_argument("datasets", type=Path, nargs="+", help="generated scene folders (remi vision generate)")
    w = sub.add_parser("train-way-up", help="train only a paired reader's orientation part on upright crops (v20.2)")
    w.add_argument("out", type=Path)
    w.add_argument("state", type=Path, help="a paired reader (pair): its number and colour part stays as it is")
    w.add_argument("crops", type=Path, nargs="+", help="upright-crops sets (.npz)")
    w.add_argument("--epochs", type=int, default=2)
    w.add_argument("--lr", type=float, default=1e-3)
    w.add_argument("--seed", type=int, default=0)
    w.add_argument("--keep", type=Path, nargs="+", help="crop sets (.npz) of real tiles whose way up is kept as it was read (v20.3)")
    r = sub.add_parser("real-crops", help="crops of the real tiles of sessions (vision.realdata), as cut")
    r.add_argument("out", type=Path)
    r.add_argument("sessions", nargs="+", help="real sessions (rummy, rummy2)")
    x = sub.add_parser("export")
    x.add_argument("state", type=Path)
    x.add_argument("models", type=Path, help="a model folder; its tile-reader.onnx is replaced")
    q = sub.add_parser("pair", help="one reader: READER's number and colour, ORIENTATION's trunk and orientation head")
    q.add_argument("out", type=Path)
    q.add_argument("reader", type=Path)
    q.add_argument("orientation", type=Path)
    q.add_argument("--half", action="store_true", help="save the weights as float16 (half the file)")
    j = sub.add_parser("joint", help="one reader: FIRST's and SECOND's trunks side by side, their logits averaged (v13)")
    j.add_argument("out", type=Path)
    j.add_argument("first", type=Path, help="its orientation trunk is kept")
    j.add_argument("second", type=Path)
    j.add_argument("--half", action="store_true", help="save the weights as float16 (half the file)")
    sp = sub.add_parser("split", help="one reader: the NUMBERS readers' trunks under the number head (their logits "
                        "averaged), COLOURS' under the colour head (v26.1, v29)")
    sp.add_argument("out", type=Path)
    sp.add_argument("numbers", type=Path, nargs="+", help="the first one's orientation trunk is kept")
    sp.add_argument("colours", type=Path)
    sp.add_argument("--half", action="store_true", help="save the weights as float16 (half the file)")
    e = sub.add_parser("eval")
    e.add_argument("state", type=Path)
    e.add_argument("--fold", choices=stage.FOLDS, required=True)
    e.add_argument("--json", type=Path)
    k = sub.add_parser("card-crops", help="the card reader's training crops (research.cards.card_data)")
    k.add_argument("out", type=Path)
    k.add_argument("--deck", choices=stage.FOLDS, required=True, help="the real deck group left out")
    k.add_argument("--print-fold", type=int, help="the card-prints fold left out (default: the deck's pair, "
                   f"{card_data.PAIRS})")
    k.add_argument("--drawn", type=int, default=20000,
                   help="indices drawn from Debian's fonts (the same set in every fold; 0: none)")
    k.add_argument("--print-heights", type=float, nargs=2, default=(10, 28), metavar=("LOW", "HIGH"),
                   help="card-prints' indices shrunk to this many pixels tall (card reader 8: 18 56)")
    k.add_argument("--seed", type=int, default=0)
    p = sub.add_parser("eval-prints", help="a reader on the index crops of a card-prints fold it never saw")
    p.add_argument("state", type=Path)
    p.add_argument("--print-fold", type=int, required=True)
    p.add_argument("--heights", type=float, nargs=2, default=(10, 28), metavar=("LOW", "HIGH"),
                   help="the held-out indices' height in pixels")
    p.add_argument("--json", type=Path)
    return ap


def _card_crops(args) -> None:
    from research.cards import card_data, stage

    fold = card_data.PAIRS[args.deck] if args.print_fold is None else args.print_fold
    x, n, col, counts = card_data.reader_data(args.deck, fold, args.drawn, args.seed,
                                              print_heights=tuple(args.print_heights))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(args.out, x=x, number=n, colour=col)
    print(f"{args.out}: {len(x)} crops ({', '.join(f'{v} {k}' for k, v in counts.items())}), "
          f"{int((n == stage.BACKGROUND).sum())} of them no index; deck {args.deck} and print fold {fold} left out")


def crop_sets(crops: list[Path], numbers_only: list[Path] = ()) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(crops, numbers, colours) of crop sets in order, then of ``numbers_only`` with every
    colour -1, which ``classifier.train`` does not ask (reader v26: small tiles' inks are blurs
    that taught sure colour errors, their digits taught numbers)."""
    sets = [dict(np.load(f)) for f in crops]
    sets += [{**z, "colour": np.full_like(z["colour"], -1)} for z in map(dict, map(np.load, numbers_only))]
    return tuple(np.concatenate([z[k] for z in sets]) for k in ("x", "number", "colour"))


def _eval_prints(args) -> None:
    from remi.vision.training import classifier
    from research.cards import card_data, stage

    x, n, col = card_data.heldout_prints(args.print_fold, heights=tuple(args.heights))
    net = classifier.load(args.state)
    net.eval()
    rank, suit, both = classifier.evaluate(net, x, n, col)
    figures = {f"prints-{args.print_fold}": {"indices": len(x), "index_rank": rank, "index_suit": suit,
                                             "index_right": both}}
    print(json.dumps(figures))
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


def main(argv: list[str] | None = None) -> int:
    from research.cards import stage

    args = _parser().parse_args(argv)
    from remi.vision.training import classifier

    if args.cmd == "train":
        if not args.crops and not args.numbers_only:
            raise SystemExit("pretrained_reader train: no crop sets (CROPS or --numbers-only)")
        if args.low_sides[0] > args.low_sides[1]:
            raise SystemExit(f"pretrained_reader train: --low-sides {args.low_sides[0]} {args.low_sides[1]}: LOW over HIGH")
        xs, n, col = crop_sets(args.crops, args.numbers_only)
        taught = None
        if args.taught:
            saved = np.load(args.taught)
            taught = (saved["number"], saved["colour"])
        classifier.train(xs, n, col, args.out, epochs=args.epochs, seed=args.seed, threads=2, flipped=args.turned,
                         lr=args.lr, pretrained=None if args.init else COCO, init=args.init,
                         low_resolution=args.low_resolution, grid=True if args.grid_orient else None,
                         colour_cast=args.colour_cast, taught=taught, taught_share=args.taught_share,
                         face_shapes=args.face_shapes, quarter_turned=args.quarter_turned,
                         low_sides=tuple(args.low_sides))
    elif args.cmd == "teach":
        xs = np.concatenate([np.load(f)["x"] for f in args.crops])
        pn, pc = classifier.teach(args.teacher, xs)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        np.savez(args.out, number=pn, colour=pc)
        print(f"{args.out}: {len(pn)} crops' chances from {args.teacher}")
    elif args.cmd == "tile-crops":
        from remi.vision.training import recipe

        from remi.vision import realdata

        from research.errors import LabError

        try:
            sessions = realdata.kept_sessions(tuple(args.holdout or realdata.HELDOUT_SESSIONS))
        except ValueError as e:
            raise LabError(f"--holdout {e}") from None
        x, n, col = recipe.reader_data(args.dataset, args.seed, mine_with=args.mine_with, sessions=sessions,
                                       edges=args.edges, blur=args.blur, seen=args.seen, size=args.size)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        np.savez(args.out, x=x, number=n, colour=col)
        print(f"{args.out}: {len(x)} crops, {int((n == classifier.BACKGROUND).sum())} of them no tile")
    elif args.cmd == "upright-crops":
        from remi.vision.training import cropset

        x = np.concatenate([cropset.upright(d) for d in args.datasets])
        args.out.parent.mkdir(parents=True, exist_ok=True)
        np.savez(args.out, x=x)
        print(f"{args.out}: {len(x)} crops standing upright")
    elif args.cmd == "train-way-up":
        xs = np.concatenate([np.load(f)["x"] for f in args.crops])
        keep = np.concatenate([np.load(f)["x"] for f in args.keep]) if args.keep else None
        print(classifier.train_way_up(args.state, xs, args.out, epochs=args.epochs, lr=args.lr, seed=args.seed,
                                      keep=keep))
    elif args.cmd == "real-crops":
        from remi.vision import realdata
        from remi.vision.training import cropset

        x, _, _ = cropset.from_photos(realdata.load(tuple(args.sessions)), copies=1)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        np.savez(args.out, x=x)
        print(f"{args.out}: {len(x)} crops of {', '.join(args.sessions)}'s tiles")
    elif args.cmd == "pair":
        print(classifier.pair(args.reader, args.orientation, args.out, half=args.half))
    elif args.cmd == "joint":
        print(classifier.joint([args.first, args.second], args.out, half=args.half))
    elif args.cmd == "split":
        readers = [*args.numbers, args.colours]
        print(classifier.joint(readers, args.out, half=args.half, shares=classifier.numbers_apart(len(readers))))
    elif args.cmd == "export":
        print(classifier.export_onnx(args.state, args.models / "tile-reader.onnx"))
        from remi.vision.settings import ModelSettings

        if (args.models / "vision.json").exists():  # the folder says the side of the crops its reader reads
            from remi.vision.training.recipe import embedding_words

            settings = ModelSettings.read(args.models)  # and how many numbers its embedding holds
            said = {**(settings.reader_outputs or {}), "embedding": embedding_words(classifier.saved_embedding(args.state))}
            settings.but(crop_size=classifier.saved_crop(args.state), reader_outputs=said).write(args.models)
    elif args.cmd == "card-crops":
        _card_crops(args)
    elif args.cmd == "eval-prints":
        _eval_prints(args)
    else:
        figures = stage.reader_figures(args.state, stage.load(stage.FOLDS[args.fold]))
        print(json.dumps({args.fold: figures}))
        if args.json:
            args.json.write_text(json.dumps({args.fold: figures}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    from remi.engine import RemiError

    from research.errors import LabError

    try:
        sys.exit(main())
    # one line, as remi's own commands say it: a missing file, or readers that cannot be joined
    # or taught (classifier.joint, train's taught chances for other crops) too
    except (RemiError, LabError, OSError, ValueError) as e:
        sys.exit(f"pretrained_reader: {e}")
