"""The reader's training sets as `pretrained_reader train` joins them: a numbers-only set keeps its
numbers and asks no colour (reader v26)."""

import numpy as np

from research.cards.pretrained_reader import crop_sets


def _set(path, numbers, colours):
    np.savez(path, x=np.zeros((len(numbers), 4, 4, 3), np.uint8), number=np.array(numbers), colour=np.array(colours))
    return path


def test_numbers_only_sets_come_last_with_no_colour(tmp_path):
    a = _set(tmp_path / "a.npz", [3, 14], [2, -1])
    small = _set(tmp_path / "small.npz", [6, 9, 14], [0, 1, -1])
    x, number, colour = crop_sets([a], [small])
    assert x.shape == (5, 4, 4, 3)
    assert number.tolist() == [3, 14, 6, 9, 14]
    assert colour.tolist() == [2, -1, -1, -1, -1]


def test_without_numbers_only_sets_are_joined_as_they_are(tmp_path):
    a = _set(tmp_path / "a.npz", [1], [0])
    b = _set(tmp_path / "b.npz", [13], [3])
    assert [v.tolist() for v in crop_sets([a, b])[1:]] == [[1, 13], [0, 3]]


def test_far_camera_sides_out_of_range_or_reversed_are_one_line_and_train_nothing(tmp_path, capsys):
    import pytest

    from research.cards.pretrained_reader import main

    crops, out = _set(tmp_path / "a.npz", [3, 14], [2, -1]), tmp_path / "r.pt"
    for sides, said in ((["40", "10"], "--low-sides 40 10: LOW over HIGH"), (["0", "12"], "'0' is not a side of 2 to 40 px")):
        with pytest.raises(SystemExit) as stop:
            main(["train", str(out), str(crops), "--low-sides", *sides])
        assert said in str(stop.value) + capsys.readouterr().err
        assert not out.exists()
