"""The count encoding the searches work on: the solver's and the tutor's, declared once.

A rack becomes a list of ``SLOTS`` counts and a number of jokers. Slot ``pos * 4 + colour``
holds how many tiles of that kind the rack has, for run positions ``pos`` 0..13: numbers
1..13, then ``HIGH`` (13) for an ace moved above the 13 to end a run ...12-13-1 (CR-15).
``counts`` never fills the high slots; a search moves an ace there when it needs it.
Colours keep the tiles' order (k b r y), so a number's four colours are neighbours: the
sets of a number and the runs of a colour are both a short walk from the lowest tile left.

>>> from remi.engine.tiles import parse_tiles
>>> cnt, jokers = counts(parse_tiles("k1 r1 b3 * y13"))
>>> [i for i, n in enumerate(cnt) if n], jokers
([0, 2, 9, 51], 1)
>>> [str(tile_of(i)) for i in (0, 2, 9, 51, HIGH * 4 + 2)]
['k1', 'r1', 'b3', 'y13', 'r1']
"""

from __future__ import annotations

from collections.abc import Iterable

from remi.engine.rules import Rules
from remi.engine.tiles import JOKER_CODE, Tile

#: the run position of an ace moved high (the 14th position, after the 13)
HIGH = 13
#: run positions 0..13, four colours each
SLOTS = 14 * 4
#: bits of ``need``: a close still lacks a run, a set (Simple rummy, SR-18)
NEED_RUN, NEED_SET = 1, 2


def counts(tiles: Iterable[Tile]) -> tuple[list[int], int]:
    """The slot counts of the tiles, and how many jokers they hold."""
    cnt = [0] * SLOTS
    jokers = 0
    for t in tiles:
        c = t.code  # colour * 13 + number - 1 (tiles.py); the slot is (number - 1) * 4 + colour
        if c == JOKER_CODE:
            jokers += 1
        else:
            cnt[(c % 13) * 4 + c // 13] += 1
    return cnt, jokers


def slot(tile: Tile) -> int:
    """The slot of a numbered tile (an ace in its low position)."""
    if tile.code == JOKER_CODE:
        raise ValueError("the joker has no slot: counts() keeps jokers apart")
    return (tile.code % 13) * 4 + tile.code // 13


def code(pos: int, colour: int) -> int:
    """The tile code (``Tile(code)``) of run position ``pos`` in a colour; the high ace is the ace."""
    return colour * 13 + (0 if pos == HIGH else pos)


def tile_of(i: int) -> Tile:
    """The tile a slot counts."""
    return Tile(code(i // 4, i % 4))


def need(rules: Rules) -> int:
    """What every close must show besides its formations: a run and a set in Simple rummy (SR-18)."""
    return (NEED_RUN | NEED_SET) if rules.need_run_and_set else 0
