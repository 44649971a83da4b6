"""The tutor's command: ``remi advise``. Parse the arguments, one ``tutor.advise`` call, render.

The tutor itself is imported inside the command, so ``remi --help`` stays fast.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer

from remi.i18n import N_, gettext as _, percent
from remi.options import FixOpt, Json, KeepOpt, ModelsOpt, PhotoOpt, RulesFile, Variant, load_rules

if TYPE_CHECKING:  # the tutor is imported by the command itself (start-up time)
    from remi.tutor.advice import Advice

EXAMPLE = (
    "Examples:\n\n"
    "  remi advise \"r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1\" --drawn k13\n\n"
    "  remi advise \"k2 k5 k9 b3 b4 b11 r7 r7 r8 y1 y6 y12 * k13\" --atu b8 --seats Ana,Dan,Ion "
    "--me Ana --row Ana=\"k4 b5\" --row Dan=\"r6 r9\" --took Dan=\"y12\" --json\n\n"
    "  remi advise --variant simple \"7h 8h 9h Js Jh Jc 2c 3c 5c As Ad Ac 10d\" --row pile=\"Kd 4c\"\n\n"
    "  remi advise --variant simple --photo hand.jpg --fix 3=7h --models my-card-models\n\n"
    "  remi advise \"r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1\" --drawn k13 --rules house.toml"
)

#: where the tutor says to draw from (``Advice.draw``), in words (as the phone's tutor says them)
SOURCES = {"stock": N_("stock"), "row": N_("row"), "atu": N_("atu"), "pile": N_("pile"), "tournante": N_("tournante")}
#: what the table's columns mean: one line under it (under 80 columns), each at length with --explain
LEGEND = {
    "closed": (N_("steps: tiles missing · live outs: unseen helpers · feed risk: neighbour uses it"),),
    "simple": (N_("steps: cards missing · live outs: unseen helpers · feed risk: neighbour uses it"),),
}
EXPLAIN = {
    "closed": (
        N_("steps: the fewest tiles your rack still lacks to be a whole board once you throw that tile (0: any draw "
           "closes)."),
        N_("live outs: the copies not yet seen (not on your rack, in a row, the atu or taken) of the tiles that "
           "would bring you a step nearer."),
        N_("close in 3: the chance that your next 3 draws bring the close, if nobody closes first; an atu that "
           "fills the last gap makes it sure (CR-19)."),
        N_("feed risk: the chance your left neighbour takes the tile from their row and uses it, from what they "
           "took, threw and left lying."),
        N_("The throws come best first: the fewest steps, then the best chance to close with the least feed risk."),
    ),
    "simple": (
        N_("steps: the fewest cards your hand still lacks to meld all but one, a run and a set among them, once "
           "you throw that card (0: any draw goes out, SR-17, SR-18)."),
        N_("live outs: the copies not yet seen (not in your hand, on the pile or taken) of the cards that would "
           "bring you a step nearer."),
        N_("go out in 3: the chance that your next 3 draws let you go out, if nobody goes out first."),
        N_("feed risk: the chance your left neighbour takes the card from the pile and uses it, from what they "
           "took, threw and left lying."),
        N_("The throws come best first: the fewest steps, then the best chance to go out with the least feed "
           "risk."),
    ),
}


def _rows(specs: list[str], option: str = "--row") -> dict[str, str]:
    from remi.errors import fail

    rows: dict[str, str] = {}
    for spec in specs:
        name, sep, tiles = spec.partition("=")
        name = name.strip()
        if not sep or not name:
            raise fail("cli.row_syntax", option=option, spec=spec)
        if name in rows:
            raise fail("cli.row_twice", option=option, name=name)
        rows[name] = tiles
    return rows


def advise_cmd(
    rack: Annotated[Optional[str], typer.Argument(help="Your rack: tiles (r7 k13 *) or cards (7h Qs *), space separated.")] = None,
    variant: Variant = "closed",
    atu: Annotated[Optional[str], typer.Option("--atu", help="The atu tile lying face up (Closed Rummy).")] = None,
    row: Annotated[Optional[list[str]], typer.Option(
        "--row", help="A face-up row: NAME=\"tiles, oldest first\" (repeat it). Simple: pile=..., tournante=...")] = None,
    took: Annotated[Optional[list[str]], typer.Option(
        "--took", help="What another player took from their row this hand (Simple: from the pile): "
                       "NAME=\"tiles, oldest first\" (repeat it).")] = None,
    seats: Annotated[Optional[str], typer.Option(
        "--seats", help="The players in the order of play: Ana,Dan,Ion (needed for any row but yours).")] = None,
    me: Annotated[Optional[str], typer.Option("--me", help="Which of --seats is yours (default: the first).")] = None,
    drawn: Annotated[Optional[str], typer.Option("--drawn", help="The tile you just drew (then: what to throw).")] = None,
    source: Annotated[Optional[str], typer.Option(
        "--from", help="Where the drawn tile came from: row, stock, atu, pile or tournante.")] = None,
    rules_file: RulesFile = None,
    explain: Annotated[bool, typer.Option("--explain", help="Say what each column of the table means.")] = False,
    photo: PhotoOpt = None,
    fix: FixOpt = None,
    keep: KeepOpt = None,
    models: ModelsOpt = None,
    as_json: Json = False,
) -> None:
    """What to draw, what to throw, and why: each throw ranked by steps to close, live outs,
    chance to close within 3 draws and the risk of feeding your left neighbour."""
    from remi.errors import fail, user_errors

    if source is not None and drawn is None and source != "atu":
        raise fail("cli.from_needs_drawn")
    if (rack is None) == (photo is None):
        raise fail("cli.rack_or_photo")
    if photo is None and (fix or keep is not None or models is not None):
        raise fail("cli.photo_options")
    rows = _rows(row or [])
    taken = _rows(took or [], "--took")
    from remi.tutor.advice import advise  # the submodule: works with any install of the package

    with user_errors():
        if photo is not None:
            from rich.console import Console

            from remi.photos import read_rack
            from remi.engine.words import notation_for

            read = read_rack(photo, load_rules(variant, rules_file), console=Console(stderr=as_json), fixes=fix,
                             keep=keep, models=models)
            rack = " ".join(t.format(notation_for(variant)) for t in read)  # type: ignore[arg-type]
        try:
            rules = load_rules(variant, rules_file) if rules_file else None
            result = advise(rack or "", variant=variant, atu=atu, rows=rows or None, seats=seats, me=me,
                            drawn=drawn, source=source, took=taken or None, rules=rules)
        except (ValueError, OSError):
            raise
        except Exception as exc:  # noqa: BLE001 - one line, never a traceback
            raise fail("cli.tutor_internal", 1, kind=type(exc).__name__, detail=str(exc)) from None
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2, ensure_ascii=False))
        return
    _render(result, explain)


def _render(result: Advice, explain: bool = False) -> None:
    """The advice in the reader's language (the command's, remi.i18n.speak_for_command)."""
    from rich.console import Console

    console = Console(highlight=False)
    closed = result.variant != "simple"  # Simple rummy: cards, going out (SR-17)
    if result.draw:
        console.print("[bold]" + _("Draw:") + f"[/bold] {_(SOURCES.get(result.draw, result.draw))}")
    if result.close:
        close = result.close
        fields = {"formations": " · ".join(close.formations), "tile": close.discard, "points": close.points}
        label = _("Close:") if closed else _("Go out:")
        said = (_("%(formations)s, throw %(tile)s (%(points)s points)") if closed
                else _("%(formations)s, throw %(tile)s")) % fields
        console.print(f"[bold green]{label}[/bold green] {said}")
    rows = [a for a in result.advice if not a.close]
    if rows:
        console.print(_throws_table(rows, closed))
        for line in (EXPLAIN if explain else LEGEND)["closed" if closed else "simple"]:
            console.print(_(line), style="dim")
    console.print(result.said())  # the tutor's throw and why, typed, in the reader's language


def _throws_table(rows: list, closed: bool) -> Any:
    """The throws, best first, at most 8: steps, live outs, the chance to close in 3 draws, feed risk."""
    from rich.table import Table

    table = Table(title=_("Throws, best first"), title_justify="left")
    table.add_column(_("throw"))
    for col in (_("steps"), _("live outs"), _("close in 3") if closed else _("go out in 3"), _("feed risk")):
        table.add_column(col, justify="right")
    for a in rows[:8]:
        table.add_row(a.discard, str(a.steps), str(a.outs), percent(a.p_close), percent(a.feed_risk))
    return table


def register(app: typer.Typer) -> None:
    """Add ``remi advise`` to the main app."""
    app.command("advise", epilog=EXAMPLE)(advise_cmd)
