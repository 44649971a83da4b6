"""The engine's work, off the event loop and a few at a time.

Scoring a hand under the largest house rules (``engine.limits.board_values``), checking a
rack, the tutor's search and reading a photo take CPU for a quarter of a second to several
seconds. On the event loop they held every phone's page (issue 27); in Starlette's thread pool
(40 threads) forty of them at once would share the interpreter's lock with the threads that
serve the other pages. ``heavy`` runs them in threads, at most ``HEAVY`` at a time; the rest
wait their turn without holding anything, and a second phone's page is answered meanwhile.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import anyio.to_thread
from anyio import CapacityLimiter

if TYPE_CHECKING:
    from remi.web.app import Web

T = TypeVar("T")
#: engine work at once: this machine's cores are the table's server, not a compute farm
HEAVY = 2


async def heavy(web: Web, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in a worker thread, at most ``HEAVY`` of them at once for this app."""
    limiter = web.heavy
    if limiter is None:  # made inside the event loop, which anyio's limiter belongs to
        limiter = web.heavy = CapacityLimiter(HEAVY)
    return await anyio.to_thread.run_sync(functools.partial(fn, *args), limiter=limiter)
