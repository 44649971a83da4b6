"""The mark "?" of a read from four signals: a models folder's ``marks`` (issue 38 item 3).

The rule is "Marks from four signals" (research/vision-diary.md, moved there from the model
card): the chance that a read is wrong is a logistic function of four numbers of the read,
fitted on a calibration set the reader never trained on (``research/marks.py``); a read is
marked UNSURE when that chance reaches the bar.
A folder's ``vision.json`` carries them as ``"marks": {"weights": [4 numbers], "intercept": x,
"bar": p}``; without the key the reader marks by ``unsure_below`` as before.

>>> m = Marks((1.0, 0.0, 0.0, 0.0), 0.0, 0.5)
>>> s = signals(np.array([0.9, 0.2]), np.array([0.05, 0.5]), np.array([0.8, 0.8]), np.array([40.0, 40.0]))
>>> m.chance_wrong(s).round(3).tolist(), m.marked(s).tolist()
([0.9, 0.2], [True, False])
>>> Marks.problem({"weights": [1, 2, 3], "intercept": 0, "bar": 0.5})
'weights'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

#: the four signals, in the order of ``weights``
SIGNALS = ("logit_share", "logit_runner_up", "logit_box_score", "log_height")
EDGE = 1e-6  # shares are kept this far from 0 and 1 so that every logit is finite
LARGEST = 1000.0  # a weight or intercept past this is no fit of four logits but a broken file


def logit(p: np.ndarray) -> np.ndarray:
    """log(p / (1 - p)), with p kept within ``EDGE`` of 0 and 1."""
    p = np.clip(np.asarray(p, np.float64), EDGE, 1 - EDGE)
    return np.log(p / (1 - p))


def signals(share: np.ndarray, runner_up: np.ndarray, box_score: np.ndarray, height: np.ndarray) -> np.ndarray:
    """The four signals (n, 4) of n reads of one photo: the logits of the kind's share, the
    runner-up kind's share and the detector's score, and the log of the box's height over the
    median box height of the photo's reads (``height``: the reads' box heights, all of them)."""
    height = np.maximum(np.asarray(height, np.float64), 1e-3)
    typical = float(np.median(height)) if len(height) else 1.0
    return np.stack([logit(share), logit(runner_up), logit(box_score), np.log(height / typical)], axis=1).reshape(-1, 4)


@dataclass(frozen=True)
class Marks:
    """The fitted model: four ``weights`` (``SIGNALS``' order), the ``intercept`` and the
    ``bar`` of the chance of wrong from which a read is marked."""

    weights: tuple[float, float, float, float]
    intercept: float
    bar: float

    def chance_wrong(self, rows: np.ndarray) -> np.ndarray:
        """The chance that each read (a row of ``signals``) is wrong."""
        z = np.asarray(rows, np.float64).reshape(-1, 4) @ np.array(self.weights) + self.intercept
        return 1.0 / (1.0 + np.exp(-z))

    def marked(self, rows: np.ndarray) -> np.ndarray:
        """Whether each read is marked: its chance of wrong at the bar or over it."""
        return self.chance_wrong(rows) >= self.bar

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Marks:
        """The marks of a checked ``vision.json`` block (``problem`` found none)."""
        return cls(tuple(float(w) for w in data["weights"]), float(data["intercept"]), float(data["bar"]))  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        return {"weights": [round(w, 6) for w in self.weights], "intercept": round(self.intercept, 6),
                "bar": round(self.bar, 4), "signals": list(SIGNALS)}

    @staticmethod
    def problem(data: Any) -> str | None:
        """The part of a ``marks`` block that is wrong ("" for the block itself: not an object,
        or a part missing), or None when it is right."""
        if not isinstance(data, dict) or not {"weights", "intercept", "bar"} <= data.keys():
            return ""
        weights = data["weights"]
        if not (isinstance(weights, list) and len(weights) == len(SIGNALS) and all(map(_finite, weights))):
            return "weights"
        if not _finite(data["intercept"]):
            return "intercept"
        bar = data["bar"]
        if not (_finite(bar) and 0 < bar < 1):
            return "bar"
        return None


def _finite(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) and abs(v) <= LARGEST


__all__ = ["Marks", "SIGNALS", "logit", "signals"]
