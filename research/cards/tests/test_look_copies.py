"""Copies of a detector set's photos in another look: grey, dark or turned, labels kept, the share seeded."""

import cv2
import numpy as np
import pytest

from research.cards.look_copies import main, write


def _set(root, name: str, count: int):
    src = root / name
    (src / "images" / "train").mkdir(parents=True)
    (src / "labels" / "train").mkdir(parents=True)
    rng = np.random.default_rng(len(name))
    for k in range(count):
        cv2.imwrite(str(src / "images" / "train" / f"p{k}.jpg"), rng.integers(0, 255, (32, 48, 3), np.uint8))
        (src / "labels" / "train" / f"p{k}.txt").write_text(f"0 0.5 0.5 0.{k + 1} 0.2\n")
    cv2.imwrite(str(src / "images" / "train" / "unlabelled.jpg"), np.zeros((8, 8, 3), np.uint8))
    return src


def test_a_share_of_each_source_is_copied_grey_with_its_own_labels(tmp_path):
    a, b = _set(tmp_path, "a", 6), _set(tmp_path, "bb", 3)
    out = tmp_path / "grey"
    assert write(out, [a, b], 0.5, seed=1) == 3 + 2  # round(0.5 * 6), round(0.5 * 3); unlabelled never
    copies = sorted((out / "images" / "train").iterdir())
    assert len(copies) == 5 and {c.name.split("-")[0] for c in copies} == {"a", "bb"}
    for c in copies:
        image = cv2.imread(str(c))
        assert np.array_equal(image[..., 0], image[..., 1]) and np.array_equal(image[..., 1], image[..., 2])
        source, stem = c.stem.split("-")
        label = (out / "labels" / "train" / f"{c.stem}.txt").read_text()
        assert label == (tmp_path / source / "labels" / "train" / f"{stem}.txt").read_text()
    again = tmp_path / "again"
    write(again, [a, b], 0.5, seed=1)
    assert sorted(p.name for p in (again / "images" / "train").iterdir()) == [c.name for c in copies]


def test_a_bad_share_or_a_folder_without_photos_is_refused_in_one_line(tmp_path):
    a = _set(tmp_path, "a", 2)
    with pytest.raises(SystemExit, match="--share 1.5: give a share above 0 and at most 1"):
        main([str(tmp_path / "out"), str(a), "--look", "grey", "--share", "1.5"])
    with pytest.raises(SystemExit, match="has no images/train folder"):
        main([str(tmp_path / "out"), str(tmp_path / "nowhere"), "--look", "dark"])


def test_a_dark_copy_turns_a_white_card_black_and_keeps_its_red_ink(tmp_path):
    src = tmp_path / "deck"
    (src / "images" / "train").mkdir(parents=True)
    (src / "labels" / "train").mkdir(parents=True)
    card = np.full((40, 40, 3), 245, np.uint8)
    card[10:30, 10:30] = (30, 30, 200)  # a red index on a white card
    cv2.imwrite(str(src / "images" / "train" / "c.png"), card)
    (src / "labels" / "train" / "c.txt").write_text("0 0.5 0.5 0.5 0.5\n")
    assert write(tmp_path / "dark", [src], 1.0, seed=0, look="dark") == 1
    copy = cv2.imread(str(tmp_path / "dark" / "images" / "train" / "deck-c.jpg"))
    assert copy[2, 2].max() < 40  # the white card is black
    ink = copy[20, 20].astype(int)
    assert ink[2] > ink[0] + 40 and ink.mean() > copy[2, 2].mean() + 40  # its ink red, lighter than the card


def test_a_turned_copy_keeps_each_box_on_its_ink_both_ways(tmp_path):
    src = tmp_path / "deck"
    (src / "images" / "train").mkdir(parents=True)
    (src / "labels" / "train").mkdir(parents=True)
    for k in range(2):  # a dark index near the top-left corner of a light photo 60 wide, 40 tall
        photo = np.full((40, 60, 3), 230, np.uint8)
        photo[4:14, 6:12] = 20
        cv2.imwrite(str(src / "images" / "train" / f"c{k}.png"), photo)
        (src / "labels" / "train" / f"c{k}.txt").write_text(f"{k} {9 / 60} {9 / 40} {6 / 60} {10 / 40}\n")
    assert write(tmp_path / "turned", [src], 1.0, seed=0, look="turned") == 2
    for k in range(2):  # the first copy turned clockwise, the second anticlockwise
        copy = cv2.imread(str(tmp_path / "turned" / "images" / "train" / f"deck-c{k}.jpg"), cv2.IMREAD_GRAYSCALE)
        assert copy.shape == (60, 40)
        name, cx, cy, w, h = (tmp_path / "turned" / "labels" / "train" / f"deck-c{k}.txt").read_text().split()
        x0, x1 = (float(cx) - float(w) / 2) * 40, (float(cx) + float(w) / 2) * 40
        y0, y1 = (float(cy) - float(h) / 2) * 60, (float(cy) + float(h) / 2) * 60
        ys, xs = np.nonzero(copy < 120)
        assert name == str(k) and (x1 - x0, y1 - y0) == pytest.approx((10, 6), abs=0.01)  # now lying sideways
        assert (xs.min(), xs.max() + 1, ys.min(), ys.max() + 1) == pytest.approx((x0, x1, y0, y1), abs=1)
