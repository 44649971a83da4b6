"""Part of an ONNX model: the nodes that some of its outputs need, the rest left out.

onnxruntime runs every node of a model whatever outputs are asked for. The shipped reader
has two trunks on one crop (``models/README.md``: the number and colour trunk, and reader
v6's under ``orient``); the extra views of an unsure crop need only the first, so the reader
runs them on the model without ``orient`` (``Reader``), about 40 % of the cost, and the same
numbers to the bit, since the nodes kept are the same nodes on the same weights.

The ONNX file is a protobuf message; ``onnx`` (the training extra) is not needed at scan
time, so the few fields this cut reads are read here from the wire format
(protobuf.dev/programming-guides/encoding): a model's graph (field 7); a graph's nodes (1),
weights (5), inputs (11), outputs (12) and value infos (13); a node's inputs (1), outputs (2)
and operator (4); the name of a value info (1) and of a weight (8). Every other field is
copied as it is.
"""

from __future__ import annotations

from collections.abc import Iterator

GRAPH = 7  # ModelProto.graph
NODE, INITIALIZER, INPUT, OUTPUT, VALUE_INFO = 1, 5, 11, 12, 13  # GraphProto
NODE_INPUT, NODE_OUTPUT, OP_TYPE = 1, 2, 4  # NodeProto
VALUE_NAME, TENSOR_NAME = 1, 8  # ValueInfoProto.name, TensorProto.name
#: operators whose subgraphs read values by name from outside them: a cut would not see those
SUBGRAPHS = frozenset({b"If", b"Loop", b"Scan"})


def _varint(buf: memoryview, at: int) -> tuple[int, int]:
    """The varint at ``at`` and the offset after it."""
    value = shift = 0
    while True:
        byte = buf[at]
        value |= (byte & 0x7F) << shift
        at, shift = at + 1, shift + 7
        if byte < 0x80:
            return value, at


def _fields(message: bytes | memoryview) -> Iterator[tuple[int, memoryview, memoryview]]:
    """Each field of a message: its number, its bytes as written (tag included) and, for a
    length-delimited field, its payload (empty for the others); views, never copies."""
    buf, at = memoryview(message), 0
    while at < len(buf):
        start = at
        tag, at = _varint(buf, at)
        kind, payload = tag & 7, buf[at:at]
        if kind == 0:
            _, at = _varint(buf, at)
        elif kind == 1:
            at += 8
        elif kind == 5:
            at += 4
        elif kind == 2:
            size, at = _varint(buf, at)
            payload, at = buf[at:at + size], at + size
        else:
            raise ValueError(f"protobuf wire type {kind} at byte {start}: not in an ONNX model")
        yield tag >> 3, buf[start:at], payload


def _strings(message: memoryview, number: int) -> list[bytes]:
    return [bytes(payload) for n, _, payload in _fields(message) if n == number]


def _field(number: int, payload: bytes | memoryview) -> bytes:
    """A length-delimited field as written."""
    def varint(v: int) -> bytes:
        out = bytearray()
        while v >= 0x80:
            out.append(v & 0x7F | 0x80)
            v >>= 7
        return bytes(out) + bytes([v])

    return varint(number << 3 | 2) + varint(len(payload)) + bytes(payload)


def _needed(nodes: list[memoryview], outputs: set[bytes]) -> list[bool]:
    """Which nodes the values ``outputs`` depend on, walking back from the last node."""
    wanted, keep = set(outputs), [False] * len(nodes)
    for i in range(len(nodes) - 1, -1, -1):  # ONNX lists nodes in an order that runs (topological)
        if wanted & set(_strings(nodes[i], NODE_OUTPUT)):
            keep[i] = True
            wanted |= set(_strings(nodes[i], NODE_INPUT))
    return keep


def _cut_graph(graph: memoryview, outputs: set[bytes]) -> bytes | None:
    fields = list(_fields(graph))
    nodes = [payload for number, _, payload in fields if number == NODE]
    if any(set(_strings(node, OP_TYPE)) & SUBGRAPHS for node in nodes):
        return None
    keep = _needed(nodes, outputs)
    kept_nodes = [node for node, kept in zip(nodes, keep) if kept]
    used = {name for node in kept_nodes for name in _strings(node, NODE_INPUT)}
    made = used | {name for node in kept_nodes for name in _strings(node, NODE_OUTPUT)}
    wanted = {INITIALIZER: (TENSOR_NAME, used), OUTPUT: (VALUE_NAME, outputs),
              VALUE_INFO: (VALUE_NAME, made)}
    out, node_kept = bytearray(), iter(keep)
    for number, raw, payload in fields:
        if number == NODE:
            raw = raw if next(node_kept) else raw[:0]
        elif number in wanted:
            name_field, names = wanted[number]
            raw = raw if set(_strings(payload, name_field)) & names else raw[:0]
        out += raw
    return bytes(out)


def _outputs(graph: memoryview) -> set[bytes]:
    return {name for number, _, payload in _fields(graph) if number == OUTPUT
            for name in _strings(payload, VALUE_NAME)}


def keep_outputs(model: bytes, outputs: set[str]) -> bytes | None:
    """The serialized ONNX ``model`` cut to the nodes, weights and outputs that ``outputs``
    need (the graph's inputs all kept), to load with ``onnxruntime.InferenceSession``; None
    for a model this cut cannot follow (control flow with subgraphs), or one that does not
    have every output asked for."""
    names = {name.encode() for name in outputs}
    out = bytearray()
    for number, raw, payload in _fields(model):
        if number == GRAPH:
            graph = _cut_graph(payload, names) if names <= _outputs(payload) else None
            if graph is None:
                return None
            out += _field(GRAPH, graph)
        else:
            out += raw
    return bytes(out)
