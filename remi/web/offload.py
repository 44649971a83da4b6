"""The engine's work, off the event loop and a few at a time.

Scoring a hand under the largest house rules (``engine.limits.board_values``), checking a
rack, the tutor's search and reading a photo take CPU for a quarter of a second to several
seconds. On the event loop they held every phone's page (issue 27); in Starlette's thread pool
(40 threads) forty of them at once would share the interpreter's lock with the threads that
serve the other pages. ``heavy`` runs them in threads, at most ``HEAVY`` at a time; the rest
wait their turn without holding anything, and a second phone's page is answered meanwhile.

Reading a photo has a lane of its own (``photo_work``, ``PHOTOS`` at a time): six phones
uploading nonstop held both of ``heavy``'s places, and every hand's check and Record waited
behind them, 7 ms become 1.5 s (issue 39). A hand never queues behind a photo now; photos
queue behind each other.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import anyio.to_thread
from anyio import CapacityLimiter

if TYPE_CHECKING:
    from remi.web.app import Web

T = TypeVar("T")
#: engine work at once: this machine's cores are the table's server, not a compute farm
HEAVY = 2
#: photos read at once: one already keeps the reader's two threads busy (vision.reader)
PHOTOS = 1


async def heavy(web: Web, fn: Callable[..., T], *args: object) -> T:
    """``fn(*args)`` in a worker thread, at most ``HEAVY`` of them at once for this app."""
    return await _in_lane(web, "heavy", HEAVY, fn, *args)


async def photo_work(web: Web, fn: Callable[..., T], *args: object) -> T:
    """``fn(*args)`` (a photo's decoding and reading) in a thread of the photos' own lane,
    at most ``PHOTOS`` at once: never in the places of the hands' checks."""
    return await _in_lane(web, "photo_lane", PHOTOS, fn, *args)


async def _in_lane(web: Web, lane: str, size: int, fn: Callable[..., T], *args: object) -> T:
    limiter = getattr(web, lane)
    if limiter is None:  # made inside the event loop, which anyio's limiter belongs to
        limiter = CapacityLimiter(size)
        setattr(web, lane, limiter)
    return await anyio.to_thread.run_sync(functools.partial(fn, *args), limiter=limiter)
