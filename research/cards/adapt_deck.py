"""A card models folder adapted to a held-out deck from a few of its photos, then read on the
rest of that deck (issue 42 item 4: ``remi vision adapt`` for a user's own deck):

    python -m research.cards.adapt_deck out/cf-win --fold win --photos 2 --out out/cf-win-adapted \
        --json models/candidates/cards11/figures/adapt-win.json

The photos taught are the deck's first ``--photos`` by file name that show at least
``--least`` cards (as a player would photograph a table, not picked by how they read); every
other photo of the deck is read by the folder as it was and as adapted (``stage.card_figures``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from research.errors import LabError, run, write_figures


def taught_and_rest(photos: list, count: int, least: int) -> tuple[list, list]:
    """The first ``count`` photos by name showing at least ``least`` cards, and all the others.

    >>> from types import SimpleNamespace as P
    >>> ps = [P(path=Path(n), kinds=set(k)) for n, k in [("b", "xy"), ("a", "x"), ("c", "xyz")]]
    >>> [p.path.name for p in taught_and_rest(ps, 1, 2)[0]], [p.path.name for p in taught_and_rest(ps, 1, 2)[1]]
    (['b'], ['a', 'c'])
    """
    ordered = sorted(photos, key=lambda p: p.path.name)
    taught = [p for p in ordered if len(p.kinds) >= least][:count]
    return taught, [p for p in ordered if p not in taught]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("models", type=Path)
    ap.add_argument("--fold", required=True)
    ap.add_argument("--photos", type=int, default=2)
    ap.add_argument("--least", type=int, default=4)
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--detector", action="store_true", help="fine-tune the detector too (slow on 2 cores)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)

    from remi.vision.adapt import adapt
    from remi.vision.reader import Reader, load_image
    from research.cards import stage

    photos = stage.load(stage.FOLDS[args.fold])
    taught, rest = taught_and_rest(photos, args.photos, args.least)
    if len(taught) < args.photos:
        raise LabError(f"--fold {args.fold} has {len(taught)} photos of at least {args.least} cards")
    examples = [(p.path.name, load_image(p.path), list(p.cards), p.boxes) for p in taught]
    result = adapt(examples, args.out, base=args.models, detector=args.detector)
    figures = {"taught": [p.path.name for p in taught], "cards_taught": sum(len(p.kinds) for p in taught),
               "reader_words": result["reader_words"], "detector_settings": result["detector"],
               "as_shipped": stage.card_figures(Reader(args.models), rest),
               "adapted": stage.card_figures(Reader(args.out), rest)}
    print(json.dumps(figures))
    write_figures(args.json, figures)
    return 0


if __name__ == "__main__":
    run(main, "adapt_deck")
