"""Each phone reads the pages in its own language (issue 41): one ASGI middleware.

The language of a request is the one its switch chose (``?lang=ro``, kept in a cookie for that
phone), else its browser's ``Accept-Language``, else English. It is set for that request only
(``remi.i18n.speaking``: a context variable, never the server's), so a table can mix languages.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from urllib.parse import urlencode

from starlette.requests import HTTPConnection, Request

from remi.i18n import LANGUAGES, NAMES, chosen_from_header, language, speaking
from remi.web.guard import Message, Receive, Scope, Send

LANG_COOKIE = "remi_lang"
LANG_QUERY = "lang"
#: a year: the phone keeps its language from evening to evening
KEPT = 365 * 24 * 3600


def chosen(scope: Scope) -> tuple[str, bool]:
    """The request's language, and whether the switch chose it just now (to keep in the cookie)."""
    asked = HTTPConnection(scope)
    if lang := language(asked.query_params.get(LANG_QUERY)):
        return lang, True
    if lang := language(asked.cookies.get(LANG_COOKIE)):
        return lang, False
    return chosen_from_header(asked.headers.get("accept-language")), False


class Speaking:
    """ASGI middleware: the request's language set around the app (and its cookie kept)."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang, switched = chosen(scope)
        scope.setdefault("state", {})["lang"] = lang

        async def keeping(message: Message) -> None:
            if switched and message["type"] == "http.response.start":
                line = f"{LANG_COOKIE}={lang}; Path=/; SameSite=Lax; Max-Age={KEPT}"
                message.setdefault("headers", []).append((b"set-cookie", line.encode("latin-1")))
            await send(message)

        with speaking(lang):
            await self.app(scope, receive, keeping if switched else send)


def switch(request: Request) -> list[dict[str, str]]:
    """The language switch every page shows: each language's own name and the link to this
    page in it (a page a form posted to is not fetched again: its game's sheet, or the games)."""
    lang = request.scope.get("state", {}).get("lang", "en")
    if request.method == "GET":
        path = request.url.path
        query = [(k, v) for k, v in request.query_params.multi_items() if k != LANG_QUERY]
    else:
        game = request.path_params.get("game")
        path, query = (f"/g/{game}" if game is not None else "/"), []
    return [{"code": code, "name": NAMES[code], "current": str(code == lang).lower(),
             "href": f"{path}?{urlencode([*query, (LANG_QUERY, code)])}"} for code in LANGUAGES]
