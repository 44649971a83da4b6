"""The reader's network fine-tuned on a user's photos (issue 38 item 4): what it reads better, and
the guard that keeps it out where it reads the photos held back worse."""

import hashlib
import json
import shutil

import numpy as np
import pytest

from remi.vision import adapt
from remi.vision.reader import Reader, models_dir
from remi.vision.training import facecrops, reader_adapt

pytest.importorskip("torch")


def _digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_rehearsal_draws_most_kinds_the_same_for_a_seed():
    x, number, colour = reader_adapt.rehearsal(3)
    assert x.shape[1:] == (3, 40, 40) and x.dtype == np.float32 and len(x) == len(number) == len(colour)
    kinds = {52 if n == 0 else c * 13 + n - 1 for n, c in zip(number, colour)}
    assert len(kinds) >= 40, len(kinds)  # 8 tables of 15 kinds of 53
    assert ((number == 0) == (colour == -1)).all()  # a joker has no colour
    again = reader_adapt.rehearsal(3)
    assert np.array_equal(again[0], x) and np.array_equal(again[1], number)


def test_the_network_fine_tuned_reads_the_rest_of_an_odd_table_better(tmp_path):
    """The odd edition (orange printed near red, a teal blue): the adapted heads leave its
    colours; the network fine-tuned on 2 photos reads 4 others better still, and the shipped
    folder is untouched."""
    taught, rest = facecrops.odd_tables(1, 2), facecrops.odd_tables(2, 4)
    shipped = _digest(models_dir() / "tile-reader.onnx")
    heads = adapt.adapt(taught, tmp_path / "heads", detector=False, network=False)
    tuned = adapt.adapt(taught, tmp_path / "net", detector=False, network=True)
    assert tuned["network_verdict"]["code"] == "adapt.network_tuned", tuned["network_words"]
    assert tuned["network_words"].startswith("the reader's network fine-tuned on 2 photos: on the photos held back")
    right = {name: adapt.reading_score(Reader(tmp_path / name), rest) for name in ("heads", "net")}
    assert right["net"] > right["heads"], right
    meta = json.loads((tmp_path / "net" / "vision.json").read_text())
    assert "head" not in meta and not (tmp_path / "net" / adapt.HEAD).exists()  # its own heads
    assert meta["adapted"]["network"]["fitted_on"] == [name for name, *_ in taught]
    assert heads["network_verdict"] == {"code": "adapt.network_skipped"}  # left out as asked
    assert _digest(models_dir() / "tile-reader.onnx") == shipped


def test_the_network_is_judged_against_heads_taught_the_same_photos(tmp_path, monkeypatch):
    """The held-back photo judges the trial network against the heads fitted on the photos the
    network learnt (``split_head``), not against the folder's heads, fitted on the held-back
    photo too: given heads that read nothing (all weights 0), the judge's figure is theirs.
    What the network learns does not enter that figure: two steps are enough to run the path."""
    monkeypatch.setattr(reader_adapt, "STEPS", 2)
    taught = facecrops.odd_tables(1, 2)
    out = tmp_path / "m"
    adapt.adapt(taught, out, detector=False, network=False)
    reader, rng = Reader(models_dir()), np.random.default_rng(0)
    shots = [adapt.tile_crops(reader, rng, image, tiles, boxes) for _, image, tiles, boxes in taught]
    head = dict(np.load(models_dir() / reader.settings.reader_head))
    blind = {k: np.zeros_like(v) for k, v in head.items()}
    held, _ = adapt.held_back(taught)
    judge = Reader(out)
    folder_right = adapt.reading_score(judge, held)
    judge.head = blind
    blind_right = adapt.reading_score(judge, held)
    assert blind_right < folder_right
    verdict = adapt.adapt_network(taught, shots, out, models_dir(), split_head=blind)
    assert verdict.figures["before"] == blind_right, verdict


def test_a_network_that_reads_the_held_back_photo_worse_is_not_kept(tmp_path, monkeypatch):
    """Issue 38: adapting never harms. At a rate a thousand times too high the fine-tuned
    network reads nothing right; the held-back photo says so and the folder keeps its reader.
    A few steps at that rate are enough to break it."""
    monkeypatch.setattr(reader_adapt, "LR", 0.1)
    monkeypatch.setattr(reader_adapt, "STEPS", 5)
    result = adapt.adapt(facecrops.odd_tables(4, 2), tmp_path / "m", detector=False, network=True)
    verdict = result["network_verdict"]
    assert verdict["code"] == "adapt.network_kept" and verdict["after"] < verdict["before"], verdict
    assert result["network_words"].startswith("the reader's network kept as it was: on the photos held back (odd-4-1)")
    assert _digest(tmp_path / "m" / "tile-reader.onnx") == _digest(models_dir() / "tile-reader.onnx")


def test_the_network_is_left_alone_where_nothing_can_check_it(tmp_path):
    one = adapt.adapt(facecrops.odd_tables(5, 1), tmp_path / "one", detector=False, network=True)
    assert one["network_verdict"]["code"] == "adapt.network_none_held"
    bare = tmp_path / "bare"  # a folder of ONNX files alone (an adapted one): no weights to tune
    shutil.copytree(models_dir(), bare, ignore=shutil.ignore_patterns("candidates", "README.md", "*.pt"))
    none = adapt.adapt(facecrops.odd_tables(5, 2), tmp_path / "two", base=bare, detector=False, network=True)
    assert none["network_verdict"] == {"code": "adapt.network_no_weights", "path": str(bare / "tile-reader.pt")}
    assert none["network_words"] == (f"the reader's network kept as it was: {bare / 'tile-reader.pt'} is not there, "
                                     "so there is no network to fine-tune")


def test_sixes_and_nines_are_never_turned_round():
    """Turned round, a 9 shows a 6: two photos of 9s and no 6, their crops turned and taught as 9s,
    made rummy4's 6s read as 9s (99.2 -> 92.7 %)."""
    import torch

    numbers = torch.tensor([n for n in range(15)])
    assert numbers[~reader_adapt.turnable(numbers)].tolist() == [6, 9]
