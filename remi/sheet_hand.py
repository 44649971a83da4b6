"""``remi hand`` and ``remi fix``: a hand's options parsed once into a HandInput, one store call.

The hand's options are defined once here. ``hand`` takes them with ``--again``; ``fix`` with
the hand's number, ``--delete`` and the ``--no-...`` switches that take a detail away: a fix
changes only what it names. A library error names the hand's fields; ``describe`` puts this
command line's flags in their place.
"""

import shlex
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Callable, Optional

import typer

from remi.options import Db, Game, Json, emit, open_store
from remi.sheet_state import pick

if TYPE_CHECKING:
    from remi.engine import Rules, Tile
    from remi.scoresheet.errors import SheetError
    from remi.scoresheet.hand import HandInput, RackInput
    from remi.scoresheet.sheet import Sheet

Atu = Annotated[Optional[str], typer.Option("--atu", "-a", help="The atu tile (r7, k1, * ...).", show_default=False)]
Closer = Annotated[Optional[str], typer.Option("--closer", "-c", help="Who closed (Simple: who went out).", show_default=False)]
Nobody = Annotated[bool, typer.Option("--nobody", help="Nobody closed (stock out, or the table stopped).")]
Board = Annotated[Optional[str], typer.Option("--board", "-b", help="The closer's 15 tiles: 14 in formations plus the throw (Simple: 14 cards).", show_default=False)]
BoardPoints = Annotated[Optional[str], typer.Option("--board-points", help="The closer's board as a number instead of tiles.", show_default=False)]
Throw = Annotated[Optional[str], typer.Option("--throw", help="The tile thrown to close (a joker doubles the closer).", show_default=False)]
# A list so that a second --twin is seen and refused (click keeps the last one silently).
Twin = Annotated[Optional[list[str]], typer.Option("--twin", help="Who was dealt the atu's twin (+50); one player.", show_default=False)]
Rack = Annotated[Optional[list[str]], typer.Option("--rack", "-r", help="A loser's 14 tiles: NAME=\"tiles\" (repeat).", show_default=False)]
Points = Annotated[Optional[list[str]], typer.Option("--points", help="A loser's rack as a number or counts: NAME=95, NAME=11L3H, NAME=1J5H (repeat).", show_default=False)]
Note = Annotated[Optional[str], typer.Option("--note", help="A free-text note.", show_default=False)]
BoardPhoto = Annotated[Optional[Path], typer.Option("--board-photo", help="Read the board from a photo (Simple: the closer's cards, with the card models of REMI_CARD_MODELS).", show_default=False)]
RackPhoto = Annotated[Optional[list[str]], typer.Option("--rack-photo", help="Closed Rummy: read a loser's rack from a photo: NAME=PHOTO (repeat).", show_default=False)]
PhotoFix = Annotated[Optional[list[str]], typer.Option("--photo-fix", help="Correct tile N as read from a photo: N=r7, N=- (drop), +=r7 (add); cards N=7h, +=Qs; NAME:N=r7 for NAME's rack photo (repeat).", show_default=False)]
Keep = Annotated[Optional[bool], typer.Option("--keep/--no-keep", help="Keep the photos and their corrected tiles to teach remi your set (remi vision adapt); cards are kept as labelled data in photos/cards (no card adapt yet).", show_default=False)]
Ask = Annotated[bool, typer.Option("--ask", "-i", help="Ask for each item in turn (the default at a terminal with no options).")]

#: the command line's name for each field a library error can name (``SheetError.fields``)
FLAGS = {
    "closer": "--closer", "nobody": "--nobody", "atu": "--atu", "board": "--board", "board_points": "--board-points",
    "throw": "--throw", "atu_close": "--atu-close", "twin": "--twin", "racks": "--rack/--points", "note": "--note",
    "game": "--game", "name": "--name", "variant": "--variant", "players": "--players", "teams": "--teams",
    "target": "--target", "number": "HAND",
}


def describe(exc: ValueError) -> str:
    """A library error in the command line's words: the flags of the fields at fault, what to type."""
    from remi.engine.messages import sentence
    from remi.scoresheet.errors import EnteredTwice, GameFinished, NoGame, SheetError

    if isinstance(exc, EnteredTwice):
        return sentence("cli.entered_twice", {"number": exc.number})
    if isinstance(exc, NoGame):
        if exc.selector is None:
            return sentence("cli.no_game_yet", {})
        return sentence("cli.no_game", {"selector": exc.selector})
    if isinstance(exc, GameFinished):
        return sentence("cli.finished", {"reason": exc, "like": shlex.quote(exc.game)})
    from remi.i18n import said

    if not isinstance(exc, SheetError) or not exc.fields:
        return said(exc)
    flags = "/".join(FLAGS.get(f, f) for f in exc.fields)
    return sentence("cli.flagged", {"flags": flags, "detail": said(exc, bare=True)})


@contextmanager
def errors() -> Iterator[None]:
    """Library errors as one line on stderr and an exit code (see remi.errors.user_errors);
    after the work, the game it was done on when the user did not name it (sheet_state)."""
    from remi.errors import user_errors
    from remi.sheet_state import announce, where

    with user_errors(interrupted="cli.interrupted_nothing_recorded", describe=lambda exc: describe(exc) + where()):
        yield
    announce()


@dataclass
class HandOptions:
    """The hand's options as typed; ``given`` says whether any was, ``parse`` makes the HandInput."""

    atu: str | None = None
    closer: str | None = None
    nobody: bool = False
    board: str | None = None
    board_points: str | None = None
    throw: str | None = None
    joker_close: bool | None = None
    atu_close: bool | None = None
    twin: str | None = None
    rack: list[str] = field(default_factory=list)
    points: list[str] = field(default_factory=list)
    note: str | None = None
    board_photo: Path | None = None
    rack_photo: list[str] = field(default_factory=list)
    no_twin: bool = False
    photo_fix: list[str] = field(default_factory=list)
    keep: bool | None = None

    @property
    def given(self) -> bool:
        """Any option typed (``--no-joker-close`` too: False is an answer, None is none)."""
        return self.nobody or self.no_twin or any(
            v is not None and v != [] for k, v in vars(self).items() if k not in ("nobody", "no_twin", "keep"))

    def parse(self, rules: "Rules | None" = None) -> "HandInput":
        """The options parsed once into a HandInput (bad values name their flag). In a game of
        ``rules`` Simple rummy the board photo is the closer's cards, read with the card models;
        a rack photo is refused before any photo is read (SR-20: a loser's cards count nothing)."""
        from remi.scoresheet.hand import HandInput

        cards = rules is not None and not rules.is_closed
        variant = "simple" if cards else "closed"
        board: "str | tuple[Tile, ...] | None" = self.board
        photos = _pairs(self.rack_photo, "--rack-photo")
        if cards and photos:
            raise refuse("cli.rack_photo_simple")
        if (self.photo_fix or self.keep is not None) and self.board_photo is None and not photos:
            raise refuse("cli.photo_fix_needs_photo", variant=variant)
        if self.board_photo is not None:
            if board is not None:
                raise refuse("cli.board_twice", variant=variant)
            board = _photo_tiles(self.board_photo, self._fixes(None), self.keep, "--photo-fix", (14, 15),
                                 rules=rules if cards else None)
        return HandInput.parse(closer=self.closer, nobody=self.nobody, atu=self.atu, board=board,
                               board_points=self.board_points, throw=self.throw, joker_close=bool(self.joker_close),
                               atu_close=bool(self.atu_close), twin=self.twin, racks=self._racks(), note=self.note,
                               notation=rules.words.notation if rules is not None else None)

    def changes(self, old: "HandInput", rules: "Rules | None" = None) -> dict[str, Any]:
        """What a fix names, as a hand's fields (``HandInput.amend``): the rest stays as it was."""
        parsed = self.parse(rules)
        out: dict[str, Any] = {}
        for name in ("atu", "closer", "board", "board_points", "throw", "twin", "note"):
            if getattr(self, name) is not None:
                out[name] = getattr(parsed, name)
        if self.board_photo is not None:
            out["board"] = parsed.board
        if self.nobody:
            out["nobody"] = True
        if self.joker_close:
            out["throw"] = parsed.throw
        elif self.joker_close is False and old.throw is not None and old.throw.is_joker:
            out["throw"] = None
        if self.atu_close is not None:
            out["atu_close"] = self.atu_close
        if self.no_twin:
            out["twin"] = None
        if parsed.racks:
            out["racks"] = dict(parsed.racks)
        return out

    def _racks(self) -> "dict[str, RackInput]":
        from remi.engine import RemiError
        from remi.scoresheet.hand import RackInput

        def photo(name: str, path: str) -> RackInput:
            return RackInput(tiles=_photo_tiles(Path(path), self._fixes(name), self.keep, f"--photo-fix {name}:",
                                                (14, 14)))

        racks: dict[str, RackInput] = {}
        sources: list[tuple[str, list[str], Callable[[str, str], RackInput]]] = [
            ("--rack-photo", self.rack_photo, photo),
            ("--rack", self.rack, lambda _name, text: RackInput.parse_tiles(text)),
            ("--points", self.points, lambda _name, text: RackInput.parse_value(text)),
        ]
        for flag, values, parse in sources:
            for name, value in _pairs(values, flag):
                if name in racks:
                    raise refuse("cli.rack_twice", holder=name)
                try:
                    racks[name] = parse(name, value)
                except RemiError as exc:
                    raise refuse("cli.rack_refused", flag=flag, holder=name, reason=exc) from None
        return racks

    def _fixes(self, photo: str | None) -> list[str] | None:
        """``--photo-fix [NAME:]N=TILE`` for one photo: NAME's rack, or None for the board (remi.photos)."""
        if not self.photo_fix:
            return None
        from remi.photos import route_photo_fixes

        names = [name for name, _ in _pairs(self.rack_photo, "--rack-photo")]
        return route_photo_fixes(self.photo_fix, self.board_photo is not None, names).get(photo)


def _one_twin(names: list[str] | None) -> str | None:
    """The one ``--twin`` given (CR-25, rules §0.3: the atu has one twin, so one player holds it)."""
    if not names:
        return None
    if len(names) > 1:
        from remi.scoresheet.errors import SheetError

        raise SheetError("cli.twin_twice", fields=("twin",), names=tuple(names))
    return names[0]


def refuse(code: str, *fields: str, **params: Any) -> Exception:
    """The sheet's refusal of a command's input: a code and its ``params`` (``fields``: the
    hand's fields at fault, which ``describe`` names by their flags); raised by the caller."""
    from remi.scoresheet.errors import SheetError

    return SheetError(code, fields=fields, **params)


def _pairs(values: list[str], flag: str) -> list[tuple[str, str]]:
    out = []
    for v in values:
        name, sep, rest = v.partition("=")
        if not sep or not name.strip() or not rest.strip():
            raise refuse("cli.pair_syntax", flag=flag, value=v)
        out.append((name.strip(), rest.strip()))
    return out


def _photo_tiles(path: Path, fixes: list[str] | None = None, keep: bool | None = None,
                 option: str = "--fix", expect: tuple[int, int] | None = None,
                 rules: "Rules | None" = None) -> "tuple[Tile, ...]":
    """Tiles read from a photo by the vision helper (shown, fixed, corrected at the terminal);
    ``expect`` (fewest, most) lets it weigh borderline boxes: a board 14-15, a rack 14 (vcli).
    ``rules`` (Simple rummy): the closer's cards instead, with the card models, all of the
    hand that goes out (``close_size``) or one line naming ``option``."""
    from rich.console import Console

    if not path.is_file():
        raise refuse("cli.no_photo", path=str(path))
    try:
        from remi.photos import read_photo_tiles
    except ImportError:
        raise refuse("cli.no_vision") from None
    console = Console(stderr=True)
    if rules is None:
        return tuple(read_photo_tiles(path, console=console, fixes=fixes, keep=keep, option=option, expect=expect))
    from remi.vision.folders import NoCardModels, card_models_dir

    size = (rules.close_size, rules.close_size)
    try:
        return tuple(read_photo_tiles(path, console=console, fixes=fixes, keep=keep, option=option, expect=size,
                                      kind="cards", rules=rules, hand=size))
    except NoCardModels:  # the sheet takes no --models: the folder comes from the environment
        raise NoCardModels(card_models_dir(), how="REMI_CARD_MODELS=DIR") from None


def hand(
    atu: Atu = None, closer: Closer = None, nobody: Nobody = False, board: Board = None,
    board_points: BoardPoints = None, throw: Throw = None,
    joker_close: Annotated[bool, typer.Option("--joker-close", help="The closer threw a joker (same as --throw '*').")] = False,
    atu_close: Annotated[bool, typer.Option("--atu-close", help="The closer pulled the atu in: --board is then 14 tiles.")] = False,
    twin: Twin = None, rack: Rack = None, points: Points = None, note: Note = None,
    board_photo: BoardPhoto = None, rack_photo: RackPhoto = None, photo_fix: PhotoFix = None, keep: Keep = None,
    again: Annotated[bool, typer.Option("--again", help="Record a hand identical to the one before it (refused otherwise, as entered twice).")] = False,
    ask: Ask = False, game: Game = None, db: Db = None, as_json: Json = False,
) -> None:
    """Record one hand.

    Closed Rummy:  remi hand --atu y2 --closer Ana --board "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"
    --rack Bogdan="k1 r2 r8 b8 y5 b6 k11 k12 y13 r13 b3 y4 k9 r10" --points Cristi=135

    Nobody closed: remi hand --atu b7 --nobody --points Vlad=11L3H --points Ana=110 --points Ion=70 --twin Vlad

    Simple rummy:  remi hand --closer Ana

    At a terminal with no options (or with --ask) it asks for each item in turn.
    """
    with errors():
        options = HandOptions(atu, closer, nobody, board, board_points, throw, joker_close or None, atu_close or None,
                              _one_twin(twin), rack or [], points or [], note, board_photo, rack_photo or [], False,
                              photo_fix or [], keep)
        store = open_store(db)
        info = pick(store, game)
        if ask or (not options.given and sys.stdin.isatty()):
            _open(store, info)  # before the questions, not after them
            entered = _form(info)
        elif not options.given:
            raise refuse("cli.no_hand")
        else:
            entered = options.parse(info.rules)
        from remi.scoresheet.errors import SheetError

        try:
            sheet = store.record(info.id, entered, again=again)
        except SheetError as exc:
            raise _no_atu(info, entered, exc) from None
        after(sheet, f"hand {sheet.rows[-1].number} recorded", as_json, sheet.rows[-1].number)


def _no_atu(info: Any, entered: "HandInput", exc: "SheetError") -> "SheetError":
    """A Closed Rummy hand refused for want of an atu: the table may play Simple rummy (cards)
    in a game started without --variant simple; say how to start one."""
    from remi.scoresheet.errors import SheetError

    if entered.atu is not None or "atu" not in exc.fields or not info.rules.is_closed:
        return exc
    return SheetError("cli.no_atu_closed", fields=exc.fields, detail=exc.detail, game=info.name)


def fix(
    number: Annotated[int, typer.Argument(help="The hand's number on the sheet.", show_default=False)],
    atu: Atu = None, closer: Closer = None, nobody: Nobody = False, board: Board = None,
    board_points: BoardPoints = None, throw: Throw = None,
    joker_close: Annotated[Optional[bool], typer.Option("--joker-close/--no-joker-close", help="The closer threw a joker (or not, after all).", show_default=False)] = None,
    atu_close: Annotated[Optional[bool], typer.Option("--atu-close/--no-atu-close", help="The closer pulled the atu in (or not, after all).", show_default=False)] = None,
    twin: Twin = None,
    no_twin: Annotated[bool, typer.Option("--no-twin", help="Nobody was dealt the atu's twin after all.")] = False,
    rack: Rack = None, points: Points = None, note: Note = None, board_photo: BoardPhoto = None,
    rack_photo: RackPhoto = None, photo_fix: PhotoFix = None, keep: Keep = None,
    delete: Annotated[bool, typer.Option("--delete", help="Strike the hand out (undo brings it back).")] = False,
    ask: Ask = False, game: Game = None, db: Db = None, as_json: Json = False,
) -> None:
    """Correct hand HAND: change only what you name, the rest stays; or strike it out with --delete.

    At a terminal with no options it asks each item again, offering the current answers. The
    old version stays in remi history; remi undo reverts the correction.

    Example: remi fix 3 --points Cristi=85
    """
    with errors():
        options = HandOptions(atu, closer, nobody, board, board_points, throw, joker_close, atu_close, _one_twin(twin),
                              rack or [], points or [], note, board_photo, rack_photo or [], no_twin, photo_fix or [], keep)
        store = open_store(db)
        info = pick(store, game)
        if delete:
            if options.given:
                raise refuse("cli.delete_alone")
            after(store.delete(info.id, number), f"hand {number} struck out", as_json)
            return
        old = store.hand(info.id, number)
        if ask or (not options.given and sys.stdin.isatty()):
            entered = _form(info, old)
        elif not options.given:
            raise refuse("cli.nothing_to_change")
        else:
            entered = old.amend(options.changes(old, info.rules))
        after(store.fix(info.id, number, entered), f"hand {number} corrected", as_json, number)


def _open(store: Any, info: Any) -> None:
    """GameFinished for a game that is over: a new hand is refused (the form need not ask it)."""
    from remi.scoresheet.errors import GameFinished

    sheet = store.sheet(info.id)
    if sheet.finished:
        raise GameFinished(info.name, sheet.outcome())


def _form(info: Any, current: "HandInput | None" = None) -> "HandInput":
    """The hand asked at the terminal; a no at the end records nothing (exit 1)."""
    from remi.errors import fail
    from remi.sheet_prompt import NotSaved, ask_hand

    try:
        return ask_hand(info, current=current)
    except NotSaved:
        raise fail("cli.not_saved", 1) from None


def after(sheet: "Sheet", message: str, as_json: bool, number: int | None = None) -> None:
    """What a write prints: the JSON sheet, or the changed line and the standing."""
    if as_json:
        data = sheet.to_dict()
        data["message"] = message
        if number is not None:
            data["recorded"] = number
        emit(data)
        return
    from remi.sheet_render import console, render_brief

    render_brief(console(), sheet, message, number)


def register(app: typer.Typer) -> None:
    """Add ``remi hand`` and ``remi fix`` to the main app."""
    app.command("hand")(hand)
    app.command("fix")(fix)
