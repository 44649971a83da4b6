"""The reader's trunk, the COCO YOLOv5n's first layers: every tensor of layers 0-4 taken (or the
file refused), trained, saved, loaded and exported with the outputs ``vision.reader`` reads.

The COCO state dict is read from ../shared/pretrained (skipped where a checkout has none beside it).
"""

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("ultralytics")

from remi.engine import RemiError  # noqa: E402
from remi.vision.training import classifier  # noqa: E402
from tests.vision.conftest import ROOT  # noqa: E402

COCO = ROOT.parent / "shared" / "pretrained" / "yolov5n-coco.pt"
pytestmark = pytest.mark.skipif(not COCO.is_file(), reason="no ../shared/pretrained/yolov5n-coco.pt")


def test_every_tensor_of_the_first_layers_is_the_coco_one():
    sd = torch.load(COCO, map_location="cpu", weights_only=True)
    trunk = classifier.coco_trunk(COCO).state_dict()  # module 0 is the x2 blow-up: layer i is module i + 1
    coco = {k: v for k, v in sd.items() if k.startswith("model.") and int(k.split(".")[1]) < classifier.COCO_LAYERS}
    assert len(coco) > 30
    for k, v in coco.items():
        _, layer, rest = k.split(".", 2)
        assert torch.equal(trunk[f"{int(layer) + 1}.{rest}"], v), k


def test_a_file_that_is_not_the_backbone_is_refused(tmp_path):
    wrong = tmp_path / "wrong.pt"
    torch.save({"model.0.conv.weight": torch.zeros(3)}, wrong)
    with pytest.raises(RemiError, match="layers 0-4 of yolov5n do not fit"):
        classifier.coco_trunk(wrong)


def _crops(seed: int):
    """32 random crops with kinds: enough for one epoch of two batches."""
    rng = np.random.default_rng(seed)
    return rng.integers(0, 255, (32, 40, 40, 3), dtype=np.uint8), rng.integers(1, 14, 32), rng.integers(0, 4, 32)


def _train(x, number, colour, out, **how):
    return classifier.train(x, number, colour, out, epochs=1, batch=16, threads=1, log=lambda m: None, **how)


def test_trained_saved_and_exported_it_reads_as_the_reader_runs_it(tmp_path):
    ort = pytest.importorskip("onnxruntime")
    x, number, colour = _crops(0)
    state = _train(x, number, colour, tmp_path / "r.pt", pretrained=COCO)
    net = classifier.load(state)
    net.eval()
    classifier.export_onnx(state, tmp_path / "tile-reader.onnx")
    sess = ort.InferenceSession(str(tmp_path / "tile-reader.onnx"), providers=["CPUExecutionProvider"])
    assert [o.name for o in sess.get_outputs()] == ["number", "colour", "orient", "embedding"]
    inp = np.ascontiguousarray(x[:4, ..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255
    number_onnx, colour_onnx, orient_onnx, embedding = sess.run(None, {"crops": inp})
    with torch.no_grad():
        number_torch = net(torch.from_numpy(inp))[0].numpy()
    assert number_onnx.shape == (4, 15) and colour_onnx.shape == (4, 4) and embedding.shape == (4, 128)
    np.testing.assert_allclose(number_onnx, number_torch, atol=1e-4)


def test_an_orientation_head_on_a_grid_is_fitted_saved_and_exported(tmp_path):
    """A grid head replaces a saved reader's pooled one (fresh, to be trained) and is then
    kept by every load; its ONNX reads as torch does, with the same outputs."""
    ort = pytest.importorskip("onnxruntime")
    x, number, colour = _crops(1)
    pooled = _train(x, number, colour, tmp_path / "pooled.pt", pretrained=COCO)
    assert classifier.load(pooled).orient.in_features == 128
    state = _train(x, number, colour, tmp_path / "grid.pt", init=pooled, grid=True)
    net = classifier.load(state)
    assert net.orient.in_features == 128 * classifier.GRID ** 2
    saved, before = torch.load(state), torch.load(pooled)
    assert not torch.equal(saved["trunk.1.conv.weight"], before["trunk.1.conv.weight"])
    net.eval()
    classifier.export_onnx(state, tmp_path / "tile-reader.onnx")
    sess = ort.InferenceSession(str(tmp_path / "tile-reader.onnx"), providers=["CPUExecutionProvider"])
    assert [o.name for o in sess.get_outputs()] == ["number", "colour", "orient", "embedding"]
    inp = np.ascontiguousarray(x[:4, ..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255
    orient_onnx = sess.run(None, {"crops": inp})[2]
    with torch.no_grad():
        orient_torch = net(torch.from_numpy(inp))[2].numpy()
    np.testing.assert_allclose(orient_onnx, orient_torch, atol=1e-4)
