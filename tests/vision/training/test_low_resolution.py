"""The low-resolution augmentation: a chosen crop loses its fine detail (a pip a few pixels
wide) but keeps its size and mean; the crops not chosen are untouched."""

import pytest

torch = pytest.importorskip("torch")

from remi.vision.training import classifier  # noqa: E402


def _checkerboard(n: int) -> "torch.Tensor":
    # One-pixel squares: the finest detail a 40x40 crop holds, all of it gone below 20 px.
    i = torch.arange(classifier.SIZE)
    board = ((i[:, None] + i[None, :]) % 2).float()
    return board.expand(n, 3, -1, -1).clone()


def test_a_chosen_crop_is_blurred_to_the_size_it_was():
    x = _checkerboard(8)
    y = classifier._low_resolution(x, 1.0, torch.Generator().manual_seed(0))
    assert y.shape == x.shape
    assert y.std() < 0.1 * x.std()  # the one-pixel detail is gone
    assert abs(float(y.mean()) - float(x.mean())) < 0.02  # the crop's brightness is kept


def test_no_share_leaves_the_batch_as_it_is():
    x = _checkerboard(8)
    assert torch.equal(classifier._low_resolution(x, 0.0, torch.Generator().manual_seed(0)), x)


def test_a_share_changes_about_that_many_crops_and_no_others():
    x = _checkerboard(400)
    y = classifier._low_resolution(x, 0.5, torch.Generator().manual_seed(1))
    changed = (y - x).abs().flatten(1).amax(1) > 1e-6
    assert 150 < int(changed.sum()) < 250
    assert torch.equal(y[~changed], x[~changed])
