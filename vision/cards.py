"""Corner indices grouped into cards: which boxes of one kind in a photo are one card.

A card model reads each card's **corner index** (the rank with the small suit pip under it),
not the card: a card lying flat shows two (top-left upright, bottom-right turned 180 degrees),
a card fanned in a hand often one. So, as ``../shared/realdata/cards/README.md`` says of its
labels, several boxes of one kind are one card; but Simple rummy is played with two packs
(docs/rules.md SR-1), so two indices of one kind may as well be two cards. They are one card
when they lie as one card's two corners:

- they are not both upright nor both turned (where the reader is sure which way up each is);
- the one lies below-right of the other in the card's frame (the upright index's), along the
  card's diagonal, give or take a tilt (``TILT``) of the card against the index's box;
- they lie a card's size apart, judged from the index's size: on the real photos of
  ``../shared/realdata/cards`` the two corners of one card lie 2.2 to 6.0 times the index
  box's long side apart (the 2nd to 98th percentile of 1,201 cards of four decks), while
  the indices of cards overlapping in a fan lie side by side, about one apart;
- their boxes are of one size (one card, one print);
- they are read as one kind, or the less sure of the two gives the surer one's kind at least
  ``MIXED`` (the reader misread one corner). On the labelled corners of the held-out photos of
  ``../shared/realdata/cards`` (``webcam-win``: cards spread and overlapping, read by cards1;
  ``research/cards/mixed_pairs.py``), one card's corners read as two kinds lie so 42 times, and
  two cards of other kinds 1,804 times: the kinds alone cannot tell them apart (one rank: 15
  cards against 224 pairs of two cards), the reader's chances do better (``MIXED`` admits 20
  and 15). Such a pair is taken after every pair of one kind, which leaves 18 cards made of
  one card's corners and 3 of two cards'. The reader (``vision.reader``) gives the card the
  surer corner's kind, the other's as its runner-up, and marks it unsure.

Else each index is a card of its own. With the way up unknown (every index ``sure=False``),
these rules pair 84 % of the 1,189 labelled cards of ``../shared/realdata/cards`` that show
both corners; a card turned further than ``TILT`` against its index's box reads as two.
Pairs are taken best first (the one nearest a card's typical layout), each index in one card
at most. What the pack allows (two of a kind, its jokers) is decided afterwards, on the cards
(``vision.reader.decode``), not here. Pure functions on plain values: no photo, no model.

>>> from remi.engine import Tile
>>> h7 = Tile.parse("7h")
>>> flat = [Index(h7, (100, 100, 120, 140), 0.0, True), Index(h7, (190, 230, 210, 270), 180.0, True)]
>>> group(flat)
[(0, 1)]
>>> fan = [Index(h7, (100, 100, 120, 140), 0.0, True), Index(h7, (210, 100, 230, 140), 0.0, True)]
>>> group(fan)
[(0,), (1,)]
>>> misread = Index(Tile.parse("7d"), (190, 230, 210, 270), 180.0, True, 0.5, ((h7, 0.4),))
>>> group([flat[0], misread]), group([flat[0], Index(Tile.parse("7d"), misread.box, 180.0, True, 0.5)])
([(0, 1)], [(0,), (1,)])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from remi.engine import Tile

Box = tuple[float, float, float, float]

NEAREST = 2.0  # a card's two indices lie at least this many index long sides apart ...
FARTHEST = 6.5  # ... and at most this many (measured 2.2 to 6.0, 2nd to 98th percentile)
TYPICAL = 3.8  # ... typically (the median over the four decks: 3.5 to 4.0)
DIAGONAL = 50.0  # degrees below the card's x axis from one index to the other (63 x 88 mm cards)
TILT = 40.0  # the card may be turned this far against its index's box and still pair
SIZES = 1.6  # the larger index box's long side at most this many times the smaller one's
MIXED = 0.2  # two indices read as two kinds pair when the less sure gives the surer's kind this chance
MIXED_COST = 1.0  # ... after every pair of one kind: their score counts this much more


@dataclass(frozen=True)
class Index:
    """One corner index as read: its kind, its box in photo pixels, the way its top points
    (degrees clockwise from the photo's up: 0 upright, 180 turned), whether the reader is
    sure of that way up (False: the index may as well point the other way), how sure it is
    of the kind, and its runner-up kinds with their chances."""

    kind: Tile
    box: Box
    angle: float = 0.0
    sure: bool = False
    confidence: float = 1.0
    others: tuple[tuple[Tile, float], ...] = ()

    def chance(self, kind: Tile) -> float:
        """The reader's chance that this index is of ``kind`` (0 for a kind it did not list)."""
        return self.confidence if kind == self.kind else next((p for k, p in self.others if k == kind), 0.0)

    @property
    def centre(self) -> tuple[float, float]:
        x1, y1, x2, y2 = self.box
        return (x1 + x2) / 2, (y1 + y2) / 2

    @property
    def size(self) -> float:
        """The box's long side: an index's height, whichever way the box lies."""
        x1, y1, x2, y2 = self.box
        return max(x2 - x1, y2 - y1, 1e-6)


def _opposite(a: float, b: float, slack: float = 45.0) -> bool:
    """Whether two ways up differ by 180 degrees, give or take ``slack``."""
    return abs((a - b) % 360.0 - 180.0) <= slack


def one_card(a: Index, b: Index) -> float | None:
    """How far two indices lie from one card's two corners (0: exactly its typical layout;
    read as two kinds, ``MIXED_COST`` more), or None when they cannot be one card (another
    kind the reader does not doubt, a fan's neighbours, two packs' cards).

    >>> from remi.engine import Tile
    >>> k = Tile.parse("Qs")
    >>> one_card(Index(k, (0, 0, 20, 40), 0.0, True), Index(k, (90, 130, 110, 170), 180.0, True)) is not None
    True
    >>> one_card(Index(k, (0, 0, 20, 40), 0.0, True), Index(k, (90, 130, 110, 170), 0.0, True)) is None
    True
    """
    if a.kind == b.kind:
        return _layout(a, b)
    surer, other = (a, b) if a.confidence >= b.confidence else (b, a)
    if other.chance(surer.kind) < MIXED:
        return None
    score = _layout(a, b)
    return None if score is None else score + MIXED_COST


def _layout(a: Index, b: Index) -> float | None:
    """How far two indices of one card's kind lie from its two corners, None when they do not."""
    if max(a.size, b.size) > SIZES * min(a.size, b.size):
        return None
    if a.sure and b.sure and not _opposite(a.angle, b.angle):
        return None
    (ax, ay), (bx, by) = a.centre, b.centre
    size = (a.size + b.size) / 2
    dist = math.hypot(bx - ax, by - ay) / size
    if not NEAREST <= dist <= FARTHEST:
        return None
    # the card's frame: the way up of the index the reader is sure of (the other's turned
    # round); unsure of both, either may be the upright one
    if a.sure:
        frames = [a.angle]
    elif b.sure:
        frames = [b.angle + 180.0]
    else:
        frames = [a.angle, a.angle + 180.0]
    best = None
    for frame in frames:
        t = math.radians(frame)
        # b - a turned into the card's frame: x along the card's width, y down the card
        x = (bx - ax) * math.cos(t) + (by - ay) * math.sin(t)
        y = -(bx - ax) * math.sin(t) + (by - ay) * math.cos(t)
        off = abs(math.degrees(math.atan2(y, x)) - DIAGONAL)
        if off <= TILT:
            score = abs(dist - TYPICAL) / TYPICAL + off / 90.0
            best = score if best is None else min(best, score)
    return best


def group(indices: Sequence[Index]) -> list[tuple[int, ...]]:
    """The cards the indices make, as tuples of their positions (a pair: the upright index
    first where the reader says which is), in the order of each card's first index.

    >>> from remi.engine import Tile
    >>> s = Tile.parse("7s")
    >>> two_packs = [Index(s, (0, 0, 20, 40), 0, True), Index(s, (90, 130, 110, 170), 180, True),
    ...              Index(s, (600, 0, 620, 40), 0, True), Index(s, (690, 130, 710, 170), 180, True)]
    >>> group(two_packs)
    [(0, 1), (2, 3)]
    """
    pairs = []
    for i in range(len(indices)):
        for j in range(i + 1, len(indices)):
            score = one_card(indices[i], indices[j])
            if score is not None:
                pairs.append((score, i, j))
    taken: dict[int, tuple[int, ...]] = {}
    for _, i, j in sorted(pairs):
        if i in taken or j in taken:
            continue
        taken[i] = taken[j] = tuple(sorted((i, j), key=lambda k: _upright_first(indices[k])))
    cards = {taken.get(i, (i,)) for i in range(len(indices))}
    return sorted(cards, key=min)


def _upright_first(index: Index) -> tuple[int, float]:
    """A pair's order: an index surely upright, then one of unknown way up, then one surely
    turned; else the higher in the photo."""
    upright = math.cos(math.radians(index.angle)) >= 0
    return (0 if upright else 2) if index.sure else 1, index.centre[1]


__all__ = ["MIXED", "Index", "group", "one_card"]
