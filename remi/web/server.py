"""Starting the server: the store, the address, the table key, the QR code, then uvicorn.

The socket is bound here, before uvicorn starts, so a taken port or a wrong address is one
clear line (exit 2) rather than a server log. Off loopback the server always has a table key
(a fresh random one each start): the terminal prints the address with the key and its QR code
for the phones to scan.
"""

from __future__ import annotations

import errno
import functools
import ipaddress
import os
import secrets
import signal
import socket
import sys
import threading
from typing import Any

from remi.engine import RemiError

LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    """127.0.0.1, ::1, localhost: only this computer can connect.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0"), is_loopback("192.168.1.5")
    (True, True, False, False)
    """
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, or RemiError saying why not in one line."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted connections inherit it: a response's head and body leave at once instead of
    # the body waiting out the phone's delayed ACK (40 ms a request, measured here).
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host.strip("[]"), port))
        sock.listen(128)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise RemiError("web.port_in_use", port=port) from None
        if exc.errno in (errno.EADDRNOTAVAIL, errno.EAFNOSUPPORT) or isinstance(exc, socket.gaierror):
            raise RemiError("web.no_address", host=host) from None
        if exc.errno == errno.EACCES:
            raise RemiError("web.port_rights", port=port) from None
        raise RemiError("web.cannot_listen", host=host, port=port, reason=exc.strerror or str(exc)) from None
    sock.setblocking(False)
    return sock


def network_addresses() -> list[str]:
    """This computer's addresses on its networks (for the phones' URL when listening on all)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            addr = str(info[4][0])
            if not ipaddress.ip_address(addr).is_loopback and addr not in found:
                found.append(addr)
    except OSError:
        pass
    if not found:
        # The address the default route would use: connect() on UDP sends no packet.
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("10.255.255.255", 1))
            addr = probe.getsockname()[0]
            if not ipaddress.ip_address(addr).is_loopback:
                found.append(addr)
        except OSError:
            pass
        finally:
            probe.close()
    return found


def qr_text(url: str) -> str:
    """The URL as a QR code drawn in the terminal (segno, pure Python)."""
    import io

    import segno

    out = io.StringIO()
    compact = (getattr(sys.stdout, "encoding", "") or "").lower().replace("-", "") == "utf8"
    segno.make(url, error="m").terminal(out=out, compact=compact, border=2)
    return out.getvalue()


def urls(host: str, port: int, key: str | None) -> list[str]:
    if host in ("0.0.0.0", "::", "[::]"):
        hosts = network_addresses() or ["127.0.0.1"]
    else:
        hosts = [f"[{host}]" if ":" in host and not host.startswith("[") else host]
    suffix = f"/?key={key}" if key else "/"
    return [f"http://{h}:{port}{suffix}" for h in hosts]


def run(*, db: str | None, host: str, port: int, key: bool = False, as_json: bool = False) -> None:
    """Open the sheet, bind, print the address (and key and QR), then serve until Ctrl+C."""
    import uvicorn

    from remi.scoresheet.db import describe
    from remi.scoresheet.store import Store
    from remi.web.app import build_app

    store = Store.open(db)
    loopback = is_loopback(host)
    table_key = secrets.token_urlsafe(12) if key or not loopback else None
    sock = bind(host, port)
    port = sock.getsockname()[1]
    # On loopback the Host header must name this computer: a page on another site that points
    # its own name at 127.0.0.1 (DNS rebinding) is refused before it reads anything.
    hosts = {f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"} if loopback else None
    app = build_app(store, key=table_key, hosts=hosts)
    addresses = urls(host, port, table_key)
    if as_json:
        import json

        print(json.dumps({"db": describe(store.url), "urls": addresses, "key": table_key, "port": port}), flush=True)
    else:
        print(f"remi serves the sheet {describe(store.url)}")
        for url in addresses:
            print(f"Open {url}")
        if table_key:
            print(f"Table key: {table_key} (the phones need it: scan the code)")
            print(qr_text(addresses[0]), end="")
        print("Ctrl+C stops the server.", flush=True)
    threading.Thread(target=_warm_reader, args=(app,), daemon=True).start()
    from remi.web.crowd import Crowd, GatedSocket
    from remi.web.timing import GRACE_S, TimedH11

    # The connections share the process's file handles with the store and the photos: a cap
    # below the file limit, the stalest let go at it (issue 39). The asyncio loop, not uvloop,
    # because it takes connections through the gated socket's accept().
    crowd = Crowd.for_this_process()
    config = uvicorn.Config(app, log_level="warning", access_log=False, server_header=False, lifespan="off",
                            # uvicorn calls it as a factory of protocols, as it calls a class
                            http=functools.partial(TimedH11, crowd=crowd),  # type: ignore[arg-type]
                            loop="asyncio",
                            timeout_graceful_shutdown=GRACE_S)
    # uvicorn takes SIGTERM while it serves, shuts down, then raises it again: this handler
    # turns it into an exit that runs the clean-up below (the default one ends the process
    # first, leaving the photos behind).
    signal.signal(signal.SIGTERM, _terminated)
    try:
        uvicorn.Server(config).run(sockets=[GatedSocket.around(sock, crowd)])
    finally:
        web = _web_of(app)
        if web is not None and web.photos is not None:
            web.photos.close()
        _leave_if_busy()


def _terminated(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)


def _leave_if_busy() -> None:
    """After SIGTERM, or with a thread still at work (a photo being read), end the process now,
    the clean-up done: Python would wait for the thread, then take seconds unloading the vision
    models. What a thread was writing is one transaction, whole or not at all, as after ``kill -9``."""
    exc = sys.exc_info()[1]
    busy = any(t.is_alive() and not t.daemon for t in threading.enumerate() if t is not threading.main_thread())
    if isinstance(exc, SystemExit) or busy:
        code = exc.code if isinstance(exc, SystemExit) and isinstance(exc.code, int) else 130
        if not isinstance(exc, SystemExit):
            print("remi: stopped", file=sys.stderr)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _web_of(app: Any) -> Any:
    """The Web of the Starlette app inside the wrappers (the language, the guard): each holds
    the next as ``.app``."""
    while app is not None:
        web = getattr(getattr(app, "state", None), "web", None)
        if web is not None:
            return web
        app = getattr(app, "app", None)
    return None


def _warm_reader(app: Any) -> None:
    """Load the vision models while the table sits down, so the first photo is read at once."""
    web = _web_of(app)
    if web is None:
        return
    try:
        from remi.web.photos import PhotoCache, reader_of

        if web.photos is None:
            web.photos = PhotoCache()
        reader_of(web)
    except Exception:  # noqa: BLE001 - a missing model shows on the photo page, with its reason
        pass
