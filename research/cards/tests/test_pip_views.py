"""research.cards.pip_views on real index crops with a real card reader: each view kept hides
its rank from the teacher behind one half in the card's colour, and asks for the suit alone.

Read from ../shared/realdata/cards (skipped where a checkout has none beside it)."""

from pathlib import Path

import numpy as np
import pytest

from research.cards import pip_views, stage

torch = pytest.importorskip("torch")
TEACHER = Path(__file__).resolve().parents[3] / "models" / "candidates" / "cards11" / "reader11-win.pt"
pytestmark = pytest.mark.skipif(not stage.default_root().is_dir(), reason="no ../shared/realdata/cards")


def test_the_views_kept_hide_the_rank_and_keep_the_suit():
    from remi.vision import crops
    from remi.vision.reader import load_image
    from remi.vision.training import classifier

    photos = [p for p in stage.load(stage.FOLDS["white"])[:12] if len(p.boxes)]
    x = np.stack([crops.crop(load_image(p.path), tuple(b)) for p in photos for b in p.boxes])
    number = np.array([c.number for p in photos for c in p.cards])
    colour = np.array([c.colour for p in photos for c in p.cards])
    net = classifier.load(TEACHER)
    net.eval()
    views, at = pip_views.pip_views(x, number, colour, net, most=0.3)
    assert 0 < len(views) <= len(x)
    assert set(colour[at].tolist()) <= {0, 1, 2, 3} and (number[at] >= 1).all() and (number[at] <= 13).all()
    assert (pip_views.rank_shares(net, views, number[at]) <= 0.3).all()
    # each view: one half of one colour (the card's), the rank read at most 0.3 there
    halves = [views[:, :20], views[:, 20:], views[:, :, :20], views[:, :, 20:]]
    flat = np.stack([(h.reshape(len(views), -1, 3).std(axis=1) == 0).all(axis=1) for h in halves], axis=1)
    assert flat.any(axis=1).all()
    # the rest of each view is the crop as it was
    for view, i in zip(views, at):
        assert ((view == x[i]).all(axis=2).mean()) >= 0.5
