"""The README's shell examples, run: every ``$ remi ...`` line of its ```text and ```console
blocks, and the output it shows.

Each block runs on its own, its commands in order, as the real ``remi`` in a subprocess with a
fresh temporary HOME (so a fresh score-sheet database) and a terminal ``WIDTH`` columns wide;
``samples/`` and ``models/`` are reachable from the working folder as in the checkout. The
output shown is compared with stdout and stderr together, line by line, trailing spaces
ignored (rich tables compare as text at that width):

* a line that is only ``...`` (or a table row holding only ``...``) stands for any number
  of lines, none included;
* a command followed directly by the next ``$`` line must print nothing.

A block that cannot run in a test is marked in the README on the line just above its fence,
with the reason, which the test reports as the skip reason:

    <!-- readme-test: skip (the reason) -->

For the README's ```python blocks see test_doctests.py.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
WIDTH = 100
FENCE = re.compile(r"^```(?:text|console)\n(.*?)^```", re.MULTILINE | re.DOTALL)
SKIP = re.compile(r"<!-- readme-test: skip \((.+)\) -->\s*$")
ELISION = re.compile(r"^[\s│┃|]*\.\.\.[\s│┃|]*$")


@dataclass
class Command:
    line: int  # the README line of its "$"
    argv: list[str]
    shown: list[str]


@dataclass
class Block:
    line: int  # the README line of its fence
    commands: list[Command]
    skip: str | None

    def __repr__(self) -> str:
        return f"README.md:{self.line}"


def blocks(text: str) -> list[Block]:
    """The README's shell blocks that hold a ``$`` line, with their commands and shown output."""
    out = []
    for m in FENCE.finditer(text):
        fence = text.count("\n", 0, m.start()) + 1
        before = text[: m.start()].rstrip("\n").rsplit("\n", 1)[-1]
        skip = SKIP.search(before)
        commands: list[Command] = []
        lines = m.group(1).splitlines()
        i = 0
        while i < len(lines):
            if not lines[i].startswith("$ "):
                if commands:
                    commands[-1].shown.append(lines[i])
                i += 1
                continue
            start = i
            words = lines[i][2:]
            while words.endswith("\\") and i + 1 < len(lines):
                i += 1
                words = words[:-1] + " " + lines[i].strip()
            commands.append(Command(fence + 1 + start, shlex.split(words), []))
            i += 1
        if commands:
            out.append(Block(fence, commands, skip.group(1) if skip else None))
    return out


def matches(shown: list[str], actual: list[str]) -> bool:
    """Whether the actual lines are the shown ones, each ``...`` line standing for any lines."""
    pattern = "".join(r"(?:[^\n]*\n)*?" if ELISION.match(s) else re.escape(s.rstrip()) + r"\n" for s in shown)
    text = "".join(a.rstrip() + "\n" for a in actual)
    return re.fullmatch(pattern, text) is not None


def _trim(lines: list[str]) -> list[str]:
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return lines


def _remi() -> list[str]:
    exe = Path(sys.executable).with_name("remi")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "remi"]


BLOCKS = blocks(README.read_text(encoding="utf-8"))


def test_the_readme_has_shell_examples() -> None:
    assert len(BLOCKS) >= 4 and all(c.argv[0] == "remi" for b in BLOCKS for c in b.commands)


def test_the_parser() -> None:
    text = "x\n```console\n$ remi a \\\n    --b 'c d'\nout 1\n...\n$ remi e\n```\n```text\nno prompt\n```\n"
    (block,) = blocks(text)
    assert block.line == 2 and [c.argv for c in block.commands] == [["remi", "a", "--b", "c d"], ["remi", "e"]]
    assert block.commands[0].shown == ["out 1", "..."] and block.commands[1].shown == []
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"]) and matches(["a", "...", "b"], ["a", "b"])
    assert not matches(["a"], ["a", "b"]) and not matches([], ["a"]) and matches(["│ ...  │   │"], ["x", "y"])


@pytest.mark.parametrize("block", BLOCKS, ids=repr)
def test_readme_shell_block(block: Block, tmp_path: Path) -> None:
    if block.skip:
        pytest.skip(block.skip)
    work = tmp_path / "work"
    work.mkdir()
    for name in ("samples", "models"):
        (work / name).symlink_to(ROOT / name, target_is_directory=True)
    (work / "out").mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REMI_", "XDG_"))}
    env.update(HOME=str(tmp_path), COLUMNS=str(WIDTH), LINES="50", PYTHONUNBUFFERED="1", TERM="dumb")
    env["REMI_MODELS"] = str(ROOT / "models")
    failures = []
    for command in block.commands:
        run = subprocess.run(_remi() + command.argv[1:], cwd=work, env=env, capture_output=True, text=True,
                             timeout=300)
        actual = _trim((run.stdout + run.stderr).splitlines())
        if not matches(_trim(command.shown), actual):
            failures.append(f"README.md:{command.line} $ {shlex.join(command.argv)}\n--- shown\n"
                            + "\n".join(command.shown) + "\n--- printed\n" + "\n".join(actual))
    assert not failures, "\n\n".join(failures)
