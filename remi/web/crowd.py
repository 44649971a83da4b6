"""How many connections the server holds at once, and whom it lets go when it is full (issue 39).

Every connection costs the process a file handle, and so do the store's connections, a photo
being read and the models. A phone that held 300 uploads open under a 256-file limit (macOS's
default) left none for ``accept()``: a new phone's request timed out, and asyncio, which
retries ``accept()`` up to 2,048 times a turn and logs each failure, wrote
``socket.accept() out of system resource`` 561,000 times in 15 s.

``Crowd`` keeps the connections under a cap drawn from ``RLIMIT_NOFILE`` (half of the handles
left when the server starts; the rest are the server's own work). ``GatedSocket`` is the
listening socket with ``accept()`` counting: at the cap it lets go of the connection heard from
least recently among those not being answered (a head or a body still on its way, or idle
between requests), so the new phone is taken on the loop's next turn; when every connection is
being answered, the new one is closed at once rather than left waiting. A spare handle,
closed to take one connection and close it, keeps ``accept()`` from failing over and over if
the process runs out anyway. What it does is said on the server's terminal in one line a
minute at most.
"""

from __future__ import annotations

import asyncio
import errno
import os
import resource
import socket
import sys
import time
import weakref
from typing import Protocol

#: file handles the server keeps for itself: the store's connections, photos, the models
OWN_SHARE = 0.5
#: the file limit the server asks for when its soft limit is lower and the hard one allows it
WANTED_FILES = 4096
#: seconds between two lines about connections let go or refused
SAY_EVERY_S = 60.0
#: seconds a connection just taken or let go may take to show up or close before another goes
SETTLE_S = 1.0
#: connections let go at once at the cap: a burst of 300 is taken in fewer turns of the loop
LET_GO_AT_ONCE = 8
OUT_OF_HANDLES = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


class Connection(Protocol):
    """What the crowd needs of a connection (``remi.web.timing.TimedH11``)."""

    heard: float  # time.monotonic() of the last bytes from the client

    def waiting_on_client(self) -> bool: ...

    def let_go(self) -> None: ...


def cap_for(limit: int, used: int) -> int:
    """The most connections at once under a file limit, with ``used`` handles already open.

    >>> cap_for(256, 12), cap_for(1024, 12), cap_for(4096, 12), cap_for(40, 30)
    (122, 506, 2042, 16)
    """
    return max(16, int((limit - used) * (1 - OWN_SHARE)))


def open_files() -> int:
    """Handles this process has open (Linux's /proc, macOS's /dev/fd; 32 if neither is there)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 32


def file_limit() -> int:
    """The process's file limit, raised toward ``WANTED_FILES`` when the hard limit allows."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = WANTED_FILES if hard == resource.RLIM_INFINITY else min(WANTED_FILES, hard)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (ValueError, OSError):
            pass
    return WANTED_FILES if soft == resource.RLIM_INFINITY else soft


class Crowd:
    """The open connections, their cap, and the one line a minute about those let go."""

    def __init__(self, cap: int, limit: int) -> None:
        self.cap = cap
        self.limit = limit
        self.known: set[Connection] = set()  # connections made and not yet lost
        self.sockets: weakref.WeakSet[socket.socket] = weakref.WeakSet()  # every accepted socket
        self.settling_since = 0.0  # a connection taken or let go that has not shown up or closed yet
        self.said_at = -SAY_EVERY_S
        self.unsaid = {"let go": 0, "refused": 0}
        self.line_due = False  # a line is set to be said when its minute is up

    @classmethod
    def for_this_process(cls) -> Crowd:
        limit = file_limit()
        return cls(cap_for(limit, open_files()), limit)

    def open_count(self) -> int:
        return sum(1 for s in self.sockets if s.fileno() >= 0)

    def joined(self, conn: Connection) -> None:
        self.known.add(conn)

    def left(self, conn: Connection) -> None:
        self.known.discard(conn)

    def make_room(self) -> bool:
        """At the cap: True when a place frees within a turn or two (so wait for it), False
        when the new connection must be refused."""
        now = time.monotonic()
        if self.open_count() > len(self.known) and now - self.settling_since < SETTLE_S:
            return True  # one just taken is not made yet, or one let go is not closed yet
        waiting = sorted((c for c in self.known if c.waiting_on_client()), key=lambda c: c.heard)
        if not waiting:
            return False
        for stalest in waiting[:LET_GO_AT_ONCE]:
            self.known.discard(stalest)
            stalest.let_go()
        self.settling_since = now
        self.say("let go", min(LET_GO_AT_ONCE, len(waiting)))
        return True

    def say(self, what: str, count: int = 1) -> None:
        """One line on the terminal a minute at most: at once, then what happened in the
        minute after it (said when the minute is up, on the event loop that accepts)."""
        self.unsaid[what] += count
        if self.line_due:
            return
        wait = self.said_at + SAY_EVERY_S - time.monotonic()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if wait <= 0:
            self.say_now()
        elif loop is not None:
            self.line_due = True
            loop.call_later(wait, self.say_now)

    def say_now(self) -> None:
        self.line_due = False
        counts = ", ".join(f"{n} {w}" for w, n in self.unsaid.items() if n)
        if not counts:
            return
        print(f"remi: many connections at once: {counts} (at most {self.cap} at a time under a limit of "
              f"{self.limit} open files)", file=sys.stderr, flush=True)
        self.said_at = time.monotonic()
        self.unsaid = dict.fromkeys(self.unsaid, 0)


class GatedSocket(socket.socket):
    """The listening socket, taking a connection only when the crowd has room (see the module)."""

    crowd: Crowd
    spare: int | None

    @classmethod
    def around(cls, sock: socket.socket, crowd: Crowd) -> GatedSocket:
        gated = cls(sock.family, sock.type, sock.proto, fileno=sock.detach())
        gated.crowd = crowd
        gated.spare = os.open(os.devnull, os.O_RDONLY)
        return gated

    def accept(self) -> tuple[socket.socket, object]:
        crowd = self.crowd
        while crowd.open_count() >= crowd.cap:
            if crowd.make_room():
                raise BlockingIOError(errno.EAGAIN, "taken on the next turn")
            self._refuse()  # raises BlockingIOError once nobody is waiting
        try:
            conn, addr = super().accept()
        except OSError as exc:
            if exc.errno not in OUT_OF_HANDLES or self.spare is None:
                raise
            self._refuse_with_spare()
            raise BlockingIOError(errno.EAGAIN, "refused: out of file handles") from None
        crowd.sockets.add(conn)
        crowd.settling_since = time.monotonic()
        return conn, addr

    def _refuse(self) -> None:
        conn, _ = super().accept()
        conn.close()
        self.crowd.say("refused")

    def _refuse_with_spare(self) -> None:
        """Out of handles all the same: the spare one takes the connection to close it."""
        if self.spare is not None:
            os.close(self.spare)
            self.spare = None
        try:
            conn, _ = super().accept()
            conn.close()
            self.crowd.say("refused")
        except OSError:
            pass
        try:
            self.spare = os.open(os.devnull, os.O_RDONLY)
        except OSError:
            self.spare = None

    def close(self) -> None:
        if getattr(self, "spare", None) is not None:
            os.close(self.spare)  # type: ignore[arg-type]
            self.spare = None
        super().close()
