"""card-prints split by print: groups never hold two cards of one kind (one deck, one of each),
near-duplicates and identical files go together whatever, whole groups go to folds; the saved
folds keep every file in exactly one fold (no image needed but for the last test)."""

import json

import numpy as np
import pytest

from remi.engine import Tile
from remi.vision.training import cardprints
from research.cards import card_data, print_folds


def _cards(kinds):
    return [cardprints.PrintCard(f"x/{i}.jpg", Tile.parse(k), "train") for i, k in enumerate(kinds)]


def test_a_group_takes_no_second_card_of_a_kind_but_two_jokers():
    groups = print_folds.Groups(["7h", "8h", "7h", "*", "*", "*"])
    assert groups.join(0, 1) and not groups.join(1, 2)  # a second 7h: another deck
    assert groups.join(0, 3) and groups.join(0, 4) and not groups.join(0, 5)
    assert groups.join(1, 2, check=False)  # a near-duplicate is joined whatever its kind
    assert sorted(map(sorted, groups.members())) == [[0, 1, 2, 3, 4], [5]]


def test_identical_files_and_near_pictures_of_a_kind_join_and_the_rest_by_look():
    cards = _cards(["7h", "7h", "7h", "9s", "7d", "9h"])
    feats = np.array([[0, 0], [5, 5], [10, 0], [20, 20], [30, 0], [30.1, 0]], np.float32)
    hashes = [0, 1 << 63, (1 << 63) | 1, 2 ** 64 - 1, (1 << 63) | 2, 7]  # 1, 2 and 4 a bit apart
    md5s = ["a", "a", "b", "c", "d", "e"]  # 0 and 1: the same bytes
    groups, how = print_folds.group(cards, feats, hashes, md5s, threshold=0.5)
    # 4 is a 7d: one layout, another picture; 5 is near 4 by look, another kind: one deck
    assert sorted(map(sorted, groups)) == [[0, 1, 2], [3], [4, 5]]
    assert how["identical"] == 1 and how["near_duplicate"] == 1 and how["joined"] == 1


def test_whole_groups_fill_the_folds_largest_first():
    groups = [[0, 1, 2, 3], [4, 5, 6], [7, 8], [9], [10]]
    assert print_folds.assign(groups, 2) == [0, 1, 1, 0, 0]  # sizes 4, 3, 5, 5, then the first of a tie


def test_the_difference_hash_sees_a_picture_not_its_size():
    rng = np.random.default_rng(0)
    picture = (rng.random((28, 20, 3)) * 255).astype(np.uint8).repeat(10, 0).repeat(10, 1)
    small = picture[::2, ::2]
    near = bin(print_folds.difference_hash(picture) ^ print_folds.difference_hash(small)).count("1")
    other = bin(print_folds.difference_hash(picture) ^ print_folds.difference_hash(picture[::-1])).count("1")
    assert near <= print_folds.NEAR < other


@pytest.mark.skipif(not (cardprints.default_root() / "cards.csv").is_file(), reason="no ../shared/realdata/card-prints")
def test_the_saved_folds_hold_every_file_once_and_each_fold_every_kind():
    saved = json.loads(card_data.FOLDS_FILE.read_text())
    names = [n for g in saved["groups"] for n in g]
    assert sorted(names) == sorted(c.name for c in cardprints.load())
    assert len(saved["folds"]) == len(saved["groups"])
    for fold in sorted(set(saved["folds"])):
        train, held = card_data.print_split(fold)
        assert len(train) + len(held) == len(names) and not {c.name for c in train} & {c.name for c in held}
        assert len({c.card for c in held}) == 53
