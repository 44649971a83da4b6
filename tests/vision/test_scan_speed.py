"""What keeps `remi scan` quick on two shared cores (issue 38.5), without changing what it reads.
Timings belong to bench/vision_bench.py; these check the settings and that the reads agree."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from remi.vision.reader import Reader, detector_input, rows_order, turned_round


def test_the_readers_sessions_do_not_spin_while_they_wait():
    """On two shared cores a busy-waiting thread takes the core the work waits for."""
    reader = Reader()
    for session in (reader.det, reader.cls, reader.views_cls):
        assert session.get_session_options().get_session_config_entry("session.intra_op.allow_spinning") == "0"


def _rows_order_before(boxes: list) -> list[int]:
    """rows_order as it was before each row's span was kept (the row means taken again for
    every box against every row): the oracle the quicker one must agree with."""
    rows: list[list[int]] = []
    for i in sorted(range(len(boxes)), key=lambda i: (boxes[i][1] + boxes[i][3]) / 2):
        y1, y2 = boxes[i][1], boxes[i][3]
        best, best_overlap = None, 0.5
        for row in rows:
            ry1 = float(np.mean([boxes[r][1] for r in row]))
            ry2 = float(np.mean([boxes[r][3] for r in row]))
            overlap = (min(y2, ry2) - max(y1, ry1)) / max(1e-6, min(y2 - y1, ry2 - ry1))
            if overlap > best_overlap:
                best, best_overlap = row, overlap
        if best is None:
            rows.append([i])
        else:
            best.append(i)
    rows.sort(key=lambda r: float(np.mean([(boxes[i][1] + boxes[i][3]) / 2 for i in r])))
    return [i for row in rows for i in sorted(row, key=lambda i: boxes[i][0])]


_box = st.tuples(st.floats(0, 4000), st.floats(0, 3000), st.floats(20, 500), st.floats(20, 600)).map(
    lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3]))


@settings(max_examples=300, deadline=None)
@given(st.lists(_box, max_size=60))
def test_reading_order_is_the_same_as_before_it_kept_each_rows_span(boxes):
    assert rows_order(boxes) == _rows_order_before(boxes)


def test_reading_order_of_a_crowded_rack_is_the_same_as_before():
    """Three tiers of 18 touching tiles, each a little higher than its left neighbour."""
    boxes = [(x * 60.0, tier * 90.0 - x * 1.5, x * 60.0 + 58, tier * 90.0 - x * 1.5 + 85)
             for tier in range(3) for x in range(18)]
    assert rows_order(boxes) == _rows_order_before(boxes)


def test_a_photo_turned_round_has_the_reversed_views_pixels():
    """The second reading of a photo standing upside down reads it turned by OpenCV's flip."""
    rng = np.random.default_rng(0)
    for shape in ((301, 402, 3), (50, 41), (7, 9, 4)):
        image = rng.integers(0, 256, shape, dtype=np.uint8)
        turned = turned_round(image)
        assert turned.flags.c_contiguous and np.array_equal(turned, image[::-1, ::-1])


def test_the_detectors_input_is_the_same_numbers_contiguous():
    canvas = np.random.default_rng(1).integers(0, 256, (480, 640, 3), dtype=np.uint8)
    x = detector_input(canvas)
    assert x.flags.c_contiguous and x.dtype == np.float32
    assert np.array_equal(x, canvas[..., ::-1].transpose(2, 0, 1)[None].astype(np.float32) / 255.0)
