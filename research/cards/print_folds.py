"""card-prints split BY PRINT (issue 42): the cards of one deck design kept in one fold.

Upstream's split is random, so a print appears in several of its splits and its ``test/`` is no
unseen-print figure. Here each card's face is described by its print's look, not its content:
the channel means and spreads of the COCO YOLOv5n's first layers over the warped card (ink
strokes, paper, texture, the way a style is measured) and the card's paper and ink colours.
Cards are then joined nearest first (single linkage over each card's nearest neighbours) while
their distance is under ``--threshold`` and the joined group holds no two cards of one kind (a
deck has one of each; two jokers); byte-identical files and near-duplicates (the same picture,
a 64-bit difference hash at most ``NEAR`` bits apart) are joined first whatever their kinds.
Whole groups go to ``--folds`` folds, largest first into the smallest fold.

    python -m research.cards.print_folds group research/cards/print-folds.json   # 7.5 min on the loaded 2 cores
    python -m research.cards.print_folds sheet out/cards-data/groups.png --folds research/cards/print-folds.json
    python -m research.cards.print_folds sheet out/cards-data/corners.png        # index crops, by eye

The JSON holds file names only (paths inside ``../shared/realdata/card-prints``), never an image.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

from remi.vision.training import cardprints

COCO = cardprints.ROOT.parent / "shared" / "pretrained" / "yolov5n-coco.pt"
#: bits of 64: two files of one kind this close are one picture or one print (looked at: pairs
#: 5-8 bits apart were mostly one print, so 4 split prints over folds)
NEAR = 8
NEIGHBOURS = 12
CARD_SMALL = (100, 140)  # the card's size for its style features


def _style_net():
    """YOLOv5n's first layers with their COCO weights (``classifier.coco_trunk`` without its
    upsampling and its own blocks), for a look at strokes and texture."""
    from remi.vision.training import classifier

    net = classifier.coco_trunk(COCO)[1:1 + classifier.COCO_LAYERS]
    return net.eval()


def _colours(card: np.ndarray) -> np.ndarray:
    """The paper (the median of the card's border strip) and the ink (the pixels far from it) in Lab."""
    lab = cv2.cvtColor(card, cv2.COLOR_BGR2LAB).reshape(-1, 3).astype(np.float32)
    h, w = card.shape[:2]
    strip = cv2.cvtColor(np.concatenate([card[4:10].reshape(-1, 3), card[:, 4:10].reshape(-1, 3)])[None],
                         cv2.COLOR_BGR2LAB)[0].astype(np.float32)
    paper = np.median(strip, 0)
    far = lab[np.sqrt(((lab - paper) ** 2).sum(1)) > cardprints.INK]
    ink = np.median(far, 0) if len(far) else paper
    return np.concatenate([paper, ink, [len(far) / len(lab) * 255]]) / 255.0


def difference_hash(card: np.ndarray) -> int:
    """64 bits: is each pixel of the 9x8 grey thumbnail brighter than its right neighbour."""
    grey = cv2.resize(cv2.cvtColor(card, cv2.COLOR_BGR2GRAY), (9, 8), interpolation=cv2.INTER_AREA)
    return int("".join("1" if b else "0" for b in (grey[:, 1:] > grey[:, :-1]).ravel()), 2)


def _style(net, faces: list[np.ndarray]) -> np.ndarray:
    """Each face's style: the channel means and spreads of ``net``'s features over the card at
    half size, L2-normalised (a batch at a time: one card at a time is 100 times slower here)."""
    import torch

    small = np.stack([cv2.resize(f, (CARD_SMALL[0], CARD_SMALL[1]), interpolation=cv2.INTER_AREA) for f in faces])
    x = torch.from_numpy(np.ascontiguousarray(small[..., ::-1].transpose(0, 3, 1, 2), np.float32) / 255)
    with torch.no_grad():
        f = net(x).flatten(2)
    style = torch.cat([f.mean(2), f.std(2)], 1).numpy()
    return style / (np.linalg.norm(style, axis=1, keepdims=True) + 1e-9)


def describe(cards: list[cardprints.PrintCard], root: Path, batch: int = 64):
    """(style+colour features, difference hashes, md5s) of every card, in order."""
    import torch

    torch.set_num_threads(1)
    net = _style_net()
    feats, hashes, md5s = [], [], []
    for start in range(0, len(cards), batch):
        faces = []
        for card in cards[start:start + batch]:
            raw = (root / card.name).read_bytes()
            image = cv2.imdecode(np.frombuffer(raw, np.uint8), cv2.IMREAD_COLOR)
            faces.append(cardprints.warp(image, cardprints.find_frame(image)[0]))
            hashes.append(difference_hash(faces[-1]))
            md5s.append(hashlib.md5(raw).hexdigest())
        colours = np.stack([_colours(f) for f in faces])
        feats.append(np.concatenate([_style(net, faces), colours], 1))
    return np.concatenate(feats).astype(np.float32), hashes, md5s


class Groups:
    """Union-find over cards that keeps each group's kinds, so that a join can be refused."""

    def __init__(self, kinds: list[str]) -> None:
        self.parent = list(range(len(kinds)))
        self.kinds = [Counter([k]) for k in kinds]

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def join(self, a: int, b: int, check: bool = True) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        both = self.kinds[ra] + self.kinds[rb]
        if check and any(n > (2 if k == "*" else 1) for k, n in both.items()):
            return False  # one deck holds one card of each kind (two jokers)
        self.parent[rb] = ra
        self.kinds[ra], self.kinds[rb] = both, Counter()
        return True

    def members(self) -> list[list[int]]:
        out: dict[int, list[int]] = {}
        for i in range(len(self.parent)):
            out.setdefault(self.find(i), []).append(i)
        return sorted(out.values(), key=lambda g: (-len(g), g[0]))


def nearest_pairs(feats: np.ndarray, k: int = NEIGHBOURS) -> list[tuple[float, int, int]]:
    """(distance, i, j) of each card and its ``k`` nearest others (Euclidean), nearest first."""
    pairs = []
    k = min(k, len(feats) - 1)
    sq = (feats ** 2).sum(1)
    for start in range(0, len(feats), 1024):
        block = feats[start:start + 1024]
        d = np.sqrt(np.maximum(sq[start:start + 1024, None] + sq[None] - 2 * block @ feats.T, 0))
        d[np.arange(len(block)), np.arange(start, start + len(block))] = np.inf
        near = np.argpartition(d, k, axis=1)[:, :k]
        pairs += [(float(d[r, j]), start + r, int(j)) for r in range(len(block)) for j in near[r]]
    return sorted(pairs)


def group(cards, feats, hashes, md5s, threshold: float) -> tuple[list[list[int]], dict]:
    """Groups of card indices (largest first) and how they were joined."""
    groups = Groups([c.card.card() for c in cards])
    counts = Counter()
    first: dict[str, int] = {}
    for i, m in enumerate(md5s):
        counts["identical"] += groups.join(first.setdefault(m, i), i, check=False)
    bits = np.array([[(h >> s) & 1 for s in range(64)] for h in hashes], np.uint8)
    kinds = np.array([c.card.card() for c in cards])
    for i in range(len(bits)):
        # one picture is one kind: a 7h and a 7d of one layout hash alike in grey
        close = np.nonzero(((bits[i + 1:] != bits[i]).sum(1) <= NEAR) & (kinds[i + 1:] == kinds[i]))[0] + i + 1
        counts["near_duplicate"] += sum(groups.join(i, int(j), check=False) for j in close)
    for d, i, j in nearest_pairs(feats):
        if d > threshold:
            break
        counts["joined"] += groups.join(i, j)
        counts["refused_same_kind"] += groups.find(i) != groups.find(j)
    return groups.members(), dict(counts)


def assign(groups: list[list[int]], folds: int) -> list[int]:
    """Each group's fold: largest group first into the fold with the fewest cards."""
    sizes = [0] * folds
    out = []
    for g in groups:
        f = int(np.argmin(sizes))
        out.append(f)
        sizes[f] += len(g)
    return out


def report(cards, groups: list[list[int]], fold_of: list[int], how: dict) -> dict:
    """How many groups, their sizes, and how the folds hold the cards and their kinds."""
    sizes = Counter(len(g) for g in groups)
    folds = []
    for f in sorted(set(fold_of)):
        members = [i for g, gf in zip(groups, fold_of) if gf == f for i in g]
        kinds = Counter(cards[i].card.card() for i in members)
        folds.append({"fold": f, "groups": fold_of.count(f), "cards": len(members), "kinds": len(kinds),
                      "cards_a_kind_min_max": [min(kinds.values()), max(kinds.values())],
                      "upstream_splits": dict(Counter(cards[i].split for i in members))})
    return {"cards": len(cards), "groups": len(groups), "singletons": sizes[1],
            "sizes": {"2-5": sum(n for s, n in sizes.items() if 2 <= s <= 5),
                      "6-20": sum(n for s, n in sizes.items() if 6 <= s <= 20),
                      "21+": sum(n for s, n in sizes.items() if s > 20)},
            "largest": max(sizes), "joins": how, "folds": folds}


def contact_sheet(rows: list[list[np.ndarray]], out: Path, side: int = 72, cols: int = 16) -> Path:
    """Rows of pictures, each ``side`` pixels, ``cols`` a row (a longer row is cut), under ``out``."""
    blank = np.zeros((side, side, 3), np.uint8)
    lines = [np.hstack([cv2.resize(p, (side, side)) for p in row[:cols]] + [blank] * (cols - len(row[:cols])))
             for row in rows]
    out.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(out), np.vstack(lines))
    return out


def _group_rows(cards, root: Path, folds_file: Path, count: int, seed: int) -> list[list[np.ndarray]]:
    """The pictures of ``count`` groups of more than one card, drawn at random."""
    names = {c.name: c for c in cards}
    groups = [g for g in json.loads(folds_file.read_text())["groups"] if len(g) > 1]
    chosen = np.random.default_rng(seed).choice(len(groups), min(count, len(groups)), replace=False)
    return [[cv2.imread(str(root / names[n].name)) for n in groups[int(i)]] for i in chosen]


def _corner_rows(cards, root: Path, count: int, seed: int) -> list[list[np.ndarray]]:
    """The index crops of ``count`` cards drawn at random (black: a corner with none found)."""
    from remi.vision import crops

    chosen = np.random.default_rng(seed).choice(len(cards), count, replace=False)
    pictures = []
    for i in chosen:
        found = cardprints.corner_indices(cv2.imread(str(root / cards[i].name)), cards[i].card.is_joker)
        none = np.zeros((crops.SIZE, crops.SIZE, 3), np.uint8)
        pictures += [crops.crop(view, box) for view, box in found] + [none] * (2 - len(found))
    return [pictures[r:r + 16] for r in range(0, len(pictures), 16)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("group", help="group the cards by print and write the folds (JSON)")
    g.add_argument("out", type=Path)
    g.add_argument("--threshold", type=float, default=0.35)
    g.add_argument("--folds", type=int, default=3)
    g.add_argument("--features", type=Path, default=Path("out/cards-data/print-features.npz"),
                   help="a cache of the cards' features (made when absent)")
    s = sub.add_parser("sheet", help="a contact sheet to look at: index crops, or groups with --folds")
    s.add_argument("out", type=Path)
    s.add_argument("--folds", type=Path, help="a folds JSON: show its groups instead of index crops")
    s.add_argument("--count", type=int, default=160)
    s.add_argument("--seed", type=int, default=2)
    args = ap.parse_args(argv)

    root = cardprints.default_root()
    cards = cardprints.load(root)
    if args.cmd == "sheet":
        rows = (_group_rows(cards, root, args.folds, args.count, args.seed) if args.folds
                else _corner_rows(cards, root, args.count, args.seed))
        print(contact_sheet(rows, args.out))
        return 0
    if args.features.is_file():
        z = np.load(args.features)
        feats, hashes, md5s = z["feats"], [int(h) for h in z["hashes"]], list(z["md5s"])
    else:
        feats, hashes, md5s = describe(cards, root)
        args.features.parent.mkdir(parents=True, exist_ok=True)
        np.savez(args.features, feats=feats, hashes=np.array([str(h) for h in hashes]), md5s=np.array(md5s))
    groups, how = group(cards, feats, hashes, md5s, args.threshold)
    fold_of = assign(groups, args.folds)
    figures = report(cards, groups, fold_of, how)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"threshold": args.threshold, "figures": figures, "folds": fold_of,
                                    "groups": [[cards[i].name for i in g] for g in groups]}) + "\n")
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
