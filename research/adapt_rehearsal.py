"""`remi vision adapt` on odd tables with the network's rehearsal crops asked their numbers only
(models/README.md, "Adapt's rehearsal asks numbers only"): ``research/adapt_table.py`` with
``vision.training.reader_adapt.rehearsal`` giving every crop the colour -1.

    .venv/bin/python research/adapt_rehearsal.py --seeds 91 ... 110 --net --json OUT
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def numbers_only(rehearsal):
    """``rehearsal`` with its colours unasked (-1)."""
    def drawn(*args, **kwargs):
        x, number, colour = rehearsal(*args, **kwargs)
        return x, number, np.full_like(colour, -1)
    return drawn


if __name__ == "__main__":
    from remi.vision.training import reader_adapt
    from research import adapt_table

    reader_adapt.rehearsal = numbers_only(reader_adapt.rehearsal)
    sys.exit(adapt_table.main())
