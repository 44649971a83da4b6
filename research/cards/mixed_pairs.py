"""One card's two corners read as two kinds (issue 29): how often, and what ``vision.cards``'
``MIXED`` rule does about it, on the labelled real photos of ``../shared/realdata/cards``.

The labels' own index boxes are read by a card models folder's reader (the detector left out),
then, per source group (one deck a photo: two boxes of one kind are one card's two corners):

- ``pairs``: the pairs of indices that lie as one card's corners (``vision.cards``' layout
  tests, kinds set aside), by truth (``one`` card or ``two``) and by how the reader read them
  (one ``kind``, one ``rank``, one ``suit``, ``other``), and how many of those read as two kinds
  the rule pairs (``paired``);
- ``cards``: the cards ``vision.cards.group`` makes with the rule and without it (kinds never
  mixed): the photos counted right, the cards counted too many and too few, the kinds read right
  (recall) and read really there (precision), and the pairs of two kinds it made, of one card
  and of two.

``--whole GROUP`` also reads that group's photos with the detector (``Reader.read``), with the
rule and without it, and counts as ``research.cards.stage.card_figures`` does.

    python -m research.cards.mixed_pairs models/candidates/cards1 --whole webcam-win --json out/mixed.json
"""

from __future__ import annotations

import argparse
import itertools
import json
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import numpy as np

from remi.engine import Tile
from remi.vision import cards as grouping
from research.cards.stage import FOLDS, load

GROUPS = tuple(g for gs in FOLDS.values() for g in gs)


@contextmanager
def without_rule() -> Iterator[None]:
    """``vision.cards`` as it was before MIXED: indices read as two kinds never pair."""
    rule = grouping.one_card
    grouping.one_card = lambda a, b: rule(a, b) if a.kind == b.kind else None
    try:
        yield
    finally:
        grouping.one_card = rule


def relation(a: Tile, b: Tile) -> str:
    if a == b:
        return "kind"
    if a.is_joker or b.is_joker:
        return "other"
    return "rank" if a.number == b.number else "suit" if a.colour == b.colour else "other"


def read_labels(reader, photos) -> list[tuple[list[Tile], list]]:
    """Per photo: the true kinds and the indices as the reader reads the labelled boxes."""
    from remi.vision.reader import _angle, _index, load_image

    out = []
    for p in photos:
        if not len(p.boxes):
            continue
        looks = reader.look(load_image(p.path), p.boxes.astype(float))
        found = [_index(looks.probs[i], b, _angle(looks.corners[i], float(looks.turned[i])), False)
                 for i, b in enumerate(p.boxes)]
        out.append((list(p.cards), found))
    return out


def pair_counts(read: list[tuple[list[Tile], list]]) -> dict:
    counts: Counter[str] = Counter()
    for truth, found in read:
        for i, j in itertools.combinations(range(len(found)), 2):
            a, b = found[i], found[j]
            if grouping.one_card(a, replace(b, kind=a.kind)) is None:  # not one card's layout
                continue
            key = f"{'one' if truth[i] == truth[j] else 'two'} {relation(a.kind, b.kind)}"
            counts[key] += 1
            if a.kind != b.kind and grouping.one_card(a, b) is not None:
                counts[key + " paired"] += 1
    return dict(sorted(counts.items()))


def card_counts(read: list[tuple[list[Tile], list]]) -> dict:
    photos = right_count = over = under = right = truths = said = 0
    mixed: Counter[str] = Counter()
    for truth, found in read:
        cards = grouping.group(found)
        kinds = set()
        for card in cards:
            surer = max(card, key=lambda k: found[k].confidence)
            kinds.add(found[surer].kind.card())
            if len(card) == 2 and found[card[0]].kind != found[card[1]].kind:
                mixed["one card" if truth[card[0]] == truth[card[1]] else "two cards"] += 1
        true = {t.card() for t in truth}
        photos += 1
        right_count += len(cards) == len(true)
        over += max(0, len(cards) - len(true))
        under += max(0, len(true) - len(cards))
        right, truths, said = right + len(kinds & true), truths + len(true), said + len(kinds)
    return {"photos": photos, "counted_right": right_count, "too_many": over, "too_few": under,
            "recall": round(right / max(truths, 1), 4), "precision": round(right / max(said, 1), 4),
            "two_kind_pairs": dict(mixed)}


def whole(reader, photos) -> dict:
    from remi.vision.reader import load_image

    right = truths = said = whole_photos = unsure = 0
    for p in photos:
        reading = reader.read(load_image(p.path))
        kinds = {d.tile.card() for d in reading.detections}
        right, truths, said = right + len(kinds & p.kinds), truths + len(p.kinds), said + len(kinds)
        whole_photos += kinds == p.kinds
        unsure += sum(d.uncertain.startswith("its corners read") for d in reading.detections)
    return {"photos": len(photos), "cards": truths, "read": said, "recall": round(right / max(truths, 1), 4),
            "precision": round(right / max(said, 1), 4), "photos_whole": whole_photos, "two_kind_cards": unsure}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", type=Path, help="a card models folder")
    ap.add_argument("--whole", choices=GROUPS, action="append", default=[], help="also read GROUP's photos whole")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    from remi.vision.reader import Reader

    reader = Reader(args.models)
    out: dict = {"MIXED": grouping.MIXED}
    for group in GROUPS:
        read = read_labels(reader, load((group,)))
        with without_rule():
            before = card_counts(read)
        out[group] = {"pairs": pair_counts(read), "cards": {"without": before, "with": card_counts(read)}}
    for group in args.whole:
        photos = load((group,))
        with without_rule():
            before = whole(reader, photos)
        out[group]["whole"] = {"without": before, "with": whole(reader, photos)}
    text = json.dumps(out, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
