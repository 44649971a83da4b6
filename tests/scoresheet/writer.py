"""A writer process for the concurrency and kill tests: records hands into one game.

    python -m tests.scoresheet.writer DB GAME TAG COUNT

Each hand carries the note ``TAG-i``; after each commit it prints ``TAG-i`` (flushed), so
a test knows which hands a killed writer had committed.
"""

from __future__ import annotations

import sys

from remi.scoresheet.entry import HandInput, RackInput
from remi.scoresheet.store import Store


def hand(note: str, i: int) -> HandInput:
    closer = ("Ana", "Dan", "Ion")[i % 3]
    racks = {p: RackInput(points=70 + 5 * (i % 7)) for p in ("Ana", "Dan", "Ion") if p != closer}
    board = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2" if i % 2 else None
    return HandInput.parse(closer=closer, atu="k5", board=board, board_points=None if board else 100 + 5 * (i % 5),
                     racks=racks, note=note)


def main() -> None:
    db, game, tag, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    store = Store.open(db)
    game_id = store.find_game(game).id
    for i in range(count):
        note = f"{tag}-{i}"
        # the writers' hands repeat on purpose: a hand that scores as the one before it is
        # refused as entered twice (issue 39) unless it is recorded again on purpose
        store.record(game_id, hand(note, i), again=True)
        print(note, flush=True)


if __name__ == "__main__":
    main()
