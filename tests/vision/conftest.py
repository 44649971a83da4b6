from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "photos"


def sample_photos() -> list[Path]:
    return sorted(SAMPLES.glob("*.jpg"))


@pytest.fixture
def sample_photo() -> Path:
    photos = sample_photos()
    if not photos:
        pytest.skip("no sample photos")
    return photos[0]


@pytest.fixture
def dark_table(monkeypatch):
    """Scenes on a plain dark table: what is cream in them is a tile."""
    from remi.vision.training import synth

    monkeypatch.setattr(synth, "background", lambda rng, w, h, photos=None: np.full((h, w, 3), (60, 30, 20), np.uint8))
