"""A models folder whose reader reads 80 px crops (reader v22's build): ``vision.reader`` cuts at
the side its ONNX input says, reads a sample rack, and ``remi vision adapt`` fine-tunes and exports
its network at that side."""

import shutil

import numpy as np
import pytest

pytest.importorskip("torch")

from remi.vision import adapt  # noqa: E402
from remi.vision.reader import Reader, load_image, models_dir  # noqa: E402
from remi.vision.training import classifier, facecrops, reader_adapt  # noqa: E402


@pytest.fixture(scope="module")
def folder_80(tmp_path_factory):
    """The shipped folder with its reader read at 80 px (the same weights, no blow-up), as
    ``research/figures/reader_folder.sh`` makes a candidate's folder."""
    import torch

    out = tmp_path_factory.mktemp("models80")
    shutil.copytree(models_dir(), out, dirs_exist_ok=True, ignore=shutil.ignore_patterns("candidates", "*.md"))
    net = classifier.load(models_dir() / "tile-reader.pt", crop=80)
    torch.save({k: v.half() if v.is_floating_point() else v for k, v in net.state_dict().items()}, out / "tile-reader.pt")
    classifier.export_net(net.float(), out / "tile-reader.onnx")
    return out


def test_the_reader_cuts_crops_at_its_inputs_side_and_reads_a_rack(folder_80, sample_photo):
    wide, shipped = Reader(folder_80), Reader()
    assert (wide.crop, shipped.crop) == (80, 40)
    image = load_image(sample_photo)
    assert [d.tile for d in wide.read(image).detections] == [d.tile for d in shipped.read(image).detections]


def test_adapt_fine_tunes_an_80_px_network_at_80_px(folder_80, tmp_path, monkeypatch):
    # the side the network is tuned and exported at is under test, not what it learns: two steps
    monkeypatch.setattr(reader_adapt, "STEPS", 2)
    assert reader_adapt.rehearsal(3, tables=1, size=80)[0].shape[1:] == (3, 80, 80)
    taught = facecrops.odd_tables(1, 2)
    tuned = adapt.adapt(taught, tmp_path / "net", base=folder_80, detector=False, network=True)
    assert tuned["network_verdict"]["code"].startswith("adapt.network_"), tuned["network_words"]
    reader = Reader(tmp_path / "net")
    assert reader.crop == 80
    x = np.zeros((1, 3, 80, 80), np.float32)
    assert reader._heads(x)[0].shape == (1, 15)
