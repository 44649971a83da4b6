"""Fine-tune the tile reader's network on a user's corrected photos (``remi vision adapt`` with
the training extra; issue 38 item 4).

Fitting the heads alone (``vision.adapt.fit_heads``) moves only what the heads make of the
reader's 128 numbers; where those numbers do not part two inks of a user's set (the odd
edition's orange and red, its teal and black), no head can. Here the network itself is
fine-tuned from the folder's weights (``tile-reader.pt``): the trunk and the number and colour
heads, the orientation part frozen and every BatchNorm's statistics kept (two photos are too
few to measure them again), a few steps at a low rate with an L2 pull back to where it started.

Two photos show a few dozen kinds of 53. Taught only those, a network forgets the others (on
rummy4, two photos with 9s and no 6 made it read the other photos' 6s as 9s: 99.2 -> 92.7 %), so
each step's batch also draws from crops of ``TABLES`` tables drawn in the train editions, every
kind among them (``rehearsal``). Half the crops are turned round, as the reader learnt, but
never a 6 or a 9: turned round, a 9 shows a 6.

What is fitted here is checked by ``vision.adapt`` (``adapt_network``) on photos held back from
the fitting and on the sample photos, and kept only if it reads them at least as well.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np

STEPS = 60
BATCH = 64
LR = 1e-4
PULL = 1.0  # the L2 pull back to the folder's weights, times the squared change
TABLES = 8  # tables of 15 tiles drawn for the rehearsal crops
TURNED = 0.5  # the share of crops turned round (never a 6 or a 9)
SIX, NINE = 6, 9
FROZEN = ("orient", "orient_trunk")  # the orientation head and its own trunk stay as trained


def rehearsal(seed: int, tables: int = TABLES, size: int = 40) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Crops (float NCHW), numbers and colours of ``tables`` tables of 15 tiles of random kinds,
    each in an edition of the train pool (a face whose font this machine lacks is drawn in
    Hershey's), each tile cut along its corners and once moved a little, ``size`` px a side."""
    from remi.engine import ALL_KINDS
    from remi.vision import crops
    from remi.vision.crops import jitter_corners, labels_of
    from remi.vision.training import facecrops, tilefaces

    rng = np.random.default_rng(seed)
    cut, number, colour = [], [], []
    for _ in range(tables):
        edition = tilefaces.sample_edition(rng, "train")
        if edition.font not in tilefaces.HERSHEY and tilefaces.font_path(edition.font) is None:
            edition = replace(edition, font="hershey-duplex")
        tiles = [ALL_KINDS[k] for k in rng.choice(len(ALL_KINDS), 15, replace=False)]
        image, kept, _, corners = facecrops.table(rng, edition, tiles, scatter=0.2)
        for tile, c0 in zip(kept, corners):
            n, c = labels_of(tile)
            for c1 in (c0, jitter_corners(rng, c0, 0.03)):
                cut.append(crops.crop(image, (*c1.min(0), *c1.max(0)), size=size))
                number.append(n)
                colour.append(c)
    return crops.to_input(np.stack(cut)), np.array(number), np.array(colour)


def turnable(number):
    """Which crops may be turned round to teach their number: all but 6s and 9s (turned round,
    a 9 shows a 6). Works on numpy arrays and torch tensors alike.

    >>> turnable(np.array([5, 6, 9, 14, 0])).tolist()
    [True, False, False, True, True]
    """
    return (number != SIX) & (number != NINE)


def fine_tune(state: Path, x: np.ndarray, number: np.ndarray, colour: np.ndarray, out: Path, *,
              seed: int = 0, steps: int | None = None) -> Path:
    """The reader of ``state`` fine-tuned on crops ``x`` (float NCHW, as ``crops.batch`` cuts)
    with their numbers and colours (-1: none) and on ``rehearsal``'s, written as ONNX to ``out``
    (``classifier.export_net``: the heads and the embedding, as ``vision.reader`` reads them);
    ``steps`` default to ``STEPS``, read when called."""
    import torch
    import torch.nn.functional as F

    from remi.vision.training import classifier

    torch.manual_seed(seed)
    net = classifier.load(state)
    rx, rn, rc = rehearsal(seed, size=net.crop)  # cut at the side the reader reads
    x, number, colour = (torch.from_numpy(np.concatenate(p)) for p in ((x, rx), (number, rn), (colour, rc)))
    net.train()
    for module in net.modules():  # two photos are too few to measure the statistics again
        if isinstance(module, torch.nn.modules.batchnorm._BatchNorm):
            module.eval()
    params = []
    for name, p in net.named_parameters():
        p.requires_grad_(not name.startswith(FROZEN))
        if p.requires_grad:
            params.append(p)
    start = [p.detach().clone() for p in params]
    opt = torch.optim.Adam(params, lr=LR)
    gen = torch.Generator().manual_seed(seed)
    for _ in range(STEPS if steps is None else steps):
        idx = torch.randint(0, len(x), (BATCH,), generator=gen)
        xb, nb, cb = x[idx], number[idx], colour[idx]
        turn = (torch.rand(BATCH, generator=gen) < TURNED) & turnable(nb)
        xb = torch.where(turn[:, None, None, None], xb.flip(2, 3), xb)
        n_logits, c_logits = net.logits(xb)[:2]
        loss = F.cross_entropy(n_logits, nb)
        inked = cb >= 0
        if inked.any():
            loss = loss + F.cross_entropy(c_logits[inked], cb[inked])
        loss = loss + PULL * sum(((p - s) ** 2).sum() for p, s in zip(params, start))
        opt.zero_grad()
        loss.backward()
        opt.step()
    return classifier.export_net(net, Path(out))
