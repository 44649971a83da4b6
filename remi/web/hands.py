"""Entering a hand by tapping: the form, the engine's check as you go, the summary to
confirm, then one store call (``record`` or ``fix``), as ``remi hand`` and ``remi fix`` do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from remi.engine.words import notation_for
from remi.engine import HandScore, RemiError
from remi.scoresheet.entry import HandInput, HandResult, score_hand, seat_names
from remi.scoresheet.errors import EnteredTwice
from remi.web.forms import (
    board_status,
    fields_from_hand,
    fixed_number,
    fixed_number_or_none,
    for_the_page,
    hand_from_fields,
    rack_status,
    tiles_text,
)
from remi.web.guard import read_form
from remi.web.offload import heavy
from remi.web.sheets import badges, game_of, web_of
from remi.scoresheet.sheet import GameInfo, Sheet
from remi.scoresheet.store import Store
from remi.web.tiles import signed
from remi.i18n import said

if TYPE_CHECKING:
    from starlette.datastructures import FormData

    from remi.web.app import Web

#: what a photo or the tutor may put into a new hand's form through the address
PREFILL = ("atu", "board", "closer", "throw")


def _score(info: GameInfo, hand: HandInput) -> HandResult:
    """The hand checked and scored by the engine (through the score sheet); SheetError if refused."""
    return score_hand(info.players, info.teams, info.rules, hand)


def _part(name: str, score: HandScore, closed: bool) -> dict[str, str]:
    """One player's line: Closed Rummy's scores are signed (+ good); Simple rummy's points are
    what a side takes, so any of them is bad (SR-21: a side loses at the limit)."""
    n = score.score
    if closed:
        return {"name": name, "score": signed(n), "badges": badges(score), "tone": "plus" if n > 0 else "minus" if n < 0 else ""}
    return {"name": name, "score": str(n), "badges": badges(score), "tone": "minus" if n else ""}


def summary(info: GameInfo, sheet: Sheet, hand: HandInput, number: int, fixing: bool) -> dict[str, Any]:
    """What ``remi hand`` prints after recording, worked out before anything is written."""
    result = _score(info, hand)
    parts = [_part(p, result.scores[p], info.rules.is_closed) for p in info.players]
    totals = dict(sheet.totals)
    if fixing:  # the totals after the fix: the hand's old scores out, the new ones in
        row = sheet.row(number)
        if row is None:
            raise sheet.no_hand(number)
        old = row.scores
        totals = {p: totals[p] - old[p].score + result.scores[p].score for p in info.players}
    else:
        totals = {p: totals[p] + result.scores[p].score for p in info.players}
    sides = {side: sum(totals[p] for p in members) for side, members in info.sides.items()}
    discard = str(result.discard) if result.discard is not None else None
    return {"number": number, "parts": parts, "totals": sides, "board": result.board, "discard": discard}


def form_page(request: Request, info: GameInfo, fields: dict[str, str], *, number: int | None = None,
              error: str | None = None, status: int = 200) -> Response:
    web = web_of(request)
    store = web.store
    sheet = store.sheet(info.id)
    if number is not None and sheet.row(number) is None:
        return web.page(request, "error.html", 404, message=str(sheet.no_hand(number)), game=info)
    return web.page(request, "hand.html", status, game=info, fields=fields, error=error,
                    number=number or sheet.next_number, fixing=number is not None,
                    notation=notation_for(info.variant), starter=sheet.next_starter(), finished=sheet.finished)


def new_hand(request: Request) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    notation = info.rules.words.notation  # a Simple game's cards come back as cards
    fields = {k: tiles_text(v, notation) if k in ("atu", "board", "throw") else v
              for k, v in request.query_params.items() if k in PREFILL}
    for i, _ in enumerate(info.players):  # a loser's rack read from a photo
        rack = request.query_params.get(f"rack_{i}")
        if rack:
            fields[f"rack_{i}"], fields[f"rack_mode_{i}"] = tiles_text(rack, notation), "tiles"
    return form_page(request, info, fields)


def fix_hand(request: Request) -> Response:
    web = web_of(request)
    store = web.store
    info = game_of(web, request)
    number = int(request.path_params["number"])
    sheet = store.sheet(info.id)
    row = sheet.row(number)
    if row is None:
        return web.page(request, "error.html", 404, message=str(sheet.no_hand(number)), game=info)
    fields = fields_from_hand(row.hand, info.players, info.rules.words.notation)
    return form_page(request, info, fields, number=number)


def _fields(form: FormData) -> dict[str, str]:
    return {k: v for k, v in form.items() if isinstance(v, str)}


async def check(request: Request) -> Response:
    # The form is read on the event loop; the engine's work, and the store's, in a thread:
    # a house rule's board count must never hold the other phones' pages (issue 27).
    fields = _fields(await read_form(request))
    return await heavy(web_of(request), _check_answer, request, fields)


def _check_answer(request: Request, fields: dict[str, str]) -> Response:
    web = web_of(request)
    return JSONResponse(_check(web.store, game_of(web, request), fields))


async def confirm(request: Request) -> Response:
    fields = _fields(await read_form(request))
    return await heavy(web_of(request), _confirm_page, request, fields)


def _confirm_page(request: Request, fields: dict[str, str]) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    number = None
    try:
        number = fixed_number(fields)
        fixing = number is not None
        hand = hand_from_fields(fields, info.players, info.rules)
        sheet = web.store.sheet(info.id)
        if sheet.finished and not fixing:
            raise RemiError("web.game_over", game=info.name)
        shown = summary(info, sheet, hand, number or sheet.next_number, fixing)
        # Warned here, before Record: the store refuses it unless "record it anyway" is ticked.
        repeats = None if fixing else sheet.repeats(seat_names(info.players, hand))
    except (RemiError, ValueError) as exc:
        return form_page(request, info, fields, number=number, error=for_the_page(said(exc)), status=400)
    return web.page(request, "confirm.html", game=info, fields=fields, s=shown, fixing=fixing, repeats=repeats,
                    hand=hand, notation=notation_for(info.variant))


async def record(request: Request) -> Response:
    fields = _fields(await read_form(request))
    return await heavy(web_of(request), _record, request, fields)


def _record(request: Request, fields: dict[str, str]) -> Response:
    web = web_of(request)
    store = web.store
    info = game_of(web, request)
    number = None
    try:
        number = fixed_number(fields)
        fixing = number is not None
        hand = hand_from_fields(fields, info.players, info.rules)
        if number is not None:
            store.fix(info.id, number, hand)
        else:
            number = store.record(info.id, hand, again=bool(fields.get("again"))).rows[-1].number
    except (RemiError, ValueError) as exc:
        # a hand entered twice is offered again on purpose (the store's typed refusal, not its words)
        twice = isinstance(exc, EnteredTwice)
        return form_page(request, info, {**fields, "offer_again": "1" if twice else ""},
                         number=fixed_number_or_none(fields), error=for_the_page(said(exc)), status=400)
    return RedirectResponse(f"/g/{info.id}?done={'fixed' if fixing else 'recorded'}&n={number}#hand-{number}",
                            status_code=303)


async def strike(request: Request) -> Response:
    await read_form(request)
    return await run_in_threadpool(_strike, request)


def _strike(request: Request) -> Response:
    web = web_of(request)
    info = game_of(web, request)
    number = int(request.path_params["number"])
    try:
        web.store.delete(info.id, number)
    except (RemiError, ValueError) as exc:
        return web.page(request, "error.html", 400, message=said(exc), game=info)
    return RedirectResponse(f"/g/{info.id}?done=struck&n={number}", status_code=303)


def routes(web: Web) -> list[Route]:
    return [
        Route("/g/{game:int}/hand", new_hand), Route("/g/{game:int}/hand/{number:int}", fix_hand),
        Route("/g/{game:int}/hand/check", check, methods=["POST"]),
        Route("/g/{game:int}/hand/confirm", confirm, methods=["POST"]),
        Route("/g/{game:int}/hand/record", record, methods=["POST"]),
        Route("/g/{game:int}/hand/{number:int}/delete", strike, methods=["POST"]),
    ]


def _check(store: Store, info: GameInfo, fields: dict[str, str]) -> dict[str, Any]:
    """The live check: each part's status, then the whole hand's scores or why it is refused."""
    out: dict[str, Any] = {"ok": False, "board": None, "racks": {}, "error": None, "summary": None}
    problems: dict[str, str] = {}
    try:
        hand = hand_from_fields(fields, info.players, info.rules, problems=problems)
    except (RemiError, ValueError) as exc:
        out["error"] = for_the_page(said(exc))
        return out
    out["board"] = {"ok": False, "text": problems["board"]} if "board" in problems else board_status(hand, info.rules)
    for i, name in enumerate(info.players):
        bad = problems.get(f"rack_{i}")
        status = {"ok": False, "text": bad} if bad else rack_status(hand.racks.get(name), info.rules, name)
        if status is not None:
            out["racks"][str(i)] = status
    if problems:
        out["error"] = for_the_page(next(iter(problems.values())))
        return out
    try:
        number = fixed_number(fields)
        sheet = store.sheet(info.id)
        out["summary"] = summary(info, sheet, hand, number or sheet.next_number, number is not None)
        out["ok"] = True
    except (RemiError, ValueError, IndexError) as exc:
        out["error"] = for_the_page(said(exc))
    return out
