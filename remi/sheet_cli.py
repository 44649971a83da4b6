"""The score-sheet commands: new, hand, sheet, undo, fix, history, games, export, import,
stats, plot. Each parses its options, makes one ``scoresheet`` call and renders the result.

SQLModel, Alembic and matplotlib are imported inside the commands only, so ``remi --help``
stays fast. Every command takes ``--db`` (a path or URL; env ``REMI_DB``; default the user
data directory) and ``--json``.
"""

import json
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

if TYPE_CHECKING:
    from remi.engine import Tile
    from remi.scoresheet.entry import HandInput
    from remi.scoresheet.store import Store

DbOpt = Annotated[Optional[str], typer.Option("--db", help="Database: a file path or a URL (postgresql://user:pw@host/db). Default: env REMI_DB, else remi.db in the user data folder.", show_default=False)]
GameOpt = Annotated[Optional[str], typer.Option("--game", "-g", help="Game name or id. Default: the latest open game.", show_default=False)]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON for scripts instead of a table.")]


#: the CLI's name for each field a library error can name (``SheetError.fields``)
FLAGS = {
    "closer": "--closer", "nobody": "--nobody", "atu": "--atu", "board": "--board", "board_points": "--board-points",
    "throw": "--throw", "atu_close": "--atu-close", "twin": "--twin", "racks": "--rack/--points", "note": "--note",
    "game": "--game", "name": "--name", "variant": "--variant", "players": "--players", "teams": "--teams",
    "target": "--target", "number": "HAND",
}


def describe(exc: ValueError) -> str:
    """A library error in the CLI's words: the flags of the fields at fault, and what to type."""
    from remi.scoresheet.errors import EnteredTwice, GameFinished, NoGame, SheetError

    if isinstance(exc, EnteredTwice):
        return f"hand {exc.number} has exactly these entries: entered twice? add --again to record it anyway"
    if isinstance(exc, NoGame):
        if exc.selector is None:
            return "no game yet: start one with remi new --variant closed --players Ana,Dan"
        return f"no game {exc.selector!r}: see remi games"
    if isinstance(exc, GameFinished):
        return f"{exc}: start a new game with remi new"
    if not isinstance(exc, SheetError) or not exc.fields:
        return str(exc)
    flags = "/".join(FLAGS.get(f, f) for f in exc.fields)
    return f"{flags}: {exc.detail if exc.label else exc}"


def errors() -> AbstractContextManager[None]:
    """Library errors as one line on stderr and an exit code (see remi.errors.user_errors)."""
    from remi.errors import user_errors

    return user_errors(interrupted="interrupted; nothing was recorded", describe=describe)


def _store(db: str | None) -> "Store":
    from remi.scoresheet.store import Store

    return Store.open(db)


def _emit(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def _pairs(values: list[str] | None, flag: str) -> list[tuple[str, str]]:
    from remi.scoresheet.errors import SheetError

    out = []
    for v in values or []:
        name, sep, rest = v.partition("=")
        if not sep or not name.strip() or not rest.strip():
            raise SheetError(f"{flag} {v!r}: write NAME=VALUE, like Dan=\"r1 k1 ...\" or Dan=95")
        out.append((name.strip(), rest.strip()))
    return out


def _hand_input(*, atu: str | None, closer: str | None, nobody: bool, board: "str | tuple[Tile, ...] | None",
                board_points: str | None,
                throw: str | None, joker_close: bool, atu_close: bool, twin: str | None, rack: list[str] | None,
                points: list[str] | None, note: str | None, board_photo: Path | None,
                rack_photo: list[str] | None, photo_fix: list[str] | None = None,
                keep: bool | None = None) -> "HandInput":
    """The options of ``hand``/``fix`` parsed once into a HandInput (bad values name their flag)."""
    from remi.engine import RemiError
    from remi.scoresheet.entry import HandInput, RackInput
    from remi.scoresheet.errors import SheetError

    racks: dict[str, RackInput] = {}

    def put(name: str, flag: str, parse: Callable[[], RackInput]) -> None:
        if name in racks:
            raise SheetError(f"{name}'s rack is given twice")
        try:
            racks[name] = parse()
        except RemiError as exc:
            raise SheetError(f"{flag} {name}: {exc}") from None

    photos = _pairs(rack_photo, "--rack-photo")
    if (photo_fix or keep is not None) and board_photo is None and not photos:
        raise SheetError("--photo-fix and --keep correct a photo's tiles: give --board-photo or --rack-photo")
    fixes = _photo_fixes(photo_fix, board_photo is not None, [name for name, _ in photos])
    if board_photo is not None:
        if board is not None:
            raise SheetError("give the board as tiles or as a photo, not both")
        board = _photo_tiles(board_photo, fixes.get(None), keep, "--photo-fix", (14, 15))
    for name, path in photos:
        put(name, "--rack-photo",
            lambda path=path, name=name: RackInput(tiles=_photo_tiles(Path(path), fixes.get(name), keep,
                                                                      f"--photo-fix {name}:", (14, 14))))
    for name, tiles in _pairs(rack, "--rack"):
        put(name, "--rack", lambda tiles=tiles: RackInput.parse_tiles(tiles))
    for name, value in _pairs(points, "--points"):
        put(name, "--points", lambda value=value: RackInput.parse_value(value))
    return HandInput.parse(closer=closer, nobody=nobody, atu=atu, board=board, board_points=board_points, throw=throw,
                           joker_close=joker_close, atu_close=atu_close, twin=twin, racks=racks, note=note)


def _photo_fixes(values: list[str] | None, board: bool, names: list[str]) -> dict[str | None, list[str]]:
    """``--photo-fix [NAME:]N=TILE`` by photo (remi.photos; vcli)."""
    if not values:
        return {}
    from remi.photos import route_photo_fixes

    return route_photo_fixes(values, board, names)


def _photo_tiles(path: Path, fixes: list[str] | None = None, keep: bool | None = None,
                 option: str = "--fix", expect: tuple[int, int] | None = None) -> "tuple[Tile, ...]":
    """Tiles read from a photo by the vision helper (shown and corrected at the terminal);
    ``expect`` (fewest, most) lets it weigh borderline boxes: a board 14-15, a rack 14."""
    from rich.console import Console

    from remi.scoresheet.errors import SheetError

    if not path.is_file():
        raise SheetError(f"no photo {path}")
    try:
        from remi.photos import read_photo_tiles
    except ImportError:
        raise SheetError("reading photos needs remi's vision part, which is not installed") from None
    return tuple(read_photo_tiles(path, console=Console(stderr=True), fixes=fixes, keep=keep, option=option,
                                  expect=expect))


def register(app: typer.Typer) -> None:
    """Add the score-sheet commands to the main app."""

    @app.command("new")
    def new(
        variant: Annotated[str, typer.Option("--variant", "-v", help="closed (Closed Rummy, tiles) or simple (Simple rummy, cards).")] = "closed",
        players: Annotated[Optional[str], typer.Option("--players", "-p", help="Names in seat order, comma separated.", show_default=False)] = None,
        teams: Annotated[Optional[str], typer.Option("--teams", help="Simple 2 vs 2: the pairs, like Ana+Ion,Dan+Eva (partners sit opposite).", show_default=False)] = None,
        target: Annotated[Optional[int], typer.Option("--target", "-t", help="Closed Rummy: stop after the hand in which someone reaches +T or falls to -T.", show_default=False)] = None,
        rules: Annotated[Optional[Path], typer.Option("--rules", help="TOML file of house options (see engine.Rules).", show_default=False)] = None,
        name: Annotated[Optional[str], typer.Option("--name", "-n", help="The game's name. Default: 'game N'.", show_default=False)] = None,
        db: DbOpt = None,
        as_json: JsonOpt = False,
    ) -> None:
        """Start a game.

        Example: remi new --variant closed --players Ana,Dan,Ion --target 1000 --name friday
        """
        with errors():
            from remi.engine import Rules
            from remi.scoresheet.errors import SheetError

            if variant not in ("closed", "simple"):
                raise SheetError(f"unknown variant {variant!r}: use closed or simple")
            names = [p for p in players.split(",")] if players else []
            pairs = [t.split("+") for t in teams.split(",")] if teams else None
            if not names and not pairs:
                raise SheetError("who plays? give --players Ana,Dan,Ion")
            table_rules = Rules.load(rules, variant=variant) if rules is not None else None
            game = _store(db).new_game(name, variant, names, teams=pairs, target=target, rules=table_rules)
            if as_json:
                _emit(game.to_dict())
                return
            from remi.sheet_render import console

            seats = ", ".join(f"{i}. {p}" for i, p in enumerate(game.players, 1))
            console().print(f"[bold]{game.name}[/] ({game.variant}): {seats}"
                            + (f"; target {game.target}" if game.target else "")
                            + ("; teams " + " vs ".join("+".join(t) for t in game.teams) if game.teams else ""))

    def hand_command(fix: bool) -> Callable[..., None]:
        def command(
            number: int = 0,
            atu: Annotated[Optional[str], typer.Option("--atu", "-a", help="The atu tile (r7, k1, * ...).", show_default=False)] = None,
            closer: Annotated[Optional[str], typer.Option("--closer", "-c", help="Who closed (Simple: who went out).", show_default=False)] = None,
            nobody: Annotated[bool, typer.Option("--nobody", help="Nobody closed (stock out, or the table stopped).")] = False,
            board: Annotated[Optional[str], typer.Option("--board", "-b", help="The closer's 15 tiles: 14 in formations plus the throw (Simple: 14 cards).", show_default=False)] = None,
            board_points: Annotated[Optional[str], typer.Option("--board-points", help="The closer's board as a number instead of tiles.", show_default=False)] = None,
            throw: Annotated[Optional[str], typer.Option("--throw", help="The tile thrown to close (a joker doubles the closer).", show_default=False)] = None,
            joker_close: Annotated[bool, typer.Option("--joker-close", help="The closer threw a joker (same as --throw '*').")] = False,
            atu_close: Annotated[bool, typer.Option("--atu-close", help="The closer pulled the atu in: --board is then 14 tiles.")] = False,
            twin: Annotated[Optional[str], typer.Option("--twin", help="Who was dealt the atu's twin (+50).", show_default=False)] = None,
            rack: Annotated[Optional[list[str]], typer.Option("--rack", "-r", help="A loser's 14 tiles: NAME=\"tiles\" (repeat).", show_default=False)] = None,
            points: Annotated[Optional[list[str]], typer.Option("--points", help="A loser's rack as a number or counts: NAME=95, NAME=11L3H, NAME=1J5H (repeat).", show_default=False)] = None,
            note: Annotated[Optional[str], typer.Option("--note", help="A free-text note.", show_default=False)] = None,
            board_photo: Annotated[Optional[Path], typer.Option("--board-photo", help="Read the board from a photo.", show_default=False)] = None,
            rack_photo: Annotated[Optional[list[str]], typer.Option("--rack-photo", help="Read a loser's rack from a photo: NAME=PHOTO (repeat).", show_default=False)] = None,
            photo_fix: Annotated[Optional[list[str]], typer.Option("--photo-fix", help="Correct tile N as read from a photo: N=r7, N=- (drop), +=r7 (add); NAME:N=r7 for NAME's rack photo (repeat).", show_default=False)] = None,
            keep: Annotated[Optional[bool], typer.Option("--keep/--no-keep", help="Keep the photos and their corrected tiles to teach remi your set (remi vision adapt).", show_default=False)] = None,
            delete: Annotated[bool, typer.Option("--delete", help="fix only: strike the hand out (undo brings it back).")] = False,
            ask: Annotated[bool, typer.Option("--ask", "-i", help="Ask for each item in turn (the default at a terminal with no options).")] = False,
            again: Annotated[bool, typer.Option("--again", help="hand only: record a hand identical to the one before it (refused otherwise, as entered twice).")] = False,
            game: GameOpt = None,
            db: DbOpt = None,
            as_json: JsonOpt = False,
        ) -> None:
            with errors():
                from remi.scoresheet.errors import SheetError

                store = _store(db)
                info = store.find_game(game)
                given = any(v not in (None, False, []) for v in (atu, closer, nobody, board, board_points, throw, joker_close,
                                                                 atu_close, twin, rack, points, board_photo, rack_photo))
                if again and fix:
                    raise SheetError("--again is for remi hand, not fix")
                if delete:
                    if not fix:
                        raise SheetError("--delete is for remi fix HAND")
                    if given:
                        raise SheetError("--delete strikes the whole hand: give no other hand options")
                    sheet = store.delete(info.id, number)
                    _after(sheet, f"hand {number} struck out", as_json)
                    return
                if ask or (not given and sys.stdin.isatty()):
                    from remi.sheet_prompt import ask_hand

                    hand = ask_hand(info, store)
                else:
                    if not given:
                        raise SheetError("no hand given: see remi hand --help (or run it at a terminal to be asked)")
                    hand = _hand_input(atu=atu, closer=closer, nobody=nobody, board=board, board_points=board_points,
                                       throw=throw, joker_close=joker_close, atu_close=atu_close, twin=twin, rack=rack,
                                       points=points, note=note, board_photo=board_photo, rack_photo=rack_photo,
                                       photo_fix=photo_fix, keep=keep)
                if fix:
                    sheet = store.fix(info.id, number, hand)
                    _after(sheet, f"hand {number} corrected", as_json, number)
                else:
                    sheet = store.record(info.id, hand, again=again)
                    _after(sheet, f"hand {len(sheet.rows)} recorded", as_json, len(sheet.rows))
        return command

    hand_doc = """Record one hand.

    Closed Rummy:  remi hand --atu y2 --closer Ana --board "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
    --rack Bogdan="k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10" --points Cristi=135

    Nobody closed: remi hand --atu b7 --nobody --points Vlad=11L3H --points Ana=110 --points Ion=70 --twin Vlad

    Simple rummy:  remi hand --closer Ana

    At a terminal with no options (or with --ask) it asks for each item in turn.
    """
    _register(app, "hand", hand_command(fix=False), hand_doc, with_number=False)
    fix_doc = """Correct hand HAND (same options as remi hand), or strike it out with --delete.

    The old version stays in remi history; remi undo reverts the correction.

    Example: remi fix 3 --atu y2 --closer Ana --board-points 100 --points Bogdan=95 --points Cristi=135
    """
    _register(app, "fix", hand_command(fix=True), fix_doc, with_number=True)

    @app.command("sheet")
    def sheet(
        last: Annotated[int, typer.Option("--last", help="Show only the last N hands (the totals count them all).")] = 40,
        all_hands: Annotated[bool, typer.Option("--all", help="Show every hand.")] = False,
        game: GameOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
    ) -> None:
        """Show the score sheet: one row per hand, running totals, the target and who stands where.

        Example: remi sheet --game friday --all
        """
        with errors():
            store = _store(db)
            data = store.sheet(store.find_game(game).id)
            if as_json:
                _emit(data.to_dict())
                return
            from remi.sheet_render import console, render_sheet

            render_sheet(console(), data, last=None if all_hands else max(last, 1))

    @app.command("undo")
    def undo(game: GameOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
        """Undo the latest hand, correction or deletion (recorded in the history).

        Example: remi undo
        """
        with errors():
            store = _store(db)
            data, undone = store.undo(store.find_game(game).id)
            what = {"hand": "the latest hand", "fix": "the latest correction", "delete": "the latest deletion"}[undone.kind]
            _after(data, f"undid {what}", as_json)

    @app.command("history")
    def history(game: GameOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
        """Everything entered in a game, corrections, deletions and undos included.

        Example: remi history --json
        """
        with errors():
            store = _store(db)
            info = store.find_game(game)
            lines = store.history(info.id)
            if as_json:
                _emit({"game": info.name, "actions": [
                    {"seq": h.seq, "kind": h.kind, "at": h.created_at, "hand": h.number, "undone": h.undone,
                     "undoes": h.undoes, "input": h.hand.to_dict() if h.hand else None} for h in lines]})
                return
            from remi.sheet_render import console, render_history

            render_history(console(), info, lines)

    @app.command("games")
    def games(db: DbOpt = None, as_json: JsonOpt = False) -> None:
        """List the games in the database, newest first.

        Example: remi games --db club.db
        """
        with errors():
            sheets = _store(db).games()
            if as_json:
                _emit([{"id": s.game.id, "name": s.game.name, "variant": s.game.variant, "players": list(s.game.players),
                        "hands": len(s.rows), "totals": s.totals, "finished": s.finished, "winners": s.winners,
                        "created_at": s.game.created_at} for s in sheets])
                return
            from remi.sheet_render import console, render_games

            render_games(console(), sheets)

    @app.command("export")
    def export(
        fmt: Annotated[str, typer.Option("--format", "-f", help="json (the full log, for remi import) or csv (the sheet).")] = "json",
        out: Annotated[Optional[Path], typer.Option("--out", "-o", help="Write to this file instead of stdout.", show_default=False)] = None,
        game: GameOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
    ) -> None:
        """Export a game: JSON (lossless, every entry and correction) or CSV (the sheet).

        Example: remi export --format json --out friday.json
        """
        with errors():
            from remi.scoresheet.errors import SheetError
            from remi.scoresheet.transfer import sheet_csv

            if fmt not in ("json", "csv"):
                raise SheetError(f"unknown format {fmt!r}: use json or csv")
            store = _store(db)
            info = store.find_game(game)
            text = (json.dumps(store.export_game(info.id), indent=2, ensure_ascii=False) + "\n" if fmt == "json"
                    else sheet_csv(store.sheet(info.id)))
            if out is None:
                if as_json and fmt == "csv":
                    _emit({"game": info.name, "format": "csv", "csv": text})
                else:
                    sys.stdout.write(text)
                return
            try:
                out.write_text(text, encoding="utf-8")
            except OSError as exc:
                raise SheetError(f"cannot write {out}: {exc.strerror}") from None
            if as_json:
                _emit({"game": info.name, "format": fmt, "out": str(out)})
            else:
                typer.echo(f"{info.name} exported to {out}")

    @app.command("import")
    def import_(
        file: Annotated[Path, typer.Argument(help="A JSON file written by remi export.")],
        name: Annotated[Optional[str], typer.Option("--name", "-n", help="Import under this name.", show_default=False)] = None,
        db: DbOpt = None, as_json: JsonOpt = False,
    ) -> None:
        """Import a game exported with remi export --format json (a lossless round trip).

        Example: remi import friday.json --name friday-copy
        """
        with errors():
            from remi.scoresheet.errors import SheetError

            try:
                data = json.loads(file.read_text(encoding="utf-8"))
            except OSError as exc:
                raise SheetError(f"cannot read {file}: {exc.strerror}") from None
            except (ValueError, UnicodeDecodeError) as exc:
                raise SheetError(f"{file} is not JSON: {exc}") from None
            if not isinstance(data, dict):
                raise SheetError(f"{file} is not a remi game export")
            store = _store(db)
            info = store.import_game(data, name=name)
            sheet = store.sheet(info.id)
            if as_json:
                _emit(sheet.to_dict())
            else:
                typer.echo(f"imported {info.name}: {len(sheet.rows)} hands")

    @app.command("stats")
    def stats(game: GameOpt = None, db: DbOpt = None, as_json: JsonOpt = False) -> None:
        """Per player over every game (or one with --game): hands, closes, average, best hand, streaks, games won.

        Example: remi stats
        """
        with errors():
            from remi.scoresheet.stats import player_stats

            store = _store(db)
            sheets = [store.sheet(store.find_game(game).id)] if game else store.games()
            table = player_stats(sheets)
            if as_json:
                _emit({"players": [s.to_dict() for s in table]})
                return
            from remi.sheet_render import console, render_stats

            render_stats(console(), table)

    @app.command("plot")
    def plot(
        out: Annotated[Path, typer.Option("--out", "-o", help="The PNG file to write.")] = Path("totals.png"),
        game: GameOpt = None, db: DbOpt = None, as_json: JsonOpt = False,
    ) -> None:
        """Plot the running totals over the hands, one line a player (or team).

        Example: remi plot --out totals.png
        """
        with errors():
            from remi.scoresheet.plot import plot_totals

            store = _store(db)
            data = store.sheet(store.find_game(game).id)
            plot_totals(data, out)
            if as_json:
                _emit({"game": data.game.name, "out": str(out), "hands": len(data.rows)})
            else:
                typer.echo(f"running totals of {data.game.name} written to {out}")


def _register(app: typer.Typer, name: str, fn: Callable[..., None], doc: str, *, with_number: bool) -> None:
    """Register hand/fix: the same options; fix takes the hand number as an argument."""
    import functools
    import inspect

    sig = inspect.signature(fn)
    params = list(sig.parameters.values())
    if with_number:
        params[0] = params[0].replace(annotation=Annotated[int, typer.Argument(help="The hand's number on the sheet.", show_default=False)],
                                      default=inspect.Parameter.empty)
    else:
        params = params[1:]

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        fn(*args, **kwargs)

    wrapper.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__doc__ = doc
    app.command(name)(wrapper)


def _after(sheet: Any, message: str, as_json: bool, number: int | None = None) -> None:
    """What a write prints: the JSON sheet, or the changed line and the standing."""
    if as_json:
        data = sheet.to_dict()
        data["message"] = message
        if number is not None:
            data["recorded"] = number
        _emit(data)
        return
    from remi.sheet_render import console, render_brief

    render_brief(console(), sheet, message, number)
