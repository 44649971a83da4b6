"""The options several commands share, each defined once (typer ``Annotated`` types).

A command lists the ones it takes: ``db: Db = None``, ``as_json: Json = False``. ``--variant``
is checked here, once, for every command that takes it (``check_variant``), and ``--rules``
is read with it (``load_rules``). Nothing heavy is imported: ``remi --help`` stays fast.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

VARIANTS = ("closed", "simple")


def check_variant(value: str) -> str:
    """``--variant``: closed or simple, in any case."""
    variant = value.strip().lower()
    if variant not in VARIANTS:
        from remi.engine.messages import sentence

        raise typer.BadParameter(sentence("cli.unknown_variant", {"name": value}), param_hint="--variant")
    return variant


Db = Annotated[Optional[str], typer.Option(
    "--db", help="Database: a file path or a URL (postgresql://user:pw@host/db). Default: env REMI_DB, else remi.db "
                 "in the user data folder.", show_default=False)]
Game = Annotated[Optional[str], typer.Option(
    "--game", "-g", help="Game name or id. Default: the game used last (remi new or --game), else the latest "
                        "open one.", show_default=False)]
Json = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of a table.")]
Variant = Annotated[str, typer.Option(
    "--variant", "-v", help="closed (Closed Rummy: tiles, an atu) or simple (Simple rummy: cards).",
    callback=check_variant)]
RulesFile = Annotated[Optional[Path], typer.Option(
    "--rules", help="TOML file of house options (see the README's House rules).", show_default=False)]

PhotoOpt = Annotated[Optional[Path], typer.Option(
    "--photo", help="Read the rack from a photo instead (Simple rummy: the cards, with card models).",
    show_default=False)]
FixOpt = Annotated[Optional[list[str]], typer.Option(
    "--fix", help="Correct tile N of the photo as read: N=r7 changes it, N=- drops it, +=r7 adds a missed tile "
                  "(+=r7@x1,y1,x2,y2 with its box); cards N=7h, +=Qs. Several after one --fix, or repeat it.",
    show_default=False)]
KeepOpt = Annotated[Optional[bool], typer.Option(
    "--keep/--no-keep", help="Keep the photo and its corrected tiles in your data folder to teach remi your set "
                             "(remi vision adapt; cards are kept in photos/cards). Default: ask at a terminal after "
                             "a correction.",
    show_default=False)]
ModelsOpt = Annotated[Optional[Path], typer.Option(
    "--models", help="The models folder (default: REMI_MODELS, else the shipped models; cards: REMI_CARD_MODELS, "
                     "else cards/ beside them; `remi vision adapt` writes adapted ones).", show_default=False)]


#: a token that is a fix (``3=r1``, ``+=k5``, the sheet's ``Dan:3=r1``): after ``--fix`` it is
#: one more fix, so that one ``--fix`` takes several as the prompt does (issue 39 item 12)
FIX_TOKEN = re.compile(r"^(?:[^\s:=@-][^\s:=@]*:)?(?:\d+|\+)=\S")
FIX_OPTIONS = ("--fix", "--photo-fix")


def expand_fixes(argv: list[str]) -> list[str]:
    """The command line with each fix after a ``--fix`` (or ``--photo-fix``) given its own option.

    >>> expand_fixes(["scan", "p.jpg", "--fix", "3=r13", "16=r11", "--json"])
    ['scan', 'p.jpg', '--fix', '3=r13', '--fix', '16=r11', '--json']
    >>> expand_fixes(["hand", "--photo-fix", "Dan:2=-", "Dan:+=k5", "r3"])
    ['hand', '--photo-fix', 'Dan:2=-', '--photo-fix', 'Dan:+=k5', 'r3']
    """
    out: list[str] = []
    option = None  # the fix option being read, while its fixes follow
    for token in argv:
        fix = bool(FIX_TOKEN.match(token))
        if option is not None and fix and out[-1] != option:
            out += [option, token]
            continue
        if token in FIX_OPTIONS:
            option = token
        elif not fix and out and out[-1] not in FIX_OPTIONS:
            option = None
        out.append(token)
    return out


def load_rules(variant: str, rules_file: Path | None) -> Any:
    """The variant's preset, with a TOML file's house options on top (engine.Rules)."""
    from remi.engine import Rules, preset

    return Rules.load(rules_file, variant=variant) if rules_file else preset(variant)


def open_store(db: str | None) -> Any:
    """The score sheet's store at ``--db`` (SQLModel is imported here, not at start-up)."""
    from remi.scoresheet.store import Store

    return Store.open(db)


def emit(data: Any) -> None:
    """One JSON document on stdout (the library's ``to_dict`` values)."""
    from remi.render import json_visible

    sys.stdout.write(json_visible(json.dumps(data, indent=2, ensure_ascii=False)) + "\n")
