"""A models folder's temperatures (issue 38): the reader's chances tempered, its reads unchanged."""

import json
from pathlib import Path

import pytest

from remi.vision.errors import VisionError
from remi.vision.reader import Reader, load_image, models_dir

ROOT = Path(__file__).resolve().parents[2]


def _folder(tmp_path: Path, **settings) -> Path:
    shipped = models_dir()
    for f in shipped.iterdir():
        if f.is_file() and f.name != "vision.json":
            (tmp_path / f.name).symlink_to(f)
    meta = json.loads((shipped / "vision.json").read_text())
    (tmp_path / "vision.json").write_text(json.dumps({**meta, **settings}))
    return tmp_path


def test_a_hotter_reader_reads_the_same_tiles_less_surely(tmp_path):
    image = load_image(ROOT / "samples/photos/rack-close.jpg")
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    cold = Reader(_folder(tmp_path / "a", temperature_number=1.0, temperature_colour=1.0)).read(image)
    hot = Reader(_folder(tmp_path / "b", temperature_number=2.5, temperature_colour=2.5)).read(image)
    assert [d.tile for d in hot.detections] == [d.tile for d in cold.detections]
    assert all(h.confidence < c.confidence for h, c in zip(hot.detections, cold.detections) if c.confidence < 0.999)
    assert sum(h.confidence for h in hot.detections) < sum(c.confidence for c in cold.detections)


@pytest.mark.parametrize("value", [0, "hot", 50])
def test_a_temperature_out_of_range_is_one_line_naming_it(tmp_path, value):
    with pytest.raises(VisionError, match=r'vision.json: "temperature_colour" is .*; a temperature between 0.05 and 20'):
        Reader(_folder(tmp_path, temperature_colour=value))
