"""Photos as phones take them, through the real CLI on the shipped model: EXIF-rotated JPEGs,
a 50-megapixel JPEG, HEIC (read with pillow-heif, refused with a hint without it), and the
files that are no photo (truncated, 1x1, a folder): one line, exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from tests.vision.conftest import SAMPLES
from tests.vision.test_scan_cli import _one_line_error, remi

RACK = SAMPLES / "rack-close.jpg"
EXPECTED = (SAMPLES / "rack-close.txt").read_text().split()
# EXIF orientation: how the stored pixels must turn to stand upright, and Pillow's turn that
# stores an upright photo that way (the inverse).
STORED = {3: Image.Transpose.ROTATE_180, 6: Image.Transpose.ROTATE_90, 8: Image.Transpose.ROTATE_270}


def _scan_json(photo: Path, *args: str) -> dict:
    proc = remi("scan", photo, "--json", *args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _exif_jpeg(path: Path, orientation: int) -> Path:
    """The sample rack as a phone stores it: pixels as the sensor lay, turned by EXIF."""
    upright = Image.open(RACK)
    exif = Image.Exif()
    exif[0x0112] = orientation
    upright.transpose(STORED[orientation]).save(path, exif=exif, quality=92)
    return path


@pytest.mark.parametrize("orientation", [3, 6, 8])
def test_exif_rotated_photo_reads_upright(tmp_path, orientation):
    photo = _exif_jpeg(tmp_path / f"phone-{orientation}.jpg", orientation)
    stored = cv2.imread(str(photo), cv2.IMREAD_IGNORE_ORIENTATION | cv2.IMREAD_COLOR)
    if orientation != 3:  # a quarter turn: stored on its side
        assert stored.shape[:2] == (1000, 750)
    data = _scan_json(photo)
    assert (data["width"], data["height"]) == (1000, 750)
    assert [t["tile"] for t in data["tiles"]] == EXPECTED


def test_a_50_megapixel_photo_reads_with_boxes_in_its_own_pixels(tmp_path):
    small = _scan_json(RACK)
    big = cv2.resize(cv2.imread(str(RACK)), (8160, 6120), interpolation=cv2.INTER_CUBIC)
    photo = tmp_path / "50mp.jpg"
    cv2.imwrite(str(photo), big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    data = _scan_json(photo)
    assert (data["width"], data["height"]) == (8160, 6120)
    assert [t["tile"] for t in data["tiles"]] == EXPECTED
    for a, b in zip(small["tiles"], data["tiles"]):  # the same boxes, 8.16 times larger
        assert np.allclose(np.array(b["box"]) / 8.16, a["box"], atol=6), (a["box"], b["box"])


def test_heic_is_read_when_pillow_heif_is_installed(tmp_path):
    pillow_heif = pytest.importorskip("pillow_heif")
    pillow_heif.register_heif_opener()
    photo = tmp_path / "IMG_0001.HEIC"
    Image.open(RACK).save(photo, format="HEIF", quality=90)
    assert [t["tile"] for t in _scan_json(photo)["tiles"]] == EXPECTED


def test_heic_without_its_reader_is_refused_with_a_hint(tmp_path):
    photo = tmp_path / "IMG_0001.HEIC"
    # The start of an iPhone's HEIC file: an ISO box 'ftyp' of brand 'heic'.
    photo.write_bytes(b"\x00\x00\x00\x1cftypheic\x00\x00\x00\x00mif1heicmiaf" + bytes(200))
    proc = remi("scan", photo, without="pillow_heif")
    _one_line_error(proc, "pip install pillow-heif")
    assert "HEIC" in proc.stderr and "JPEG" in proc.stderr


@pytest.mark.parametrize("cut", [0.5, 0.98])
def test_a_truncated_jpeg_is_refused(tmp_path, cut):
    data = RACK.read_bytes()
    photo = tmp_path / "cut.jpg"
    photo.write_bytes(data[: int(len(data) * cut)])
    annotated = tmp_path / "out.png"
    _one_line_error(remi("scan", photo, "--annotate", annotated), "cut short")
    assert not annotated.exists()


def test_a_1x1_image_and_a_folder_are_refused(tmp_path):
    Image.new("RGB", (1, 1), (200, 10, 10)).save(tmp_path / "dot.jpg")
    _one_line_error(remi("scan", tmp_path / "dot.jpg"), "too small (1x1 pixels)")
    (tmp_path / "photos.jpg").mkdir()
    _one_line_error(remi("scan", tmp_path / "photos.jpg"), "a folder, not a photo")
    _one_line_error(remi("check", "--photo", tmp_path / "photos.jpg"), "a folder, not a photo")
