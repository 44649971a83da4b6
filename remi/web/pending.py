"""The hand in progress that every phone fills in (``/g/ID/pending``): the closer sends the
atu and the board, each loser their own rack, from their own phone; every phone sees who is
still missing (asked every second, as the live sheet is) and one tap records the hand.

Each part is one store call (``Store.put_pending``: one transaction, checked as ``remi hand``
checks it); the parts live in the store, so a phone that drops out loses nothing, and the
sheet's log holds only the hand recorded from them (``Store.record_pending``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from markupsafe import Markup
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from remi.engine import RemiError
from remi.engine.words import notation_for
from remi.scoresheet.entry import HandInput, seat_names
from remi.web.forms import (
    board_status,
    fields_from_hand,
    for_the_page,
    hand_from_fields,
    rack_from_fields,
    rack_status,
    tiles_text,
    whole_number,
)
from remi.web.guard import Refused, read_form
from remi.web.hands import summary
from remi.web.sheets import game_of, web_of
from remi.i18n import N_, said
from remi.i18n import gettext as _

SENT = {"table": N_("Sent: the closer's part."), "rack": N_("Sent: your rack."),
        "cancelled": N_("The hand in progress was cancelled.")}


def seat_of(info: Any, text: str | None) -> int | None:
    """The seat a phone says it is (``?seat=2``, 0-based); None for one that has not said.
    A value that is no seat of the game (``²``, ``9``) is refused in one line (400), before
    anything is read or written (issue 39)."""
    if not text:
        return None
    seat = whole_number(text, 3)
    if seat is None or seat >= len(info.players):
        raise Refused(400, "web.seat_unknown", text=text, last=len(info.players) - 1)
    return seat


def live_view(store: Any, info: Any) -> dict[str, Any]:
    """Everything the live part shows: the closer's part, each seat's rack or that it is
    missing, and once all are in the hand's scores (or why it is refused) and a repeat."""
    pending = store.pending(info.id)
    sheet = store.sheet(info.id)
    closer = pending.closer_seat
    seats = []
    for i, name in enumerate(info.players):
        if i == closer:
            seats.append({"name": name, "state": "closed", "text": _("closed")})
        elif i in pending.racks:
            status = rack_status(pending.racks[i], info.rules, name) or {"ok": False, "text": ""}
            seats.append({"name": name, "state": "in" if status["ok"] else "bad", "text": status["text"]})
        else:
            seats.append({"name": name, "state": "missing", "text": _("waiting for their rack")})
    view: dict[str, Any] = {"pending": pending, "seats": seats, "number": sheet.next_number, "finished": sheet.finished,
                            "table": _table_text(pending, info), "summary": None, "error": None, "repeats": None}
    if pending.complete:
        try:
            hand = seat_names(info.players, pending.hand())
            view["summary"] = summary(info, sheet, hand, sheet.next_number, False)
            view["repeats"] = sheet.repeats(hand)
        except (RemiError, ValueError) as exc:
            view["error"] = for_the_page(said(exc))
    return view


def _table_text(pending: Any, info: Any) -> str | None:
    """The closer's part in a line: "atu y2 · Ana closed · closes: 100 points, throw k2"."""
    table = pending.table
    if table is None:
        return None
    who = _("nobody closed") if table.nobody else _("%(name)s closed") % {"name": table.closer}
    board = board_status(table, info.rules)
    return " · ".join(x for x in (_("atu %(tile)s") % {"tile": table.atu}, who, board["text"] if board else None) if x)


def stamp(store: Any, game_id: int) -> str:
    """What the live part depends on: the sheet's last action and the parts sent."""
    return f"{store.version(game_id)}.{store.pending(game_id).stamp}"


def prefilled(request: Request, info: Any, seat: int | None, pending: Any) -> dict[str, str]:
    """The forms' fields: what was sent already (to send it again, changed), then a photo's tiles."""
    fields: dict[str, str] = {}
    if seat is not None and seat in pending.racks:
        fields.update(fields_from_hand(HandInput(racks={info.players[seat]: pending.racks[seat]}), info.players))
    if pending.table is not None:
        fields.update(fields_from_hand(pending.table, info.players))
    query = request.query_params
    for key in ("atu", "board"):
        if query.get(key):
            fields[key] = tiles_text(query[key])
    if query.get("board"):
        fields["board_mode"] = "tiles"
    if seat is not None and query.get("rack"):
        fields[f"rack_{seat}"], fields[f"rack_mode_{seat}"] = tiles_text(query["rack"]), "tiles"
    return fields


def page(request: Request, info: Any, *, fields: dict[str, str] | None = None, error: str | None = None,
         status: int = 200) -> Response:
    web = web_of(request)
    seat = seat_of(info, request.query_params.get("seat") or (fields or {}).get("seat"))
    view = live_view(web.store, info)
    shown = prefilled(request, info, seat, view["pending"]) if fields is None else fields
    return web.page(request, "pending.html", status, game=info, fields=shown, seat=seat, error=error,
                    sent=_(SENT[sent]) if (sent := request.query_params.get("sent", "")) in SENT else "", live=Markup(live_html(request, info, view)),
                    version=stamp(web.store, info.id), number=view["number"], finished=view["finished"],
                    notation=notation_for(info.variant), pending=True, closer_seat=view["pending"].closer_seat)


def closed_game_of(web: Any, request: Request) -> Any:
    """The path's game, refused in one line for a Simple rummy game: nobody there has a rack to
    send, every loser takes 100 whatever they hold (SR-20), so its hand is one form."""
    info = game_of(web, request)
    if not info.rules.is_closed:
        raise Refused(409, "web.simple_no_racks", game=info.name, game_id=info.id)
    return info


def show(request: Request) -> Response:
    return page(request, closed_game_of(web_of(request), request))


def live_html(request: Request, info: Any, view: dict[str, Any]) -> str:
    """The live part alone: what every phone swaps in when the version changes."""
    return str(web_of(request).templates.get_template("_pending_live.html").render(
        game=info, csrf=request.scope.get("state", {}).get("csrf", ""), notation=notation_for(info.variant), **view))


def live(request: Request) -> Response:
    web = web_of(request)
    info = closed_game_of(web, request)
    return HTMLResponse(live_html(request, info, live_view(web.store, info)), headers={"cache-control": "no-store"})


def version(request: Request) -> Response:
    web = web_of(request)
    return JSONResponse({"version": stamp(web.store, closed_game_of(web, request).id)}, headers={"cache-control": "no-store"})


def _back(info: Any, seat: int | None, sent: str) -> Response:
    query = urlencode({**({"seat": seat} if seat is not None else {}), "sent": sent})
    return RedirectResponse(f"/g/{info.id}/pending?{query}", status_code=303)


async def _fields(request: Request) -> tuple[Any, Any, dict[str, str], int | None]:
    """The form, its game and the seat it was sent from: all checked before anything is written."""
    web = web_of(request)
    form = await read_form(request)
    info = closed_game_of(web, request)
    fields = {k: v for k, v in form.items() if isinstance(v, str)}
    return web, info, fields, seat_of(info, fields.get("seat"))


async def send_table(request: Request) -> Response:
    """The closer's part: the atu, who closed (or nobody), the board, the throw, the twin, a note."""
    web, info, fields, seat = await _fields(request)
    try:
        table = hand_from_fields(fields, info.players, info.rules)  # its form holds no rack
        await run_in_threadpool(web.store.put_pending, info.id, table)
    except (RemiError, ValueError) as exc:
        return page(request, info, fields=fields, error=for_the_page(said(exc)), status=400)
    return _back(info, seat, "table")


async def send_rack(request: Request) -> Response:
    """One loser's rack, from their own phone (tiles, points or CR-23's count)."""
    web, info, fields, seat = await _fields(request)
    try:
        if seat is None:
            raise RemiError("web.who_are_you")
        rack = rack_from_fields(fields, seat, info.players[seat])
        if rack is None:
            raise RemiError("web.rack_empty", holder=info.players[seat])
        await run_in_threadpool(lambda: web.store.put_pending(info.id, rack, seat=seat))
    except (RemiError, ValueError) as exc:
        return page(request, info, fields=fields, error=for_the_page(said(exc)), status=400)
    return _back(info, seat, "rack")


async def record(request: Request) -> Response:
    web, info, fields, _seat = await _fields(request)
    try:
        sheet = await run_in_threadpool(lambda: web.store.record_pending(info.id, again=bool(fields.get("again"))))
    except (RemiError, ValueError) as exc:
        return page(request, info, fields={"seat": fields.get("seat", "")}, error=for_the_page(said(exc)), status=400)
    n = sheet.rows[-1].number
    return RedirectResponse(f"/g/{info.id}?done=recorded&n={n}#hand-{n}", status_code=303)


async def cancel(request: Request) -> Response:
    web, info, fields, seat = await _fields(request)
    try:
        await run_in_threadpool(web.store.cancel_pending, info.id)
    except (RemiError, ValueError) as exc:
        return page(request, info, fields={"seat": fields.get("seat", "")}, error=for_the_page(said(exc)), status=400)
    return _back(info, seat, "cancelled")


def routes(web: Any) -> list[Route]:
    return [
        Route("/g/{game:int}/pending", show), Route("/g/{game:int}/pending/live", live),
        Route("/g/{game:int}/pending/version", version),
        Route("/g/{game:int}/pending/table", send_table, methods=["POST"]),
        Route("/g/{game:int}/pending/rack", send_rack, methods=["POST"]),
        Route("/g/{game:int}/pending/record", record, methods=["POST"]),
        Route("/g/{game:int}/pending/cancel", cancel, methods=["POST"]),
    ]
