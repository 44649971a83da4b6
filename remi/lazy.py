"""Commands loaded when they run: `remi check` does not pay for the score sheet's commands.

typer turns every command's signature into a click command when the app starts, which with
twenty commands and their options costs more than the rules engine itself (profiled: about 45 ms
of typer plus 25 ms of importing the command modules, at every start). So the app knows its
other commands by name only (the module that defines them and the line ``remi --help`` shows),
and a command's module is imported and converted the first time that command is asked for.

``remi --help`` lists every command from the names and lines alone; ``tests/cli/test_lazy.py``
checks that those lines are the commands' own.
"""

from __future__ import annotations

import importlib
from typing import Any

import click
import typer
from typer.core import TyperGroup


class LazyCommand(click.Command):
    """A command known by name and help line, standing in until it is run."""

    def __init__(self, name: str, module: str, help_line: str) -> None:
        super().__init__(name, help=help_line, short_help=help_line)
        self.module = module

    def load(self) -> click.Command:
        """The real command, from its module's ``register(app)``."""
        return _module_group(self.module).commands[self.name or ""]


_GROUPS: dict[str, click.Group] = {}


def _module_group(module: str) -> click.Group:
    """Every command a module registers, converted once."""
    if module not in _GROUPS:
        app = typer.Typer(add_completion=False, rich_markup_mode="rich", pretty_exceptions_enable=False)
        importlib.import_module(module).register(app)
        _GROUPS[module] = typer.main.get_group(app)
    return _GROUPS[module]


class LazyGroup(TyperGroup):
    """A typer group whose ``lazy`` commands (name -> (module, help line)) load on first use.

    The stand-ins sit in ``commands`` after the app's own commands, in ``lazy``'s order, so
    listing, completion and "did you mean" see every command without importing any.
    """

    lazy: dict[str, tuple[str, str]] = {}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name, (module, help_line) in self.lazy.items():
            self.commands.setdefault(name, LazyCommand(name, module, help_line))
        self._listing = False

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Listing the commands needs their help lines, not the commands themselves.
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = self.commands.get(cmd_name)
        if isinstance(command, LazyCommand) and not self._listing:
            command = self.commands[cmd_name] = command.load()
        return command
