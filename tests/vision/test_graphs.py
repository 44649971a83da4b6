"""An ONNX model cut to the outputs asked for (``vision.graphs``), and the reader's extra views
read on the shipped reader cut so: fewer nodes, the same numbers, the same readings."""

import numpy as np
import onnxruntime as ort
import pytest

from remi.vision.graphs import keep_outputs
from remi.vision.reader import MODELS, Reader, load_image
from tests.vision.conftest import sample_photos

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper  # noqa: E402


def _two_branches(op: str = "Relu") -> bytes:
    """x -> Mul(w) -> a; x -> Add(b) -> op -> c: two outputs, each with its own weight."""
    nodes = [helper.make_node("Mul", ["x", "w"], ["a"], name="mul"),
             helper.make_node("Add", ["x", "b"], ["t"], name="add"),
             helper.make_node(op, ["t"], ["c"], name="last")]
    floats = lambda name: helper.make_tensor(name, TensorProto.FLOAT, [2], [2.0, -3.0])  # noqa: E731
    value = lambda name: helper.make_tensor_value_info(name, TensorProto.FLOAT, [2])  # noqa: E731
    graph = helper.make_graph(nodes, "two", [value("x")], [value("a"), value("c")], [floats("w"), floats("b")],
                              value_info=[value("t")])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]).SerializeToString()


def test_a_cut_keeps_only_what_its_outputs_need():
    model = onnx.load_from_string(keep_outputs(_two_branches(), {"a"}))
    onnx.checker.check_model(model, full_check=True)
    assert [n.name for n in model.graph.node] == ["mul"]
    assert [t.name for t in model.graph.initializer] == ["w"]
    assert [o.name for o in model.graph.output] == ["a"]
    assert list(model.graph.value_info) == []
    x = np.array([1.5, -2.0], np.float32)
    a = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})
    assert a[0].tolist() == [3.0, 6.0]


def test_a_cut_to_every_output_is_the_model():
    assert keep_outputs(_two_branches(), {"a", "c"}) == _two_branches()


def test_no_cut_for_an_output_the_model_lacks_or_a_graph_it_cannot_follow():
    assert keep_outputs(_two_branches(), {"a", "orient"}) is None
    with_if = onnx.load_from_string(_two_branches())
    with_if.graph.node[2].op_type = "If"  # control flow: its subgraphs name outer values unseen
    assert keep_outputs(with_if.SerializeToString(), {"a"}) is None


def test_the_shipped_reader_cut_reads_the_same_numbers_with_fewer_nodes():
    full_bytes = (MODELS / "tile-reader.onnx").read_bytes()
    kept = ["number", "colour", "embedding"]
    cut_bytes = keep_outputs(full_bytes, set(kept))
    full = ort.InferenceSession(full_bytes, providers=["CPUExecutionProvider"])
    cut = ort.InferenceSession(cut_bytes, providers=["CPUExecutionProvider"])
    assert [o.name for o in cut.get_outputs()] == kept
    # the orientation trunk (reader v6's seven convolutions) is left out
    assert len(onnx.load_from_string(cut_bytes).graph.node) < len(onnx.load_from_string(full_bytes).graph.node) - 20
    crops = np.random.default_rng(0).random((7, 3, 40, 40), dtype=np.float32)
    for a, b in zip(full.run(kept, {"crops": crops}), cut.run(None, {"crops": crops})):
        assert np.array_equal(a, b)


@pytest.mark.parametrize("photo", sample_photos()[:2], ids=lambda p: p.stem)
def test_the_extra_views_on_the_cut_reader_read_every_photo_the_same(photo):
    reader = Reader()
    assert "orient" not in [o.name for o in reader.views_cls.get_outputs()]
    image = load_image(photo)
    cut = reader.read(image).as_dict()
    reader.views_cls = reader.cls  # the whole reader for the extra views, as before the cut
    assert cut == reader.read(image).as_dict()
