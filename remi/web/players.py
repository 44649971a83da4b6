"""Players & target: rename a player and change the game's target from a phone.

Each change is one store call, the CLI's own (``Store.rename`` as ``remi rename``,
``Store.set_target`` as ``remi target``): recorded in the history, taken back by "Undo the
latest" as by ``remi undo``. What the rules refuse (an empty name, a name already at the
table, a target that is not a positive number, Simple rummy's target) is the store's message
on the page, and nothing is written. A finished game may change too, as in the CLI: a name
mistyped all evening, or a higher target to play on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from remi.engine import RemiError
from remi.web.guard import CSRF_FIELD, read_form
from remi.scoresheet.sheet import Sheet
from remi.scoresheet.store import Store
from remi.web.sheets import game_of, target_points, undo_what, web_of
from remi.i18n import N_, said
from remi.i18n import gettext as _

if TYPE_CHECKING:
    from remi.web.app import Web

#: a change the page asks of the store: (the store, the game's id, the form) to the sheet after it
Write = Callable[[Store, int, Mapping[str, str]], Sheet]

DONE = {"renamed": N_("Renamed: the sheet uses the new name, in the hands already played too."),
        "target": N_("The target changed: the sheet counts to it from now on.")}


def view(store: Store, game_id: int) -> dict[str, Any]:
    """What the page shows: the players in seat order, the target, whether the game is over."""
    sheet = store.sheet(game_id)
    return {"game": sheet.game, "closed": sheet.game.rules.is_closed, "limit": sheet.limit,
            "finished": f"{sheet.game.name} is finished ({sheet.outcome()})" if sheet.finished else "",
            "undo": undo_what(store, game_id)}


def rename(store: Store, game_id: int, fields: Mapping[str, str]) -> Sheet:
    """``remi rename OLD NEW``: the store checks the new name (empty, at the table already)."""
    return store.rename(game_id, fields.get("old", ""), fields.get("new", ""))


def retarget(store: Store, game_id: int, fields: Mapping[str, str]) -> Sheet:
    """``remi target POINTS`` (``none`` with the "No target" button): the store says what the rules
    take. A finished game plays on when its new target is out of everyone's reach, as in the CLI."""
    if fields.get("none"):
        return store.set_target(game_id, None)
    typed = fields.get("target", "").strip()
    if not typed:
        raise RemiError("web.target_missing")
    return store.set_target(game_id, target_points(typed))


def page(request: Request) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    done = DONE.get(request.query_params.get("done", ""), "")
    return web.page(request, "players.html", **view(web.store, info.id), form={}, error=None, done=done and _(done))


async def _change(request: Request, write: Write, done: str) -> Response:
    """One change from the page's forms: the cross-site checks, one store call, the page again."""
    form = await read_form(request)
    fields = {k: v for k, v in form.items() if isinstance(v, str) and k != CSRF_FIELD}
    return await run_in_threadpool(_changed, request, write, fields, done)  # the store: off the loop


def _changed(request: Request, write: Write, fields: dict[str, str],
             done: str) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    try:
        write(web.store, info.id, fields)
    except (RemiError, ValueError) as exc:
        return web.page(request, "players.html", 400, **view(web.store, info.id), form=fields, error=said(exc), done="")
    return RedirectResponse(f"/g/{info.id}/players?done={done}", status_code=303)


async def rename_page(request: Request) -> Response:
    return await _change(request, rename, "renamed")


async def target_page(request: Request) -> Response:
    return await _change(request, retarget, "target")


def routes(web: Web) -> list[Route]:
    return [Route("/g/{game:int}/players", page),
            Route("/g/{game:int}/players/rename", rename_page, methods=["POST"]),
            Route("/g/{game:int}/players/target", target_page, methods=["POST"])]


__all__ = ["rename", "retarget", "routes", "view"]
