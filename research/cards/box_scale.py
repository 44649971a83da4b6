"""Card readers on each held-out deck's labelled index boxes grown or shrunk about their centre
(models/README.md, "Card reader 11"): how much a reader's read depends on how tight a box is.

    python -m research.cards.box_scale models/candidates/cards10/reader10-{D}.pt --scales 0.8 0.9 1.0 \
        --json models/candidates/cards11/figures/box-scale-r10.json

``{D}`` in the state's path is each fold (iphone, white, win): a fold's reader reads the deck it
never saw. Indices right are rank and suit both, as ``pretrained_reader eval`` counts them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from research.errors import LabError, run, write_figures

FOLDS = ("iphone", "white", "win")


def scaled_box(box, scale: float, width: int, height: int) -> tuple[float, float, float, float]:
    """``box`` (x1, y1, x2, y2) times ``scale`` about its centre, cut to the photo.

    >>> scaled_box((10, 10, 30, 50), 0.5, 100, 100), scaled_box((0, 0, 20, 20), 2.0, 25, 25)
    ((15.0, 20.0, 25.0, 40.0), (0, 0, 25, 25))
    """
    from remi.vision.training.cropset import about_centre

    x1, y1, x2, y2 = about_centre(box, scale)
    return max(0, x1), max(0, y1), min(width, x2), min(height, y2)


def deck_figures(state: Path, fold: str, scales: list[float]) -> dict:
    """For each scale: indices right (rank and suit), clubs and spades right, of the fold's deck."""
    import torch

    from remi.vision import crops
    from remi.vision.reader import load_image
    from remi.vision.training import classifier
    from research.cards import stage

    net = classifier.load(state)
    net.eval()
    photos = stage.load(stage.FOLDS[fold])
    images = [load_image(p.path) for p in photos]
    number = np.array([c.number for p in photos for c in p.cards])
    suit = np.array([c.colour for p in photos for c in p.cards])
    out = {}
    for s in scales:
        x = np.stack([crops.crop(im, scaled_box(b, s, im.shape[1], im.shape[0]))
                      for p, im in zip(photos, images) for b in p.boxes])
        with torch.no_grad():
            pn, pc = (t.numpy().argmax(1) for t in net(torch.from_numpy(crops.to_input(x)))[:2])
        right = (pn == number) & ((pc == suit) | (suit < 0))  # a joker has no suit (classifier.evaluate)
        out[str(s)] = {"indices": len(x), "right": int(right.sum()), "share": round(float(right.mean()), 4),
                       "clubs": f"{int(((pc == 1) & (suit == 1)).sum())} of {int((suit == 1).sum())}",
                       "spades": f"{int(((pc == 0) & (suit == 0)).sum())} of {int((suit == 0).sum())}"}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("state", help="a reader's state dict, {D} standing for the fold")
    ap.add_argument("--scales", type=float, nargs="+", default=[0.8, 0.9, 1.0])
    ap.add_argument("--folds", nargs="+", choices=FOLDS, default=list(FOLDS))
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    if "{D}" not in args.state:
        raise LabError(f"{args.state}: write the fold as {{D}} (each fold's reader reads the deck it never saw)")
    if not all(0.3 <= s <= 3 for s in args.scales):
        raise LabError(f"--scales {args.scales}: each within 0.3-3")
    figures = {D: deck_figures(Path(args.state.replace("{D}", D)), D, args.scales) for D in args.folds}
    for D, row in figures.items():
        print(D, "  ".join(f"{s}: {f['right']}/{f['indices']} (clubs {f['clubs']}, spades {f['spades']})"
                           for s, f in row.items()))
    write_figures(args.json, figures)
    return 0


if __name__ == "__main__":
    run(main, "box_scale")
