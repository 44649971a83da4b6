"""The score sheet's game commands: new, sheet, undo, history, games, export, import, stats,
plot (``hand`` and ``fix`` are in ``sheet_hand``). Each parses its options, makes one
``scoresheet`` call and renders the result (JSON: the library's ``to_dict`` values).

SQLModel, Alembic and matplotlib are imported inside the commands only, so ``remi --help``
stays fast. Every command takes ``--db`` and ``--json`` (``remi.options``).
"""

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from remi import sheet_hand
from remi.options import Db, Game, Json, RulesFile, check_variant, emit, load_rules, open_store
from remi.scoresheet.errors import plural
from remi.sheet_hand import errors, refuse
from remi.sheet_state import pick, remember


if TYPE_CHECKING:
    from remi.scoresheet.sheet import HistoryLine


def new(
    variant: Annotated[Optional[str], typer.Option("--variant", "-v", help="closed (Closed Rummy: tiles, an atu) or simple (Simple rummy: cards). Default: closed, or the --like game's.", callback=lambda v: check_variant(v) if v is not None else None, show_default=False)] = None,
    players: Annotated[Optional[str], typer.Option("--players", "-p", help="Names in seat order, comma separated.", show_default=False)] = None,
    teams: Annotated[Optional[str], typer.Option("--teams", help="Simple 2 vs 2: the pairs, like Ana+Ion,Dan+Eva (partners sit opposite).", show_default=False)] = None,
    target: Annotated[Optional[int], typer.Option("--target", "-t", help="Closed Rummy: stop after the hand in which someone reaches +T or falls to -T.", show_default=False)] = None,
    rules: RulesFile = None,
    name: Annotated[Optional[str], typer.Option("--name", "-n", help="The game's name. Default: 'game N' (with --like: the next number, 'friday 2').", show_default=False)] = None,
    like: Annotated[Optional[str], typer.Option("--like", help="Start the next game of this one: the same players, teams, target and rules (each option given overrides).", show_default=False)] = None,
    db: Db = None, as_json: Json = False,
) -> None:
    """Start a game.

    Example: remi new --variant closed --players Ana,Dan,Ion --target 1000 --name friday

    The next evening: remi new --like friday
    """
    with errors():
        table_rules = load_rules(variant or "closed", rules) if rules is not None else None  # before any file is made
        store = open_store(db)
        names = players.split(",") if players else []
        pairs = [t.split("+") for t in teams.split(",")] if teams else None
        if like is not None:
            model = store.find_game(like)
            variant = variant or model.variant
            if not names and not pairs:
                names, pairs = list(model.players), [list(t) for t in model.teams] if model.teams else None
            target = target if target is not None else model.target
            table_rules = table_rules or (model.rules if variant == model.variant else None)
            name = name or store.next_name(model.name)
        if not names and not pairs:
            raise refuse("cli.who_plays", "players")
        game = store.new_game(name, variant or "closed", names, teams=pairs, target=target, rules=table_rules)
        remember(store, game)
        if as_json:
            emit(game.to_dict())
            return
        from rich.markup import escape

        from remi.sheet_render import console

        # names are the table's text, not markup: "[red]Ana" prints as typed
        seats = ", ".join(f"{i}. {escape(p)}" for i, p in enumerate(game.players, 1))
        console().print(f"[bold]{escape(game.name)}[/] ({game.variant}): {seats}"
                        + (f"; target {game.target}" if game.target else "")
                        + ("; teams " + escape(" vs ".join("+".join(t) for t in game.teams)) if game.teams else ""))


def sheet(
    last: Annotated[int, typer.Option("--last", help="Show only the last N hands (the totals count them all).")] = 40,
    all_hands: Annotated[bool, typer.Option("--all", help="Show every hand.")] = False,
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write the sheet to share instead: sheet.png (a picture) or sheet.html (a page), for a phone.", show_default=False)] = None,
    game: Game = None, db: Db = None, as_json: Json = False,
) -> None:
    """Show the score sheet: one row per hand, running totals, the target and who stands where.

    The layout follows the terminal's width (a phone's 40 columns too).

    Example: remi sheet --game friday --all;  remi sheet --out friday.png
    """
    with errors():
        store = open_store(db)
        data = store.sheet(pick(store, game).id)
        if out is not None:
            from remi.sheet_picture import write_sheet

            write_sheet(data, out)
            if as_json:
                emit({"game": data.game.name, "out": str(out), "hands": len(data.rows)})
            else:
                typer.echo(f"the sheet of {data.game.name} written to {out}")
            return
        if as_json:
            emit(data.to_dict())
            return
        from remi.sheet_render import console, render_sheet

        render_sheet(console(), data, last=None if all_hands else max(last, 1))


def undo(game: Game = None, db: Db = None, as_json: Json = False) -> None:
    """Undo the latest hand, correction or deletion (recorded in the history).

    Example: remi undo
    """
    with errors():
        store = open_store(db)
        info = pick(store, game)
        data, undone = store.undo(info.id)
        line = next(h for h in store.history(info.id) if h.seq == undone.seq)
        sheet_hand.after(data, f"undid {_what(line)}", as_json)


def _what(line: "HistoryLine") -> str:
    """What an undo took back, in words (a deletion undone brings the hand back)."""
    from remi.sheet_render import undo_words

    return undo_words(line) + (" (it is back)" if line.kind == "delete" else "")


def history(game: Game = None, db: Db = None, as_json: Json = False) -> None:
    """Everything entered in a game, corrections, deletions and undos included.

    Example: remi history --json
    """
    with errors():
        store = open_store(db)
        info = pick(store, game)
        lines = store.history(info.id)
        if as_json:
            emit({"game": info.name, "actions": [h.to_dict(info.rules.words.notation) for h in lines]})
            return
        from remi.sheet_render import console, render_history

        render_history(console(), info, lines)


def games(db: Db = None, as_json: Json = False) -> None:
    """List the games in the database, newest first.

    Example: remi games --db club.db
    """
    with errors():
        sheets = open_store(db).games()
        if as_json:
            emit([s.summary() for s in sheets])
            return
        from remi.sheet_render import console, render_games

        render_games(console(), sheets)


def export(
    fmt: Annotated[str, typer.Option("--format", "-f", help="json (the full log, for remi import) or csv (the sheet).")] = "json",
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write to this file instead of stdout.", show_default=False)] = None,
    game: Game = None, db: Db = None, as_json: Json = False,
) -> None:
    """Export a game: JSON (lossless, every entry and correction) or CSV (the sheet).

    Example: remi export --format json --out friday.json
    """
    with errors():
        from remi.scoresheet.transfer import sheet_csv

        if fmt not in ("json", "csv"):
            raise refuse("cli.export_format", fmt=fmt)
        store = open_store(db)
        info = pick(store, game)
        text = (json.dumps(store.export_game(info.id), indent=2, ensure_ascii=False) + "\n" if fmt == "json"
                else sheet_csv(store.sheet(info.id)))
        if out is None:
            if as_json and fmt == "csv":
                emit({"game": info.name, "format": "csv", "csv": text})
            else:
                sys.stdout.write(text)
            return
        try:
            out.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise refuse("cli.cannot_write", path=str(out), reason=exc.strerror) from None
        if as_json:
            emit({"game": info.name, "format": fmt, "out": str(out)})
        else:
            typer.echo(f"{info.name} exported to {out}")


def import_(
    file: Annotated[Path, typer.Argument(help="A JSON file written by remi export.")],
    name: Annotated[Optional[str], typer.Option("--name", "-n", help="Import under this name.", show_default=False)] = None,
    db: Db = None, as_json: Json = False,
) -> None:
    """Import a game exported with remi export --format json (a lossless round trip).

    Example: remi import friday.json --name friday-copy
    """
    with errors():
        from remi.engine.files import read_small
        from remi.scoresheet.errors import SheetError
        from remi.scoresheet.importing import MOST_BYTES

        text = read_small(file, MOST_BYTES, "export", SheetError)
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise refuse("cli.not_json", path=str(file), reason=str(exc)) from None
        except RecursionError:  # [[[[...]]]] nested past what Python's parser follows
            raise refuse("cli.export_too_deep", path=str(file)) from None
        if not isinstance(data, dict):
            raise refuse("cli.not_export", path=str(file))
        store = open_store(db)
        info = store.import_game(data, name=name)
        imported = store.sheet(info.id)
        if as_json:
            emit(imported.to_dict())
        else:
            typer.echo(f"imported {info.name}: {plural(len(imported.rows), 'hand')}")


def stats(
    game: Annotated[Optional[str], typer.Option("--game", "-g", help="One game only (name or id). Default: every game.", show_default=False)] = None,
    db: Db = None, as_json: Json = False,
) -> None:
    """Players across evenings: the standing over every game (or one with --game), each player's
    hands, closes, average, best hand and streak, and head-to-head records.

    Example: remi stats
    """
    with errors():
        from remi.scoresheet.stats import Stats

        store = open_store(db)
        sheets = [store.sheet(pick(store, game).id)] if game else store.games()
        table = Stats.of(sheets)
        if as_json:
            emit(table.to_dict())
            return
        from remi.sheet_render import console, render_stats

        render_stats(console(), table)


def plot(
    out: Annotated[Path, typer.Option("--out", "-o", help="The file to write: .png, .svg or .pdf.")] = Path("totals.png"),
    game: Game = None, db: Db = None, as_json: Json = False,
) -> None:
    """Plot the running totals over the hands, one line a player (or team).

    Example: remi plot --out totals.png
    """
    with errors():
        from remi.scoresheet.plot import plot_totals

        store = open_store(db)
        data = store.sheet(pick(store, game).id)
        plot_totals(data, out)
        if as_json:
            emit({"game": data.game.name, "out": str(out), "hands": len(data.rows)})
        else:
            typer.echo(f"running totals of {data.game.name} written to {out}")


def target(
    points: Annotated[str, typer.Argument(help="The new target (a number of points), or none.", show_default=False)],
    game: Game = None, db: Db = None, as_json: Json = False,
) -> None:
    """Change the game's target mid-game (recorded in the history; remi undo takes it back).

    Example: remi target 1500
    """
    with errors():
        if points.strip().lower() != "none" and not points.strip().isdigit():
            raise refuse("cli.target_syntax", "target", text=points)
        new_target = None if points.strip().lower() == "none" else int(points)
        store = open_store(db)
        data = store.set_target(pick(store, game).id, new_target)
        sheet_hand.after(data, f"target {new_target}" if new_target else "no target", as_json)


def rename(
    old: Annotated[str, typer.Argument(help="The player's name now (any case).", show_default=False)],
    new: Annotated[str, typer.Argument(help="The name to use from now on, in the hands before too.", show_default=False)],
    game: Game = None, db: Db = None, as_json: Json = False,
) -> None:
    """Rename a player in a game, the hands already played included (recorded; remi undo takes it back).

    The same name in every game is the same person (remi stats): rename a typo to join them.

    Example: remi rename Bogdi Bogdan --game friday
    """
    with errors():
        store = open_store(db)
        info = pick(store, game)
        data = store.rename(info.id, old, new)
        was = next((p for p in info.players if p.casefold() == old.strip().casefold()), old)  # the game's spelling
        sheet_hand.after(data, f"{was} is now {new.strip()}", as_json)


def register(app: typer.Typer) -> None:
    """Add the score-sheet commands to the main app, in the order ``remi --help`` lists them."""
    app.command("new")(new)
    sheet_hand.register(app)
    for command in (sheet, undo, history, games, export):
        app.command(command.__name__)(command)
    app.command("import")(import_)
    app.command("stats")(stats)
    app.command("plot")(plot)
    app.command("target")(target)
    app.command("rename")(rename)
