"""Whole hands of a hands pool, counted against the hand dealt as well as the indices labelled.

    python -m research.cards.hands_whole out/cards-hands --seed 9490 FOLDER [FOLDER ...] [--json OUT]

``stage eval --scenes`` counts a photo whole when the cards read are exactly those whose index the
photo shows (at least ``cardscenes.VISIBLE`` of it uncovered and inside the photo): a card of the
hand whose index shows less, read right, counts as a card not there. This draws the pool's photos
again with the seed it was written with (the same draws: ``write_scene_set`` with ``count`` 0) to
know each photo's hand, and counts a photo whole when every labelled card is read and every card
read is in the hand; and how many reads are of the hand but not labelled, how many of no card dealt.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np


def hands(folder: Path, pool: str, seed: int) -> list[tuple[Path, set[str], set[str]]]:
    """(photo, labelled cards, cards dealt) for each val photo of a scene set written with ``seed``."""
    from remi.vision.training import cardscenes

    rng = np.random.default_rng(seed)
    out, dealt = [], []
    real_deal = cardscenes.deal
    cardscenes.deal = lambda r, n: dealt.append(real_deal(r, n)) or dealt[-1]
    try:
        photos = sorted((folder / "images" / "val").glob("*.jpg"))
        for path in photos:
            _, cards, _ = cardscenes.scene(rng, cardscenes.POOLS[pool])
            labels = (folder / "labels" / "val" / f"{path.stem}.txt").read_text().split()
            written = {int(v) for v in labels[::5]}
            if written != {c.code for c in cards}:
                raise SystemExit(f"{path.name}: the photo drawn again is not the one written (seed or pool)")
            out.append((path, {c.card() for c in cards}, {c.card() for c in dealt[-1]}))
    finally:
        cardscenes.deal = real_deal
    return out


def figures(models: Path, photos: list[tuple[Path, set[str], set[str]]]) -> dict:
    from remi.vision.reader import Reader, load_image

    reader = Reader(models)
    whole = exact = of_hand = not_dealt = missed = 0
    for path, labelled, hand in photos:
        read = {d.tile.card() for d in reader.read(load_image(path)).detections}
        exact += read == labelled
        whole += labelled <= read <= hand
        of_hand += len((read - labelled) & hand)
        not_dealt += len(read - hand)
        missed += len(labelled - read)
    n = len(photos)
    return {"models": str(models), "photos": n, "whole_as_labelled": f"{exact} of {n}",
            "whole_against_the_hand": f"{whole} of {n}", "reads_of_the_hand_not_labelled": of_hand,
            "reads_of_no_card_dealt": not_dealt, "labelled_cards_missed": missed}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenes", type=Path)
    ap.add_argument("models", type=Path, nargs="+")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--pool", default="hands-test")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    photos = hands(args.scenes, args.pool, args.seed)
    out = [figures(m, photos) for m in args.models]
    text = json.dumps(out, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
