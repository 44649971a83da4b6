"""The server's safety, as one ASGI middleware and one form reader.

``TableGuard`` stands in front of every page:

* **Host**: on a loopback address only ``Host: 127.0.0.1:PORT`` / ``localhost:PORT`` are
  answered, so a web page that rebinds its own name to 127.0.0.1 (DNS rebinding) reads nothing.
* **The table key** (when the server has one: always off loopback): a request without the
  key, in the ``key`` query parameter or the cookie it sets, gets a page saying so and nothing
  else; no game is read or written. ``/static/`` (the package's own CSS and JS) is open.
* **Body size**: a request body larger than ``max_body`` is refused (413) as it arrives.
* **Headers**: no page may be framed by another site, and a page runs only the package's own
  script (Content-Security-Policy).
* **Cross-site forms**: every browser gets a random ``remi_csrf`` cookie (SameSite=Strict);
  ``read_form`` refuses a POST whose ``csrf`` field (or ``X-Remi-CSRF`` header) differs from
  it, or whose ``Origin`` is another site. A page on another site can neither read the cookie
  nor set the field, so it cannot write to the sheet through a phone's browser.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from remi.engine.messages import sentence

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

KEY_COOKIE = "remi_table"
CSRF_COOKIE = "remi_csrf"
CSRF_FIELD = "csrf"
CSRF_HEADER = "x-remi-csrf"
# No page of remi's may be framed by another site (a framed "Undo" is a click stolen) or run
# a script that is not the package's own; what a page loads comes from this server only.
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                                 b"frame-ancestors 'none'; form-action 'self'; base-uri 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
]


class Refused(Exception):
    """A request the guard refuses: the status and the one line the page shows, a refusal's
    ``code`` and its fields (``params``), worded by ``engine.messages`` like every other."""

    def __init__(self, status: int, code: str, /, **params: object) -> None:
        self.status = status
        self.code = code
        self.params = params
        self.message = sentence(code, params)
        super().__init__(self.message)


def _cookies(scope: Scope) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # noqa: BLE001 - a garbled cookie header counts as no cookie
                continue
    return {k: m.value for k, m in jar.items()}


def _header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope.get("headers", []):
        if k == name:
            return v.decode("latin-1")
    return None


def _cookie_line(name: str, value: str, secure: bool) -> bytes:
    # SameSite=Strict: a request started by another site carries neither cookie (the key's
    # cookie too), so a cross-site form arrives without the key and without the CSRF token.
    line = f"{name}={value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=2592000"
    return (line + ("; Secure" if secure else "")).encode("latin-1")


class TableGuard:
    """ASGI middleware: host check, table key, body limit and the CSRF cookie (see the module)."""

    def __init__(self, app: Callable[..., Awaitable[None]], *, key: str | None, hosts: set[str] | None,
                 max_body: int, refuse: Callable[[Scope, Refused], Callable[..., Awaitable[None]]]) -> None:
        self.app = app
        self.key = key
        self.hosts = hosts  # None: any Host header (the key protects the pages)
        self.max_body = max_body
        self.refuse = refuse  # builds the ASGI response of a refusal (a page or JSON)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        try:
            await self._guarded(scope, receive, send)
        except Refused as refusal:
            # a refusal is a page too: framed by nobody, running no other site's script
            await self.refuse(scope, refusal)(scope, receive, self._with_headers(send, []))

    async def _guarded(self, scope: Scope, receive: Receive, send: Send) -> None:
        host = (_header(scope, b"host") or "").lower()
        if self.hosts is not None and host not in self.hosts:
            raise Refused(421, "web.wrong_host" if host else "web.wrong_host_none", host=sorted(self.hosts)[0], given=host)
        cookies = _cookies(scope)
        path = scope.get("path", "")
        set_cookies: list[bytes] = []
        if self.key is not None and not path.startswith("/static/"):
            query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
            given = query.get("key")
            if given is not None and hmac.compare_digest(given.encode(), self.key.encode()):
                # The key came in the URL (the QR code): keep it in a cookie and drop it from
                # the address bar, so it is not left in the page's links or the history.
                rest = urlencode([(k, v) for k, v in parse_qsl(scope.get("query_string", b"").decode("latin-1"))
                                  if k != "key"])
                await _redirect(send, same_site(path) + ("?" + rest if rest else ""),
                                [_cookie_line(KEY_COOKIE, self.key, scope.get("scheme") == "https")])
                return
            held = cookies.get(KEY_COOKIE, "")
            if not hmac.compare_digest(held.encode(), self.key.encode()):
                raise Refused(403, "web.key_needed")
        token = cookies.get(CSRF_COOKIE, "")
        if len(token) != 32 or not token.isalnum():
            token = secrets.token_hex(16)
            set_cookies.append(_cookie_line(CSRF_COOKIE, token, scope.get("scheme") == "https"))
        scope.setdefault("state", {})["csrf"] = token
        length = _header(scope, b"content-length")
        if length is not None and length.isascii() and length.isdigit() and int(length) > self.max_body:
            raise Refused(413, "web.upload_too_large", size=_mb(int(length)), most=_mb(self.max_body))
        await self.app(scope, self._limited(receive), self._with_headers(send, set_cookies))

    def _limited(self, receive: Receive) -> Receive:
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.max_body:
                    raise Refused(413, "web.upload_over", most=_mb(self.max_body))
            return message
        return limited

    @staticmethod
    def _with_headers(send: Send, lines: list[bytes]) -> Send:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS,
                                      *((b"set-cookie", line) for line in lines)]
            await send(message)
        return sending


def same_site(path: str) -> str:
    r"""A request's path as a ``Location`` that stays on this server, in ASCII.

    ``//evil.example/`` and ``/\\evil.example/`` are another site to a browser (a network path);
    one leading slash is kept, the rest of the path percent-encoded (``☃``, an undecodable byte).

    >>> same_site("//evil.example/"), same_site("/\\evil.example/"), same_site("/g/1"), same_site("/☃")
    ('/evil.example/', '/evil.example/', '/g/1', '/%E2%98%83')
    """
    return "/" + quote(path.lstrip("/\\"), safe="/-._~!$&'()*+,;=:@")


async def _redirect(send: Send, location: str, cookies: list[bytes]) -> None:
    headers = [(b"location", location.encode("latin-1")), (b"content-length", b"0"),
               (b"cache-control", b"no-store"), *((b"set-cookie", c) for c in cookies)]
    await send({"type": "http.response.start", "status": 303, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


def _mb(n: int) -> str:
    return f"{n / (1024 * 1024):.0f} MB" if n >= 1024 * 1024 else f"{n // 1024} KB"


def check_origin(request: Any) -> None:
    """A POST whose Origin (or Referer) names another site than this one is refused."""
    origin = request.headers.get("origin") or request.headers.get("referer")
    if not origin or origin == "null":
        return  # the token check alone decides (a browser that sends no Origin still needs the cookie)
    if urlsplit(origin).netloc.lower() != request.headers.get("host", "").lower():
        raise Refused(403, "web.other_site")


def check_token(request: Any, given: str | None) -> None:
    """The form's (or header's) token must be this browser's CSRF cookie."""
    expected = request.scope.get("state", {}).get("csrf", "")
    if not given or not hmac.compare_digest(given.encode(), expected.encode()) or \
            request.cookies.get(CSRF_COOKIE) != expected:
        raise Refused(403, "web.form_expired")


async def read_form(request: Any, *, files: int = 0, part_size: int = 64 * 1024) -> Any:
    """The POSTed form after the cross-site checks; at most ``files`` files and 200 fields."""
    check_origin(request)
    try:
        form = await request.form(max_files=files, max_fields=200, max_part_size=part_size)
    except Refused:
        raise
    except Exception as exc:  # noqa: BLE001 - python-multipart's refusals (too many parts, a part too large)
        detail = getattr(exc, "detail", None) or str(exc) or type(exc).__name__
        raise Refused(400, "web.form_unreadable", reason=detail) from None
    check_token(request, form.get(CSRF_FIELD) if isinstance(form.get(CSRF_FIELD), str) else
                request.headers.get(CSRF_HEADER))
    return form
