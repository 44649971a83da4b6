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
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from remi.engine import RemiError
from remi.web.guard import CSRF_FIELD, read_form
from remi.web.sheets import game_of, target_points, undo_what, web_of

DONE = {"renamed": "Renamed: the sheet uses the new name, in the hands already played too.",
        "target": "The target changed: the sheet counts to it from now on."}


def view(store: Any, game_id: int) -> dict[str, Any]:
    """What the page shows: the players in seat order, the target, whether the game is over."""
    sheet = store.sheet(game_id)
    return {"game": sheet.game, "closed": sheet.game.rules.is_closed, "limit": sheet.limit,
            "finished": f"{sheet.game.name} is finished ({sheet.outcome()})" if sheet.finished else "",
            "undo": undo_what(store, game_id)}


def rename(store: Any, game_id: int, fields: Mapping[str, str]) -> Any:
    """``remi rename OLD NEW``: the store checks the new name (empty, at the table already)."""
    return store.rename(game_id, fields.get("old", ""), fields.get("new", ""))


def retarget(store: Any, game_id: int, fields: Mapping[str, str]) -> Any:
    """``remi target POINTS`` (``none`` with the "No target" button): the store says what the rules
    take. A finished game plays on when its new target is out of everyone's reach, as in the CLI."""
    if fields.get("none"):
        return store.set_target(game_id, None)
    typed = fields.get("target", "").strip()
    if not typed:
        raise RemiError("give the new target as a number of points (or tap No target)")
    return store.set_target(game_id, target_points(typed))


def page(request: Request) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    done = DONE.get(request.query_params.get("done", ""), "")
    return web.page(request, "players.html", **view(web.store, info.id), form={}, error=None, done=done)


async def _change(request: Request, write: Callable[[Any, int, Mapping[str, str]], Any], done: str) -> Response:
    """One change from the page's forms: the cross-site checks, one store call, the page again."""
    form = await read_form(request)
    fields = {k: v for k, v in form.items() if isinstance(v, str) and k != CSRF_FIELD}
    return await run_in_threadpool(_changed, request, write, fields, done)  # the store: off the loop


def _changed(request: Request, write: Callable[[Any, int, Mapping[str, str]], Any], fields: dict[str, str],
             done: str) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    try:
        write(web.store, info.id, fields)
    except (RemiError, ValueError) as exc:
        return web.page(request, "players.html", 400, **view(web.store, info.id), form=fields, error=str(exc), done="")
    return RedirectResponse(f"/g/{info.id}/players?done={done}", status_code=303)


async def rename_page(request: Request) -> Response:
    return await _change(request, rename, "renamed")


async def target_page(request: Request) -> Response:
    return await _change(request, retarget, "target")


def routes(web: Any) -> list[Route]:
    return [Route("/g/{game:int}/players", page),
            Route("/g/{game:int}/players/rename", rename_page, methods=["POST"]),
            Route("/g/{game:int}/players/target", target_page, methods=["POST"])]


__all__ = ["rename", "retarget", "routes", "view"]
