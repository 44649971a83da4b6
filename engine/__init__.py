"""remi's rules engine: tiles, formations, closing and scoring for Closed Rummy and Simple rummy.

Pure Python, no third-party imports. Notation is the API (RULES.md section 0.12):

>>> from remi.engine import parse_tiles, check_close, CLOSED
>>> result = check_close(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 y12 k2"), CLOSED)
>>> result.can_close, str(result.best.discard), result.best.points
(True, 'k2', 100)
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
from remi.engine.racks import check_close_rack, check_counts, check_table
from remi.engine.rules import CLOSED, PRESETS, SIMPLE, Rules, preset
from remi.engine.scoring import HandScore, atu_multiplier, closed_hand, simple_hand
from remi.engine.solver import (
    Close,
    CloseResult,
    best_close,
    can_close,
    check_close,
    close_multiplier,
    explain_no_close,
    iter_closes,
)
from remi.engine.tiles import ALL_KINDS, JOKER, Tile, format_tiles, parse_tiles, sort_key

__all__ = [
    "ALL_KINDS", "CLOSED", "JOKER", "PRESETS", "SIMPLE",
    "Close", "CloseResult", "Formation", "HandScore", "NotationError", "RemiError", "RuleError",
    "Rules", "Tile",
    "atu_multiplier", "best_close", "board_value", "can_close", "check_close", "check_close_rack",
    "check_counts", "check_table", "classify", "close_multiplier", "closed_hand", "closed_winners",
    "explain_no_close", "format_tiles", "iter_closes", "parse_tiles", "preset", "rack_penalty",
    "simple_hand", "simple_limit", "simple_result", "sort_key", "tile_board_value",
    "tile_rack_penalty",
]
