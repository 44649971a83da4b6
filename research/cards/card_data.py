"""The card reader's training crops (issue 42), as ``tile-crops`` makes the tile reader's:

- the corner indices of card-prints (``vision.training.cardprints``), every print fold but the
  held-out one (``print-folds.json``, ``research.cards.print_folds``: the set split BY PRINT),
  shrunk to ``print_heights`` px (reader 7: 10-28, as in a 1920x1080 frame of a table; card
  reader 8: 18-56, about their own 34-53 px and the real decks' labelled 37-101), with crops of
  the cards' faces as "not an index";
- the real decks of ``../shared/realdata/cards`` but the held-out one (``research.cards.stage``:
  ``white`` = android + webcam-uuid, ``iphone``, ``win`` = webcam-win), as cards1's readers;
- indices drawn from the faces of the Debian font packages (``cardfaces.debian_fonts``, the
  pips of four faces and drawn shapes), 10-20 px tall as in a 1920x1080 frame.

The classes are the card reader's own (``stage``): a number 0 = joker, 1 = ace .. 13 = king,
14 = not an index, and the suit s c h d as the colour. One command:

    python -m research.cards.pretrained_reader card-crops out/cards-r7/crops-iphone.npz --deck iphone --print-fold 1
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from remi.vision.training import cardprints

FOLDS_FILE = Path(__file__).with_name("print-folds.json")
#: each held-out deck group is paired with one held-out print fold, so that three trainings give
#: every deck's and every print fold's unseen figure (reader-plan.md)
PAIRS = {"white": 0, "iphone": 1, "win": 2}


def print_split(fold: int, folds_file: Path = FOLDS_FILE) -> tuple[list, list]:
    """(cards of the other folds, cards of ``fold``) of card-prints, by the saved print folds."""
    saved = json.loads(Path(folds_file).read_text())
    held = {name for names, f in zip(saved["groups"], saved["folds"]) if f == fold for name in names}
    if not held:
        from research.errors import LabError

        raise LabError(f"print fold {fold} is not in {folds_file} (folds 0 to {max(saved['folds'])})")
    cards = cardprints.load()
    return [c for c in cards if c.name not in held], [c for c in cards if c.name in held]


def reader_data(deck: str, print_fold: int, drawn: int = 20000, seed: int = 0, folds_file: Path = FOLDS_FILE,
                print_heights: tuple[float, float] = (10, 28)):
    """(crops, number, colour, counts) for a reader that never sees the deck group ``deck`` nor
    the prints of ``print_fold``; ``counts``: how many crops each source gave (no drawn part
    when ``drawn`` is 0)."""
    from remi.vision.training import cardfaces
    from research.cards import stage

    train_cards, _ = print_split(print_fold, folds_file)
    parts = {"real decks": stage.index_crops(stage.load(stage.training_groups(deck)), seed=seed),
             "card-prints": cardprints.index_crops(train_cards, copies=2, seed=seed + 1, heights=print_heights)}
    if drawn:
        parts["drawn"] = cardfaces.index_crops(drawn, seed + 2, pips="many", faces="debian", heights=(10, 20))
    counts = {k: len(v[0]) for k, v in parts.items()}
    x, n, c = (np.concatenate([v[i] for v in parts.values()]) for i in range(3))
    return x, n, c, counts


def heldout_prints(print_fold: int, seed: int = 9, folds_file: Path = FOLDS_FILE,
                   heights: tuple[float, float] = (10, 28)):
    """Crops of the held-out prints' indices, each once, for the unseen-print figure: no face
    crops, the index ``heights`` px tall."""
    _, held = print_split(print_fold, folds_file)
    return cardprints.index_crops(held, copies=1, seed=seed, negatives=0.0, heights=heights)
