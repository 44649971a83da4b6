"""The sheet's pages: the games, a new game, the live sheet, the plot, the history and undo.

Every page reads through the same ``Store`` as the CLI; every write is one store call (one
transaction), so the CLI and several phones can write to one sheet at the same time.
"""

from __future__ import annotations

import functools
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.requests import Request
from markupsafe import Markup, escape
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from remi.engine import HandScore, RemiError, Rules, Tile, preset
from remi.engine.rules import MOST_RULES_BYTES
from remi.engine.words import notation_for
from remi.scoresheet.errors import NoGame
from remi.scoresheet.sheet import GameInfo, HistoryLine, Sheet, SheetRow
from remi.scoresheet.store import Store, game_id_of
from remi.web.forms import whole_number
from remi.web.guard import read_form
from remi.web.tiles import chip, signed
from remi.i18n import gettext as _
from remi.i18n import N_, listed, said
from remi.i18n import current as current_language

if TYPE_CHECKING:
    from remi.web.app import Web

#: the hands a sheet shows before "all hands" (the CLI's ``remi sheet`` shows 40 too)
LAST = 40
#: a house rules file is a few lines of TOML
MAX_RULES = MOST_RULES_BYTES
#: what a page says after a change (marked here, said in the reader's language where shown)
DONE = {"created": N_("Game started."), "recorded": N_("Hand %(n)s recorded."), "fixed": N_("Hand %(n)s corrected."),
        "struck": N_("Hand %(n)s struck out."), "undo-hand": N_("The latest hand was undone."),
        "undo-fix": N_("The latest correction was undone."), "undo-delete": N_("The latest deletion was undone."),
        "undo-target": N_("The latest target change was undone."), "undo-rename": N_("The latest rename was undone.")}


def badges(score: HandScore) -> str:
    """SS-3: ★ closer, ×2/×4, T twin (as ``remi sheet``)."""
    return ("★" if score.closer else "") + (f"×{score.multiplier}" if score.multiplier != 1 else "") + \
        ("T" if score.twin else "")


def sheet_view(sheet: Sheet, *, last: int | None = LAST) -> dict[str, Any]:
    """What the sheet's template shows: the rows (as HTML, see ``_row``), the standing, the status."""
    g = sheet.game
    closed = g.rules.is_closed
    rows = sheet.rows if last is None else sheet.rows[-last:]
    sides = list(g.sides.values())
    side_totals = sheet.side_totals()
    rounds = sheet.rounds_lost() if not closed else {}
    return {
        "game": g, "closed": closed, "sides": list(g.sides), "rows_html": Markup("").join(_row(g.id, r, sides, closed) for r in rows),
        "hidden": len(sheet.rows) - len(rows), "count": len(sheet.rows),
        "totals": [{"side": s, "total": side_totals[s], "lost": rounds.get(s)} for s in g.sides],
        "standing": sheet.standing(), "finished": sheet.finished, "winners": sheet.winners, "ended_at": sheet.ended_at,
        "limit": sheet.limit, "next": sheet.next_starter(), "after_end": any(r.after_end for r in sheet.rows),
    }


@functools.lru_cache(maxsize=64)
def _atu_chip(tile: Tile) -> Markup:
    return chip(tile)


def _row(game_id: int, row: SheetRow, sides: list[tuple[str, ...]], closed: bool) -> Markup:
    """One hand's line of the sheet. Written out here rather than in the template: a sheet of
    500 hands renders in a few milliseconds instead of a hundred (bench/web_bench.py)."""
    cells = []
    for members in sides:
        score = sum(row.scores[p].score for p in members)
        total = sum(row.totals[p] for p in members)
        shown = signed(score) if closed else str(score)
        tone = ("plus" if score > 0 else "minus" if score < 0 else "") if closed else ("minus" if score else "")
        marks = "".join(badges(row.scores[p]) for p in members)
        cells.append(f'<td class="{tone}"><span class="sc">{shown}<i>{marks}</i></span><span class="tot">{total}</span></td>')
    if closed:
        atu = _atu_chip(row.hand.atu) if row.hand.atu else ""
        info = "Ø" if row.hand.nobody else (f"{row.board}" if row.board is not None else "")
    else:
        atu, info = "", escape(_("out: %(name)s") % {"name": row.hand.closer})
    n = row.number
    fix = escape(_("fix hand %(number)s") % {"number": n})
    after = ' class="after"' if row.after_end else ""
    # the atu beside the number, the board (or Ø) under them: the column stays narrow
    line = (f'<tr id="hand-{n}"{after}><th><a href="/g/{game_id}/hand/{n}" title="{fix}">{n}</a>'
            f'<span class="atu">{atu}</span><span class="info">{info}</span></th>{"".join(cells)}</tr>')
    if row.hand.note:
        line += f'<tr class="note"><td></td><td colspan="{len(sides)}">{escape(row.hand.note)}</td></tr>'
    return Markup(line)


_VERSION = None  # the query, made on first use (SQLAlchemy is imported by the store anyway)


def version(store: Store, game_id: int) -> str:
    """What the sheet's pages depend on, in one short query: the game's last action (every
    hand, fix, deletion or undo, from any phone or the CLI, adds one) and its settings row
    (a rename or a target change). The live sheet compares it every second; the pages are
    rendered again only when it changes.
    """
    global _VERSION
    if hasattr(store, "version"):
        return str(store.version(game_id))
    import zlib

    from sqlalchemy import text

    if _VERSION is None:
        # models.py: ``game`` holds the settings, ``action`` the log numbered by ``seq``.
        _VERSION = text("SELECT g.name, g.target, g.players, g.teams, g.rules, "
                        "(SELECT max(a.seq) FROM action a WHERE a.game_id = g.id) FROM game g WHERE g.id = :id")
    with store.engine.connect() as conn:
        row = conn.execute(_VERSION, {"id": game_id}).first()
    if row is None:
        raise RemiError("web.no_game_id", game_id=game_id)
    settings = zlib.crc32(repr(tuple(row[:5])).encode())
    return f"{row[5] or 0}-{settings:08x}"


class PartCache:
    """The sheet's rendered table per (game, all hands or not, language), kept while its version holds."""

    def __init__(self) -> None:
        self.parts: dict[tuple[int, bool, str], tuple[str, str, dict[str, Any]]] = {}
        self.lock = threading.Lock()

    def get(self, key: tuple[int, bool, str], current: str) -> tuple[str, dict[str, Any]] | None:
        with self.lock:
            hit = self.parts.get(key)
        return (hit[1], hit[2]) if hit is not None and hit[0] == current else None

    def put(self, key: tuple[int, bool, str], current: str, html: str, meta: dict[str, Any]) -> None:
        with self.lock:
            self.parts[key] = (current, html, meta)


def game_of(web: Web, request: Request) -> GameInfo:
    """The game named in the path (its id), or the store's "no game" error (a page of 404)."""
    wanted = int(request.path_params["game"])
    return web.store.game(wanted)


def game_in_query(web: Web, request: Request) -> GameInfo | None:
    """The game a page's ``?game=`` names (by id), None without one; NoGame (a 404) for an id
    that is none or cannot be one (``²``, past the database's integers)."""
    text = request.query_params.get("game", "")
    if not text:
        return None
    game_id = game_id_of(text)
    if game_id is None:
        raise NoGame(text)
    return web.store.game(game_id)


def web_of(request: Request) -> Web:
    """The app's ``Web`` (the store, the templates) for a page handler."""
    web: Web = request.app.state.web
    return web


def games(request: Request) -> Response:
    web = web_of(request)
    items = []
    for s in web.store.games():
        g = s.game
        if s.finished:
            status = _("won by %(names)s") % {"names": listed(s.winners)}
        elif s.rows:
            leader, total = s.standing()[0]
            status = (_("%(name)s leads (%(total)s)") if g.rules.is_closed else _("%(name)s best (%(total)s)")) % {
                "name": leader, "total": total}
        else:
            status = _("no hands yet")
        items.append({"game": g, "hands": len(s.rows), "status": status, "finished": s.finished})
    return web.page(request, "games.html", games=items)


async def new_game(request: Request) -> Response:
    web = web_of(request)
    if request.method == "GET":
        return web.page(request, "new.html", form={"variant": "closed"}, error=None)
    form = await read_form(request, files=1, part_size=MAX_RULES)
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    try:
        rules_text = await _rules_text(form.get("rules_file"), fields.get("rules_text", ""))
        info = await run_in_threadpool(_create, web.store, fields, rules_text)
    except (RemiError, ValueError) as exc:
        return await run_in_threadpool(web.page, request, "new.html", 400, form=fields, error=said(exc))
    return RedirectResponse(f"/g/{info.id}?done=created", status_code=303)


def _cache(web: Web, name: str) -> PartCache:
    return web.part_caches.setdefault(name, PartCache())


def rendered_part(web: Web, info: GameInfo, show_all: bool) -> tuple[str, str, dict[str, Any]]:
    """The sheet's table for the game as it stands, rendered once per change of version."""
    current = version(web.store, info.id)
    parts = _cache(web, "parts")
    hit = parts.get((info.id, show_all, current_language()), current)
    if hit is None:
        view = sheet_view(web.store.sheet(info.id), last=None if show_all else LAST)
        view["undo"] = undo_what(web.store, info.id)
        html = web.templates.get_template("sheet_part.html").render(s=view, version=current, show_all=show_all)
        hit = (html, {"count": view["count"], "finished": view["finished"], "undo": view["undo"]})
        parts.put((info.id, show_all, current_language()), current, *hit)
    return current, *hit


def undo_what(store: Store, game_id: int) -> str:
    """What "Undo" would take back now, in the CLI's words ("hand 4", "the rename of Bogdi to
    Bogdan"), so that the button can say it; "" when there is nothing to undo."""
    from remi.sheet_render import next_undo, undo_words

    line = next_undo(store.history(game_id))
    return undo_words(line) if line is not None else ""


def sheet(request: Request) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    show_all = request.query_params.get("all") == "1"
    current, html, meta = rendered_part(web, info, show_all)
    done = DONE.get(request.query_params.get("done", ""), "")
    n = request.query_params.get("n", "")
    return web.page(request, "sheet.html", game=info, part=Markup(html), version=current, show_all=show_all,
                    count=meta["count"], finished=meta["finished"], undo=meta["undo"],
                    done=_(done) % {"n": n if n.isdigit() else ""} if done else "")


def part(request: Request) -> Response:
    web = web_of(request)
    _, html, _ = rendered_part(web, game_of(web, request), request.query_params.get("all") == "1")
    return HTMLResponse(html, headers={"cache-control": "no-store"})


def game_version(request: Request) -> Response:
    # Every phone asks this every second: one query, no game lookup.
    return JSONResponse({"version": version(web_of(request).store, int(request.path_params["game"]))},
                        headers={"cache-control": "no-store"})


def plot(request: Request) -> Response:
    # matplotlib takes a few hundred ms a plot: drawn once per version, for every phone.
    from remi.scoresheet.plot import plot_totals

    web = web_of(request)
    info = game_of(web, request)
    current = version(web.store, info.id)
    plots = _cache(web, "plots")
    hit = plots.get((info.id, False, ""), current)
    if hit is None:
        with tempfile.TemporaryDirectory(prefix="remi-plot-") as tmp:
            out = Path(tmp) / "totals.svg"
            plot_totals(web.store.sheet(info.id), out)
            hit = (out.read_text(encoding="utf-8"), {})
        plots.put((info.id, False, ""), current, *hit)
    return Response(hit[0], media_type="image/svg+xml", headers={"cache-control": "no-store"})


def action_words(h: HistoryLine, *, cards: bool) -> tuple[str, str]:
    """An action of the log in words, as ``remi history`` gives it: what it was, and what it
    entered or changed (a hand's inputs, a player's new name, the new target)."""
    from remi.sheet_render import describe_hand

    change = h.change or {}
    if h.kind == "rename":
        return _("renamed"), _("%(old)s is now %(new)s") % {"old": change.get("old"), "new": change.get("new")}
    if h.kind == "target":
        points = change.get("target")
        return _("target changed"), _("the target is now %(target)s") % {"target": points} if points else \
            _("no target from now on")
    if h.kind == "undo":
        return _("undo of #%(seq)s") % {"seq": h.undoes}, ""
    what = {"hand": _("recorded"), "fix": _("corrected"), "delete": _("struck out")}.get(h.kind, h.kind)
    return what, describe_hand(h.hand, cards=cards)


def history(request: Request) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    lines = []
    for h in web.store.history(info.id):
        what, entered = action_words(h, cards=not info.rules.is_closed)
        lines.append({"seq": h.seq, "when": h.created_at.replace("T", " ")[:19], "what": what, "hand": h.number,
                      "undone": h.undone, "input": entered})
    return web.page(request, "history.html", game=info, lines=lines)


async def undo(request: Request) -> Response:
    await read_form(request)
    return await run_in_threadpool(_undo, request)


def _undo(request: Request) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    try:
        _, undone = web.store.undo(info.id)
    except (RemiError, ValueError) as exc:
        return web.page(request, "error.html", 400, message=said(exc), game=info)
    return RedirectResponse(f"/g/{info.id}?done=undo-{undone.kind}", status_code=303)


def routes(web: Web) -> list[Route]:
    return [
        Route("/", games), Route("/new", new_game, methods=["GET", "POST"]),
        Route("/g/{game:int}", sheet), Route("/g/{game:int}/part", part),
        Route("/g/{game:int}/version", game_version), Route("/g/{game:int}/plot.svg", plot),
        Route("/g/{game:int}/history", history), Route("/g/{game:int}/undo", undo, methods=["POST"]),
    ]


async def _rules_text(upload: UploadFile | str | None, typed: str) -> str:
    """The house rules: an uploaded TOML file, or the text typed in the box."""
    if isinstance(upload, UploadFile) and upload.filename:
        data = await upload.read(MAX_RULES + 1)
        if len(data) > MAX_RULES:
            raise RemiError("web.rules_too_large", most=MAX_RULES // 1024)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise RemiError("web.rules_not_text", name=upload.filename) from None
    return typed


def target_points(text: str) -> int:
    """A target as typed in a form: a whole number of points (whether the rules take it, the store says).

    >>> target_points(" 1500 ")
    1500
    >>> target_points("-5")
    Traceback (most recent call last):
    remi.engine.errors.RemiError: the target '-5' is not a positive number of points
    """
    text = text.strip()
    number = whole_number(text)
    if number is None:
        raise RemiError("web.target_not_points", text=text)
    return number


def _target(fields: dict[str, str]) -> int | None:
    """The new game's target, an explicit choice (issue 28): ``target_mode`` "points" with
    the number, or "none" (play until the table stops, CR-33). A form without the choice (a
    script's post) gives the number or nothing."""
    mode = fields.get("target_mode", "")
    text = fields.get("target", "").strip()
    if mode == "none":
        return None
    if mode not in ("", "points"):
        raise RemiError("web.target_choice", mode=mode)
    if not text:
        if mode == "points":
            raise RemiError("web.target_in_points")
        return None
    return target_points(text)


def _create(store: Store, fields: dict[str, str], rules_text: str) -> GameInfo:
    """A new game from the form: seats in order, teams for Simple 2 vs 2 (partners opposite)."""
    variant = fields.get("variant", "closed")
    if variant not in ("closed", "simple"):
        raise RemiError("web.unknown_variant", name=variant)
    players = [fields.get(f"p{i}", "").strip() for i in range(1, 5)]
    players = [p for p in players if p]
    if len(players) < 2:
        raise RemiError("web.who_plays")
    target = _target(fields) if variant == "closed" else None
    # Simple rummy at four is two against two, partners sitting opposite (docs/rules.md 0.10).
    teams = [[players[0], players[2]], [players[1], players[3]]] if variant == "simple" and len(players) == 4 else None
    rules: Rules = Rules.from_toml_text(rules_text, variant=variant) if rules_text.strip() else preset(variant)
    return store.new_game(fields.get("name", "").strip() or None, variant, players, teams=teams, target=target,
                          rules=rules)


__all__ = ["action_words", "routes", "sheet_view", "target_points", "version", "web_of"]
