"""Photos at the command line: the fixes' text parsed, the reading shown, the prompt.

What a photo comes to is ``remi.vision.photo``'s (read, correct, keep, annotate: the one
photo path); this module only renders it for a terminal and asks for fixes there. The tiles
read are numbered in reading order (the numbers drawn by ``--annotate`` too) and corrected in
one step: ``--fix 3=r1`` changes tile 3, ``--fix 7=-`` drops it (not a tile), ``--fix +=k5``
adds a tile the reader missed. At a terminal one prompt takes the same fixes, and Enter
accepts everything. A corrected photo is kept as labelled data (for ``remi vision adapt``)
only when the user says so: ``--keep``, or a yes at the terminal.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from remi.engine import Tile
from remi.i18n import N_, gettext as _, ngettext, percent
from remi.vision.doubts import said
from remi.vision.errors import FixError, NoTilesFound, PhotoFixUnrouted
from remi.vision.photo import Corrected, apply_fixes, parse_fixes, words_of

if TYPE_CHECKING:
    from rich.console import Console

    from remi.engine import Rules
    from remi.vision.reader import Reading

#: the one prompt for fixes, tiles or cards (``{example}``: a tile or a card in its notation)
PROMPT = {"tiles": N_("Fix: N=TILE, N=- or +=TILE (e.g. 3=%(example)s 7=-); Enter accepts all"),
          "cards": N_("Fix: N=CARD, N=- or +=CARD (e.g. 3=%(example)s 7=-); Enter accepts all")}


def dumps(data: dict) -> str:
    """JSON indented for reading, each box on one line.

    >>> print(dumps({"tiles": [{"tile": "r7", "box": [1.5, 2, 30, 40]}]}))
    {
      "tiles": [
        {
          "tile": "r7",
          "box": [1.5, 2, 30, 40]
        }
      ]
    }
    """
    import json
    import re

    text = json.dumps(data, indent=2, ensure_ascii=False)
    return re.sub(r"\[\s+(-?[\d.e+-]+(?:,\s+-?[\d.e+-]+)*)\s+\]",
                  lambda m: "[" + ", ".join(v.strip() for v in m.group(1).split(",")) + "]", text)


def reading_table(reading: Reading, title: str | None = None, corrected: Corrected | None = None):
    """The tiles as read, numbered; with ``corrected``, a column of what the fixes made of each
    (``-``: dropped), so the table shows the new read beside the old."""
    from rich.table import Table

    noun, notation = words_of(reading.kind)[:2]
    entries = corrected.by_number() if corrected is not None else {}
    dropped = set(corrected.dropped) if corrected is not None else set()
    table = Table(title=title, show_edge=False)
    table.add_column("#", justify="right")
    table.add_column(_("tile") if noun == "tile" else _("card"))
    if corrected is not None and corrected.changed:
        table.add_column(_("fixed"))
    table.add_column(_("confidence"), justify="right")
    table.add_column(_("box (x1 y1 x2 y2)"), style="dim")
    for i, d in enumerate(reading.detections, start=1):
        conf = percent(d.confidence) + (" [bold red]?[/]" if d.low and i not in entries and i not in dropped else "")
        entry = entries.get(i)
        fixed = ["-" if i in dropped else (entry.tile.format(notation) if entry and entry.read else "")]  # type: ignore[arg-type]
        row = [str(i), d.tile.format(notation)] + (fixed if len(table.columns) == 5 else [])  # type: ignore[arg-type]
        table.add_row(*row, conf, " ".join(f"{v:.0f}" for v in d.box))
    return table


def unsure_lines(reading: Reading, corrected: Corrected | None = None) -> list[str]:
    """The reads that need a look, by number, with the reason and the runner-up kinds; then
    the boxes set aside as probably no tile, numbered after the tiles (a fix counts one). A
    read the user fixed says what it now is."""
    noun, notation = words_of(reading.kind)[:2]
    entries = corrected.by_number() if corrected is not None else {}
    dropped = set(corrected.dropped) if corrected is not None else set()
    lines = []
    if not reading.colour:
        lines.append(_("the photo has no colour: every tile's colour is a guess; take it again in colour")
                     if noun == "tile" else
                     _("the photo has no colour: every card's colour is a guess; take it again in colour"))
    for i, d in enumerate(reading.detections, 1):
        if i in dropped or (i in entries and entries[i].read is not None):
            continue
        if d.low and reading.colour:
            lines.append(f"? {i} {d.tile.format(notation)} ({percent(d.confidence)}): {said(d.doubt, notation)}")  # type: ignore[arg-type]
    n = len(reading.detections)
    for i, d in enumerate(reading.set_aside, n + 1):
        if i in entries:
            continue
        fields = {"number": i, "box": " ".join(f"{v:.0f}" for v in d.box), "fix": f"{i}={d.tile.format(notation)}",  # type: ignore[arg-type]
                  "why": said(d.doubt, notation) or (_("probably not a tile") if noun == "tile" else
                                                     _("probably not a card"))}
        lines.append((_("set aside %(number)s, not counted: %(why)s (box %(box)s; if it is a tile: %(fix)s)")
                      if noun == "tile" else
                      _("set aside %(number)s, not counted: %(why)s (box %(box)s; if it is a card: %(fix)s)")) % fields)
    return lines


def interactive(console: Console) -> bool:
    return console.is_terminal and sys.stdin.isatty()


def ask_fixes(reading: Reading, console: Console, rules: Rules | None = None) -> Corrected:
    """One quick pass at the terminal: the fixes on one line, Enter accepts everything."""
    from rich.prompt import Prompt

    from rich.markup import escape

    from remi.i18n import said as refusal

    kind = reading.kind
    example = "r1" if kind == "tiles" else words_of(kind)[2]
    again = _("(try again, or Enter to accept the tiles as read)") if kind == "tiles" else \
        _("(try again, or Enter to accept the cards as read)")
    while True:
        answer = Prompt.ask(_(PROMPT[kind]) % {"example": example}, console=console, default="",
                            show_default=False).strip()
        try:
            return apply_fixes(reading, parse_fixes(answer.replace(",", " ").split(), option="", kind=kind),
                               option="", rules=rules)
        except FixError as exc:
            console.print(f"[red]{escape(refusal(exc).strip())}[/] {again}")


@dataclass(frozen=True)
class Review:
    """What a photo came to: the reading, its corrections, and where it was kept (if it was)."""

    reading: Reading
    corrected: Corrected
    kept: Path | None


def take_photo(path: str | Path, console: Console, *, fixes: list[str] | None = None, ask: bool = False,
               keep: bool | None = None, option: str = "--fix", expect: tuple[int, int] | None = None,
               kind: str = "tiles", models: Path | None = None, rules: Rules | None = None,
               hand: tuple[int, int] | None = None, annotate: Path | None = None, show: bool = True,
               need_tiles: bool = True) -> Review:
    """A photo at the command line, through ``remi.vision.photo``: the fixes parsed (a bad one
    refused before the photo is read), the photo read, the fixes applied (a bad one refused
    before anything is shown or written), the reading shown (``show``) and the fixes asked for
    at the terminal (``ask``), then the count checked (``hand``; ``need_tiles``: some left),
    the photo kept when the user says so (``keep`` True, or a yes after fixes typed at the
    prompt) and the picture drawn once, with the corrections (``annotate``)."""
    from remi.vision import photo as P

    noun = words_of(kind)[0]
    parsed = parse_fixes(fixes, option, kind)
    image, reading = P.read(path, models, expect=expect, kind=kind, rules=rules)
    if not reading.detections and not any(f.number is None for f in parsed):
        raise NoTilesFound(photo=str(path), noun=noun)
    corrected = apply_fixes(reading, parsed, option, rules)
    if show:
        _show(console, Path(path), reading, corrected)
    asked = ask and not parsed
    if asked:
        corrected = ask_fixes(reading, console, rules)
    P.check_count(path, corrected, kind, hand, option, need_tiles)
    if keep is None and asked and corrected.changed:
        keep = _offer_keep(console, noun)  # only after fixes typed at the prompt: on the command line, --keep
    kept = _keep(console, Path(path), reading, corrected) if keep else None
    if annotate is not None:
        P.annotate(annotate, image, reading, corrected)
    return Review(reading, corrected, kept)


def _keep(console: Console, path: Path, reading: Reading, corrected: Corrected) -> Path | None:
    """Keep the corrected photo and say where; a full kept folder is one line, the rest goes on."""
    from remi.vision.errors import KeptFull
    from remi.vision.photo import keep_corrected

    try:
        kept = keep_corrected(path, reading, corrected)
    except KeptFull as exc:
        from rich.markup import escape

        from remi.i18n import said as refusal

        console.print(f"[yellow]{escape(refusal(exc))}[/]", highlight=False)
        return None
    console.print((_("kept for remi vision adapt: %(path)s") if reading.kind == "tiles" else _("kept: %(path)s"))
                  % {"path": kept})
    return kept


def _show(console: Console, path: Path, reading: Reading, corrected: Corrected) -> None:
    count = len(reading.detections)
    title = (ngettext("%(count)d tile read from %(photo)s", "%(count)d tiles read from %(photo)s", count)
             if reading.kind == "tiles" else
             ngettext("%(count)d card read from %(photo)s", "%(count)d cards read from %(photo)s", count)) \
        % {"count": count, "photo": path.name}
    console.print(reading_table(reading, title=title, corrected=corrected))
    for line in unsure_lines(reading, corrected):
        console.print(f"[yellow]{line}[/]", highlight=False)


def _confirm_class():
    """rich's yes/no prompt in the reader's words: ``[d/n]`` in Romanian, ``[o/n]`` in French; it
    takes y/n and the reader's own words (``da``, ``oui``), as the sheet's form does."""
    from rich.prompt import Confirm, InvalidResponse

    from remi.engine.messages import sentence
    from remi.sheet_prompt import NO, YES, answered

    class Said(Confirm):
        choices = [_(YES[1])[0].lower(), _(NO[1])[0].lower()]
        validate_error_message = "[prompt.invalid]" + sentence("cli.answer_yes_no", {})

        def process_response(self, value: str) -> bool:
            value = value.strip()
            if answered(value, YES):
                return True
            if answered(value, NO):
                return False
            raise InvalidResponse(self.validate_error_message)

    return Said


def _offer_keep(console: Console, noun: str) -> bool:
    question = (_("Keep this photo and its corrected tiles to teach remi your set (remi vision adapt)?")
                if noun == "tile" else
                _("Keep this photo and its corrected cards as labelled data (your data folder's photos/cards)?"))
    return _confirm_class().ask(question, console=console, default=False)


def route_photo_fixes(values: list[str] | None, board_photo: bool, rack_names: list[str]) -> dict[str | None, list[str]]:
    """The sheet's ``--photo-fix [NAME:]N=TILE`` sorted by photo: NAME's rack photo, or (no
    NAME) the board photo, or the only photo given. FixError naming a fix with no photo.

    >>> route_photo_fixes(["3=r1", "dan:2=-", "Dan:+=k5"], True, ["Dan"])
    {None: ['3=r1'], 'Dan': ['2=-', '+=k5']}
    """
    out: dict[str | None, list[str]] = {}
    names = {n.casefold(): n for n in rack_names}
    for value in values or []:
        head, colon, rest = value.partition(":")
        if colon and not head.strip().isdigit() and head.strip() not in ("+", ""):
            name = names.get(head.strip().casefold())
            if name is None:
                raise PhotoFixUnrouted(fix=value, name=head.strip())
            out.setdefault(name, []).append(rest)
        elif board_photo or len(rack_names) == 1:
            out.setdefault(None if board_photo else rack_names[0], []).append(value)
        else:
            raise PhotoFixUnrouted(fix=value, name=None)
    return out


def read_photo_tiles(path: str | Path, *, console: Console, confirm: bool | None = None,
                     fixes: list[str] | None = None, keep: bool | None = None, option: str = "--fix",
                     expect: tuple[int, int] | None = None, kind: str = "tiles", models: Path | None = None,
                     rules: Rules | None = None, hand: tuple[int, int] | None = None) -> list[Tile]:
    """Read a photo's tiles (``kind`` "cards": its cards) in reading order, show them, apply
    the fixes (or ask for them at a terminal) and return them (``take_photo``).

    ``confirm`` None asks only at a terminal. Raises a typed ``vision.VisionError`` (a
    RemiError and ValueError) with a one-line reason for a bad photo, a photo with no tiles,
    a bad fix or no models for ``kind`` (the fixes and the models checked before the photo is read).
    """
    ask = interactive(console) if confirm is None else confirm
    done = take_photo(path, console, fixes=fixes, ask=ask, keep=keep, option=option, expect=expect, kind=kind,
                      models=models, rules=rules, hand=hand)
    notation = words_of(kind)[1]
    if done.corrected.changed:
        console.print(_("corrected:") + " [bold]" + " ".join(t.format(notation) for t in done.corrected.tiles) + "[/]")  # type: ignore[arg-type]
    return done.corrected.tiles


def read_rack(path: str | Path, rules: "Rules", *, console: "Console", fixes: list[str] | None = None,
              keep: bool | None = None, models: Path | None = None) -> tuple[Tile, ...]:
    """A rack read from a photo for ``remi check`` and ``remi advise``, shown and corrected:
    tiles, or in Simple rummy cards (a card models folder). A hand of cards holds 14, or 13
    before the draw (SR-4, SR-17): another count is one line (VisionError), before any check
    and before anything is kept."""
    cards = not rules.is_closed
    size = rules.close_size
    # A rack to check holds 14 or 15 tiles (13 or 14 cards): the reader weighs borderline boxes by it.
    tiles = tuple(read_photo_tiles(path, console=console, fixes=fixes, keep=keep, models=models,
                                   expect=(size - 1, size), kind="cards" if cards else "tiles",
                                   rules=rules if cards else None, hand=(size - 1, size) if cards else None))
    return tiles
