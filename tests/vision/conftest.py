from pathlib import Path

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
