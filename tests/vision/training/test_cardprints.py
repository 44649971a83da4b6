"""card-prints' corner indices found from each card's frame (vision.training.cardprints).

A drawn card (no data needed) checks the geometry: the frame of a tilted card on a table, the
warp to the card's shape, both corners' index boxes. A fixed sample of the real set (every 40th
file of ``../shared/realdata/card-prints``, skipped where a checkout has none beside it) checks
that what is found is an index: in the corner, taller than wide, ink above and below (the rank
and its pip). By eye: ``python -m research.cards.print_folds sheet out/cards-data/corners.png``.
"""

import cv2
import numpy as np
import pytest

from remi.engine import Tile
from remi.vision.training import cardprints

W, H = cardprints.CARD


def _drawn_card(index: bool = True) -> np.ndarray:
    """A white card with a black "7" over a pip in its top-left corner and the same turned at
    the bottom-right, a big pip in the middle."""
    card = np.full((H, W, 3), 250, np.uint8)
    if index:
        for _ in range(2):  # the top-left corner, then (the card turned) the bottom-right
            cv2.putText(card, "7", (9, 32), cv2.FONT_HERSHEY_SIMPLEX, 0.9, (20, 20, 20), 3)
            cv2.circle(card, (18, 52), 8, (20, 20, 20), -1)
            card = np.ascontiguousarray(card[::-1, ::-1])
    cv2.circle(card, (W // 2, H // 2), 30, (20, 20, 160), -1)
    return card


def _on_a_table(card: np.ndarray, angle: float) -> np.ndarray:
    """The card turned by ``angle`` on a dark table, its extent cropped and squashed to 224 x 224
    as the set's files are."""
    table = np.full((600, 600, 3), (40, 90, 30), np.uint8)
    table[160:160 + H, 200:200 + W] = card
    turn = cv2.getRotationMatrix2D((300, 300), angle, 1.0)
    table = cv2.warpAffine(table, turn, (600, 600), borderValue=(40, 90, 30))
    ys, xs = np.nonzero(np.abs(table.astype(int) - (40, 90, 30)).sum(2) > 30)
    cut = table[ys.min() - 4:ys.max() + 5, xs.min() - 4:xs.max() + 5]
    return cv2.resize(cut, (224, 224), interpolation=cv2.INTER_AREA)


@pytest.mark.parametrize("angle", [0.0, 6.0, -9.0])
def test_a_tilted_card_is_found_warped_and_both_its_indices_boxed(angle):
    image = _on_a_table(_drawn_card(), angle)
    corners, outlined = cardprints.find_frame(image)
    assert outlined
    card = cardprints.warp(image, corners)
    assert card.shape == (H, W, 3)
    found = cardprints.corner_indices(image)
    assert len(found) == 2
    for _, (x1, y1, x2, y2) in found:
        # the drawn index spans about x 9-27, y 10-60 of the canonical card
        assert x1 < 16 and y1 < 18 and 20 < x2 < 40 and 50 < y2 < 70


def test_a_card_filling_its_image_is_its_own_frame_and_a_blank_corner_has_no_index():
    image = cv2.resize(_drawn_card(index=False), (224, 224))
    corners, outlined = cardprints.find_frame(image)
    assert not outlined and corners.tolist() == [[0, 0], [223, 0], [223, 223], [0, 223]]
    assert cardprints.corner_indices(image) == []


@pytest.fixture(scope="module")
def sample():
    root = cardprints.default_root()
    if not (root / "cards.csv").is_file():
        pytest.skip("no ../shared/realdata/card-prints")
    cards = cardprints.load(root)
    return root, cards, cards[::40]


def test_the_set_loads_every_file_once_as_a_card(sample):
    _, cards, _ = sample
    assert len(cards) == 8154 and len({c.name for c in cards}) == 8154
    assert len({c.card for c in cards}) == 53 and Tile.parse("*") in {c.card for c in cards}


def test_on_a_fixed_sample_the_corners_found_hold_an_index(sample):
    root, _, chosen = sample
    with_index = corners = index_like = 0
    for c in chosen:
        found = cardprints.corner_indices(cv2.imread(str(root / c.name)), c.card.is_joker)
        with_index += bool(found)
        for view, (x1, y1, x2, y2) in found:
            corners += 1
            assert x2 <= W * cardprints.REGION[0] and y2 <= H * cardprints.REGION[1]
            grey = cv2.cvtColor(view[y1:y2, x1:x2], cv2.COLOR_BGR2GRAY).astype(float)
            top, bottom = grey[: (y2 - y1) // 2], grey[(y2 - y1) // 2:]
            # a rank over its pip: taller than wide ("10" may be as wide), ink in both halves
            index_like += (y2 - y1) > 1.2 * (x2 - x1) and np.ptp(top) > 40 and np.ptp(bottom) > 40
    # measured on the whole set: 81.6 % of the cards show an index, 1.84 corners each
    assert with_index / len(chosen) > 0.75 and corners / max(with_index, 1) > 1.6
    assert index_like / corners > 0.9, f"{index_like} of {corners} corners look like an index"


def test_index_crops_are_the_cards_kind_at_an_index_size_and_its_face_not_an_index(tmp_path):
    from remi.vision.crops import BACKGROUND, SIZE

    cv2.imwrite(str(tmp_path / "7c.jpg"), _on_a_table(_drawn_card(), 4.0))
    cards = [cardprints.PrintCard("7c.jpg", Tile.parse("7c"), "train")]
    x, number, colour = cardprints.index_crops(cards, copies=3, seed=1, root=tmp_path, negatives=1.0)
    assert x.shape == (7, SIZE, SIZE, 3)  # 2 corners x 3 copies, and one crop of the face
    assert number.tolist() == [7] * 6 + [BACKGROUND] and colour.tolist() == [1] * 6 + [-1]  # clubs: s c h d
    again, _, _ = cardprints.index_crops(cards, copies=3, seed=1, root=tmp_path, negatives=1.0)
    assert np.array_equal(x, again)



@pytest.mark.parametrize("heights", [(10, 28), (18, 56)])
def test_an_index_is_shrunk_to_the_heights_asked_and_never_grown(heights):
    """Card reader 7 shrank card-prints' 34-53 px indices to 10-28 px (a club and a spade one
    blob at 40 px); reader 8 asks 18-56 px: an index smaller than that keeps its own size."""
    view = _drawn_card()
    box = cardprints.index_box(view)
    own = box[3] - box[1]
    rng = np.random.default_rng(0)
    for _ in range(50):
        small, scaled = cardprints._at_height(rng, view, box, heights)
        h = scaled[3] - scaled[1]
        assert h <= own + 1e-6 and (heights[0] - 1 <= h <= heights[1] + 1 or h == own)
        assert small.shape[0] == round(view.shape[0] * h / own) or abs(small.shape[0] - view.shape[0] * h / own) < 1
