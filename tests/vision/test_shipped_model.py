"""The shipped ONNX models read every sample photo exactly, in reading order."""

import pytest

from tests.vision.conftest import sample_photos
from remi.vision.photo import read_photo


@pytest.mark.parametrize("photo", sample_photos(), ids=lambda p: p.stem)
def test_reads_sample(photo):
    reading = read_photo(photo)
    assert [str(t) for t in reading.tiles] == photo.with_suffix(".txt").read_text().split()
