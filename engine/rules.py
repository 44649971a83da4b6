"""Rule sets as values: the Closed Rummy and Simple rummy presets (docs/rules.md section 0).

Every house option is a field; a table's settings are a ``Rules`` value stored with the game.
Overrides load from TOML (``--rules FILE``):

>>> CLOSED.replace(positional_ace=True).positional_ace
True
>>> Rules.from_toml_text('variant = "simple"\\njokers = 2').jokers
2

A game is a :class:`Variant` value that owns what differs between the two: its words and
notation (tiles ``r7`` or cards ``7h``), whether it has an atu, and its preset rules; a
``Rules`` value names its game (``rules.game``). What is different about Simple rummy is
read in one place:

>>> SIMPLE.game.title, SIMPLE.game.notation, SIMPLE.game.has_atu, SIMPLE.game.preset is SIMPLE
('Simple rummy', 'card', False, True)
>>> SIMPLE.game.check_atu(None); SIMPLE.game.check_atu("r7")
Traceback (most recent call last):
...
remi.engine.errors.RuleError: Simple rummy has no atu
"""

from __future__ import annotations

import dataclasses
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from remi.engine.errors import RuleError
from remi.engine.tiles import Notation
from remi.engine.words import WORDS, Words

#: a game's name, as rules files, the database and ``--variant`` write it
VariantName = Literal["closed", "simple"]


@dataclass(frozen=True, slots=True)
class Rules:
    """One table's rules. Defaults are Closed Rummy's (docs/rules.md section 0)."""

    variant: VariantName = "closed"
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
    def game(self) -> Variant:
        """The game these rules are a table's settings of: what differs between the two."""
        return VARIANTS[self.variant]

    @property
    def is_closed(self) -> bool:
        return self.variant == "closed"

    @property
    def words(self) -> Words:
        """The variant's words for messages: tiles on a rack and closing, or cards in a hand and
        going out (``engine.words``)."""
        return self.game.words

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
            raise RuleError("rule.unknown_variant", name=variant)
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            hints = _did_you_mean(unknown, names)
            raise RuleError("rule.unknown_options_hint" if hints else "rule.unknown_options", names=tuple(unknown),
                            hints=hints)
        base = PRESETS[variant]
        for key, value in data.items():
            expected = type(getattr(base, key))
            if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
                raise RuleError("rule.option_type", option=key, expected=expected.__name__, value=value)
        return _checked(dataclasses.replace(base, **data))

    @classmethod
    def from_toml_text(cls, text: str, *, variant: str | None = None) -> Rules:
        try:
            data = tomllib.loads(text)
        except ValueError as exc:  # TOMLDecodeError, or an integer of more digits than Python reads
            raise RuleError("rule.file_not_toml", detail=str(exc)) from None
        data = data.get("rules", data)
        if variant is not None:
            if data.get("variant", variant) != variant:
                raise RuleError("rule.file_variant", found=data["variant"], wanted=variant)
            data["variant"] = variant
        return cls.from_dict(data)

    @classmethod
    def load(cls, path: str | Path, *, variant: str | None = None) -> Rules:
        """The rules of a TOML file: a regular file of at most ``MOST_RULES_BYTES`` (a device
        such as /dev/zero would be read forever, a FIFO waits for a writer that never comes)."""
        from remi.engine.files import read_small

        text = read_small(path, MOST_RULES_BYTES, "rules", RuleError)
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
        raise RuleError("rule.unknown_variant", name=rules.variant)
    for name, (low, high) in RANGES.items():
        value = getattr(rules, name)
        if not low <= value <= high:
            raise RuleError("rule.option_range", option=name, low=low, high=high, value=value)
    if rules.max_multiplier not in (1, 2, 4):
        raise RuleError("rule.option_multiplier", value=rules.max_multiplier)
    for name, allowed in _CHOICES.items():
        if getattr(rules, name) not in allowed:
            raise RuleError("rule.option_choice", option=name, value=getattr(rules, name), choices=allowed)
    return rules


CLOSED = Rules()
SIMPLE = Rules(variant="simple", jokers=4, close_size=14, need_run_and_set=True)
PRESETS: dict[str, Rules] = {"closed": CLOSED, "simple": SIMPLE}


@dataclass(frozen=True, slots=True)
class Variant:
    """One game: Closed Rummy (tiles, an atu, CR-*) or Simple rummy (cards, no atu, SR-*).

    It owns what differs between the two, so that no caller branches on a name: its words
    and notation, whether it has an atu (CR-5; Simple rummy has none), and its preset rules
    (a table's house options are a ``Rules`` value, its ``game`` this). Not a subclass tree:
    the rules are the same functions for both, reading these fields.
    """

    name: VariantName
    #: the game as a player calls it
    title: str
    #: its words for messages (tiles on a rack and closing / cards in a hand and going out)
    words: Words
    #: an atu is turned up, doubles (CR-26), can be pulled in to close (CR-19), has a twin (CR-25)
    has_atu: bool
    #: the tiles score: the closer's board (CR-21, CR-22), a loser's rack (CR-23); Simple rummy:
    #: card values never matter, every loser takes the same (SR-20)
    scores_tiles: bool
    #: each player throws onto a row of their own, which the next takes from (CR-3, CR-10);
    #: Simple rummy: one discard pile, and a card taken from it is not thrown back (SR-13)
    discard_rows: bool
    #: the preset rules: the game as docs/rules.md gives it
    preset: Rules

    @property
    def notation(self) -> Notation:
        """The notation its players write: tiles ``r7`` or cards ``7h`` (docs/rules.md 0.12)."""
        return self.words.notation

    def check_atu(self, atu: object | None) -> None:
        """RuleError ``rule.no_atu`` for an atu given to a game without one (Simple rummy)."""
        if atu is not None and not self.has_atu:
            raise RuleError("rule.no_atu", variant=self.name)


CLOSED_RUMMY = Variant("closed", "Closed Rummy", WORDS["closed"], has_atu=True, scores_tiles=True, discard_rows=True,
                       preset=CLOSED)
SIMPLE_RUMMY = Variant("simple", "Simple rummy", WORDS["simple"], has_atu=False, scores_tiles=False,
                       discard_rows=False, preset=SIMPLE)
VARIANTS: dict[str, Variant] = {"closed": CLOSED_RUMMY, "simple": SIMPLE_RUMMY}


def variant(name: str) -> Variant:
    """The game of that name; RuleError ``rule.unknown_variant`` for another name."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise RuleError("rule.unknown_variant", name=name) from None


def preset(variant: str) -> Rules:
    try:
        return PRESETS[variant]
    except KeyError:
        raise RuleError("rule.unknown_variant", name=variant) from None


#: a house rules file is a few lines of TOML (the web page's upload takes as much)
MOST_RULES_BYTES = 16 * 1024


def _did_you_mean(unknown: list[str], names: set[str]) -> tuple[str, ...]:
    """The option names close to misspelt ones (``positional_ace`` for ``positonal_ace``).

    >>> _did_you_mean(["positonal_ace", "colour"], {"positional_ace", "long_run"})
    ('positional_ace',)
    """
    import difflib

    return tuple(hit[0] for name in unknown if (hit := difflib.get_close_matches(name, sorted(names), n=1)))
