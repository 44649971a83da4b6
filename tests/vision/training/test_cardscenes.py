"""Synthetic card photos: hands dealt as SR-1 deals them, every label an index that shows."""

import numpy as np
import pytest

from remi.engine import JOKER
from remi.vision.training import cardfaces, cardscenes

pytestmark = pytest.mark.usefixtures("card_faces")  # tests/vision/training/conftest.py


@pytest.mark.parametrize("seed", range(20))
def test_a_deal_holds_at_most_two_of_a_card_and_four_jokers(seed):
    hand = cardscenes.deal(np.random.default_rng(seed), 60)
    counts = {}
    for c in hand:
        counts[c] = counts.get(c, 0) + 1
    assert counts.get(JOKER, 0) <= 4  # SR-1: two packs and four jokers
    assert all(k <= 2 for c, k in counts.items() if c is not JOKER)


def test_labelled_indices_lie_in_the_photo_and_name_cards_of_the_hand():
    rng = np.random.default_rng(11)
    for pool in ("train", "test"):
        for _ in range(3):
            photo, cards, boxes = cardscenes.scene(rng, cardscenes.POOLS[pool], n=14, size=(640, 480))
            h, w = photo.shape[:2]
            assert photo.dtype == np.uint8 and (h, w) == (480, 640)
            assert len(cards) == len(boxes) <= 28  # two corners a card, at most
            assert ((boxes[:, 2:] > boxes[:, :2]).all() and (boxes[:, :2] >= 0).all()
                    and (boxes[:, 2] <= w).all() and (boxes[:, 3] <= h).all())


def test_an_index_covered_by_the_card_above_is_not_labelled():
    # Two cards laid exactly on one another: only the top card's corners show.
    rng = np.random.default_rng(3)
    pool = cardscenes.POOLS["test"]
    M = np.array([[1.0, 0, 100], [0, 1.0, 60]])
    photo, cards, boxes = cardscenes.scene(rng, pool, n=2, size=(640, 480), maps=[M, M])
    assert len(cards) == 2 and len(set(cards)) == 1  # the top card's two corners, one kind


def test_a_scene_set_writes_code_classes_and_a_one_class_yaml(tmp_path):
    out = cardscenes.write_scene_set(tmp_path / "s", "test", count=0, val=2, seed=5)
    labels = sorted((out / "labels" / "val").glob("*.txt"))
    assert len(labels) == 2
    rows = [r.split() for f in labels for r in f.read_text().splitlines()]
    assert rows and all(0 <= int(r[0]) <= 52 and len(r) == 5 for r in rows)
    assert "0: index" in (out / "data-tile.yaml").read_text()


def test_spread_pools_lay_many_cards_under_a_webcam_and_label_them_in_the_photo():
    rng = np.random.default_rng(21)
    spread = 0
    for pool in ("spread-train", "spread-test"):
        for _ in range(6):
            photo, cards, boxes = cardscenes.scene(rng, cardscenes.POOLS[pool])
            h, w = photo.shape[:2]
            assert ((boxes[:, 2:] > boxes[:, :2]).all() and (boxes[:, :2] >= 0).all()
                    and (boxes[:, 2] <= w + 1e-9).all() and (boxes[:, 3] <= h + 1e-9).all())
            spread += (w, h) in ((640, 640), cardscenes.WEBCAM)
    assert spread >= 3  # about half the photos of these pools are spreads


def test_the_first_pools_draw_no_spread_so_their_photos_stay_as_they_were():
    assert cardscenes.POOLS["train"].spread_share == cardscenes.POOLS["test"].spread_share == 0.0
    # the test pool's rows overlap less than any training row: settings never trained on
    assert cardscenes.POOLS["spread-test"].spread_overlap[0] >= cardscenes.POOLS["spread-train"].spread_overlap[1]


def test_close_pools_photograph_a_few_cards_with_large_indices_and_leave_the_others_as_they_were():
    """realdata's android group is close-ups of one card, indices of 80-200 px in 640 px photos,
    and no pool drew any over about 100 px: the close pools draw half their photos so; the
    first four pools draw none."""
    assert all(cardscenes.POOLS[p].close_share == 0.0 for p in ("train", "test", "spread-train", "spread-test"))

    def largest(pool: str) -> list[float]:
        rng, out = np.random.default_rng(5), []
        for _ in range(30):
            _, _, boxes = cardscenes.scene(rng, cardscenes.POOLS[pool], size=(640, 640))
            out.append(float(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1]).max()) if len(boxes) else 0.0)
        return out

    assert sum(side > 110 for side in largest("close-train")) >= 5
    assert sum(side > 110 for side in largest("spread-train")) == 0


def test_a_dataset_is_refused_in_one_line_when_a_face_of_its_recipe_is_missing(tmp_path, monkeypatch):
    from remi.engine import RemiError

    monkeypatch.setattr(cardfaces, "TEST_FONTS", (*cardfaces.TEST_FONTS, "NoSuchFace-Bold.ttf"))
    with pytest.raises(RemiError, match="NoSuchFace-Bold.ttf are not on this machine: install them"):
        cardscenes.write_scene_set(tmp_path / "s", "test", count=0, val=1, seed=5)
    assert not (tmp_path / "s").exists()  # nothing written


def test_reader_crops_are_cut_where_a_scene_sets_indices_lie(tmp_path):
    """``research.cards.stage crops --scenes``: each labelled index of the train photos, copied,
    with its kind (number, suit), and not-an-index crops beside them."""
    from research.cards import stage

    scenes = cardscenes.write_scene_set(tmp_path / "s", "spread-train", count=2, val=0, seed=7)
    rows = [int(r.split()[0]) for f in (scenes / "labels" / "train").glob("*.txt") for r in f.read_text().splitlines()]
    assert stage.main(["crops", str(tmp_path / "c.npz"), "--scenes", str(scenes), "--copies", "2",
                       "--negatives", "3", "--seed", "1"]) == 0
    z = np.load(tmp_path / "c.npz")
    index = z["number"] != stage.BACKGROUND
    assert int(index.sum()) == 2 * len(rows) and int((~index).sum()) <= 3 * 2
    assert z["x"].shape[1:] == (40, 40, 3) and z["x"].dtype == np.uint8
    # the kinds cut are the labelled ones: the same numbers (1..13, 0 for a joker), twice each
    numbers = [0 if c == JOKER.code else c % 13 + 1 for c in rows]
    assert sorted(z["number"][index].tolist()) == sorted(numbers * 2)


def test_card_width_draws_cards_that_size_whatever_the_frame():
    """Issue 42: a table filmed from above, a card about 130 px wide in a 1920x1080 frame. An
    index's box (rank and pip, at most 0.24 x 0.16 of a card's 350 x 250 frame) turned any way
    spans at most its diagonal; drawn to the frame, a frame this size shows it half again as big."""
    most = np.hypot(0.24 * cardscenes.CARD_H, 0.16 * cardscenes.CARD_W) * 130 / cardscenes.CARD_W + 2
    small, drawn = [], []
    for seed in range(4):
        for width, sides in ((130, small), (None, drawn)):
            rng = np.random.default_rng(seed)
            photo, cards, boxes = cardscenes.scene(rng, cardscenes.POOLS["spread-test"], n=20, size=(1920, 1080),
                                                   card_width=width)
            assert photo.shape[:2] == (1080, 1920) and len(cards) == len(boxes) > 0
            sides += list((boxes[:, 2:] - boxes[:, :2]).max(axis=1))
    assert max(small) <= most and np.median(small) >= 20
    assert np.median(drawn) >= 1.5 * np.median(small)


def test_real_print_faces_are_laid_with_their_indices_boxed_where_they_are(tmp_path):
    """Card reader 9's scenes: a dealt card gets a file of its kind from card-prints (here drawn
    files laid out as that set's are), both its corner indices boxed where the file prints
    them (top-left, and bottom-right turned); a kind whose files show no index, or that has
    none, gets a drawn face, so every scene still labels what it shows."""
    import cv2

    from remi.engine import Tile
    from remi.vision.training.cardprints import PrintCard
    from tests.vision.training.test_cardprints import _drawn_card, _on_a_table

    (tmp_path / "train").mkdir()
    cv2.imwrite(str(tmp_path / "train" / "7s.jpg"), _on_a_table(_drawn_card(), 4.0))
    cv2.imwrite(str(tmp_path / "train" / "blank.jpg"), _on_a_table(_drawn_card(index=False), 0.0))
    faces = cardscenes.PrintFaces([PrintCard("train/7s.jpg", Tile.parse("7s"), "train"),
                                   PrintCard("train/blank.jpg", Tile.parse("8s"), "train")], root=tmp_path)
    rng = np.random.default_rng(3)
    face, shape, boxes = faces.face(rng, Tile.parse("7s"))
    W, H = cardscenes.CARD_W, cardscenes.CARD_H
    assert face.shape == (H, W, 3) and shape.shape == (H, W) and len(boxes) == 2
    (a, b) = boxes  # the drawn index spans about 11-34 x 12-75 of this frame, and the same turned
    assert a[0] < 20 and a[1] < 23 and a[2] < 50 and 60 < a[3] < 90
    assert b[0] > W - 50 and b[1] > H - 90 and b[2] > W - 20 and b[3] > H - 23
    assert faces.face(rng, Tile.parse("8s")) is None and faces.face(rng, Tile.parse("9s")) is None
    photo, cards, found = cardscenes.scene(rng, cardscenes.POOLS["train"], n=14, size=(640, 480), prints=faces)
    assert photo.shape == (480, 640, 3) and len(cards) == len(found) > 0
    # a black deck's face: the same card and index boxes, its card dark and its ink light
    dark = cardscenes.PrintFaces(faces.by_kind[Tile.parse("7s").code], root=tmp_path, dark=1.0)
    light_face, _, light_boxes = faces.face(np.random.default_rng(5), Tile.parse("7s"))
    dark_face, _, dark_boxes = dark.face(np.random.default_rng(5), Tile.parse("7s"))
    assert dark_boxes == light_boxes
    x1, y1, x2, y2 = (int(v) for v in light_boxes[0])
    card, ink = (slice(H // 3, 2 * H // 3), slice(W // 3, 2 * W // 3)), (slice(y1, y2), slice(x1, x2))
    assert light_face[card].mean() > 150 > 100 > dark_face[card].mean()
    assert dark_face[ink].max() > light_face[ink].min() + 100  # the index's ink is the light part now


def test_the_hands_pool_fans_every_photo_with_the_test_pool_s_settings():
    """Issue 42's pool of whole hands: every photo a fan of 13-15 cards, drawn from the test pool's
    faces, cloths and fan steps (never trained on); the test pool itself draws melds too."""
    hands, test = cardscenes.POOLS["hands-test"], cardscenes.POOLS["test"]
    assert (hands.fonts, hands.cloth_hues, hands.fan_step) == (test.fonts, test.cloth_hues, test.fan_step)
    drawn = [cardscenes._placements(np.random.default_rng(seed), hands, 14, 1280, 960)[1] for seed in range(20)]
    assert all(drawn)
    assert not all(cardscenes._placements(np.random.default_rng(seed), test, 14, 1280, 960)[1] for seed in range(20))
