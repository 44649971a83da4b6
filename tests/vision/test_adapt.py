"""vision.adapt: the reader fitted to a user's own set from corrected photos, without torch."""

import json
import subprocess
import sys

import numpy as np
import pytest

from remi.vision import adapt
from remi.vision.training import facecrops
from remi.vision.errors import VisionError
from remi.vision.reader import Reader, models_dir
from tests.vision.conftest import ROOT


@pytest.fixture(scope="module")
def shipped():
    reader = Reader(models_dir())
    if "embedding" not in reader.outputs:
        pytest.skip("the shipped reader has no embedding output (a reader before v7)")
    return reader


def _photos(seed: int, count: int):
    return facecrops.odd_tables(seed, count)  # a set the shipped reader has not seen


def _right(reader, photos) -> int:
    return adapt.reading_score(reader, [(n, im, t, b) for n, im, t, b in photos])


def test_adapting_to_two_photos_reads_the_others_better(shipped, tmp_path):
    train, test = _photos(1, 2), _photos(2, 4)
    # the heads (the detector's and the network's fine-tuning: training/)
    figures = adapt.adapt(train, tmp_path / "mine", detector=False, network=False)
    assert figures["photos"] == 2 and figures["right_after"] >= figures["right_before"]
    adapted = Reader(tmp_path / "mine")
    assert adapted.head is not None
    before, after = _right(shipped, test), _right(adapted, test)
    assert after > before, (before, after)
    # the shipped models are untouched: the default reader reads as before
    assert _right(Reader(models_dir()), test) == before
    meta = json.loads((tmp_path / "mine" / "vision.json").read_text())
    assert meta["head"] == adapt.HEAD and meta["adapted"]["photos"] == [n for n, *_ in train]


def test_adapt_runs_without_torch(shipped, tmp_path):
    code = ("import sys; sys.modules['torch'] = None\n"
            "import numpy as np\n"
            "from remi.vision import adapt\n"
            "from remi.vision.training.facecrops import odd_tables\n"
            f"r = adapt.adapt(odd_tables(3, 1), {str(tmp_path / 'm')!r})\n"
            "print(r['detector_weights']); print(r['photos'])\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("1")
    assert "with the training extra (pip install -e '.[train]') adapt also fine-tunes the detector" in proc.stdout


def test_bad_examples_are_refused_in_one_line(shipped, tmp_path):
    name, img, tiles, boxes = _photos(4, 1)[0]
    with pytest.raises(VisionError, match="tiles but"):
        adapt.adapt([(name, img, tiles, boxes[:-1])], tmp_path / "a")
    with pytest.raises(VisionError, match="no labelled tiles"):
        adapt.adapt([(name, img, [], np.zeros((0, 4)))], tmp_path / "b")
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_fit_heads_keeps_unseen_kinds_near_the_shipped_heads():
    rng = np.random.default_rng(0)
    h0 = {"number_weight": rng.normal(0, 1, (15, 8)), "number_bias": np.zeros(15),
          "colour_weight": rng.normal(0, 1, (4, 8)), "colour_bias": np.zeros(4)}
    x = rng.normal(0, 1, (60, 8))
    h = adapt.fit_heads(x, np.full(60, 3), np.full(60, 1), h0)
    change = np.abs(h["number_weight"] - h0["number_weight"]).sum(1)
    assert change[3] == change.max()  # the class taught moves most


def test_heads_that_read_the_held_back_photo_worse_are_not_kept(shipped, tmp_path):
    """Issue 38: adapting never harms. The photo fitted on is labelled wrong (each tile one
    number up, as a tired player might); the same photo held back, labelled right, then reads
    worse with the fitted heads, so the shipped reader is kept and the line says why."""
    from remi.engine import Tile

    name, image, tiles, boxes = _photos(1, 1)[0]
    wrong = [t if t.is_joker else Tile.of(t.colour, t.number % 13 + 1) for t in tiles]
    figures = adapt.adapt([("wrong", image, wrong, boxes), ("right", image, tiles, boxes)], tmp_path / "m",
                          detector=False, network=False)
    verdict = figures["reader_heads"]
    assert not verdict["adopted"], verdict
    assert verdict["held_back"] == ["right"] and verdict["held_back_right"][1] < verdict["held_back_right"][0]
    assert figures["reader_words"].startswith("kept the shipped reader, fitted on wrong: ")
    assert "head" not in json.loads((tmp_path / "m" / "vision.json").read_text())
    assert Reader(tmp_path / "m").head is None


def test_adapted_heads_are_kept_when_both_photos_say_so(shipped, tmp_path):
    figures = adapt.adapt(_photos(1, 2), tmp_path / "m", detector=False, network=False)
    verdict = figures["reader_heads"]
    assert verdict["adopted"] and verdict["fitted_right"][1] > verdict["fitted_right"][0]
    assert verdict["held_back_right"][1] >= verdict["held_back_right"][0]
    assert figures["reader_words"].startswith("adapted the reader, fitted on ")


def test_a_detector_fine_tuned_on_one_photo_says_one_photo():
    """Two photos fit the detector on one (the other held back): its verdict says "1 photo", in
    each language's own plural ("1 poză", "21 de poze")."""
    from remi.i18n import speaking

    figures = {"held_back": "b.jpg", "before": 9, "after": 10, "samples_after": 3}
    said = lambda n: adapt.Verdict("adapt.detector_tuned", {**figures, "count": n}).said(None)
    assert said(1).startswith("fine-tuned on 1 photo: on the photos held back (b.jpg)")
    assert said(7).startswith("fine-tuned on 7 photos:")
    with speaking("ro"):
        assert said(1).startswith("ajustat pe 1 poză:") and said(21).startswith("ajustat pe 21 de poze:")
    with speaking("fr"):
        assert said(1).startswith("ajusté sur 1 photo :") and said(2).startswith("ajusté sur 2 photos :")
