"""The card detector's bar (the score a box needs), measured on each held-out deck, and a bar
chosen for each deck on the other two (models/README.md, "The card detector's bar").

Every card models folder so far kept the tiles' bar, 0.25 (``vision.json`` ``conf``), chosen on
tiles. Card detectors' own measure (Ultralytics' mAP50) rose in stages whose boxes at 0.25 did not,
so the boxes they score under 0.25 may hold indices. For each fold's folder (its detector and
reader never saw the deck) the figures of ``stage.card_figures`` at each bar:

    python -m research.cards.card_bar iphone=out/cf3-iphone white=out/cf-white win=out/cf-win \\
        --bars 0.1 0.15 0.2 0.25 --json models/candidates/card-bar/bars.json

The choice for a deck is made on the other two decks' figures only (leave one deck out): the bar
with the highest sum over those two decks of the cards' F1 (recall and precision, both of which
issue 42 asks at 95 %); ties go to the higher bar (fewer boxes to read). What the chosen bar reads
on the held-out deck is that deck's figure; the bar of a folder that reads every deck (none ships
yet) would be the one best on all three.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from research.cards.stage import deck_folder


def f1(figures: dict) -> float:
    """The harmonic mean of a bar's card recall and precision (0 where both are 0)."""
    r, p = figures["recall"], figures["precision"]
    return 2 * r * p / (r + p) if r + p else 0.0


def choose(table: dict[str, dict[str, dict]], held_out: str) -> str:
    """The bar (a key of each deck's figures) with the best summed F1 on the decks other than
    ``held_out``; the higher bar on a tie.

    >>> t = {"a": {"0.1": {"recall": .6, "precision": .6}, "0.2": {"recall": .5, "precision": .9}},
    ...      "b": {"0.1": {"recall": .7, "precision": .7}, "0.2": {"recall": .6, "precision": .9}},
    ...      "c": {"0.1": {"recall": .9, "precision": .9}, "0.2": {"recall": .1, "precision": .1}}}
    >>> choose(t, "c"), choose(t, "a")
    ('0.2', '0.1')
    """
    others = [d for d in table if d != held_out]
    bars = sorted(table[others[0]], key=float)
    return max(bars, key=lambda b: (round(sum(f1(table[d][b]) for d in others), 9), float(b)))


def measure(folder: Path, deck: str, bars: list[float]) -> dict[str, dict]:
    """``stage.card_figures`` of the folder on its held-out deck at each bar."""
    from remi.vision.reader import Reader
    from research.cards.stage import FOLDS, card_figures, load

    reader, photos = Reader(folder, threads=1), load(FOLDS[deck])
    out = {}
    for bar in bars:
        reader.conf = bar
        out[str(bar)] = card_figures(reader, photos)
        print(deck, bar, json.dumps(out[str(bar)]), flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folds", nargs="+", type=deck_folder, help="DECK=MODELS_DIR: a card folder whose models never saw DECK")
    ap.add_argument("--bars", type=float, nargs="+", default=[0.1, 0.15, 0.2, 0.25])
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    table = {}
    for deck, folder in args.folds:
        table[deck] = measure(folder, deck, args.bars)
    chosen = {deck: choose(table, deck) for deck in table} if len(table) > 1 else {}
    for deck, bar in chosen.items():
        fig = table[deck][bar]
        print(f"{deck}: bar {bar} (chosen on the other decks): cards {fig['recall']:.1%}, really there "
              f"{fig['precision']:.1%}, photos whole {fig['photos_whole']:.1%}")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"bars": table, "chosen": chosen}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
