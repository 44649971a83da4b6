"""Rule sets as values: the Closed Rummy and Simple rummy presets (docs/rules.md section 0).

Every house option is a field; a table's settings are a ``Rules`` value stored with the game.
Overrides load from TOML (``--rules FILE``):

>>> CLOSED.replace(positional_ace=True).positional_ace
True
>>> Rules.from_toml_text('variant = "simple"\\njokers = 2').jokers
2
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from remi.engine.errors import RuleError
from remi.engine.words import WORDS, Words

Variant = Literal["closed", "simple"]


@dataclass(frozen=True, slots=True)
class Rules:
    """One table's rules. Defaults are Closed Rummy's (docs/rules.md section 0)."""

    variant: Variant = "closed"
    #: jokers in the deck: Closed 2 (CR-1); Simple 4, house option 2 (SR-1).
    jokers: int = 2
    #: copies of each numbered kind in the deck (two decks / two sets of tiles).
    copies: int = 2
    #: tiles held after drawing, the size of a closing rack: Closed 15 (CR-18), Simple 14 (SR-17).
    close_size: int = 15
    #: CR-15 / 0.6: the 14-tile run 1-2-...-13-1 is allowed; False = at most one ace per run.
    long_run: bool = True
    #: CR-22 house option: ace worth 5 low, 10 high, 25 in a set (default: 25 everywhere).
    positional_ace: bool = False
    #: CR-22: value of a joker inside a board formation.
    joker_board_value: int = 50
    #: CR-23: the loser's rack: 1-9 = low_penalty, 10-13 = high_penalty, joker = joker_penalty.
    low_penalty: int = 5
    high_penalty: int = 10
    joker_penalty: int = 50
    #: CR-25: bonus for the player dealt the atu's twin (house option 25).
    twin_bonus: int = 50
    #: CR-26: an atu that is an ace or a joker doubles every hand score.
    atu_doubles: bool = True
    #: CR-27 house option: closing by throwing an ace also doubles the closer's score.
    ace_close_doubles: bool = False
    #: CR-28 house option: cap the stacked multiplier (4 by default, 2 with the cap).
    max_multiplier: int = 4
    #: CR-30/31: a hand nobody closes: everyone pays the rack ("pay") or nobody scores ("void").
    nobody_closed: Literal["pay", "void"] = "pay"
    #: CR-33: a tie for the highest total at the stop: a shared win, or play another hand.
    tie: Literal["shared", "play_on"] = "shared"
    #: CR-3: you throw to your left neighbour ("left") or, house option, your right ("right").
    direction: Literal["left", "right"] = "left"
    #: SR-18: a close must show at least one run and one set (Simple rummy).
    need_run_and_set: bool = False
    #: SR-20: what each loser takes in Simple rummy.
    loser_points: int = 100
    #: SR-21/22: the total at which a side loses (1 vs 1 and 3 players; 2 vs 2).
    limit_single: int = 300
    limit_teams: int = 600
    #: SR-10 house option: a kept tournante may be discarded on the same turn.
    tournante_same_turn: bool = False
    #: SR-15: an empty stock is rebuilt from the discards ("reshuffle") or the round is void.
    empty_stock: Literal["reshuffle", "void"] = "reshuffle"
    #: SS-2: a rack or a board typed as a number must be one a real hand gives (engine.limits);
    #: house option False: the table's own count, taken as typed (0 or more).
    check_points: bool = True

    @property
    def is_closed(self) -> bool:
        return self.variant == "closed"

    @property
    def words(self) -> Words:
        """The variant's words for messages: tiles on a rack and closing, or cards in a hand and
        going out (``engine.words``)."""
        return WORDS[self.variant]

    @property
    def hand_size(self) -> int:
        """Tiles held between turns (and on a loser's rack)."""
        return self.close_size - 1

    def replace(self, **changes: Any) -> Rules:
        return _checked(dataclasses.replace(self, **changes))

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """A variant's preset with the given fields overridden; unknown keys are an error."""
        data = dict(data)
        variant = data.get("variant", "closed")
        if variant not in PRESETS:
            raise RuleError(f"unknown variant {shown(variant)}: use closed or simple")
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise RuleError(f"unknown rule option(s): {', '.join(shown(u, quote=False) for u in unknown[:5])}"
                            f"{', ...' if len(unknown) > 5 else ''}{_did_you_mean(unknown[:5], names)}")
        base = PRESETS[variant]
        for key, value in data.items():
            expected = type(getattr(base, key))
            if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
                raise RuleError(f"rule option {key} must be {expected.__name__}, not {shown(value)}")
        return _checked(dataclasses.replace(base, **data))

    @classmethod
    def from_toml_text(cls, text: str, *, variant: str | None = None) -> Rules:
        try:
            data = tomllib.loads(text)
        except ValueError as exc:  # TOMLDecodeError, or an integer of more digits than Python reads
            raise RuleError(f"rules file is not valid TOML: {shown(str(exc), quote=False)}") from None
        data = data.get("rules", data)
        if variant is not None:
            if data.get("variant", variant) != variant:
                raise RuleError(f"rules file is for {shown(data['variant'], quote=False)}, not {variant}")
            data["variant"] = variant
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path, *, variant: str | None = None) -> Rules:
        """The rules of a TOML file: a regular file of at most ``MOST_RULES_BYTES`` (a device
        such as /dev/zero would be read forever, a FIFO waits for a writer that never comes)."""
        from remi.engine.files import read_small

        text = read_small(path, MOST_RULES_BYTES, "rules file", RuleError)
        return cls.from_toml_text(text, variant=variant)


_CHOICES = {
    "nobody_closed": ("pay", "void"),
    "tie": ("shared", "play_on"),
    "direction": ("left", "right"),
    "empty_stock": ("reshuffle", "void"),
}


#: What a real table can play, per number field: the deck of two sets (CR-1, SR-1) and the
#: points a sheet can add up. The bounds also bound the work: ``engine.limits.board_values``
#: grows with about the square of ``close_size`` (22: a quarter of a second), so a rules file
#: cannot make one hand's check run for minutes (issue 27).
RANGES: dict[str, tuple[int, int]] = {
    "jokers": (0, 4),  # CR-1: 2; SR-1: 4 (house option 2)
    "copies": (1, 3),  # one pack, the usual two (CR-1, SR-1), three for a crowded table
    "close_size": (4, 22),  # CR-18: 15, SR-17: 14; 4 players x 21 still leave a stock of 106
    "joker_board_value": (0, 100),  # CR-22: 50
    "low_penalty": (0, 100),  # CR-23: 5
    "high_penalty": (0, 100),  # CR-23: 10
    "joker_penalty": (0, 500),  # CR-23: 50
    "twin_bonus": (0, 500),  # CR-25: 50 (house option 25)
    "loser_points": (1, 1000),  # SR-20: 100
    "limit_single": (1, 10_000),  # SR-21: 300
    "limit_teams": (1, 10_000),  # SR-22: 600
}


def _checked(rules: Rules) -> Rules:
    """The rules if a table can play them; RuleError naming the first field that it cannot.

    >>> CLOSED.replace(close_size=100000)
    Traceback (most recent call last):
    remi.engine.errors.RuleError: rule option close_size must be 4 to 22, not 100000
    """
    if rules.variant not in ("closed", "simple"):
        raise RuleError(f"unknown variant {shown(rules.variant)}")
    for name, (low, high) in RANGES.items():
        value = getattr(rules, name)
        if not low <= value <= high:
            raise RuleError(f"rule option {name} must be {low} to {high}, not {value}")
    if rules.max_multiplier not in (1, 2, 4):
        raise RuleError("rule option max_multiplier must be 1, 2 or 4")
    for name, allowed in _CHOICES.items():
        if getattr(rules, name) not in allowed:
            raise RuleError(f"bad value for {name}: {shown(getattr(rules, name))} (one of {', '.join(allowed)})")
    return rules


CLOSED = Rules()
SIMPLE = Rules(variant="simple", jokers=4, close_size=14, need_run_and_set=True)
PRESETS: dict[str, Rules] = {"closed": CLOSED, "simple": SIMPLE}


def preset(variant: str) -> Rules:
    try:
        return PRESETS[variant]
    except KeyError:
        raise RuleError(f"unknown variant {shown(variant)}: use closed or simple") from None


#: a house rules file is a few lines of TOML (the web page's upload takes as much)
MOST_RULES_BYTES = 16 * 1024
#: the most characters of a bad value a message shows
SHOWN_MOST = 40


def shown(value: Any, *, quote: bool = True) -> str:
    """A bad value as a message shows it: cut to ``SHOWN_MOST`` characters (a 200 KB value is
    not echoed whole).

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (102 characters)"
    """
    text = repr(value) if quote else str(value)
    return text if len(text) <= SHOWN_MOST else f"{text[:SHOWN_MOST - 2]}... ({len(text):,} characters)"


def _did_you_mean(unknown: list[str], names: set[str]) -> str:
    """`` (did you mean positional_ace?)`` for misspelt option names, when one is close.

    >>> _did_you_mean(["positonal_ace", "colour"], {"positional_ace", "long_run"})
    ' (did you mean positional_ace?)'
    """
    import difflib

    close = [hit[0] for name in unknown if (hit := difflib.get_close_matches(name, sorted(names), n=1))]
    return f" (did you mean {', '.join(close)}?)" if close else ""
