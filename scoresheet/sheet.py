"""A game's sheet, derived from its settings and its action log.

``replay`` turns the log (hands, fixes, deletions, undos) into the hands as finally
recorded; ``build_sheet`` scores each through the engine (``entry.score_hand``), keeps the
running totals and finds where the game stops (CR-33, SR-21..23).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from remi.engine import HandScore, Rules, Tile, closed_winners, simple_limit, simple_result
from remi.engine.tiles import Notation
from remi.scoresheet.entry import HandInput, HandResult, score_hand
from remi.scoresheet.errors import NoHand, SheetError


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A game's settings, independent of the database row."""

    id: int
    name: str
    variant: str
    players: tuple[str, ...]
    teams: tuple[tuple[str, ...], ...] | None
    target: int | None
    rules: Rules
    created_at: str = ""

    @property
    def sides(self) -> dict[str, tuple[str, ...]]:
        """Columns of the sheet: each team (Simple 2 vs 2), else each player."""
        if self.teams:
            return {"+".join(t): tuple(t) for t in self.teams}
        return {p: (p,) for p in self.players}

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "variant": self.variant, "players": list(self.players),
                "teams": [list(t) for t in self.teams] if self.teams else None, "target": self.target,
                "rules": self.rules.to_dict(), "created_at": self.created_at}


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One action of the log, as stored."""

    seq: int
    kind: str  # hand | fix | delete | undo | target | rename
    created_at: str
    hand_seq: int | None = None
    undoes: int | None = None
    hand: HandInput | None = None
    #: target: {"target": T or None}; rename: {"old": NAME, "new": NAME}
    change: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """An action with what it did, for ``remi history``."""

    seq: int
    kind: str
    created_at: str
    number: int | None  # the hand's number when the action was taken
    undone: bool
    undoes: int | None
    hand: HandInput | None
    change: Mapping[str, Any] | None = None

    def to_dict(self, notation: Notation = "tile") -> dict[str, Any]:
        """``notation``: the game's (a Simple rummy hand's cards as cards)."""
        out = {"seq": self.seq, "kind": self.kind, "at": self.created_at, "hand": self.number, "undone": self.undone,
               "undoes": self.undoes, "input": self.hand.to_dict(notation) if self.hand else None}
        if self.change is not None:
            out["change"] = dict(self.change)
        return out


@dataclass(frozen=True, slots=True)
class SheetRow:
    number: int
    hand_seq: int
    hand: HandInput
    result: HandResult
    totals: dict[str, int]
    starter: str
    after_end: bool = False

    @property
    def scores(self) -> dict[str, HandScore]:
        return self.result.scores

    @property
    def board(self) -> int | None:
        return self.result.board

    @property
    def discard(self) -> Tile | None:
        return self.result.discard


@dataclass(frozen=True, slots=True)
class Sheet:
    game: GameInfo
    rows: list[SheetRow]
    totals: dict[str, int]
    finished: bool
    winners: list[str]
    losers: list[str] = field(default_factory=list)
    #: Simple: the total at which a side loses; Closed: None
    limit: int | None = None
    #: the hand after which the game stopped (None while it goes on)
    ended_at: int | None = None
    #: the number the next hand takes: a struck-out hand's number is never given again
    next_number: int = 0

    def __post_init__(self) -> None:
        if not self.next_number:
            object.__setattr__(self, "next_number", (self.rows[-1].number if self.rows else 0) + 1)

    def row(self, number: int) -> SheetRow | None:
        """Hand ``number`` as the sheet shows it (None when it was struck out or is not yet)."""
        return next((r for r in self.rows if r.number == number), None)

    def no_hand(self, number: int) -> NoHand:
        """Why the sheet has no hand ``number`` (``row`` gave None): struck out, or not yet."""
        last = self.next_number - 1
        return NoHand(self.game.name, number, last, struck=1 <= number <= last)

    def side_totals(self) -> dict[str, int]:
        return {s: sum(self.totals[p] for p in members) for s, members in self.game.sides.items()}

    def outcome(self) -> str:
        """How a finished game ended, in words: ``won by Ana and Dan`` (or ``over``)."""
        return ("won by " + " and ".join(self.winners)) if self.winners else "over"

    def rounds_lost(self) -> dict[str, int]:
        """Simple rummy: rounds each side lost (SS-8)."""
        return {s: sum(1 for r in self.rows if any(r.scores[p].score > 0 for p in members))
                for s, members in self.game.sides.items()}

    def next_starter(self) -> str:
        return self.game.players[len(self.rows) % len(self.game.players)]

    def repeats(self, hand: HandInput, result: HandResult | None = None) -> int | None:
        """The number of the last hand when ``hand`` is that hand again (entered twice?), else
        None. Closed Rummy only: in Simple rummy "Ana went out" twice running is ordinary.
        ``hand`` spells the names as the game does (``entry.seat_names``); ``result``: its
        scores, when already known.

        The hand is compared, not the typing: the same atu, closer and twin holder and every
        player scored the same (a rack as 11L3H or as the 85 points it costs, the board in
        any order or as its points) is the same hand.
        """
        if self.game.variant != "closed" or not self.rows:
            return None
        last = self.rows[-1]
        if result is None:
            try:
                result = score_hand(self.game.players, self.game.teams, self.game.rules, hand, limits=False)
            except SheetError:
                return None
        if _scored(last.hand, last.result) == _scored(hand, result):
            return last.number
        return None

    def standing(self) -> list[tuple[str, int]]:
        """Sides from best to worst: highest first in Closed Rummy, lowest first in Simple."""
        sign = -1 if self.game.rules.is_closed else 1
        return sorted(self.side_totals().items(), key=lambda kv: (sign * kv[1], kv[0]))

    def summary(self) -> dict[str, Any]:
        """The game in one line's worth: what ``remi games`` lists."""
        g = self.game
        return {"id": g.id, "name": g.name, "variant": g.variant, "players": list(g.players), "hands": len(self.rows),
                "totals": dict(self.totals), "finished": self.finished, "winners": list(self.winners),
                "created_at": g.created_at}

    def to_dict(self) -> dict[str, Any]:
        g = self.game
        out: dict[str, Any] = {
            "game": g.name, "id": g.id, "variant": g.variant, "players": list(g.players),
            "teams": [list(t) for t in g.teams] if g.teams else None, "target": g.target,
            "hands": [
                {"number": r.number, "scores": {p: s.score for p, s in r.scores.items()},
                 "totals": dict(r.totals), "closer": r.hand.closer, "nobody": r.hand.nobody,
                 "multiplier": {p: s.multiplier for p, s in r.scores.items() if s.multiplier != 1},
                 "twin": r.hand.twin, "atu": _str(r.hand.atu), "board": r.board, "throw": _str(r.discard),
                 "starter": r.starter, "after_end": r.after_end}
                for r in self.rows
            ],
            "totals": dict(self.totals), "finished": self.finished, "winners": list(self.winners),
            "ended_at": self.ended_at,
        }
        if not g.rules.is_closed:
            out["limit"] = self.limit
            out["side_totals"] = self.side_totals()
            out["rounds_lost"] = self.rounds_lost()
            out["losers"] = list(self.losers)
        out["next_starter"] = self.next_starter()
        return out


def hand_numbers(log: Sequence[LogEntry]) -> dict[int, int]:
    """Each hand's number on the sheet, by the seq of the action that recorded it.

    Hands count in the order recorded; an undone recording does not count. A struck-out hand
    keeps its number, so the hands after it do not move and no later hand takes it: the
    number a player reads on the sheet is the one every command takes, before and after.
    """
    undone = {e.undoes for e in log if e.kind == "undo"}
    numbers: dict[int, int] = {}
    for e in log:
        if e.kind == "hand" and e.seq not in undone:
            numbers[e.seq] = len(numbers) + 1
    return numbers


def replay(log: Sequence[LogEntry]) -> tuple[list[tuple[int, HandInput]], list[HistoryLine]]:
    """The live hands ``[(hand_seq, input)]`` in play order, and the annotated history (each
    line with the number of its hand: ``hand_numbers``, the same before and after a deletion).

    A rename applies to the hands entered before it (those after it use the new name).
    """
    undone = {e.undoes for e in log if e.kind == "undo"}
    numbers = hand_numbers(log)
    live: dict[int, HandInput] = {}
    history: list[HistoryLine] = []
    shown: dict[int, int] = {}  # action seq -> the hand number it concerned
    for e in log:
        number: int | None = None
        if e.kind == "undo":
            number = shown.get(e.undoes) if e.undoes is not None else None
        elif e.kind in HAND_KINDS:
            target = e.hand_seq if e.kind != "hand" else e.seq
            # an undone recording (and its fixes): the number it was shown with, after the hands before it
            number = numbers.get(target) if target is not None else None
            if number is None and target is not None:
                number = sum(1 for seq in numbers if seq < target) + 1
        if e.seq in undone:
            pass
        elif e.kind == "hand" and e.hand is not None:
            live[e.seq] = e.hand
        elif e.kind == "fix" and e.hand_seq in live and e.hand is not None:
            live[e.hand_seq] = e.hand
        elif e.kind == "delete" and e.hand_seq in live:
            del live[e.hand_seq]
        elif e.kind == "rename" and e.change:
            live = {seq: renamed(h, e.change["old"], e.change["new"]) for seq, h in live.items()}
        if number is not None:
            shown[e.seq] = number
        history.append(HistoryLine(e.seq, e.kind, e.created_at, number, e.seq in undone, e.undoes, e.hand, e.change))
    return list(live.items()), history


#: the actions that concern one hand; the others change the game (its target, a name)
HAND_KINDS = ("hand", "fix", "delete")


def renamed(h: HandInput, old: str, new: str) -> HandInput:
    """The hand with player ``old`` called ``new``."""
    def name(n: str | None) -> str | None:
        return new if n == old else n
    return h.replace(closer=name(h.closer), twin=name(h.twin), racks={name(n) or n: r for n, r in h.racks.items()})


def settle(game: GameInfo, log: Sequence[LogEntry]) -> GameInfo:
    """The game's settings after the changes in its log (a target, a rename), undone ones left out."""
    undone = {e.undoes for e in log if e.kind == "undo"}
    for e in log:
        if e.seq in undone or not e.change:
            continue
        if e.kind == "target":
            game = dataclasses.replace(game, target=e.change["target"])
        elif e.kind == "rename":
            old, new = e.change["old"], e.change["new"]
            game = dataclasses.replace(
                game, players=tuple(new if p == old else p for p in game.players),
                teams=tuple(tuple(new if p == old else p for p in t) for t in game.teams) if game.teams else None)
    return game


def undoable(log: Sequence[LogEntry]) -> LogEntry | None:
    """The latest action that is not an undo and not undone yet: what ``undo`` cancels."""
    undone = {e.undoes for e in log if e.kind == "undo"}
    for e in reversed(log):
        if e.kind != "undo" and e.seq not in undone:
            return e
    return None


def build_sheet(game: GameInfo, hands: Sequence[tuple[int, HandInput]], *, start: Sheet | None = None,
                known: Sequence[tuple[HandInput, HandResult]] = (), numbers: Mapping[int, int] | None = None) -> Sheet:
    """Score every hand through the engine, with running totals and the end of the game.

    A hand's scores depend only on the hand, the seats and the rules, so each hand is scored
    once: ``start`` (an earlier sheet of this game) lends the scores of the hands it holds
    unchanged, and ``known`` those of hands just scored (matched by identity). ``numbers``:
    each hand's number by its seq (``hand_numbers``); without them, hands count from 1.
    """
    rules = game.rules
    players = game.players
    limit = None if rules.is_closed else simple_limit(game.sides, rules=rules)
    reuse: dict[int, SheetRow] = {}
    if start is not None and (start.game.players, start.game.teams, start.game.rules) == (players, game.teams, rules):
        reuse = {r.hand_seq: r for r in start.rows}
    fresh = {id(h): result for h, result in known}
    rows: list[SheetRow] = []
    totals = {p: 0 for p in players}
    finished, winners, losers, ended_at = False, [], [], None
    for i, (hand_seq, hand) in enumerate(hands, start=1):
        earlier = reuse.get(hand_seq)
        if earlier is not None and (earlier.hand is hand or earlier.hand == hand):
            result = earlier.result
        elif id(hand) in fresh:
            result = fresh[id(hand)]
        else:
            try:
                result = score_hand(players, game.teams, rules, hand, limits=False)  # as it was accepted
            except SheetError as exc:
                raise SheetError("sheet.no_longer_scores", number=numbers[hand_seq] if numbers else i, game=game.name,
                                 reason=exc) from None
        for p, sc in result.scores.items():
            totals[p] += sc.score
        number = numbers[hand_seq] if numbers else i
        rows.append(SheetRow(number, hand_seq, hand, result, dict(totals), players[(i - 1) % len(players)],
                             after_end=finished))
        if not finished:
            end = _end(game, totals, limit)
            if end is not None:
                finished, ended_at = True, number
                winners, losers = end
    following = max(numbers.values(), default=0) + 1 if numbers else 0
    return Sheet(game, rows, totals, finished, winners, losers, limit, ended_at, following)


def _scored(hand: HandInput, result: HandResult) -> tuple[Any, ...]:
    """What makes two hands the same hand at the table: who closed on which atu, who held the
    twin, and what each player scored (the typed form of a rack or the board left out)."""
    return (hand.atu, hand.closer, hand.nobody, hand.twin, result.board,
            {p: (s.score, s.multiplier, s.closer, s.twin) for p, s in result.scores.items()})


def _str(value: object) -> str | None:
    return None if value is None else str(value)


def ends(game: GameInfo, totals: Mapping[str, int]) -> bool:
    """Whether a game with these totals is over (CR-33; SR-21, SR-22): a new hand is refused."""
    limit = None if game.rules.is_closed else simple_limit(game.sides, rules=game.rules)
    return _end(game, totals, limit) is not None


def _end(game: GameInfo, totals: Mapping[str, int], limit: int | None) -> tuple[list[str], list[str]] | None:
    if game.rules.is_closed:
        won = closed_winners(totals, target=game.target, rules=game.rules)
        return None if won is None else (won, [])
    sides = game.sides
    result = simple_result({s: sum(totals[p] for p in m) for s, m in sides.items()}, limit=limit or 0)
    if result is None:
        return None
    lost, won = result
    return [p for s in won for p in sides[s]], [p for s in lost for p in sides[s]]


def game_info(row: Any) -> GameInfo:
    """A ``models.Game`` row as a ``GameInfo``."""
    teams = json.loads(row.teams) if row.teams else None
    return GameInfo(row.id, row.name, row.variant, tuple(json.loads(row.players)),
                    tuple(tuple(t) for t in teams) if teams else None, row.target,
                    Rules.from_dict(json.loads(row.rules)), row.created_at)
