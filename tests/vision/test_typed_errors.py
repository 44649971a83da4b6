"""The photo path's refusals are typed (issue 40): each a VisionError subclass with a stable
``code``, its fields as attributes, its sentence made from them by engine.messages (the
templates of engine/messages_vision.py); and no
caller decides anything by a message's words."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from remi.engine.messages import TEMPLATES
from remi.vision import errors as E
from remi.vision.photo import apply_fixes, parse_fixes
from remi.vision.reader import Reading

ROOT = Path(__file__).resolve().parents[2]
#: the photo path and its adapters
PHOTO_PATH = ["vision/photo.py", "vision/images.py", "vision/colour.py", "vision/doubts.py", "remi/photos.py",
              "remi/web/photos.py"]


def test_a_refusal_carries_its_code_and_fields():
    with pytest.raises(E.FixOutOfRange) as caught:
        apply_fixes(Reading((), 100, 100), parse_fixes(["4=r1"]))
    err = caught.value
    assert isinstance(err, E.FixError) and isinstance(err, E.VisionError) and isinstance(err, ValueError)
    assert (err.code, err.fix, err.tiles, err.set_aside) == ("vision.fix_out_of_range_empty", "4=r1", 0, 0)
    assert str(err) == E.sentence(err.code, err.fields) == "--fix 4=r1: the photo has 0 tiles"


def test_every_typed_refusal_has_its_sentence():
    typed = [c for c in vars(E).values() if isinstance(c, type) and issubclass(c, E.VisionError)]
    codes = {c.code for c in typed} - {"vision", "vision.fix", "vision.photo"}
    assert len(codes) >= 30 and codes <= set(TEMPLATES)


@pytest.mark.parametrize("module", PHOTO_PATH)
def test_the_photo_path_raises_no_untyped_line(module):
    """A raise of RemiError or VisionError with a message of its own is a sentence nobody can
    translate or decide by: each is a typed refusal now (a code of engine.messages)."""
    tree = ast.parse((ROOT / module).read_text())
    untyped = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            name = getattr(node.exc.func, "id", getattr(node.exc.func, "attr", ""))
            if name in ("RemiError", "VisionError", "ValueError") and node.exc.args:
                first = node.exc.args[0]
                if not (isinstance(first, ast.Constant) and first.value in TEMPLATES):
                    untyped.append(f"{module}:{node.lineno} {ast.unparse(first)[:60]}")
    assert untyped == []


def test_the_page_reads_no_doubt_by_its_words():
    source = (ROOT / "remi" / "web" / "photos.py").read_text()
    assert "reason.startswith" not in source and ".uncertain" not in source
