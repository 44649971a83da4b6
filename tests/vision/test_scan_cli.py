"""``remi scan`` and ``remi vision`` through a real process: output, annotation and bad photos."""

import json
import os
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from tests.vision.conftest import ROOT, sample_photos

# The real `remi` app when remi.cli is there; else an app made of this package's commands only.
LAUNCH = (
    "import sys, typer\n"
    "try:\n    from remi.cli import main\nexcept ImportError:\n"
    "    from remi.vision_cli import register\n    app = typer.Typer()\n    register(app)\n"
    "    app.command('noop', hidden=True)(lambda: None)\n    main = app\n"
    "sys.argv[0] = 'remi'\nmain()\n"
)


def remi(*args: str, timeout: int = 120, data: Path | None = None, without: str | None = None,
         **env: str) -> subprocess.CompletedProcess:
    """The CLI in a fresh process; ``data`` is the user data folder (kept corrections),
    ``without`` a module the process must not find (pillow_heif: a user who lacks it)."""
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1", YOLO_OFFLINE="1", **env)
    if data is not None:
        env["XDG_DATA_HOME"] = str(data)
    launch = (f"import sys; sys.modules[{without!r}] = None\n" if without else "") + LAUNCH
    return subprocess.run([sys.executable, "-c", launch, *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, stdin=subprocess.DEVNULL)


def _expected(photo: Path) -> list[str]:
    return photo.with_suffix(".txt").read_text().split()


def _one_line_error(proc: subprocess.CompletedProcess, words: str) -> None:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert "Traceback" not in proc.stderr
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    assert len(lines) == 1, proc.stderr
    assert words in lines[0], lines[0]
    assert proc.stdout.strip() == ""


def test_scan_json_reads_the_sample(sample_photo):
    proc = remi("scan", sample_photo, "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    img = cv2.imread(str(sample_photo))
    assert (data["width"], data["height"]) == (img.shape[1], img.shape[0])
    assert [t["tile"] for t in data["tiles"]] == _expected(sample_photo)
    for t in data["tiles"]:
        x1, y1, x2, y2 = t["box"]
        assert 0 <= x1 < x2 <= data["width"] and 0 <= y1 < y2 <= data["height"]
        assert 0 <= t["confidence"] <= 1


def test_scan_table_and_annotation(sample_photo, tmp_path):
    out = tmp_path / "annotated.png"
    proc = remi("scan", sample_photo, "--annotate", out)
    assert proc.returncode == 0, proc.stderr
    assert "tiles: " + " ".join(_expected(sample_photo)) in proc.stdout
    drawn = cv2.imread(str(out))
    assert drawn.shape == cv2.imread(str(sample_photo)).shape


def test_help_has_an_example():
    for args in (["scan", "--help"], ["vision", "eval", "--help"], ["vision", "generate", "--help"]):
        proc = remi(*args)
        assert proc.returncode == 0 and "Example" in proc.stdout, proc.stdout


def test_generate_json_is_json_alone(tmp_path):
    """The scenes' progress bar goes to stderr, so --json's stdout parses (it printed the bar)."""
    proc = remi("vision", "generate", tmp_path / "scenes", "--count", "1", "--val", "0", "--no-real", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["train_scenes"] == 1


def test_start_up_imports_no_vision_library():
    """`remi --help` and a typed `remi check` load neither OpenCV, onnxruntime nor Pillow."""
    code = ("import sys; sys.argv = ['remi', 'check', 'r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2']\n"
            "from remi.cli import main\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'cv2', 'onnxruntime', 'PIL', 'torch'}))")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stdout + proc.stderr


def test_the_help_examples_name_files_that_exist():
    """Issue 18 item 9: `remi scan --help` named samples/photos/rack-1.jpg, which never existed."""
    import re

    for args in (["scan", "--help"], ["check", "--help"]):
        proc = remi(*args)
        assert proc.returncode == 0, proc.stderr
        for path in re.findall(r"samples/[\w./-]+", proc.stdout):
            assert (ROOT / path.rstrip(".;,")).exists(), (args, path)


def _png_header(w: int, h: int) -> bytes:
    ihdr = w.to_bytes(4, "big") + h.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + len(ihdr).to_bytes(4, "big") + chunk + zlib.crc32(chunk).to_bytes(4, "big")


@pytest.mark.parametrize("name, content, words", [
    ("notes.jpg", b"these are not pixels", "not an image"),
    ("empty.jpg", b"", "empty"),
    ("bomb.png", _png_header(100_000, 100_000), "too large"),
    ("bomb-60mp.png", _png_header(9000, 7000), "too large"),
])
def test_bad_files(tmp_path, name, content, words):
    path = tmp_path / name
    path.write_bytes(content)
    _one_line_error(remi("scan", path), words)


def test_missing_file(tmp_path):
    _one_line_error(remi("scan", tmp_path / "nope.jpg"), "no such file")


def test_tiny_and_blank_images(tmp_path):
    cv2.imwrite(str(tmp_path / "tiny.png"), np.full((10, 10, 3), 200, np.uint8))
    _one_line_error(remi("scan", tmp_path / "tiny.png"), "too small")
    cv2.imwrite(str(tmp_path / "blank.png"), np.full((600, 800, 3), 128, np.uint8))
    _one_line_error(remi("scan", tmp_path / "blank.png"), "blank")


def test_photo_without_tiles(tmp_path):
    from remi.vision.training import surfaces

    rng = np.random.default_rng(5)
    cv2.imwrite(str(tmp_path / "table.jpg"), surfaces.background(rng, 1000, 750))
    _one_line_error(remi("scan", tmp_path / "table.jpg"), "no tiles found")


@pytest.mark.parametrize("photo", sample_photos(), ids=lambda p: p.stem)
def test_upside_down_photo_is_read_not_refused(tmp_path, photo):
    # orientation belongs to each tile, never a reason to refuse a photo (issue 17)
    flipped = tmp_path / "flipped.jpg"
    cv2.imwrite(str(flipped), cv2.rotate(cv2.imread(str(photo)), cv2.ROTATE_180))
    proc = remi("scan", flipped, "--json")
    assert proc.returncode == 0, proc.stderr
    turned = json.loads(proc.stdout)
    # read turned round, as a rack photographed from across the table: the rack's own order
    assert [t["tile"] for t in turned["tiles"]] == _expected(photo)
    upright = json.loads(remi("scan", photo, "--json").stdout)
    w, h = upright["width"], upright["height"]
    for a, b in zip(upright["tiles"], turned["tiles"]):
        # every box in the turned photo's own pixels: where the upright one lands turned round
        assert np.allclose(b["box"], [w - a["box"][2], h - a["box"][3], w - a["box"][0], h - a["box"][1]], atol=12)
        assert abs((b["angle"] - a["angle"]) % 360 - 180) < 1


@pytest.mark.parametrize("args, words", [
    (["--stage", "reader", "--init", "missing.pt"], "--init missing.pt: no such weights file"),
    (["--stage", "detector", "--init", "missing.pt"], "--init missing.pt: no such weights file"),
    (["--stage", "reader", "--mine-with", "no-models-here"], "--mine-with no-models-here: no vision model"),
    (["--stage", "reader", "--holdout", "rummy9"], "--holdout rummy9: not a real session"),
    (["--stage", "reader", "--pretrained", "models/tile-detector.pt", "--init", "models/tile-reader.pt"],
     "--pretrained starts a new reader and --init fine-tunes one"),
    (["--stage", "detector", "--holdout", "rummy"], "--holdout is the reader's"),
    (["--stage", "detector", "--device", "gpu"], "--device 'gpu': cpu, or the index of a CUDA GPU"),
    (["--stage", "detector", "--device", "7"], "--device 7: this machine has"),
])
def test_train_refuses_missing_weights_before_any_work(tmp_path, args, words):
    out = tmp_path / "runs"
    _one_line_error(remi("vision", "train", tmp_path, *args, "--out", out), words)
    assert not out.exists()  # nothing written


@pytest.mark.parametrize("option", ["--tables", "--close-ups", "--size"])
@pytest.mark.parametrize("value", ["nan", "2", "0.3"])
def test_generate_refuses_the_retired_generators_options(tmp_path, option, value):
    """--tables, --close-ups and --size belonged to the retired first scene generator: refused
    in one line naming the option, whatever the value (they refused a share outside 0-1 before)."""
    out = tmp_path / "scenes"
    proc = remi("vision", "generate", out, "--count", "1", "--val", "0", option, value)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and option in lines[0], proc.stderr
    assert not out.exists()  # nothing written


@pytest.mark.parametrize("editions", ["test", "wide-test"])
def test_generate_refuses_prints_on_the_test_editions(tmp_path, editions):
    """The test editions are drawn on the test's own tables (flowers among them): a print there
    would change the test, so --prints is refused in one line and nothing is written."""
    out = tmp_path / "scenes"
    _one_line_error(remi("vision", "generate", out, "--count", "0", "--val", "1", "--editions", editions, "--prints", "0.3"),
                    f"--prints: the '{editions}' editions are drawn on the test's own tables; leave it out")
    assert not out.exists()


def test_generate_refuses_a_session_that_is_not_one(tmp_path):
    out = tmp_path / "scenes"
    _one_line_error(remi("vision", "generate", out, "--count", "1", "--val", "0", "--holdout", "rummy9"),
                    "--holdout rummy9: not a real session (rummy, rummy2, rummy4)")
    assert not out.exists()  # nothing written
