"""remi's command line: a thin typer app over the engine, the score sheet, the tutor and vision.

Each command parses its arguments, makes one library call and renders the answer with rich.
Heavy libraries (SQLModel, cv2, onnxruntime, torch) are imported inside the commands that
need them, so ``remi check`` and ``remi --help`` start in a fraction of a second.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.console import Console

from remi.errors import fail, user_errors
from remi.lazy import LazyGroup
from remi.options import FixOpt, expand_fixes, Json, KeepOpt, ModelsOpt, PhotoOpt, RulesFile, Variant, load_rules

#: The commands of the other modules, loaded when run (remi.lazy): name -> (module, the help
#: line ``remi --help`` shows, the first line of the command's docstring; a test keeps them equal).
COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("remi.sheet_cli", "Start a game."),
    "hand": ("remi.sheet_cli", "Record one hand."),
    "fix": ("remi.sheet_cli", "Correct hand HAND: change only what you name, the rest stays; or strike it out "
                              "with --delete."),
    "sheet": ("remi.sheet_cli", "Show the score sheet: one row per hand, running totals, the target and who "
                                "stands where."),
    "undo": ("remi.sheet_cli", "Undo the latest hand, correction or deletion (recorded in the history)."),
    "history": ("remi.sheet_cli", "Everything entered in a game, corrections, deletions and undos included."),
    "games": ("remi.sheet_cli", "List the games in the database, newest first."),
    "export": ("remi.sheet_cli", "Export a game: JSON (lossless, every entry and correction) or CSV (the sheet)."),
    "import": ("remi.sheet_cli", "Import a game exported with remi export --format json (a lossless round trip)."),
    "stats": ("remi.sheet_cli", "Players across evenings: the standing over every game (or one with --game), "
                                "each player's hands, closes, average, best hand and streak, and head-to-head "
                                "records."),
    "plot": ("remi.sheet_cli", "Plot the running totals over the hands, one line a player (or team)."),
    "target": ("remi.sheet_cli", "Change the game's target mid-game (recorded in the history; remi undo takes "
                                 "it back)."),
    "rename": ("remi.sheet_cli", "Rename a player in a game, the hands already played included (recorded; remi "
                                 "undo takes it back)."),
    "advise": ("remi.tutor_cli", "What to draw, what to throw, and why: each throw ranked by steps to close, "
                                 "live outs, chance to close within 3 draws and the risk of feeding your left "
                                 "neighbour."),
    "scan": ("remi.vision_cli", "Read the tiles in a photo, numbered in reading order (top row first, left to "
                                "right)."),
    "serve": ("remi.web.command", "Serve the score sheet, the camera and the tutor to the phones at the table."),
    "vision": ("remi.vision_cli", "The vision pipeline: generate data, train, evaluate, export."),
}


class RemiGroup(LazyGroup):
    lazy = COMMANDS

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, lang_first(args))


def lang_first(args: list[str]) -> list[str]:
    """``--lang X`` wherever it is typed, moved before the command, where the group reads it: a
    player adds it at the end (``remi advise ... --lang ro``) as often as at the start. Not after
    ``--``, which ends the options."""
    end = args.index("--") if "--" in args else len(args)
    moved, rest, i = [], [], 0
    while i < end:
        if args[i] == "--lang" and i + 1 == end:  # no value: the group's own line says so, nothing runs
            return ["--lang"]
        if args[i] == "--lang":
            moved += args[i:i + 2]
            i += 2
            continue
        (moved if args[i].startswith("--lang=") else rest).append(args[i])
        i += 1
    return moved + rest + args[end:]


app = typer.Typer(
    cls=RemiGroup,
    name="remi",
    help=(
        "A table companion for Closed Rummy (remi with tiles and an atu) and Simple rummy "
        "(rami with cards): score sheet, rack check, tutor and tile vision.\n\n"
        "Example: remi check \"r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2\""
    ),
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)

@app.callback()
def _group(lang: Annotated[Optional[str], typer.Option(
        "--lang", help="The language remi speaks: en, ro or fr (default: LANGUAGE, LC_ALL, LANG; "
                       "English where none of them is one of these).")] = None) -> None:
    # A callback keeps remi a group of commands: with one command registered here (the others
    # come through RemiGroup) typer would make `remi` that command itself. It also holds --lang,
    # read before the command wherever it was typed (lang_first): remi check "r7 r7 r7 ..." --lang ro.
    from remi.i18n import LANGUAGES, language, speak_for_command

    if lang is not None and language(lang) is None:
        raise fail("cli.unknown_language", lang=lang, choices=", ".join(LANGUAGES))
    speak_for_command(language(lang))  # every word of the command, not only its refusals (issue 41)


@app.command(
    epilog=(
        "Examples:\n\n"
        "  remi check \"r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2\"\n\n"
        "  remi check \"r6 r7 r9 b11 b12 b13 b1 y3 b3 k3 y5 y6 y7 k13\" --atu r8\n\n"
        "  remi check --variant simple \"5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac\" --json"
    )
)
def check(
    rack: Annotated[Optional[str], typer.Argument(help="The tiles (r7 k13 *) or cards (7h Qs *), space separated.")] = None,
    variant: Variant = "closed",
    atu: Annotated[Optional[str], typer.Option("--atu", help="The atu tile; with 14 tiles, try closing with it.")] = None,
    rules_file: RulesFile = None,
    photo: PhotoOpt = None,
    fix: FixOpt = None,
    keep: KeepOpt = None,
    models: ModelsOpt = None,
    as_json: Json = False,
) -> None:
    """Can this rack close? Shows the best board, the tile to throw and the points, or why not."""
    from remi.engine import Tile, check_close, parse_tiles

    with user_errors():
        rules = load_rules(variant, rules_file)
    console = Console(stderr=as_json)
    if (rack is None) == (photo is None):
        raise fail("cli.rack_or_photo")
    if photo is None and (fix or keep is not None or models is not None):
        raise fail("cli.photo_options")
    with user_errors():
        if photo is not None:
            from remi.photos import read_rack

            tiles = read_rack(photo, rules, console=console, fixes=fix, keep=keep, models=models)
        else:
            tiles = parse_tiles(rack or "", rules.words.notation)
            if rules.is_closed and _cards(rack or ""):
                _hint_cards(rack or "", tiles)
        atu_tile = Tile.parse(atu) if atu else None
        if not rules.is_closed and len(tiles) == rules.close_size - 1:
            # SR-17: a hand goes out after the draw, with 14 cards; 13 are a hand waiting to draw
            raise fail("cli.simple_draw_first", size=rules.close_size, count=len(tiles))
        # the engine decides the atu's role (CR-19), and refuses one in Simple rummy
        result = check_close(tiles, rules, atu=atu_tile)
    from remi.check_view import check_json, render_check

    if as_json:
        print(json.dumps(check_json(result, rules, atu_tile), ensure_ascii=False))
    else:
        render_check(console, result, rules, atu_tile)


_CARD = re.compile(r"^(10|[2-9]|[ajqk])([schd♠♣♥♦])$", re.IGNORECASE)


def _cards(text: str) -> list[str]:
    """The tokens written as cards (``5h``, ``Qs``), which Closed Rummy reads as tiles."""
    return [tok for tok in re.split(r"[\s,;·|/]+", text.strip()) if _CARD.match(tok)]


def _hint_cards(text: str, tiles: tuple[Any, ...]) -> None:
    """Cards typed for Closed Rummy: say how they were read, and how to check Simple rummy's cards."""
    import sys

    from remi.i18n import gettext as _

    shown = ", ".join(_("%(card)s as %(tile)s") % {"card": tok, "tile": tile}
                      for tok, tile in list(zip(_cards(text), _as_typed(text, tiles)))[:3])
    print("remi: " + _("cards read as Closed Rummy tiles (%(shown)s ...); for Simple rummy's cards add "
                       "--variant simple") % {"shown": shown}, file=sys.stderr)


def _as_typed(text: str, tiles: tuple[Any, ...]) -> list[Any]:
    """The tiles of the card tokens, in the order typed."""
    tokens = [tok for tok in re.split(r"[\s,;·|/]+", text.strip()) if tok]
    return [tile for tok, tile in zip(tokens, tiles) if _CARD.match(tok)]


def main() -> None:
    """Run the app; a usage error (unknown option, missing value) is one line and exit 2 too."""
    import sys

    from remi.engine.messages import sentence

    try:
        code = app(args=expand_fixes(sys.argv[1:]), standalone_mode=False)
    except KeyboardInterrupt:
        print(f"remi: {sentence('cli.interrupted', {})}", file=sys.stderr)
        sys.exit(130)
    except Exception as exc:
        # typer's (vendored) click errors carry their own message and exit code.
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
            # click names the environment variable of an option that has none as 'None'
            message = exc.format_message().replace(" (env var: 'None')", "")
            if message:  # (bare ``remi`` shows the help with an empty message)
                ctx = getattr(exc, "ctx", None)  # click's own words, then remi's pointer to the help
                line = sentence("cli.usage", {"detail": message, "command": ctx.command_path}) if ctx is not None \
                    else message
                print(f"remi: {line}", file=sys.stderr)
            sys.exit(exc.exit_code)
        if type(exc).__name__ == "Abort":
            print(f"remi: {sentence('cli.aborted', {})}", file=sys.stderr)
            sys.exit(130)
        raise
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
