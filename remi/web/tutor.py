"""The tutor's page: the rack (typed, tapped or photographed), the atu, the rows, and the
advice with its reasons, from one ``remi.tutor.advise`` call, as ``remi advise`` gives it.

Seats are the lines ``name_i`` / ``row_i`` / ``took_i`` (i = 0..3, in the order of play) and
``me`` (the index of the asking seat); in Simple rummy the rows are the ``pile`` and a
``tournante`` on offer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from remi.engine import CLOSED, PRESETS, RemiError, preset
from remi.engine.words import notation_for
from remi.web.forms import tiles_text
from remi.web.guard import read_form
from remi.web.offload import heavy
from remi.scoresheet.sheet import GameInfo
from remi.web.sheets import game_in_query
from remi.i18n import N_, said

if TYPE_CHECKING:
    from remi.tutor.advice import Advice
    from remi.web.app import Web

SEATS = 4

SOURCES = {"closed": ("stock", "row", "atu"), "simple": ("stock", "pile", "tournante")}
#: each source as the form's select shows it (its value stays the CLI's word, --from)
SOURCE_WORDS = {"stock": N_("stock"), "row": N_("row"), "atu": N_("atu"), "pile": N_("pile"), "tournante": N_("tournante")}


def advise_args(fields: dict[str, str]) -> dict[str, Any]:
    """The form as ``advise``'s keyword arguments (the tutor checks every tile itself)."""
    variant = fields.get("variant", "closed")
    if variant not in ("closed", "simple"):
        raise RemiError("web.tutor_variant", name=variant)
    rack = fields.get("rack", "").strip()
    if not rack:
        raise RemiError("web.tutor_rack")
    drawn = fields.get("drawn", "").strip() or None
    source = fields.get("source", "").strip() or None
    if drawn is None and source != "atu":
        source = None  # where a tile came from only matters once it is drawn
    args: dict[str, Any] = {"variant": variant, "drawn": drawn, "source": source,
                            "atu": (fields.get("atu", "").strip() or None) if variant == "closed" else None}
    if variant == "simple":
        rows = {k: fields[k] for k in ("pile", "tournante") if fields.get(k, "").strip()}
        return {"rack": rack, **args, "rows": rows or None}
    seats = [(i, fields.get(f"name_{i}", "").strip()) for i in range(SEATS)]
    seats = [(i, name) for i, name in seats if name]
    me_index = fields.get("me", "0")
    names = [name for _, name in seats]
    me = next((name for i, name in seats if str(i) == me_index), names[0] if names else None)
    rows = {name: fields.get(f"row_{i}", "") for i, name in seats if fields.get(f"row_{i}", "").strip()}
    took = {name: fields.get(f"took_{i}", "") for i, name in seats
            if fields.get(f"took_{i}", "").strip() and name != me}
    return {"rack": rack, **args, "rows": rows or None, "seats": names or None, "me": me, "took": took or None}


def routes(web: Web) -> list[Route]:
    def defaults(request: Request) -> tuple[GameInfo | None, dict[str, str]]:
        q = request.query_params
        game = game_in_query(web, request)
        variant = game.variant if game else (q.get("variant") if q.get("variant") in ("closed", "simple") else "closed")
        notation = preset(variant).words.notation  # a hand of cards from a photo comes in as cards
        fields = {"variant": variant, "rack": tiles_text(q.get("rack", ""), notation), "atu": tiles_text(q.get("atu", "")),
                  "me": "0"}
        names = list(game.players) if game else ["me", "next"]
        for i, name in enumerate(names[:SEATS]):
            fields[f"name_{i}"] = name
        return game, fields

    def page(request: Request, game: GameInfo | None, fields: dict[str, str], advice: Advice | None = None,
             error: str | None = None,
             status: int = 200) -> Response:
        variant = fields.get("variant", "closed")
        words = PRESETS.get(variant, CLOSED).words  # Simple rummy: a hand of cards that goes out
        return web.page(request, "tutor.html", status, game=game, fields=fields, advice=advice, error=error,
                        notation=notation_for(variant), variant=variant, seats=range(SEATS), words=words,
                        sources=SOURCES.get(variant, SOURCES["closed"]), source_words=SOURCE_WORDS)

    def show(request: Request) -> Response:
        game, fields = defaults(request)
        return page(request, game, fields)

    async def ask(request: Request) -> Response:
        form = await read_form(request)
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        return await heavy(web, answer, request, fields)  # the search and the store: off the loop

    def answer(request: Request, fields: dict[str, str]) -> Response:
        from remi.tutor.advice import advise

        game, _ = defaults(request)
        try:
            args = advise_args(fields)
            result = advise(args.pop("rack"), **args)
        except (RemiError, ValueError) as exc:
            return page(request, game, fields, error=said(exc), status=400)
        return page(request, game, fields, advice=result)

    return [Route("/tutor", show), Route("/tutor", ask, methods=["POST"])]
