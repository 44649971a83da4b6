"""Which models folder reads what (vision.folders): a folder's kind, and the one-line refusals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from remi.vision.errors import VisionError
from remi.vision.folders import NoCardModels, card_models_dir, folder_kind, models_for
from remi.vision.reader import MODELS


def folder(tmp_path: Path, **meta) -> Path:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "vision.json").write_text(json.dumps({"detector": "d.onnx", **meta}))
    return tmp_path


def test_a_folder_without_a_kind_reads_tiles(tmp_path):
    assert folder_kind(MODELS) == "tiles"
    assert folder_kind(folder(tmp_path / "c", kind="cards")) == "cards"
    with pytest.raises(VisionError, match="neither tiles nor cards"):
        folder_kind(folder(tmp_path / "h", kind="hats"))
    with pytest.raises(VisionError, match="vision.json missing"):
        folder_kind(tmp_path / "nothing")


def test_card_models_default_beside_the_tile_models(monkeypatch, tmp_path):
    monkeypatch.delenv("REMI_CARD_MODELS", raising=False)
    monkeypatch.setenv("REMI_MODELS", str(tmp_path))
    assert card_models_dir() == tmp_path / "cards"
    monkeypatch.setenv("REMI_CARD_MODELS", str(tmp_path / "mine"))
    assert card_models_dir() == tmp_path / "mine"


def test_no_card_models_is_one_line_naming_the_model_card(monkeypatch, tmp_path):
    monkeypatch.setenv("REMI_CARD_MODELS", str(tmp_path))
    with pytest.raises(NoCardModels) as caught:
        models_for("cards")
    assert caught.value.exit_code == 1 and "\n" not in str(caught.value)
    assert "models/candidates/cards1/README.md" in str(caught.value) and "--models DIR" in str(caught.value)


def test_a_folder_of_the_other_kind_is_refused_by_name(tmp_path):
    cards = folder(tmp_path / "c", kind="cards")
    assert models_for("cards", cards) == cards and models_for("tiles", MODELS) == MODELS
    with pytest.raises(VisionError, match=f"^{MODELS}: a tile models folder"):
        models_for("cards", MODELS)
    with pytest.raises(VisionError, match="a card models folder"):
        models_for("tiles", cards)


def test_a_card_reader_trusts_its_way_up_only_where_told(tmp_path):
    """The card recipe trains the reader on indices at every angle: its "turned" head says
    nothing, so a card folder groups by where the indices lie unless vision.json says
    "way_up": true (tiles keep their reader's way up)."""
    import os

    from remi.vision.reader import Reader

    candidate = MODELS / "candidates" / "cards1"
    found = os.environ.get("REMI_CARD_MODELS") or str(candidate)
    if not (Path(found) / "vision.json").is_file():
        pytest.skip("no card models folder (REMI_CARD_MODELS, or models/candidates/cards1)")
    meta = json.loads((Path(found) / "vision.json").read_text())
    for name in (meta["detector"], meta["reader"]):
        (tmp_path / name).symlink_to(Path(found).resolve() / name)
    for way_up, expected in ((None, False), (True, True)):
        extra = {} if way_up is None else {"way_up": way_up}
        (tmp_path / "vision.json").write_text(json.dumps({**meta, "kind": "cards", **extra}))
        reader = Reader(tmp_path)
        assert reader.has_orientation and reader.way_up is expected
    assert Reader(MODELS).way_up


def views_folder(tmp_path: Path, views, **more) -> Path:
    """The shipped tile models with ``"views"`` (and ``more``) set in their vision.json."""
    meta = json.loads((MODELS / "vision.json").read_text())
    tmp_path.mkdir(exist_ok=True)
    for name in (meta["detector"], meta["reader"], meta["reader_head"]):
        (tmp_path / name).symlink_to(MODELS.resolve() / name)
    meta = {k: v for k, v in meta.items() if k not in ("views", "sure")}
    (tmp_path / "vision.json").write_text(json.dumps({**meta, "views": views, **more}))
    return tmp_path


def test_a_reader_of_four_views_reads_each_tile_once(tmp_path):
    """Four views of each crop in one batch: one tile a box, its chances the views' mean, its
    way up the crop's own as cut (research/vision-diary.md, "Reading each tile four ways")."""
    import numpy as np

    from remi.vision.reader import Reader, load_image
    from tests.vision.conftest import sample_photos

    photo = sample_photos()[0]
    image = load_image(photo)
    one, four = Reader(views_folder(tmp_path / "one", 1)), Reader(views_folder(tmp_path / "four", 4))
    boxes = one.boxes(image)[0]
    seen, looked = one.look(image, boxes), four.look(image, boxes)
    assert looked.probs.shape == seen.probs.shape and np.allclose(looked.probs.sum(axis=1) + looked.background, 1, atol=1e-4)
    assert np.array_equal(looked.turned, seen.turned) and np.array_equal(looked.embedding, seen.embedding)
    assert [str(t) for t in four.read(image).tiles] == photo.with_suffix(".txt").read_text().split()


@pytest.mark.parametrize("views", [3, 0])
def test_a_number_of_views_no_reader_knows_is_refused(tmp_path, views):
    from remi.vision.reader import Reader

    with pytest.raises(VisionError, match=f'"views" is {views}; a crop is read 1, 2 or 4 ways'):
        Reader(views_folder(tmp_path, views))


def test_the_turned_view_reads_a_six_as_a_nine_where_the_folder_says_so(tmp_path):
    """With "turned_six_nine", in a photo standing upright, the view turned 180 degrees gives its
    chance of 6 to 9 and of 9 to 6 before the views are averaged: the 6 and 9 columns of the
    averaged chances move by exactly that view's 6 and 9 chances, exchanged, over four; every
    other column is the same. The photo turned round is read as without it."""
    import numpy as np

    from remi.vision import crops
    from remi.vision.reader import NUMBERS, Reader, load_image
    from tests.vision.conftest import sample_photos

    image = load_image(sample_photos()[0])
    plain = Reader(views_folder(tmp_path / "plain", 4, turned_six_nine=False))
    swapped = Reader(views_folder(tmp_path / "swapped", 4, turned_six_nine=True))
    assert swapped.turned_six_nine and not plain.turned_six_nine
    plain.sure = swapped.sure = 2.0  # every crop read four ways
    boxes = plain.boxes(image)[0]
    x = crops.batch(image, [tuple(b) for b in boxes])
    turned_n = plain._heads(np.ascontiguousarray(np.rot90(x, 2, axes=(2, 3))), plain.views_cls)[0]
    a, b = plain.look(image, boxes).probs, swapped.look(image, boxes).probs
    for number in range(1, NUMBERS):
        cols = [c * 13 + number - 1 for c in range(4)]  # the kinds of one number, colour by colour
        if number in (6, 9):  # the number's chance (over its colours) moves by the turned view's exchange
            moved = (turned_n[:, 15 - number] - turned_n[:, number]) / 4
            assert np.abs(moved).max() > 0.05  # the photo's 6s and 9s move
            assert np.allclose((b[:, cols] - a[:, cols]).sum(axis=1), moved, atol=1e-5)
        else:
            assert np.allclose(a[:, cols], b[:, cols], atol=1e-6)
    # the photo turned round: its boxes read upside down, so nothing is exchanged (SIX_NINE_UPRIGHT)
    round_ = np.ascontiguousarray(image[::-1, ::-1])
    boxes = plain.boxes(round_)[0]
    assert np.mean(plain.look(round_, boxes).turned < 0.5) < 0.7
    assert np.array_equal(plain.look(round_, boxes).probs, swapped.look(round_, boxes).probs)


def test_a_turned_six_nine_that_is_not_true_or_false_is_refused(tmp_path):
    from remi.vision.reader import Reader

    with pytest.raises(VisionError, match='"turned_six_nine" is \'yes\'; true or false'):
        Reader(views_folder(tmp_path, 4, turned_six_nine="yes"))


def test_only_a_crop_unsure_of_its_read_is_read_again(tmp_path):
    """With "sure", a crop read at least that sure keeps its first read: a bar of 0 reads every
    crop once, a bar over 1 every crop four ways."""
    import numpy as np

    from remi.vision.reader import Reader, load_image
    from tests.vision.conftest import sample_photos

    image = load_image(sample_photos()[0])
    boxes = Reader(MODELS).boxes(image)[0]

    def looks(folder: Path):
        return Reader(folder).look(image, boxes)

    once, four = looks(views_folder(tmp_path / "one", 1)), looks(views_folder(tmp_path / "all", 4))
    never, always = looks(views_folder(tmp_path / "none", 4, sure=0.0)), looks(views_folder(tmp_path / "every", 4, sure=1.01))
    assert np.array_equal(never.probs, once.probs) and np.allclose(always.probs, four.probs, atol=1e-6)
    assert not np.allclose(four.probs, once.probs, atol=1e-6)


def test_a_folder_sets_its_own_bar_of_unsure(tmp_path):
    """"unsure_below" is the chance under which a read is marked for a look (default 0.80):
    a bar of 1 marks every read of the sample photo, a bar near 0 none for its confidence."""
    from remi.vision.reader import Reader, load_image
    from tests.vision.conftest import sample_photos

    image = load_image(sample_photos()[0])
    every = Reader(views_folder(tmp_path / "every", 1, unsure_below=1.0)).read(image).detections
    none = Reader(views_folder(tmp_path / "none", 1, unsure_below=0.01)).read(image).detections
    assert all(d.low and d.uncertain.startswith("unsure: ") for d in every)
    assert not any(d.uncertain.startswith("unsure") for d in none)
    for bad in (0, 1.5):
        with pytest.raises(VisionError, match=f'"unsure_below" is {float(bad)}; a chance between 0 and 1'):
            Reader(views_folder(tmp_path / f"bad{bad}", 1, unsure_below=bad))


@pytest.mark.parametrize("key, value, shown", [("sure", "high", "'high'"), ("sure", -0.5, "-0.5"),
                                                ("views", "4", "'4'"), ("unsure_below", True, "True")])
def test_a_reading_setting_that_is_no_number_is_one_line(tmp_path, key, value, shown):
    """A hand-edited vision.json: the file, the key and what it holds, in one line."""
    from remi.vision.reader import Reader

    with pytest.raises(VisionError, match=f'vision.json: "{key}" is {shown}; ') as caught:
        views, more = (value, {}) if key == "views" else (4, {key: value})
        Reader(views_folder(tmp_path, views, **more))
    assert "\n" not in str(caught.value)
