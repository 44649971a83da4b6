"""The model card's recipe runs at HEAD (issue 40): every command it cites answers `--help` and
offers every option the card gives it, so no retired option (hidden from the help) and no
deleted file can be cited again."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CARD = ROOT / "models" / "README.md"
RETIRED = ("--close-ups", "--tables", "models/candidates/p1/p1.pt", "models/v7/", "vision/synth.py")


def recipe_lines() -> list[list[str]]:
    """The commands of the card's "Recipe" section (its ```sh block), as words."""
    section = CARD.read_text().split("## Recipe", 1)[1].split("\n## ", 1)[0]
    block = section.split("```sh", 1)[1].split("```", 1)[0]
    return [shlex.split(line) for line in block.splitlines() if line.strip() and not line.startswith("#")]


def _command(words: list[str]) -> tuple[list[str], list[str]]:
    """The command to ask for help (the program and its subcommands) and the options cited."""
    options = [w.split("=")[0] for w in words if w.startswith("--")]
    if words[0] == "remi":
        return [sys.executable, "-m", "remi", *words[1:3]], options
    if words[:2] == ["python", "-m"]:
        return [sys.executable, "-m", words[2], words[3]], options
    return [], options


def test_every_recipe_command_offers_the_options_it_is_given():
    lines = recipe_lines()
    assert any(w[0] == "remi" for w in lines) and any(w[:2] == ["python", "-m"] for w in lines)
    for words in lines:
        command, options = _command(words)
        if not command:  # git, cp
            continue
        proc = subprocess.run([*command, "--help"], capture_output=True, text=True, cwd=ROOT, timeout=300,
                              env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})
        assert proc.returncode == 0, (words, proc.stderr)
        shown = set(re.findall(r"--[a-z][-a-z0-9]*", proc.stdout))
        assert set(options) <= shown, (" ".join(words), sorted(set(options) - shown))


def test_the_card_cites_no_retired_option_or_deleted_file():
    card = CARD.read_text()
    recipe = card.split("## Recipe", 1)[1].split("\n## ", 1)[0]
    assert not [r for r in RETIRED if r in recipe]
    section = card.split("## How a model is chosen", 1)[0]  # the rule in force is quoted whole below it
    for path in re.findall(r"`((?:models|vision|research|bench)/[\w./-]+\.(?:py|pt|onnx|npz|json))`", section):
        assert (ROOT / path).exists() or (CARD.parent / path).exists(), path
    assert len(card.splitlines()) < 400  # a card, not a diary (research/vision-diary.md)
