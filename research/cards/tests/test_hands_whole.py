"""Whole hands against the hand dealt: the pool's photos drawn again with their seed, each hand known."""

import pytest

from remi.vision.training.cardscenes import write_scene_set
from research.cards.hands_whole import hands
from tests.vision.training.conftest import card_faces  # noqa: F401 - the faces the scenes draw


@pytest.mark.usefixtures("card_faces")
def test_each_photo_s_hand_holds_its_labelled_cards_and_a_wrong_seed_is_refused(tmp_path):
    folder = write_scene_set(tmp_path / "hands", "hands-test", count=0, val=3, seed=7)
    photos = hands(folder, "hands-test", 7)
    assert len(photos) == 3
    assert all(labelled <= hand and len(hand) <= 15 for _, labelled, hand in photos)  # 13-15 dealt, two packs
    assert any(labelled < hand for _, labelled, hand in photos)  # a fan hides some indices
    with pytest.raises(SystemExit, match="not the one written"):
        hands(folder, "hands-test", 8)
