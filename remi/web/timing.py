"""How long the server waits: for a request's head, for a pause in its body, for its own shutdown.

uvicorn times out an idle connection between requests (``timeout_keep_alive``) but not one
that sends its head a byte at a time, or stops halfway through a body: each such connection
holds a socket and a buffer for as long as the client likes (issue 27). ``TimedH11`` is
uvicorn's h11 protocol with two more clocks: the head of a request must arrive within
``HEAD_S``, and a body may pause at most ``BODY_PAUSE_S`` between chunks (a phone's upload on
a weak Wi-Fi keeps sending; a stalled one is dropped). A byte every 12 s kept a body alive
for ever under that clock alone (issue 39): after ``BODY_GRACE_S`` a body must also have come
at ``BODY_MIN_RATE`` on average since it began (a 4 MB photo at that rate takes 4 minutes; a
byte at a time is dropped after the grace). A body the page has not read yet (uvicorn stops
reading while its buffer is full) is the server's delay, not the phone's: its clock restarts.
Once a request is whole the clocks stop: the page may take its time.

Each connection tells the server's ``Crowd`` (``remi.web.crowd``) when it is made and lost, and
when it last heard from its client, so that at the cap the stalest one is let go.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from remi.web.crowd import Crowd

#: seconds for a request's line and headers (a phone sends them in one packet)
HEAD_S = 10.0
#: seconds a request body may stall between two chunks
BODY_PAUSE_S = 30.0
#: seconds at the start of a body before its rate counts (a phone's radio waking, TCP's slow start)
BODY_GRACE_S = 10.0
#: bytes a second a body must average after its grace (128 kbit/s, below a weak 3G link)
BODY_MIN_RATE = 16 * 1024
#: seconds SIGTERM waits for the requests in flight before the server stops
GRACE_S = 2


class TimedH11(H11Protocol):
    """uvicorn's h11 protocol, dropping a connection whose head or body stalls (see the module)."""

    def __init__(self, *args: Any, crowd: Crowd | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._stall: asyncio.TimerHandle | None = None
        self.crowd = crowd
        self.heard = time.monotonic()  # the last bytes from the client
        self._body_from: float | None = None  # when the body under way began
        self._body_bytes = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.crowd is not None:
            self.crowd.joined(self)
        self._clock(HEAD_S)

    def data_received(self, data: bytes) -> None:
        self.heard = time.monotonic()
        super().data_received(data)
        state = self.conn.their_state
        if state is h11.SEND_BODY:
            self._body_clock(len(data))
            return
        self._body_from = None
        if state is h11.IDLE:
            self._clock(HEAD_S)  # a head under way: its deadline holds from its first byte
        else:
            self._stop_clock()

    def on_response_complete(self) -> None:
        self._stop_clock()  # uvicorn's keep-alive clock takes over
        super().on_response_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_clock()
        if self.crowd is not None:
            self.crowd.left(self)
        super().connection_lost(exc)

    def waiting_on_client(self) -> bool:
        """A head or a body on its way, or idle between requests: nothing is being answered."""
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing()

    def let_go(self) -> None:
        """Closed by the crowd to make room (``remi.web.crowd``): its handle is free on the next turn."""
        self._stop_clock()
        self.transport.abort()

    def _body_clock(self, received: int) -> None:
        """The body's next deadline: a pause of ``BODY_PAUSE_S``, or falling below the rate."""
        now = time.monotonic()
        if self._body_from is None:
            self._body_from, self._body_bytes = now, 0
        self._body_bytes += received
        behind = self._body_from + BODY_GRACE_S + self._body_bytes / BODY_MIN_RATE - now
        self._clock(max(0.0, min(BODY_PAUSE_S, behind)), again=True)

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
        if self.flow is not None and self.flow.read_paused:
            self._body_from = None  # the page has not read what came: its clock starts again
            self._clock(BODY_PAUSE_S)
            return
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY) and not self.transport.is_closing():
            self.transport.close()
