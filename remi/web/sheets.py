"""The sheet's pages: the games, a new game, the live sheet, the plot, the history and undo.

Every page reads through the same ``Store`` as the CLI; every write is one store call (one
transaction), so the CLI and several phones can write to one sheet at the same time.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from remi.engine import RemiError, Rules, preset
from remi.scoresheet.sheet import Sheet
from remi.web.guard import read_form
from remi.web.tiles import chip, notation_for, signed

#: the hands a sheet shows before "all hands" (the CLI's ``remi sheet`` shows 40 too)
LAST = 40
#: a house rules file is a few lines of TOML
MAX_RULES = 16 * 1024
DONE = {"created": "Game started.", "recorded": "Hand {n} recorded.", "fixed": "Hand {n} corrected.",
        "struck": "Hand {n} struck out.", "undo-hand": "The latest hand was undone.",
        "undo-fix": "The latest correction was undone.", "undo-delete": "The latest deletion was undone."}


def badges(score: Any) -> str:
    """SS-3: ★ closer, ×2/×4, T twin (as ``remi sheet``)."""
    return ("★" if score.closer else "") + (f"×{score.multiplier}" if score.multiplier != 1 else "") + \
        ("T" if score.twin else "")


def sheet_view(sheet: Sheet, *, last: int | None = LAST) -> dict[str, Any]:
    """What the sheet's template shows: rows of cells, the standing and the status lines."""
    g = sheet.game
    closed = g.rules.is_closed
    rows = sheet.rows if last is None else sheet.rows[-last:]
    view_rows = []
    for row in rows:
        cells = []
        for members in g.sides.values():
            score = sum(row.scores[p].score for p in members)
            total = sum(row.totals[p] for p in members)
            shown = signed(score) if closed else str(score)
            tone = ("plus" if score > 0 else "minus" if score < 0 else "") if closed else ("minus" if score else "")
            cells.append({"score": shown, "badges": "".join(badges(row.scores[p]) for p in members),
                          "total": total, "tone": tone})
        if closed:
            atu = chip(_tile(row.hand.atu)) if row.hand.atu else ""
            info = "Ø" if row.hand.nobody else (f"{row.board}" if row.board is not None else "")
        else:
            atu, info = "", f"out: {row.hand.closer}"
        view_rows.append({"number": row.number, "cells": cells, "atu": atu, "info": info, "note": row.hand.note or "",
                          "starter": row.starter, "after_end": row.after_end})
    side_totals = sheet.side_totals()
    rounds = sheet.rounds_lost() if not closed else {}
    return {
        "game": g, "closed": closed, "sides": list(g.sides), "rows": view_rows, "hidden": len(sheet.rows) - len(rows),
        "count": len(sheet.rows), "totals": [{"side": s, "total": side_totals[s], "lost": rounds.get(s)} for s in g.sides],
        "standing": sheet.standing(), "finished": sheet.finished, "winners": sheet.winners, "ended_at": sheet.ended_at,
        "limit": sheet.limit, "next": sheet.next_starter(), "after_end": any(r.after_end for r in sheet.rows),
    }


def _tile(text: str) -> Any:
    from remi.engine import Tile

    return Tile.parse(text)


def version(store: Any, game_id: int) -> int:
    """How far the game's log has got: it changes with every hand, fix, deletion or undo."""
    if hasattr(store, "version"):
        return int(store.version(game_id))
    log = store.log(game_id)
    return log[-1].seq if log else 0


def game_of(web: Any, request: Request) -> Any:
    """The game named in the path (its id), or the store's "no game" error."""
    wanted = int(request.path_params["game"])
    info = web.store.find_game(str(wanted))
    if info.id != wanted:  # a game *named* like this id: the id is what the page asked for
        info = next((s.game for s in web.store.games() if s.game.id == wanted), None)
        if info is None:
            raise RemiError(f"no game with id {wanted}")
    return info


def routes(web: Any) -> list[Route]:
    store = web.store

    def games(request: Request) -> Response:
        sheets = store.games()
        items = []
        for s in sheets:
            g = s.game
            if s.finished:
                status = "won by " + " and ".join(s.winners)
            elif s.rows:
                leader, total = s.standing()[0]
                status = f"{leader} {'leads' if g.rules.is_closed else 'best'} ({total})"
            else:
                status = "no hands yet"
            items.append({"game": g, "hands": len(s.rows), "status": status, "finished": s.finished})
        return web.page(request, "games.html", games=items)

    async def new_game(request: Request) -> Response:
        if request.method == "GET":
            return web.page(request, "new.html", form={"variant": "closed"}, error=None)
        form = await read_form(request, files=1, part_size=MAX_RULES)
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        try:
            rules_text = await _rules_text(form.get("rules_file"), fields.get("rules_text", ""))
            info = await run_in_threadpool(_create, store, fields, rules_text)
        except (RemiError, ValueError) as exc:
            return web.page(request, "new.html", 400, form=fields, error=str(exc))
        return RedirectResponse(f"/g/{info.id}?done=created", status_code=303)

    def sheet(request: Request) -> Response:
        info = game_of(web, request)
        show_all = request.query_params.get("all") == "1"
        data = store.sheet(info.id)
        done = DONE.get(request.query_params.get("done", ""), "")
        n = request.query_params.get("n", "")
        return web.page(request, "sheet.html", s=sheet_view(data, last=None if show_all else LAST),
                        version=version(store, info.id), show_all=show_all,
                        done=done.format(n=n if n.isdigit() else "") if done else "")

    def part(request: Request) -> Response:
        info = game_of(web, request)
        show_all = request.query_params.get("all") == "1"
        return web.page(request, "sheet_part.html", s=sheet_view(store.sheet(info.id), last=None if show_all else LAST),
                        version=version(store, info.id), show_all=show_all)

    def game_version(request: Request) -> Response:
        info = game_of(web, request)
        return JSONResponse({"version": version(store, info.id)}, headers={"cache-control": "no-store"})

    def plot(request: Request) -> Response:
        from remi.scoresheet.plot import plot_totals

        info = game_of(web, request)
        with tempfile.TemporaryDirectory(prefix="remi-plot-") as tmp:
            out = Path(tmp) / "totals.svg"
            plot_totals(store.sheet(info.id), out)
            body = out.read_bytes()
        return Response(body, media_type="image/svg+xml", headers={"cache-control": "no-store"})

    def history(request: Request) -> Response:
        from remi.sheet_render import describe_hand

        info = game_of(web, request)
        what = {"hand": "recorded", "fix": "corrected", "delete": "struck out", "undo": "undo"}
        lines = [{"seq": h.seq, "when": h.created_at.replace("T", " ")[:19], "what": what[h.kind], "hand": h.number,
                  "undone": h.undone, "undoes": h.undoes,
                  "input": describe_hand(h.hand, cards=not info.rules.is_closed)} for h in store.history(info.id)]
        return web.page(request, "history.html", game=info, lines=lines)

    async def undo(request: Request) -> Response:
        await read_form(request)
        info = game_of(web, request)
        try:
            _, undone = await run_in_threadpool(store.undo, info.id)
        except (RemiError, ValueError) as exc:
            return web.page(request, "error.html", 400, message=str(exc), game=info)
        return RedirectResponse(f"/g/{info.id}?done=undo-{undone.kind}", status_code=303)

    return [
        Route("/", games), Route("/new", new_game, methods=["GET", "POST"]),
        Route("/g/{game:int}", sheet), Route("/g/{game:int}/part", part),
        Route("/g/{game:int}/version", game_version), Route("/g/{game:int}/plot.svg", plot),
        Route("/g/{game:int}/history", history), Route("/g/{game:int}/undo", undo, methods=["POST"]),
    ]


async def _rules_text(upload: Any, typed: str) -> str:
    """The house rules: an uploaded TOML file, or the text typed in the box."""
    if upload is not None and not isinstance(upload, str) and getattr(upload, "filename", ""):
        data = await upload.read(MAX_RULES + 1)
        if len(data) > MAX_RULES:
            raise RemiError(f"the house rules file is too large (at most {MAX_RULES // 1024} KB of TOML)")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise RemiError(f"{upload.filename} is not a text (TOML) file") from None
    return typed


def _create(store: Any, fields: dict[str, str], rules_text: str) -> Any:
    """A new game from the form: seats in order, teams for Simple 2 vs 2 (partners opposite)."""
    variant = fields.get("variant", "closed")
    if variant not in ("closed", "simple"):
        raise RemiError(f"unknown variant {variant!r}: choose Closed Rummy or Simple rummy")
    players = [fields.get(f"p{i}", "").strip() for i in range(1, 5)]
    players = [p for p in players if p]
    if len(players) < 2:
        raise RemiError("who plays? give at least two names, in seat order")
    target_text = fields.get("target", "").strip()
    target = None
    if target_text and variant == "closed":
        if not target_text.isdigit() or int(target_text) <= 0:
            raise RemiError(f"the target {target_text!r} is not a positive number of points")
        target = int(target_text)
    # Simple rummy at four is two against two, partners sitting opposite (docs/rules.md 0.10).
    teams = [[players[0], players[2]], [players[1], players[3]]] if variant == "simple" and len(players) == 4 else None
    rules: Rules = Rules.from_toml_text(rules_text, variant=variant) if rules_text.strip() else preset(variant)
    return store.new_game(fields.get("name", "").strip() or None, variant, players, teams=teams, target=target,
                          rules=rules)


__all__ = ["routes", "sheet_view", "version", "notation_for"]
