"""The commands loaded when run (remi.lazy): the help lines `remi --help` shows are the commands'
own, every command is known, and `remi check` imports none of the other commands' modules."""

from __future__ import annotations

import importlib
import subprocess
import sys

import typer

from remi.cli import COMMANDS, app
from remi.lazy import LazyCommand

ROOT_OPTIONS = {"--install-completion", "--show-completion", "--help"}


def _first_paragraph(text: str) -> str:
    return " ".join(text.split("\n\n")[0].split())


def _registered(module: str) -> dict[str, object]:
    sub = typer.Typer()
    importlib.import_module(module).register(sub)
    return typer.main.get_group(sub).commands


def test_help_lines_are_the_commands_own() -> None:
    for name, (module, line) in COMMANDS.items():
        command = _registered(module)[name]
        assert _first_paragraph(command.help or "") == line, name


def test_every_command_of_the_modules_is_known() -> None:
    for module in {m for m, _ in COMMANDS.values()}:
        for name in _registered(module):
            assert COMMANDS.get(name, ("",))[0] == module, f"{module} registers {name}: add it to remi.cli.COMMANDS"


def test_a_command_loads_when_asked_for() -> None:
    group = typer.main.get_group(app)
    assert isinstance(group.commands["advise"], LazyCommand)
    ctx = group.make_context("remi", ["advise", "--help"], resilient_parsing=True)
    advise = group.get_command(ctx, "advise")
    assert not isinstance(advise, LazyCommand) and "--drawn" in {o for p in advise.params for o in p.opts}


def test_check_imports_no_other_command() -> None:
    code = ("import sys\nfrom remi.cli import main\nsys.argv = ['remi', 'check', "
            "'r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('remi.')), file=sys.stderr)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    loaded = out.stderr
    for module in ("remi.sheet_cli", "remi.sheet_hand", "remi.tutor_cli", "remi.vision_cli", "remi.web.command"):
        assert f"'{module}'" not in loaded
    assert "Throw k2" in out.stdout


def test_help_lists_every_command_in_order() -> None:
    out = subprocess.run([sys.executable, "-m", "remi", "--help"], capture_output=True, text=True, timeout=120,
                         check=True, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})
    names = [line.split()[1] for line in out.stdout.splitlines() if line.startswith("│ ") and line.split()[1][0] != "-"]
    assert names == ["check", *COMMANDS]
