"""Uploads held open a byte at a time (issue 39, item 5), for ``test_crowd.py`` and the hostile
probe (``bench/hostile_steps.py``): raw sockets, as a phone that never finishes its upload."""

from __future__ import annotations

import socket


def hold_upload(host: str, port: int, key: str | None = None) -> socket.socket | None:
    """A connection sending an upload's head and its body's first byte, then waiting; None when
    the server took no connection within 5 s."""
    cookie = f"Cookie: remi_table={key}\r\n" if key else ""
    try:
        s = socket.create_connection((host, port), timeout=5)
        s.sendall(f"POST /photo HTTP/1.1\r\nHost: {host}:{port}\r\n{cookie}Content-Length: 2000000\r\n"
                  "Content-Type: multipart/form-data; boundary=xx\r\n\r\n--xx\r\n"
                  'Content-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n-'.encode())
    except OSError:
        return None
    s.setblocking(False)
    return s


def still_open(s: socket.socket, trickle: bool = True) -> bool:
    """False once the server has closed the connection; else a byte more of the body (``trickle``)."""
    try:
        if s.recv(1) == b"":
            return False
    except BlockingIOError:
        pass
    except OSError:
        return False
    try:
        if trickle:
            s.send(b"-")
    except OSError:
        return False
    return True
