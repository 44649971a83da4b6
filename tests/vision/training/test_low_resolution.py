"""The reader's augmentations: at low resolution a chosen crop loses its fine detail (a pip a few
pixels wide) but keeps its size and mean, the crops not chosen untouched; a colour cast greys
and tints crops; a card index turned a quarter lies sideways, either way."""

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


def test_the_sides_a_crop_is_shrunk_to_are_asked_and_the_tiles_keep_theirs():
    """A card index seen by a webcam keeps more of its detail than a far tile (card reader 17):
    shrunk to 30-34 px a 4-pixel stripe survives where at 10-12 px it is a blur; the tiles' sides
    stay the default, draw for draw."""
    i = torch.arange(classifier.SIZE)
    stripes = ((i // 4) % 2).float()[None, :].expand(classifier.SIZE, -1).expand(8, 3, -1, -1).clone()
    gently = classifier._low_resolution(stripes, 1.0, torch.Generator().manual_seed(0), (30, 34))
    far = classifier._low_resolution(stripes, 1.0, torch.Generator().manual_seed(0), (10, 12))
    assert gently.std() > 0.7 * stripes.std() and far.std() < 0.4 * stripes.std()
    tiles = classifier._low_resolution(stripes, 1.0, torch.Generator().manual_seed(0))
    assert torch.equal(tiles, classifier._low_resolution(stripes, 1.0, torch.Generator().manual_seed(0),
                                                         classifier.LOW_SIDES))


def test_no_share_leaves_the_batch_as_it_is():
    x = _checkerboard(8)
    assert torch.equal(classifier._low_resolution(x, 0.0, torch.Generator().manual_seed(0)), x)


def test_a_share_changes_about_that_many_crops_and_no_others():
    x = _checkerboard(400)
    y = classifier._low_resolution(x, 0.5, torch.Generator().manual_seed(1))
    changed = (y - x).abs().flatten(1).amax(1) > 1e-6
    assert 150 < int(changed.sum()) < 250
    assert torch.equal(y[~changed], x[~changed])


def test_a_colour_cast_greys_and_tints_crops_and_the_default_draws_are_kept():
    """classifier._augment(colour_cast=True): a saturated blue crop comes out greyer on average
    (blue read as black under one light, research/vision-diary.md); without it the same generator
    gives the same batch as before the option existed (one white balance in 0.9-1.1)."""
    blue = torch.zeros(256, 3, 8, 8)
    blue[:, 2] = 0.8  # RGB: a saturated blue
    plain = classifier._augment(blue, torch.Generator().manual_seed(0))
    cast = classifier._augment(blue, torch.Generator().manual_seed(0), colour_cast=True)
    assert cast.min() >= 0 and cast.max() <= 1 and cast.shape == blue.shape

    def spread(x):  # how far a pixel's channels lie apart: 0 for grey
        return (x.amax(1) - x.amin(1)).mean().item()

    assert spread(cast) < 0.85 * spread(plain)
    g = torch.Generator().manual_seed(0)
    gain = torch.empty(256, 1, 1, 1).uniform_(0.6, 1.3, generator=g)
    bias = torch.empty(256, 1, 1, 1).uniform_(-0.15, 0.15, generator=g)
    wb = torch.empty(256, 3, 1, 1).uniform_(0.9, 1.1, generator=g)
    x = blue * gain * wb + bias
    x = x + torch.randn(x.shape, generator=g) * torch.empty(256, 1, 1, 1).uniform_(0, 0.05, generator=g)
    assert torch.equal(plain, x.clamp(0, 1))


def _bar(n: int) -> "torch.Tensor":
    # A dark upright stroke 4 px wide on a light face: a digit's 1.
    x = torch.full((n, 3, classifier.SIZE, classifier.SIZE), 0.9)
    x[:, :, 8:32, 18:22] = 0.1
    return x


def test_face_shapes_slant_widen_and_reweigh_a_stroke_keeping_the_crop():
    """classifier._face_shapes (reader v37): every chosen crop keeps its size and range; over a
    batch the stroke's ink grows on some crops (bolder or wider faces) and shrinks on others, and
    a slanted stroke's top and bottom rows no longer sit in the same columns."""
    x = _bar(200)
    y = classifier._face_shapes(x, 1.0, torch.Generator().manual_seed(2))
    assert y.shape == x.shape and y.min() >= 0 and y.max() <= 1
    ink = (y < 0.5).flatten(1).sum(1).float()
    before = float((x[0] < 0.5).sum())
    assert int((ink > 1.2 * before).sum()) > 20 and int((ink < 0.8 * before).sum()) > 20
    columns = torch.arange(classifier.SIZE).float()

    def centre(rows):  # the stroke's mean column over those rows, a crop each
        dark = (0.5 - rows.mean(1)).clamp(min=0)  # the ink alone, not the face
        return (dark * columns).sum((-1, -2)) / dark.sum((-1, -2))

    lean = centre(y[:, :, 10:14]) - centre(y[:, :, 26:30])
    assert int((lean.abs() > 1.5).sum()) > 50


def test_no_face_shapes_leaves_the_batch_and_the_draws_as_they_were():
    x = _bar(8)
    assert torch.equal(classifier._face_shapes(x, 0.0, torch.Generator().manual_seed(0)), x)


def test_a_quarter_turned_crop_lies_sideways_either_way_and_no_draw_is_made_without_a_share():
    x = torch.zeros(200, 3, classifier.SIZE, classifier.SIZE)
    x[:, :, 2:12, 4:8] = 1.0  # an index's rank in the top-left corner, standing up
    y = classifier._quarter_turned(x, 0.5, torch.Generator().manual_seed(2))
    left = torch.rot90(x[:1], 1, dims=(2, 3))[0]  # anticlockwise: the rank at the bottom-left, lying down
    right = torch.rot90(x[:1], 3, dims=(2, 3))[0]
    ways = [0 if torch.equal(c, x[0]) else 1 if torch.equal(c, left) else 3 if torch.equal(c, right) else -1 for c in y]
    assert -1 not in ways and 70 < ways.count(0) < 130 and ways.count(1) > 30 and ways.count(3) > 30
    gen, again = torch.Generator().manual_seed(5), torch.Generator().manual_seed(5)
    classifier._varied(x[:4], gen, 0.0, 0.0, False, quarter_turned=0.0)
    classifier._varied(x[:4], again, 0.0, 0.0, False)
    assert torch.equal(torch.rand(3, generator=gen), torch.rand(3, generator=again))  # earlier readers' draws kept
