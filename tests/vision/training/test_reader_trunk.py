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


def test_a_paired_reader_reads_numbers_with_one_and_orientation_with_the_other(tmp_path):
    """Reader v8.3's build: the COCO reader's trunk, number and colour heads, and a conv7
    reader's trunk and orientation head as its orientation trunk. Its ONNX gives each output of
    the reader it came from, and it loads, trains and refuses a pair it cannot make."""
    ort = pytest.importorskip("onnxruntime")
    x, number, colour = _crops(2)
    coco = _train(x, number, colour, tmp_path / "coco.pt", pretrained=COCO)
    conv7 = _train(x, number, colour, tmp_path / "conv7.pt")
    paired = classifier.pair(coco, conv7, tmp_path / "paired.pt")
    net = classifier.load(paired)
    assert hasattr(net, "orient_trunk") and "trunk.1.conv.weight" in net.state_dict()
    inp = np.ascontiguousarray(x[:4, ..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255
    outputs = {}
    for name, state in (("coco", coco), ("conv7", conv7), ("paired", paired)):
        classifier.export_onnx(state, tmp_path / f"{name}.onnx")
        sess = ort.InferenceSession(str(tmp_path / f"{name}.onnx"), providers=["CPUExecutionProvider"])
        outputs[name] = dict(zip([o.name for o in sess.get_outputs()], sess.run(None, {"crops": inp})))
    assert list(outputs["paired"]) == ["number", "colour", "orient", "embedding"]
    for key, source in (("number", "coco"), ("colour", "coco"), ("embedding", "coco"), ("orient", "conv7")):
        np.testing.assert_allclose(outputs["paired"][key], outputs[source][key], atol=1e-5, err_msg=key)
    again = _train(x, number, colour, tmp_path / "again.pt", init=paired)  # fine-tuned whole, as adapt may
    assert classifier.load(again).orient_trunk is not None
    # a paired reader pairs again (reader v20.1): its orientation part replaced, or given
    twice = classifier.pair(paired, coco, tmp_path / "twice.pt")
    given = classifier.pair(coco, paired, tmp_path / "given.pt")
    for name, state in (("twice", twice), ("given", given)):
        classifier.export_onnx(state, tmp_path / f"{name}.onnx")
        sess = ort.InferenceSession(str(tmp_path / f"{name}.onnx"), providers=["CPUExecutionProvider"])
        outputs[name] = dict(zip([o.name for o in sess.get_outputs()], sess.run(None, {"crops": inp})))
    np.testing.assert_allclose(outputs["twice"]["orient"], outputs["coco"]["orient"], atol=1e-5)
    np.testing.assert_allclose(outputs["twice"]["number"], outputs["coco"]["number"], atol=1e-5)
    np.testing.assert_allclose(outputs["given"]["orient"], outputs["conv7"]["orient"], atol=1e-5)
    headless = tmp_path / "headless.pt"
    torch.save({k: v for k, v in torch.load(coco).items() if not k.startswith("orient.")}, headless)
    with pytest.raises(ValueError, match="not a reader with a pooled orientation head"):
        classifier.pair(coco, headless, tmp_path / "none.pt")


def test_a_reader_saved_in_half_precision_loads_trains_and_exports(tmp_path):
    """Reader v8.3.1's .pt: float16 on disk, half the file; loaded it is float32 again, reads as
    the float32 reader to float16's rounding, and fine-tunes and exports as that one does."""
    ort = pytest.importorskip("onnxruntime")
    x, number, colour = _crops(3)
    coco = _train(x, number, colour, tmp_path / "coco.pt", pretrained=COCO)
    conv7 = _train(x, number, colour, tmp_path / "conv7.pt")
    full = classifier.pair(coco, conv7, tmp_path / "full.pt")
    half = classifier.pair(coco, conv7, tmp_path / "half.pt", half=True)
    assert half.stat().st_size < 0.6 * full.stat().st_size
    assert {v.dtype for v in torch.load(half).values() if v.is_floating_point()} == {torch.float16}
    net = classifier.load(half)
    assert {p.dtype for p in net.parameters()} == {torch.float32}
    inp = np.ascontiguousarray(x[:4, ..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255
    net.eval()
    reference = classifier.load(full)
    reference.eval()
    with torch.no_grad():
        for a, b in zip(net(torch.from_numpy(inp)), reference(torch.from_numpy(inp))):
            np.testing.assert_allclose(a.numpy(), b.numpy(), atol=2e-2)
    tuned = _train(x, number, colour, tmp_path / "tuned.pt", init=half)
    classifier.export_onnx(tuned, tmp_path / "tuned.onnx")
    sess = ort.InferenceSession(str(tmp_path / "tuned.onnx"), providers=["CPUExecutionProvider"])
    assert [o.name for o in sess.get_outputs()] == ["number", "colour", "orient", "embedding"]


def test_a_joint_reader_reads_the_mean_of_two_readers_logits(tmp_path):
    """Reader v13's build: two COCO readers' trunks side by side on each crop, each head the
    mean of their logits, so its softmax is the two readers' agreed chances; the orientation is
    the first's; the 256-number embedding with the saved heads gives the number exactly (what
    ``vision.adapt`` starts from); it fine-tunes and refuses what is not COCO readers; split,
    each head reads one reader's logits alone (v26.1), or the number head the mean of all but the
    last reader's and the colour head the last's (v29: three trunks, 384 numbers)."""
    ort = pytest.importorskip("onnxruntime")
    x, number, colour = _crops(4)
    conv7 = _train(x, number, colour, tmp_path / "conv7.pt")
    first = classifier.pair(_train(x, number, colour, tmp_path / "a.pt", pretrained=COCO), conv7, tmp_path / "first.pt")
    second = _train(x, number, colour, tmp_path / "b.pt", pretrained=COCO, init=None, seed=1)
    joint = classifier.joint([first, second], tmp_path / "joint.pt")
    inp = np.ascontiguousarray(x[:4, ..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255
    nets = {name: classifier.load(state) for name, state in (("a", first), ("b", second), ("joint", joint))}
    with torch.no_grad():
        logits = {name: [t.numpy() for t in net.eval().logits(torch.from_numpy(inp))] for name, net in nets.items()}
    for head in (0, 1):  # number, colour
        np.testing.assert_allclose(logits["joint"][head], (logits["a"][head] + logits["b"][head]) / 2, atol=1e-5)
    np.testing.assert_allclose(logits["joint"][2], logits["a"][2], atol=1e-6)  # the first's orientation
    classifier.export_onnx(joint, tmp_path / "joint.onnx")
    sess = ort.InferenceSession(str(tmp_path / "joint.onnx"), providers=["CPUExecutionProvider"])
    out = dict(zip([o.name for o in sess.get_outputs()], sess.run(None, {"crops": inp})))
    assert list(out) == ["number", "colour", "orient", "embedding"] and out["embedding"].shape == (4, 256)
    assert (classifier.saved_embedding(joint), classifier.saved_embedding(first)) == (256, 128)  # vision.json says so
    head = classifier.head_weights(joint)
    from_head = out["embedding"] @ head["number_weight"].T + head["number_bias"]
    np.testing.assert_allclose(out["number"], np.exp(from_head) / np.exp(from_head).sum(1, keepdims=True), atol=1e-5)
    assert classifier.load(_train(x, number, colour, tmp_path / "tuned.pt", init=joint)).trunk is not None
    with pytest.raises(ValueError, match="not a COCO reader"):
        classifier.joint([conv7, second], tmp_path / "wrong.pt")
    with pytest.raises(ValueError, match="one share a reader"):
        classifier.joint([first, second, second], tmp_path / "wrong.pt", shares=classifier.SPLIT)
    split = classifier.load(classifier.joint([first, second], tmp_path / "split.pt", shares=classifier.SPLIT))
    with torch.no_grad():  # reader v26.1: the first's numbers, the second's colours, the first's orientation
        got = [t.numpy() for t in split.eval().logits(torch.from_numpy(inp))]
    for head, reader in ((0, "a"), (1, "b"), (2, "a")):
        np.testing.assert_allclose(got[head], logits[reader][head], atol=1e-5)
    third = _train(x, number, colour, tmp_path / "c.pt", pretrained=COCO, init=None, seed=2)
    three = classifier.joint([first, second, third], tmp_path / "three.pt", shares=classifier.numbers_apart(3))
    assert classifier.saved_embedding(three) == 384
    with torch.no_grad():
        got = [t.numpy() for t in classifier.load(three).eval().logits(torch.from_numpy(inp))]
        c = [t.numpy() for t in classifier.load(third).eval().logits(torch.from_numpy(inp))]
    np.testing.assert_allclose(got[0], (logits["a"][0] + logits["b"][0]) / 2, atol=1e-5)
    np.testing.assert_allclose(got[1], c[1], atol=1e-5)


def test_a_reader_taught_by_another_learns_its_chances_not_only_the_labels(tmp_path):
    """Reader v14's training: ``teach`` gives a saved reader's number and colour chances for
    every crop, and ``train(taught=...)`` makes half the loss the KL divergence to them, so the
    student ends nearer the teacher's chances than the same training on the labels alone; a
    teacher's chances for other crops are refused."""
    x, number, colour = _crops(5)
    teacher = _train(x, number, colour, tmp_path / "teacher.pt", pretrained=COCO, seed=3)
    pn, pc = classifier.teach(teacher, x)
    assert pn.shape == (32, 15) and pc.shape == (32, 4)
    np.testing.assert_allclose(pn.sum(1), 1, atol=1e-5)
    start = _train(x, number, colour, tmp_path / "start.pt", pretrained=COCO)

    def distance(state):
        qn, _ = classifier.teach(state, x)
        return float((pn * (np.log(pn + 1e-9) - np.log(qn + 1e-9))).sum(1).mean())

    labels_only = _train(x, number, colour, tmp_path / "labels.pt", init=start, lr=0.01)
    taught = _train(x, number, colour, tmp_path / "taught.pt", init=start, lr=0.01, taught=(pn, pc), taught_share=0.9)
    assert distance(taught) < distance(labels_only)
    with pytest.raises(ValueError, match="taught chances for 4 crops, 32 crops given"):
        _train(x, number, colour, tmp_path / "wrong.pt", init=start, taught=(pn[:4], pc[:4]))


def test_crops_without_a_number_teach_the_colour_alone(tmp_path):
    """A card index with its rank hidden (number -1) asks nothing of the number head and still
    teaches the suit: here the colour is the crop's fill, which the reader learns."""
    rng = np.random.default_rng(1)
    colour = rng.integers(0, 2, 64)
    fills = np.array([[30, 30, 200], [200, 30, 30]], np.uint8)  # BGR: red, blue
    x = np.clip(fills[colour][:, None, None, :] + rng.integers(-20, 20, (64, 40, 40, 3)), 0, 255).astype(np.uint8)
    state = classifier.train(x, np.full(64, -1), colour, tmp_path / "r.pt", epochs=4, batch=16, threads=1,
                             lr=3e-3, log=lambda m: None, pretrained=COCO, flipped=0.0)
    net = classifier.load(state)
    net.eval()
    with torch.no_grad():
        read = net(torch.from_numpy(np.ascontiguousarray(x[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255))[1]
    assert (read.numpy().argmax(1) == colour).mean() >= 0.9


def test_training_the_way_up_moves_only_the_orientation_part(tmp_path):
    """Reader v20.2: the orientation trunk and head trained on upright crops; the number and
    colour outputs stay exactly as they were (their BatchNorm statistics too)."""
    x, number, colour = _crops(4)
    paired = classifier.pair(_train(x, number, colour, tmp_path / "coco.pt", pretrained=COCO),
                             _train(x, number, colour, tmp_path / "conv7.pt"), tmp_path / "paired.pt")
    tuned = classifier.train_way_up(paired, x, tmp_path / "way-up.pt", epochs=1, lr=0.01, log=lambda *_: None,
                                    keep=x[:16])  # v20.3: crops whose way up is kept as it was read
    inp = torch.from_numpy(np.ascontiguousarray(x[:8, ..., ::-1].transpose(0, 3, 1, 2)).astype(np.float32) / 255)
    before, after = classifier.load(paired).eval(), classifier.load(tuned).eval()
    with torch.no_grad():
        (n0, c0, o0), (n1, c1, o1) = before(inp), after(inp)
    assert torch.equal(n0, n1) and torch.equal(c0, c1)
    assert not torch.allclose(o0, o1)
    with pytest.raises(ValueError, match="not a paired reader"):
        classifier.train_way_up(tmp_path / "conv7.pt", x, tmp_path / "no.pt", epochs=1)


def test_a_reader_of_80_px_crops_reads_the_photo_not_a_blown_up_crop(tmp_path):
    """Reader v22's build: a 40 px COCO reader resumed on 80 px crops reads them as cut (no blow-up,
    the same tensors), keeps its side through save, pair and export, and its 40 px conv7
    orientation part reads the 80 px crop halved, exactly as it read the 40 px one."""
    ort = pytest.importorskip("onnxruntime")
    import torch.nn.functional as F

    x, number, colour = _crops(4)
    coco = _train(x, number, colour, tmp_path / "coco.pt", pretrained=COCO)
    conv7 = _train(x, number, colour, tmp_path / "conv7.pt")
    big = np.repeat(np.repeat(x, 2, axis=1), 2, axis=2)  # the same crops, 80 px a side
    wide = _train(big, number, colour, tmp_path / "wide.pt", init=coco)
    assert classifier.saved_crop(coco) == 40 and classifier.saved_crop(wide) == 80
    net = classifier.load(wide)
    assert net.crop == 80 and isinstance(net.trunk[0], torch.nn.Identity)
    assert set(net.state_dict()) - set(classifier.load(coco).state_dict()) == {"crop_size"}
    paired = classifier.pair(wide, conv7, tmp_path / "paired.pt")
    assert classifier.saved_crop(paired) == 80
    classifier.export_onnx(paired, tmp_path / "paired.onnx")
    classifier.export_onnx(conv7, tmp_path / "conv7.onnx")
    sess = ort.InferenceSession(str(tmp_path / "paired.onnx"), providers=["CPUExecutionProvider"])
    assert sess.get_inputs()[0].shape[1:] == [3, 80, 80]
    inp = np.ascontiguousarray(big[:4, ..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255
    orient = dict(zip([o.name for o in sess.get_outputs()], sess.run(None, {"crops": inp})))["orient"]
    halved = F.avg_pool2d(torch.from_numpy(inp), 2).numpy()
    own = ort.InferenceSession(str(tmp_path / "conv7.onnx"), providers=["CPUExecutionProvider"])
    np.testing.assert_allclose(orient, own.run(["orient"], {"crops": halved})[0], atol=1e-5)
    with pytest.raises(ValueError, match="a conv7 trunk reads 40 px crops, not 80"):
        _train(big, number, colour, tmp_path / "no.pt", init=conv7)
    with pytest.raises(ValueError, match="crops of 56 px"):
        classifier.build(trunk="coco", crop=56)
