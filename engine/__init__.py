"""remi's rules engine: tiles, formations, closing and scoring for Closed Rummy and Simple rummy.

Pure Python, no third-party imports, typed (``py.typed``). Notation is the API (docs/rules.md
section 0.12): ``Tile.parse("r7")`` and ``str(tile)`` are inverses, ``parse_tiles`` reads a rack.

Closing asks three questions, each one call (solver.py):

>>> from remi.engine import CLOSED, CloseStatus, can_close, check_close, parse_tiles
>>> rack = parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2")
>>> can_close(rack, CLOSED)
True
>>> result = check_close(rack, CLOSED)
>>> result.status is CloseStatus.CLOSES, str(result.best.discard), result.best.points
(True, 'k2', 100)

``check_close`` also checks the rack against the deck (a 3rd copy, a wrong size: RuleError),
``check_counts`` any other tiles or a whole table. Scoring is scoring.py (``closed_hand``,
``close_multiplier``), the end of a game match.py. The strategies' count encoding is
counts.py (``remi.engine.counts``).
"""

from remi.engine.errors import NotationError, RemiError, RuleError
from remi.engine.formations import (
    Formation,
    board_value,
    classify,
    rack_penalty,
    tile_board_value,
    tile_rack_penalty,
)
from remi.engine.match import closed_winners, simple_limit, simple_result
from remi.engine.racks import check_counts
from remi.engine.rules import CLOSED, PRESETS, SIMPLE, VARIANTS, Rules, Variant, preset, variant
from remi.engine.scoring import HandScore, atu_multiplier, close_multiplier, closed_hand, simple_hand
from remi.engine.solver import (
    Close,
    CloseResult,
    CloseStatus,
    can_close,
    check_close,
    iter_closes,
)
from remi.engine.tiles import ALL_KINDS, JOKER, Tile, format_tiles, parse_tiles, sort_key

__all__ = [
    # notation
    "ALL_KINDS", "JOKER", "Tile", "format_tiles", "parse_tiles", "sort_key",
    # rule sets and errors
    "CLOSED", "PRESETS", "SIMPLE", "Rules", "preset", "NotationError", "RemiError", "RuleError",
    # the two games, what differs between them
    "VARIANTS", "Variant", "variant",
    # formations and what tiles are worth
    "Formation", "board_value", "classify", "rack_penalty", "tile_board_value", "tile_rack_penalty",
    # closing
    "Close", "CloseResult", "CloseStatus", "can_close", "check_close", "check_counts", "iter_closes",
    # scoring one hand, the end of a game
    "HandScore", "atu_multiplier", "close_multiplier", "closed_hand", "simple_hand",
    "closed_winners", "simple_limit", "simple_result",
]
