"""``remi hand`` at a terminal: ask for each item in turn, checking each answer as it comes.

Each answer is validated the way the options are (the same ``scoresheet.entry`` calls, the
engine behind them); a refused answer is explained and asked again. End of input aborts
with nothing recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from rich.console import Console
from rich.markup import escape

from remi.engine import RemiError

if TYPE_CHECKING:
    from remi.scoresheet.entry import HandInput, RackInput
    from remi.scoresheet.sheet import GameInfo
    from remi.scoresheet.store import Store

T = TypeVar("T")


def _ask(con: Console, question: str, check: Callable[[str], T]) -> T:
    while True:
        try:
            answer = con.input(f"[bold]{escape(question)}[/] ").strip()
        except EOFError:
            raise KeyboardInterrupt from None
        try:
            return check(answer)
        except RemiError as exc:
            con.print(f"[red]{exc}[/]")


def ask_hand(game: GameInfo, store: Store | None = None, con: Console | None = None) -> HandInput:
    """Ask for one hand of ``game``; returns it validated by the engine."""
    from remi.scoresheet.entry import score_hand

    con = con or Console(highlight=False)
    con.print(f"[bold]{game.name}[/]: players {', '.join(game.players)}. Tiles like r7 k13 * (or cards 7h Qs).")
    while True:
        hand = _ask_simple(con, game) if not game.rules.is_closed else _ask_closed(con, game)
        try:
            score_hand(game.players, game.teams, game.rules, hand)
            return hand
        except RemiError as exc:
            con.print(f"[red]{exc}[/]\nLet's enter that hand again.")


def _name(game: GameInfo, optional: str | None = None) -> Callable[[str], str | None]:
    from remi.scoresheet.errors import SheetError

    def check(answer: str) -> str | None:
        if optional is not None and answer.lower() in ("", optional):
            return None
        for p in game.players:
            if p.lower() == answer.lower():
                return p
        raise SheetError(f"unknown player {answer!r}: the players are {', '.join(game.players)}")
    return check


def _yes(answer: str) -> bool:
    from remi.scoresheet.errors import SheetError

    if answer.lower() in ("", "n", "no"):
        return False
    if answer.lower() in ("y", "yes"):
        return True
    raise SheetError("answer y or n")


def _ask_simple(con: Console, game: GameInfo) -> HandInput:
    from remi.scoresheet.entry import HandInput, score_hand

    closer = _ask(con, "Who went out?", _name(game))

    def board(answer: str) -> HandInput:
        hand = HandInput.parse(closer=closer, board=answer or None)
        score_hand(game.players, game.teams, game.rules, hand)
        return hand
    return _ask(con, f"{closer}'s 14 cards (Enter to skip the check):", board)


def _ask_closed(con: Console, game: GameInfo) -> HandInput:
    from remi.scoresheet.entry import HandInput, RackInput, score_hand

    rules = game.rules
    atu = _ask(con, "Atu tile?", lambda a: HandInput.parse(atu=a).atu)
    closer = _ask(con, "Who closed? (a name, or nobody)", _name(game, optional="nobody"))
    placeholder = RackInput(points=rules.hand_size * rules.low_penalty)
    base = HandInput(closer=closer, nobody=closer is None, atu=atu)

    def trial(h: HandInput, racks: dict[str, RackInput] | None = None) -> None:
        others = {p: placeholder for p in game.players if p != h.closer}
        others.update(racks or {})
        score_hand(game.players, game.teams, rules, h.replace(racks=others))

    if closer is not None:
        atu_close = _ask(con, f"Did {closer} pull the atu in to close? [y/N]", _yes)

        def board(answer: str) -> HandInput:
            h = base.replace(atu_close=atu_close)
            if answer.isdigit():
                h = h.replace(board_points=int(answer))
            else:
                h = h.replace(board=HandInput.parse(board=answer).board)
            trial(h)
            return h
        size = rules.hand_size if atu_close else rules.close_size
        base = _ask(con, f"{closer}'s board: {size} tiles, or its value as a number?", board)
        if base.board_points is not None:
            joker = _ask(con, f"Did {closer} throw a joker to close? [y/N]", _yes)
            base = base.replace(throw=HandInput.parse(joker_close=joker).throw)
    twin = _ask(con, "Who was dealt the atu's twin? (a name, Enter for nobody)", _name(game, optional="none"))
    base = base.replace(twin=twin)
    racks: dict[str, RackInput] = {}
    for p in game.players:
        if p == closer:
            continue

        def rack(answer: str, p: str = p) -> RackInput:
            value = HandInput.parse(racks={p: answer}).racks[p]
            trial(base, {**racks, p: value})
            return value
        racks[p] = _ask(con, f"{p}'s rack: 14 tiles, its points (95) or counts (11L3H)?", rack)
    return base.replace(racks=racks)
