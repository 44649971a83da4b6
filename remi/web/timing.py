"""How long the server waits: for a request's head, for a pause in its body, for its own shutdown.

uvicorn times out an idle connection between requests (``timeout_keep_alive``) but not one
that sends its head a byte at a time, or stops halfway through a body: each such connection
holds a socket and a buffer for as long as the client likes (issue 27). ``TimedH11`` is
uvicorn's h11 protocol with two more clocks: the head of a request must arrive within
``HEAD_S``, and a body may pause at most ``BODY_PAUSE_S`` between chunks (a phone's upload on
a weak Wi-Fi keeps sending; a stalled one is dropped). Once a request is whole the clocks
stop: the page may take its time.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: seconds for a request's line and headers (a phone sends them in one packet)
HEAD_S = 10.0
#: seconds a request body may stall between two chunks
BODY_PAUSE_S = 30.0
#: seconds SIGTERM waits for the requests in flight before the server stops
GRACE_S = 2


class TimedH11(H11Protocol):
    """uvicorn's h11 protocol, dropping a connection whose head or body stalls (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._stall: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._clock(HEAD_S)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.SEND_BODY:
            self._clock(BODY_PAUSE_S, again=True)
        elif state is h11.IDLE:
            self._clock(HEAD_S)  # a head under way: its deadline holds from its first byte
        else:
            self._stop_clock()

    def on_response_complete(self) -> None:
        self._stop_clock()  # uvicorn's keep-alive clock takes over
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        super().connection_lost(exc)

    def _clock(self, seconds: float, *, again: bool = False) -> None:
        if self._stall is not None and not again:
            return
        self._stop_clock()
        self._stall = self.loop.call_later(seconds, self._stalled)

    def _stop_clock(self) -> None:
        if self._stall is not None:
            self._stall.cancel()
            self._stall = None

    def _stalled(self) -> None:
        self._stall = None
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
            self.transport.close()
