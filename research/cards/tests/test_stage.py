"""The card stage's data: labels mapped by classes.json, folds by source group, nothing copied.

Read from ../shared/realdata/cards (skipped where a checkout has none beside it).
"""

import numpy as np
import pytest

from research.cards import stage

pytestmark = pytest.mark.skipif(not stage.default_root().is_dir(), reason="no ../shared/realdata/cards")


def test_folds_cover_every_group_once_and_keep_one_deck_together():
    groups = [g for gs in stage.FOLDS.values() for g in gs]
    assert sorted(groups) == ["android", "iphone", "webcam-uuid", "webcam-win"]
    assert stage.FOLDS["white"] == ("android", "webcam-uuid")  # one deck, one day (the data's README)
    assert set(stage.training_groups("win")) == {"android", "webcam-uuid", "iphone"}


def test_labels_are_mapped_by_classes_json_not_by_position():
    photos = {p.path.stem: p for p in stage.load(("webcam-uuid",))}
    # a file named 10c-...: its index is the 10 of clubs (class 0 = 10c in classes.json)
    ten = next(p for stem, p in photos.items() if stem.startswith("10c-"))
    assert ten.kinds == {"10c"}
    assert all(c.card() == "10c" for c in ten.cards)


def test_polygon_rows_become_their_extent_and_backs_are_no_index():
    photos = stage.load(("iphone",))
    assert sum(len(p.backs) for p in photos) == 46  # the data's README: 46 whole-card BACK boxes
    for p in photos:
        w, h = p.size
        assert ((p.boxes[:, 2:] > p.boxes[:, :2]).all() and (p.boxes >= -1).all()
                and (p.boxes[:, [0, 2]] <= w + 1).all() and (p.boxes[:, [1, 3]] <= h + 1).all())


def test_degenerate_label_boxes_are_dropped():
    photos = {p.path.stem.split("_JPG")[0]: p for p in stage.load(("iphone",))}
    small = photos["IMG_7835"].boxes  # the README's 20x5 px 4h box
    assert (np.minimum(small[:, 2] - small[:, 0], small[:, 3] - small[:, 1]) >= stage.LEAST_SIDE).all()


def test_the_index_set_links_photos_and_leaves_the_fold_out(tmp_path):
    out = stage.write_index_set(tmp_path / "set", "iphone")
    train = list((out / "images" / "train").iterdir())
    val = list((out / "images" / "val").iterdir())
    assert len(val) == 138 and len(train) == 855 - 138
    assert all(p.is_symlink() for p in train + val)  # linked, never copied into a checkout
    assert not any(p.name.startswith("IMG_7") for p in train)  # iphone's photos are IMG_7xxx
    rows = (out / "labels" / "val" / (val[0].stem + ".txt")).read_text().split()
    assert rows[0::5] == ["0"] * (len(rows) // 5)  # one class: index


def test_index_crops_hold_each_index_and_negatives_overlapping_none():
    photos = stage.load(("iphone",))[:4]
    x, number, colour = stage.index_crops(photos, copies=2, negatives=3, seed=1)
    indices = sum(len(p.boxes) for p in photos)
    assert (number != stage.BACKGROUND).sum() == 2 * indices
    assert (number == stage.BACKGROUND).sum() <= 3 * len(photos)
    assert x.shape[1:] == (40, 40, 3) and x.dtype == np.uint8
    assert (colour[number == stage.BACKGROUND] == -1).all()
