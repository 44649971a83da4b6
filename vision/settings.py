"""A models folder's ``vision.json``, read and written through one typed value.

The reader (``vision.reader``), the folder checks (``vision.folders``), the export
(``vision.training.recipe``) and the adapting (``vision.adapt``) all go through
``ModelSettings``: each key has its type, its default and its check here, once. A key this
version does not know is kept as it was (``other``), so an older or newer folder round-trips.

>>> s = ModelSettings.from_dict({"detector": "d.onnx", "reader": "r.onnx", "imgsz": 640, "views": 4})
>>> s.views, s.unsure_below, s.kind, s.to_dict()["views"]
(4, 0.8, 'tiles', 4)
>>> ModelSettings.from_dict({"detector": "d.onnx", "reader": "r.onnx", "imgsz": 640, "views": 3})
Traceback (most recent call last):
remi.vision.errors.VisionError: vision.json: "views" is 3; a crop is read 1, 2 or 4 ways
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Callable

from remi.vision.errors import VisionError

FILE = "vision.json"
#: the shipped models: ``models/`` of the checkout, installed beside this package as
#: ``remi/models`` (pyproject's package data), so one path finds them in both
MODELS = Path(__file__).resolve().parents[1] / "models"
TILES, CARDS = "tiles", "cards"
#: a read less sure than this is marked for a look, unless the folder says otherwise
UNSURE_BELOW = 0.80


def models_dir() -> Path:
    """The shipped models, or the folder named by REMI_MODELS (adapted or other models)."""
    return Path(os.environ["REMI_MODELS"]) if os.environ.get("REMI_MODELS") else MODELS


def detector_weights(folder: Path) -> Path:
    """The detector's weights a models folder names (``detector_pt``), which ``remi vision
    adapt`` fine-tunes; a folder may ship without them (its ONNX files alone)."""
    return Path(folder) / (ModelSettings.read(Path(folder)).detector_pt or "tile-detector.pt")


def reader_weights(folder: Path) -> Path:
    """The reader's torch weights beside its ONNX (``tile-reader.pt`` beside ``tile-reader.onnx``),
    which ``remi vision adapt`` fine-tunes with the training extra; an adapted folder has none."""
    return (Path(folder) / ModelSettings.read(Path(folder)).reader).with_suffix(".pt")


def no_models(folder: Path) -> VisionError:
    """The refusal of a models folder without models: it names the folder only where the user
    named it (``--models``, ``REMI_MODELS``); the shipped one's path is nobody's business."""
    from remi.vision.errors import NoModels

    shipped = Path(folder).resolve() == MODELS.resolve()
    return NoModels(folder=None if shipped else str(folder))


@dataclass(frozen=True)
class ModelSettings:
    """What ``vision.json`` holds: the two ONNX files, the detector's input size and thresholds,
    what the folder reads, and how each crop is read (``views``, ``sure``, ``unsure_below``)."""

    detector: str = "tile-detector.onnx"
    reader: str = "tile-reader.onnx"
    imgsz: int = 640  # the detector's input size
    conf: float = 0.25  # the detector's score threshold
    iou: float = 0.5  # its NMS overlap
    kind: str = TILES  # tiles, or cards (a detector of card corner indices)
    obb: bool = False  # an oriented detector: boxes with an angle
    way_up: bool | None = None  # a card reader that tells an index upright from turned
    views: int = 1  # each crop read 1, 2 or 4 ways, turned a quarter at a time
    sure: float | None = None  # with views: only a crop less sure than this is read again
    # the view turned 180 degrees gives its chance of 6 to 9 and of 9 to 6 (a 6 turned round
    # is a 9): for a reader whose number head learnt on crops as they stand, tiles of a rack
    turned_six_nine: bool = False
    unsure_below: float = UNSURE_BELOW
    # the reader's chances tempered (issue 38): fitted on crops it never trained on
    # (research/vision_calibrate.py), so that the bar of "?" separates wrong reads from right
    temperature_number: float = 1.0
    temperature_colour: float = 1.0
    # a tile folder reads the boxes far smaller than the photo's tiles too, and counts those it
    # reads at least this sure of their kind (far tiles of a slanted rack; models/README.md, "Small
    # boxes the reader is sure of"); None: they are dropped unread as specks
    small_sure: float | None = None
    # the mark of a read from four signals (vision.marks; models/README.md, "Marks from four
    # signals"): where present it decides UNSURE in place of unsure_below
    marks: dict[str, Any] | None = None
    # the detector also reads a wide photo in windows at its own pixels (vision.windows):
    # {"size": photo pixels a side, "overlap": share of a side, "most": windows a photo}
    windows: dict[str, Any] | None = None
    # the detector also reads the photo turned a quarter (a card index lying sideways stands up
    # in it) and adds the boxes it alone finds where read sure (research/vision-diary.md, "Card
    # detectors read the photo turned a quarter too": it failed its rules by a photo; no folder has it)
    turned_pass: bool = False
    head: str | None = None  # an adapted folder's own number and colour heads (.npz)
    reader_head: str | None = None  # the shipped heads, where adapting starts
    detector_pt: str | None = None  # the detector's weights for Ultralytics
    crop_size: int | None = None
    reader_outputs: dict[str, str] | None = None
    adapted: dict[str, Any] | None = None  # what vision.adapt fitted, on what
    other: dict[str, Any] = field(default_factory=dict)  # keys this version does not know

    @classmethod
    def from_dict(cls, data: Any, where: str = FILE) -> ModelSettings:
        """The settings of a ``vision.json`` object; one VisionError line naming the file and the
        key that is missing or wrong."""
        if not isinstance(data, dict):
            raise VisionError("vision.settings_not_object", where=str(where))
        known = {f.name for f in fields(cls)} - {"other"}
        values = {k: v for k, v in data.items() if k in known}
        for key, ok in CHECKS.items():
            if key in values and values[key] is not None and not ok(values[key]):
                raise VisionError(f"vision.setting_{key}", where=str(where), value=_shown(key, values[key]))
        if values.get("marks") is not None:
            from remi.vision.marks import Marks

            _check_block("marks", Marks.problem, values["marks"], where)
        if values.get("windows") is not None:
            from remi.vision.windows import Windows

            _check_block("windows", Windows.problem, values["windows"], where)
        return cls(**values, other={k: v for k, v in data.items() if k not in known})

    @classmethod
    def read(cls, folder: Path) -> ModelSettings:
        """The settings of a models folder; VisionError when its file is missing or wrong."""
        path = Path(folder) / FILE
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError):
            raise no_models(folder) from None
        return cls.from_dict(data, str(path))

    def to_dict(self) -> dict[str, Any]:
        """The JSON object, keys at their defaults left out (a reader's ``kind`` tiles, ...)."""
        defaults = {f.name: f.default for f in fields(self)}
        out = {k: v for k, v in asdict(self).items() if k != "other" and v is not None
               and not (k in DEFAULT_OMITTED and v == defaults[k])}
        return {**out, **self.other}

    def write(self, folder: Path) -> Path:
        """Write ``vision.json`` into ``folder``; its path."""
        path = Path(folder) / FILE
        path.write_text(json.dumps(self.to_dict(), indent=2) + "\n")
        return path

    def but(self, **changes: Any) -> ModelSettings:
        """The same settings with ``changes`` (checked as read)."""
        return ModelSettings.from_dict({**self.to_dict(), **changes})


def _check_block(key: str, problem: Callable[[Any], str | None], data: Any, where: str) -> None:
    """One VisionError line naming the part of a block (``marks``, ``windows``) that is wrong:
    ``problem`` names it ("" for the block itself), or None when the block is right."""
    part = problem(data)
    if part is None:
        return
    value = data if part == "" else data[part]
    raise VisionError(f"vision.setting_{key}{'_' + part if part else ''}", where=str(where), value=repr(value))


def _shown(key: str, value: Any) -> str:
    """A wrong value as the line shows it: a number as the key's type (0 -> 0.0 for a chance)."""
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return repr(value)
    return str(float(value) if key in ("conf", "iou", "sure", "unsure_below", "small_sure") or key.startswith("temperature")
               else int(value))


def _number(ok: Callable[[float], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and ok(v)


#: key -> (the check, what it must be): the one place a setting's range is said
#: each key's check; its refusal's code ``vision.setting_KEY`` (engine.messages_vision words it)
CHECKS: dict[str, Callable[[Any], bool]] = {
    "imgsz": _number(lambda v: v >= 32 and int(v) == v),
    "conf": _number(lambda v: 0 <= v <= 1),
    "iou": _number(lambda v: 0 <= v <= 1),
    "kind": lambda v: v in (TILES, CARDS),
    "views": _number(lambda v: v in (1, 2, 4)),
    "sure": _number(lambda v: v >= 0),
    "unsure_below": _number(lambda v: 0 < v <= 1),
    "turned_six_nine": lambda v: isinstance(v, bool),
    "turned_pass": lambda v: isinstance(v, bool),
    "temperature_number": _number(lambda v: 0.05 <= v <= 20),
    "temperature_colour": _number(lambda v: 0.05 <= v <= 20),
    "small_sure": _number(lambda v: 0 < v <= 1),
}
#: keys left out of the file at their defaults (the others are written as they are)
DEFAULT_OMITTED = {"kind", "way_up", "views", "sure", "unsure_below", "obb", "temperature_number",
                   "temperature_colour", "turned_six_nine", "turned_pass"}

__all__ = ["CARDS", "FILE", "MODELS", "ModelSettings", "TILES", "models_dir", "no_models"]
