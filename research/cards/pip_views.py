"""Pip views: card index crops with the rank hidden, so that a reader learns the suit from the
pip alone (models/README.md, "Card reader 12").

    python -m research.cards.pip_views OUT.npz CROPS.npz ... --teacher READER.pt [--most 0.3]

Readers 10 and 11 read a club of a deck they never saw as a spade of the same rank: the rank
pulls the suit (research/vision-diary.md, "Index boxes of any tightness"). Each index crop of a
suit (a number 1-13, a suit 0-3) gives four views, one half of the crop (top, bottom, left, right)
covered with the crop's own border colour (the card's); the crop's rank may lie in any of them
(an index turned with its card), so the view that hides it is the one whose rank the teacher
reads least sure, kept where the teacher gives the labelled rank at most ``--most`` there (the
rank really hidden). Labels: number -1 (``classifier.train`` asks nothing of the number head),
the suit as labelled.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from research.errors import LabError, run

HALVES = ("top", "bottom", "left", "right")
BACKGROUND = 14  # the reader's "not an index" number class


def covered(x: np.ndarray, half: str) -> np.ndarray:
    """Crops (n, h, w, 3) with one half covered by each crop's border colour (the median of its
    outermost pixels: mostly the card around the index).

    >>> x = np.zeros((1, 4, 4, 3), np.uint8); x[0, 0] = 200; x[0, :, 0] = 200
    >>> covered(x, "right")[0, :, :, 0].tolist()
    [[200, 200, 200, 200], [200, 0, 200, 200], [200, 0, 200, 200], [200, 0, 200, 200]]
    """
    h, w = x.shape[1:3]
    ring = np.concatenate([x[:, 0], x[:, -1], x[:, :, 0], x[:, :, -1]], axis=1)
    fill = np.median(ring, axis=1).astype(np.uint8)[:, None, None, :]
    out = x.copy()
    part = {"top": np.s_[:, :h // 2], "bottom": np.s_[:, h - h // 2:],
            "left": np.s_[:, :, :w // 2], "right": np.s_[:, :, w - w // 2:]}[half]
    out[part] = np.broadcast_to(fill, out[part].shape)
    return out


def rank_shares(net, x: np.ndarray, number: np.ndarray, batch: int = 1024) -> np.ndarray:
    """The teacher's chance of each crop's labelled rank."""
    import torch

    from remi.vision import crops

    out = []
    with torch.no_grad():
        for i in range(0, len(x), batch):
            pn = net(torch.from_numpy(crops.to_input(x[i:i + batch])))[0].numpy()
            out.append(pn[np.arange(len(pn)), number[i:i + batch]])
    return np.concatenate(out) if out else np.zeros(0)


def pip_views(x: np.ndarray, number: np.ndarray, colour: np.ndarray, net, most: float) -> tuple[np.ndarray, np.ndarray]:
    """The kept views (m, h, w, 3) and the positions in ``x`` of the crops they show (m,)."""
    suited = np.flatnonzero((colour >= 0) & (number >= 1) & (number <= 13))
    xs, ns = x[suited], number[suited]
    views = [covered(xs, half) for half in HALVES]
    shares = np.stack([rank_shares(net, v, ns) for v in views], axis=1)
    hiding = shares.argmin(axis=1)
    keep = shares[np.arange(len(xs)), hiding] <= most
    chosen = np.stack([views[h][i] for i, h in enumerate(hiding)]) if len(xs) else xs
    return chosen[keep], suited[keep]


def main(argv: list[str] | None = None) -> int:
    from remi.vision.training import classifier

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("out", type=Path)
    ap.add_argument("crops", type=Path, nargs="+", help="crop sets (.npz of x, number, colour)")
    ap.add_argument("--teacher", type=Path, required=True, help="a card reader's state dict")
    ap.add_argument("--most", type=float, default=0.3, help="the teacher's largest chance of the rank in a view kept")
    args = ap.parse_args(argv)
    if not 0 < args.most <= 1:
        raise LabError(f"--most {args.most}: a chance above 0, at most 1")
    net = classifier.load(args.teacher)
    net.eval()
    kept_x, kept_c, seen = [], [], 0
    for f in args.crops:
        z = np.load(f)
        vx, at = pip_views(z["x"], z["number"], z["colour"], net, args.most)
        vc = z["colour"][at]
        seen += int(((z["colour"] >= 0) & (z["number"] >= 1) & (z["number"] <= 13)).sum())
        kept_x.append(vx)
        kept_c.append(vc)
        print(f"{f}: {len(vx)} pip views", flush=True)
    x, c = np.concatenate(kept_x), np.concatenate(kept_c)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    np.savez(args.out, x=x, number=np.full(len(x), -1), colour=c)
    print(f"{args.out}: {len(x)} pip views of {seen} suited indices (suits {np.bincount(c, minlength=4).tolist()})")
    return 0


if __name__ == "__main__":
    run(main, "pip_views")
