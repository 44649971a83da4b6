"""Formations: sets and runs (docs/rules.md CR-13..CR-17, SR-16) and what they are worth (CR-22).

A set is 3 or 4 tiles of one number in different colours; a run is 3 or more consecutive
numbers of one colour, the ace low (1-2-3) or high (12-13-1), never round the corner; at most
one joker in either. Positions of a run are numbered 1..14, 14 being the high ace.

>>> from remi.engine.rules import CLOSED
>>> f = Formation.parse("r12 r13 r1")
>>> f.kind, f.start, str(f), f.value(CLOSED)
('run', 12, 'r12 r13 r1', 45)
>>> Formation.parse("k7 y7 b7").value(CLOSED)
15
>>> Formation.parse("r13 r1 r2")
Traceback (most recent call last):
...
remi.engine.errors.RuleError: r13 r1 r2 is neither a set nor a run
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from remi.engine.errors import RuleError
from remi.engine.rules import CLOSED, Rules
from remi.engine.tiles import JOKER, Notation, Tile, format_tiles, parse_tiles

FormationKind = Literal["set", "run"]


def tile_board_value(tile: Tile, rules: Rules, *, position: int = 0, in_set: bool = False) -> int:
    """What one tile earns on the closer's board (CR-22).

    ``position`` is the run position (1..14) for a run tile; the ace's value depends on it
    only under the positional-ace house option (5 low, 10 high, 25 in a set).
    """
    if tile.is_joker:
        return rules.joker_board_value
    n = tile.number
    if n == 1:
        if not rules.positional_ace or in_set:
            return 25
        return 10 if position == 14 else 5
    return 10 if n >= 10 else 5


def tile_rack_penalty(tile: Tile, rules: Rules) -> int:
    """What one tile costs on a loser's rack (CR-23): 1-9 low, 10-13 high, joker."""
    if tile.is_joker:
        return rules.joker_penalty
    return rules.high_penalty if tile.number >= 10 else rules.low_penalty


@dataclass(frozen=True, slots=True)
class Formation:
    """A valid set or run. Runs keep their tiles in position order, the joker where it stands."""

    kind: FormationKind
    tiles: tuple[Tile, ...]
    #: runs: the position (1..14) of the first tile; sets: the number.
    start: int

    def __str__(self) -> str:
        return format_tiles(self.tiles)

    def format(self, notation: Notation = "tile") -> str:
        return format_tiles(self.tiles, notation)

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def positions(self) -> tuple[int, ...]:
        """Run positions 1..14 (14 = high ace) of each tile; for a set, its number repeated."""
        if self.kind == "set":
            return (self.start,) * len(self.tiles)
        return tuple(range(self.start, self.start + len(self.tiles)))

    def value(self, rules: Rules = CLOSED) -> int:
        """The formation's worth on the closer's board (CR-22)."""
        in_set = self.kind == "set"
        return sum(
            tile_board_value(t, rules, position=p, in_set=in_set)
            for t, p in zip(self.tiles, self.positions)
        )

    def sort_key(self) -> tuple[int, ...]:
        return (0 if self.kind == "run" else 1, *(t.code for t in self.tiles))

    @classmethod
    def parse(cls, text: str | Iterable[str], rules: Rules = CLOSED) -> Formation:
        tiles = parse_tiles(text)
        found = classify(tiles, rules)
        if found is None:
            raise RuleError("rule.not_a_formation", tiles=tuple(tiles))
        return found


def classify(tiles: Sequence[Tile], rules: Rules = CLOSED) -> Formation | None:
    """The formation these tiles make, in any order, or None (CR-13..CR-16)."""
    jokers = sum(1 for t in tiles if t.is_joker)
    real = [t for t in tiles if not t.is_joker]
    if jokers > 1 or len(tiles) < 3 or len(real) < 2:
        return None
    return _as_set(real, jokers) or _as_run(real, jokers, rules)


def _as_set(real: list[Tile], jokers: int) -> Formation | None:
    if len(real) + jokers > 4 or len({t.number for t in real}) != 1:
        return None
    colours = [t.colour for t in real]
    if len(set(colours)) != len(colours):
        return None
    tiles = tuple(sorted(real)) + (JOKER,) * jokers
    return Formation("set", tiles, real[0].number)


def _as_run(real: list[Tile], jokers: int, rules: Rules) -> Formation | None:
    if len({t.colour for t in real}) != 1:
        return None
    length = len(real) + jokers
    if length > (14 if rules.long_run else 13):
        return None
    aces = [t for t in real if t.number == 1]
    others = sorted(t.number for t in real if t.number != 1)
    # Each ace stands low (1) or high (14); try every placement, keep the first valid one.
    for high in itertools.product((1, 14), repeat=len(aces)):
        positions = sorted(others + list(high))
        if len(set(positions)) != len(positions):
            continue
        if not rules.long_run and positions[0] == 1 and positions[-1] == 14:
            continue
        lo, hi = positions[0], positions[-1]
        gaps = hi - lo + 1 - len(positions)
        if gaps > jokers:
            continue
        # A spare joker extends the run at the top when it can, else at the bottom.
        start = lo
        if jokers - gaps:
            if hi < 14 and (rules.long_run or lo != 1 or hi + 1 < 14):
                start = lo
            elif lo > 1:
                start = lo - 1
            else:
                continue
        by_pos = {p: t for p, t in zip(positions, _order_by_position(real, positions))}
        tiles = tuple(by_pos.get(p, JOKER) for p in range(start, start + length))
        if not rules.long_run and start == 1 and start + length - 1 == 14:
            continue
        return Formation("run", tiles, start)
    return None


def _order_by_position(real: list[Tile], positions: list[int]) -> list[Tile]:
    """The real tiles sorted to match the sorted positions (aces to 1 or 14)."""
    colour = real[0].colour
    return [Tile.of(colour, 1 if p == 14 else p) for p in positions]


def board_value(formations: Iterable[Formation], rules: Rules = CLOSED) -> int:
    """The closer's board: the sum of its formations (CR-21, CR-22)."""
    return sum(f.value(rules) for f in formations)


def rack_penalty(tiles: Iterable[Tile], rules: Rules = CLOSED) -> int:
    """A loser's rack, arranged or not (CR-23): ``70 + 5 high + 45 jokers`` for 14 tiles.

    >>> rack_penalty(parse_tiles("K1 R2 R8 B8 Y5 B6 K11 K12 Y13 R13 B3 Y4 K9 R10"))
    95
    """
    return sum(tile_rack_penalty(t, rules) for t in tiles)
