"""The ASGI app: the routes of every page, the templates, and how errors become pages.

``build_app(store, key=...)`` is all a server or a test needs; nothing is global. Each page
module (``sheets``, ``players``, ``hands``, ``photos``, ``tutor``) gives its routes over one
``Web`` value, which holds the store and the templates.
"""

from __future__ import annotations

import logging
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markupsafe import Markup
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.templating import Jinja2Templates

from remi import i18n
from remi.engine import RemiError
from remi.engine.messages import sentence
from remi.i18n import current, said
from remi.scoresheet.errors import NoGame
from remi.scoresheet.store import Store
from remi.web import tiles as tile_views
from remi.web.guard import Refused, Scope, TableGuard
from remi.web.speaking import Speaking, switch

if TYPE_CHECKING:  # made on first use, by the modules that need them
    from anyio import CapacityLimiter

    from remi.web.photos import PhotoCache
    from remi.web.sheets import PartCache

HERE = Path(__file__).resolve().parent
#: a phone photo of 48 MP is about 12-20 MB as a JPEG; more is refused as it arrives
MAX_UPLOAD = 25 * 1024 * 1024
log = logging.getLogger("remi.web")


@dataclass
class Web:
    """What every page needs: the store, the templates, the photos being corrected, and what
    the server makes once and keeps (each named: no bag of extras)."""

    store: Store
    templates: Jinja2Templates
    #: the photos being corrected, made on the first photo (remi.web.photos)
    photos: PhotoCache | None = None
    keep_dir: Path | None = None
    models: Path | None = None
    #: at most ``offload.HEAVY`` engine jobs at once, made inside the event loop on the first
    heavy: CapacityLimiter | None = None
    #: the photos' own lane of worker threads (remi.web.offload.photo_work): hands never wait behind it
    photo_lane: CapacityLimiter | None = None
    #: the sheet's rendered parts, by cache name (remi.web.sheets.rendered_part)
    part_caches: dict[str, PartCache] = field(default_factory=dict)

    def page(self, request: Request, name: str, status: int = 200, **context: Any) -> Response:
        response = self.templates.TemplateResponse(request, name, context, status_code=status)
        response.headers["cache-control"] = "no-store"
        return response


def _csrf(request: Request) -> dict[str, Any]:
    return {"csrf": request.scope.get("state", {}).get("csrf", "")}


def _printable(value: Any) -> Any:
    """Every value a page shows, a control or bidi character written as its escape (``\\x1b``):
    a form shown again with what was typed, a name stored before names were checked."""
    if isinstance(value, str) and not isinstance(value, Markup) and not value.isprintable():
        from remi.render import visible

        return visible(value)
    return value


def _language(request: Request) -> dict[str, Any]:
    return {"lang": request.scope.get("state", {}).get("lang", "en"), "languages": switch(request)}


def _page_percent(share: float) -> str:
    """A share as the reader's language writes it, its space a narrow one (U+202F, the French
    espace fine): a photo's list gives each tile's 42 % a quarter of a phone's width."""
    return i18n.percent(share).replace("\xa0", "\u202f")


def make_templates() -> Jinja2Templates:
    templates = Jinja2Templates(directory=str(HERE / "templates"), context_processors=[_csrf, _language])
    env = templates.env
    # The words in the reader's language: the callables read the request's language (a
    # context variable, remi.web.speaking), so one set of templates serves every phone.
    env.add_extension("jinja2.ext.i18n")
    env.policies["ext.i18n.trimmed"] = True
    env.install_gettext_callables(gettext=i18n.gettext, ngettext=i18n.ngettext, newstyle=True)  # type: ignore[attr-defined]
    env.autoescape = True
    env.trim_blocks = True
    env.lstrip_blocks = True
    env.finalize = _printable
    env.globals.update(tile_views.template_globals())
    env.globals["percent"] = _page_percent  # how sure, as the reader's language writes a share (42 %)
    env.filters.update(tile_views.template_filters())
    return templates


def _wants_json(scope: Scope) -> bool:
    for k, v in scope.get("headers", []):
        if k == b"accept" and b"application/json" in v:
            return True
    return False


def build_app(store: Store, *, key: str | None = None, hosts: set[str] | None = None,
              keep_dir: Path | None = None, models: Path | None = None) -> Speaking:
    """The whole app, wrapped in the guard (see ``remi.web.guard``)."""
    from remi.web import hands, pending, photos, players, sheets, tutor

    web = Web(store, make_templates(), keep_dir=keep_dir, models=models)
    routes = [Mount("/static", app=StaticFiles(directory=str(HERE / "static")), name="static"),
              *sheets.routes(web), *players.routes(web), *hands.routes(web), *pending.routes(web),
              *photos.routes(web), *tutor.routes(web)]

    def error_page(request: Request, status: int, message: str) -> Response:
        if _wants_json(request.scope):
            return JSONResponse({"ok": False, "error": message}, status_code=status)
        return web.page(request, "error.html", status, message=message)

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        return error_page(request, exc.status, said(exc))

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = str(exc.detail)
        if exc.status_code in (404, 405):  # the framework's own answers, worded as a refusal is
            message = sentence("web.no_page" if exc.status_code == 404 else "web.wrong_method", {})
        return error_page(request, exc.status_code, message)

    async def library_error(request: Request, exc: Exception) -> Response:
        # A refusal the library explains (no such game, a busy or read-only database): its line.
        status = 404 if isinstance(exc, NoGame) else 503 if getattr(exc, "exit_code", 2) == 1 else 400
        return error_page(request, status, said(exc))

    async def server_error(request: Request, exc: Exception) -> Response:
        # The traceback goes to the server's terminal, never to the page (issue 20's safety).
        log.error("error on %s %s\n%s", request.method, request.url.path,
                  "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
        return error_page(request, 500, sentence("web.unexpected", {}))

    app = Starlette(routes=routes, exception_handlers={
        Refused: refused, HTTPException: http_error, RemiError: library_error, Exception: server_error})
    app.state.web = web

    def refuse(scope: Scope, refusal: Refused) -> Response:
        if _wants_json(scope):
            return JSONResponse({"ok": False, "error": said(refusal)}, status_code=refusal.status)
        body = web.templates.get_template("refused.html").render(message=said(refusal), status=refusal.status,
                                                                 lang=current())
        return HTMLResponse(body, status_code=refusal.status, headers={"cache-control": "no-store"})

    return Speaking(TableGuard(app, key=key, hosts=hosts, max_body=MAX_UPLOAD, refuse=refuse))
