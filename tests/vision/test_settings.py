"""vision.json through one typed value (issue 40): `vision.settings.ModelSettings` reads and
writes it, with each key's type and range checked once; nothing else in the product opens it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from remi.vision.errors import VisionError
from remi.vision.settings import MODELS, ModelSettings

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_file_round_trips_exactly():
    data = json.loads((MODELS / "vision.json").read_text())
    settings = ModelSettings.read(MODELS)
    assert settings.views == 4 and settings.sure == 0.95 and settings.unsure_below == 0.95 and settings.kind == "tiles"
    assert settings.to_dict() == data


def test_unknown_keys_are_kept_and_wrong_ones_named(tmp_path):
    (tmp_path / "vision.json").write_text(json.dumps({"detector": "d.onnx", "reader": "r.onnx", "imgsz": 640,
                                                      "future_key": [1, 2]}))
    settings = ModelSettings.read(tmp_path)
    settings.but(conf=0.3).write(tmp_path)
    again = json.loads((tmp_path / "vision.json").read_text())
    assert again["future_key"] == [1, 2] and again["conf"] == 0.3
    with pytest.raises(VisionError, match='"conf" is 2.0; a score between 0 and 1'):
        settings.but(conf=2)
    with pytest.raises(VisionError, match='"kind" is \'hats\'; it is neither tiles nor cards'):
        settings.but(kind="hats")


def test_nothing_but_the_settings_opens_vision_json():
    """Reading or writing the file anywhere else in vision/ or remi/ (json on a path that names
    vision.json) was how four places wrote it as an untyped dict."""
    opened = []
    for path in [*(ROOT / "vision").rglob("*.py"), *(ROOT / "remi").rglob("*.py")]:
        if path.name == "settings.py" and path.parent.name == "vision":
            continue
        for line in path.read_text().splitlines():
            if "vision.json" in line and re.search(r"json\.(loads|dumps|load|dump)|read_text|write_text", line):
                opened.append(f"{path.relative_to(ROOT)}: {line.strip()}")
    assert opened == []
