"""The README's "Your first photo" and docs/vision.md's console blocks, run as a newcomer runs them:
each ``$ remi ...`` line at a real terminal (a pty; Enter at every prompt) in a fresh folder
holding the samples, its screen compared line by line with what the README shows (``...``
stands for lines left out). When the models are retrained the tables' figures change: rerun
the commands and copy their screens into the README."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tests.vision.terminal import ROOT, at_terminal


def console_blocks(doc: Path, section: str | None = None) -> list[list[str]]:
    """The ```console blocks of ``doc`` (of its ``section`` heading only, when given)."""
    text = doc.read_text(encoding="utf-8")
    if section:
        start = text.index(section)
        end = text.find("\n## ", start + len(section))
        text = text[start:end if end > 0 else None]
    return [block.splitlines() for block in re.findall(r"```console\n(.*?)```", text, re.S)]


def commands(block: list[str]) -> list[tuple[list[str], list[str]]]:
    """(argv after `remi`, the lines shown after it) for each ``$ remi`` line of a block."""
    out: list[tuple[list[str], list[str]]] = []
    for line in block:
        if line.startswith("$ "):
            argv = shlex.split(line[2:])
            assert argv[0] == "remi", line
            out.append((argv[1:], []))
        else:
            out[-1][1].append(line)
    return out


def matches(shown: list[str], screen: list[str]) -> bool:
    """Every line shown appears on the screen in order, exactly (trailing blanks aside); a
    ``...`` line may stand for any number of screen lines."""
    screen = [s.rstrip() for s in screen if s.strip()]
    i = 0
    skipping = False
    for want in (w.rstrip() for w in shown):
        if want.strip() == "...":
            skipping = True
            continue
        while i < len(screen) and screen[i] != want:
            if not skipping:
                return False
            i += 1
        if i == len(screen):
            return False
        i, skipping = i + 1, False
    return skipping or i == len(screen)


@pytest.fixture
def newcomer(tmp_path) -> Path:
    """A fresh folder with the samples, as a newcomer's checkout has them (no out/ yet)."""
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    return tmp_path


BLOCKS = [(ROOT / "README.md", "## Your first photo"), (ROOT / "docs" / "vision.md", None)]


@pytest.mark.parametrize("doc, section", BLOCKS, ids=["README", "docs/vision.md"])
def test_the_photo_examples_run_as_written(newcomer, doc, section):
    ran = 0
    for block in console_blocks(doc, section):
        for argv, shown in commands(block):
            screen = at_terminal(argv, [""] * 3, cwd=newcomer, columns=100).splitlines()
            # the prompt's answer (Enter) is echoed on the prompt's own line
            assert matches(shown, screen), f"remi {' '.join(argv)}\nshown:\n" + "\n".join(shown) + "\nscreen:\n" + "\n".join(screen)
            ran += 1
    assert ran >= 2
    assert (newcomer / "out" / "rack-close.png").is_file() or doc.name != "README.md"


def test_matches():
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert not matches(["a", "d"], ["a", "b", "d"])
    assert matches(["a", "  ...", "c", "..."], ["a", "b", "c", "x"])
