"""``remi hand`` (and ``remi fix``) at a terminal: a form that asks for each item in turn.

Each answer is checked as it comes, by the same ``scoresheet`` calls as the options (the
engine behind them); a refused answer is explained and asked again. ``<`` goes back one
question. At the end the form shows the hand and its scores and saves on a yes. A fix
offers each current answer: Enter keeps it. End of input aborts with nothing recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape

from remi.engine import RemiError
from remi.i18n import N_, gettext as _, said

if TYPE_CHECKING:
    from remi.scoresheet.hand import HandInput, RackInput
    from remi.scoresheet.sheet import GameInfo

BACK = "<"
#: the answers that say yes and no: y/n in every language, and the reader's own word as well (``answered``)
YES = ("y", N_("yes"))
NO = ("n", N_("no"))


def answered(answer: str, words: tuple[str, ...]) -> bool:
    """Whether ``answer`` is one of ``words``, in English or in the reader's language, or the first
    letter of the reader's word (``d`` for da, ``o`` for oui: the ``[d/n]`` a yes/no prompt shows)."""
    said = {_(w).lower() for w in words}
    return answer.lower() in words or answer.lower() in said | {w[:1] for w in said}


class NotSaved(Exception):
    """The player said no at the end: nothing is recorded."""


class _Back(Exception):
    """``<``: the previous question again."""


@dataclass
class Question:
    """One question of the form: asked when ``when(answers)``, its answer checked by ``check``."""

    key: str
    text: Callable[[dict[str, Any]], str]
    check: Callable[[str, dict[str, Any]], Any]
    when: Callable[[dict[str, Any]], bool] = lambda answers: True
    #: the current answer as typed (a fix offers it; Enter keeps it)
    shown: Callable[[Any], str] = str
    #: what Enter answers when there is no current answer
    default: str | None = None


def _ask(con: Console, question: str, check: Callable[[str], Any], offered: str | None) -> Any:
    suffix = " " + escape(f"[{offered}]") if offered else ""
    while True:
        try:
            # soft wrap: a long offered answer is left for the terminal to wrap, not broken into lines
            con.print(f"[bold]{escape(question)}[/]{suffix} ", end="", soft_wrap=True)
            answer = input().strip()
        except EOFError:
            raise KeyboardInterrupt from None
        if answer == BACK:
            raise _Back
        if not answer and offered:
            answer = offered
        try:
            return check(answer)
        except RemiError as exc:
            con.print(f"[red]{escape(said(exc))}[/]")


class Form:
    """The questions asked in order; ``<`` (or ``back()``) steps back to the last one asked.

    A question asked again offers the answer given before (or ``offered``'s, for a fix).
    """

    def __init__(self, con: Console, questions: list[Question], offered: dict[str, Any] | None = None) -> None:
        self.con, self.questions, self.offered = con, questions, offered or {}
        self.answers: dict[str, Any] = {}
        self.asked: list[int] = []
        self.at = 0

    def run(self) -> dict[str, Any]:
        while self.at < len(self.questions):
            q = self.questions[self.at]
            if not q.when(self.answers):
                self.answers.pop(q.key, None)
                self.at += 1
                continue
            known = {**self.offered, **self.answers}
            offered = q.shown(known[q.key]) if q.key in known else q.default
            try:
                self.answers[q.key] = _ask(self.con, q.text(self.answers), lambda a, q=q: q.check(a, self.answers),
                                           offered)
            except _Back:
                self.back()
                continue
            self.asked.append(self.at)
            self.at += 1
        return self.answers

    def back(self) -> None:
        if self.asked:
            self.at = self.asked.pop()


def ask_hand(game: GameInfo, con: Console | None = None, *,
             current: HandInput | None = None) -> HandInput:
    """Ask for one hand of ``game`` (``current``: the hand being corrected); checked, shown, confirmed."""
    from remi.scoresheet.entry import score_hand
    from remi.sheet_render import describe_hand, hand_line

    con = con or Console(highlight=False)
    con.print(f"[bold]{escape(game.name)}[/]: " + escape(
        _("players %(names)s. Tiles like r7 k13 * (or cards 7h Qs). %(back)s goes back a question.")
        % {"names": ", ".join(game.players), "back": BACK}))
    closed = game.rules.is_closed
    form = Form(con, _closed_questions(game) if closed else _simple_questions(game),
                _current_answers(current, closed) if current is not None else None)
    while True:
        answers = form.run()
        hand = _closed_hand(game, answers) if closed else _simple_hand(answers)
        if current is not None:
            hand = _kept(current, hand)
        try:
            result = score_hand(game.players, game.teams, game.rules, hand)
        except RemiError as exc:
            con.print(f"[red]{escape(said(exc))}[/]")
            form.back()
            continue
        label = _("Hand:") if current is None else _("Corrected hand:")
        con.print(f"[bold]{label}[/] "
                  + escape(describe_hand(hand, cards=not closed)))
        con.print(escape(hand_line(game, result.scores)))
        try:
            save = _ask(con, _("Save it? (y/n, < to go back)"), _save, "y")
        except _Back:
            form.back()
            continue
        if save:
            return hand
        raise NotSaved


def _kept(current: HandInput, hand: HandInput) -> HandInput:
    """A fix keeps what the form does not ask: the note, and the throw the table named for a
    board of tiles left as it was."""
    throw = hand.throw
    if throw is None and current.throw is not None and hand.board is not None and hand.board == current.board:
        throw = current.throw
    return hand.replace(note=current.note, throw=throw)


def _save(answer: str) -> bool:
    from remi.scoresheet.errors import SheetError

    if not answer or answered(answer, YES):
        return True
    if answered(answer, NO):
        return False
    raise SheetError("cli.answer_save")


def _name(game: GameInfo, optional: str | None = None) -> Callable[[str, dict[str, Any]], str | None]:
    from remi.scoresheet.errors import SheetError

    def check(answer: str, _answers: dict[str, Any]) -> str | None:
        if optional is not None and answer.lower() in ("", optional, "none", "nobody", _("none"), _("nobody")):
            return None
        for p in game.players:
            if p.casefold() == answer.casefold():
                return p
        raise SheetError("cli.unknown_player", name=answer, players=tuple(game.players))
    return check


def _yes(answer: str, _answers: dict[str, Any]) -> bool:
    from remi.scoresheet.errors import SheetError

    if not answer or answered(answer, NO):
        return False
    if answered(answer, YES):
        return True
    raise SheetError("cli.answer_yes_no")


def _yes_no(value: Any) -> str:
    return "y" if value else "n"


def _simple_questions(game: GameInfo) -> list[Question]:
    from remi.engine import format_tiles
    from remi.scoresheet.entry import HandInput, score_hand

    def cards(answer: str, answers: dict[str, Any]) -> Any:
        hand = HandInput.parse(closer=answers["closer"], board=answer or None, notation=game.rules.words.notation)
        score_hand(game.players, game.teams, game.rules, hand)
        return hand.board

    return [
        Question("closer", lambda a: _("Who went out?"), _name(game)),
        Question("board", lambda a: _("%(name)s's 14 cards (Enter to skip the check):") % {"name": a["closer"]}, cards,
                 shown=lambda v: format_tiles(v, "card") if v else ""),
    ]


def _simple_hand(answers: dict[str, Any]) -> HandInput:
    from remi.scoresheet.entry import HandInput

    return HandInput(closer=answers["closer"], board=answers.get("board"))


def _closed_questions(game: GameInfo) -> list[Question]:
    from remi.engine import format_tiles
    from remi.scoresheet.entry import HandInput

    rules = game.rules

    def board(answer: str, answers: dict[str, Any]) -> Any:
        h = _closed_hand(game, {**answers, "board": None, "racks": {}})
        h = h.replace(board_points=int(answer)) if answer.isdigit() else h.replace(board=HandInput.parse(board=answer).board)
        _trial(game, h)
        return h.board_points if h.board_points is not None else h.board

    def rack(p: str) -> Callable[[str, dict[str, Any]], RackInput]:
        def check(answer: str, answers: dict[str, Any]) -> RackInput:
            value = HandInput.parse(racks={p: answer}).racks[p]
            _trial(game, _closed_hand(game, answers), {p: value})
            return value
        return check

    closer = lambda a: a.get("closer")  # noqa: E731 - a short name for the conditions below
    questions = [
        Question("atu", lambda a: _("Atu tile?"), lambda ans, a: HandInput.parse(atu=ans).atu),
        Question("closer", lambda a: _("Who closed? (a name, or nobody)"), _name(game, optional="nobody"),
                 shown=lambda v: v or _("nobody")),
        Question("atu_close", lambda a: _("Did %(name)s pull the atu in to close? (y/n)") % {"name": a["closer"]}, _yes,
                 when=lambda a: closer(a) is not None, shown=_yes_no, default="n"),
        Question("board", lambda a: _("%(name)s's board: %(count)s tiles, or its value as a number?") % {
                     "name": a["closer"], "count": rules.hand_size if a["atu_close"] else rules.close_size}, board,
                 when=lambda a: closer(a) is not None, shown=lambda v: str(v) if isinstance(v, int) else format_tiles(v)),
        Question("joker", lambda a: _("Did %(name)s throw a joker to close? (y/n)") % {"name": a["closer"]}, _yes,
                 when=lambda a: closer(a) is not None and isinstance(a.get("board"), int), shown=_yes_no, default="n"),
        Question("twin", lambda a: _("Who was dealt the atu's twin? (a name, or none)"),
                 _name(game, optional="none"), shown=lambda v: v or _("none"), default=_("none")),
    ]
    for p in game.players:
        questions.append(Question(f"rack:{p}", lambda a, p=p: _("%(name)s's rack: 14 tiles, its points (95) or counts "
                                                                 "(11L3H)?") % {"name": p},
                                  rack(p), when=lambda a, p=p: closer(a) != p, shown=lambda v: v.describe()))
    return questions


def _closed_hand(game: GameInfo, answers: dict[str, Any]) -> HandInput:
    """The hand the answers so far make (racks not asked yet are left out)."""
    from remi.engine import JOKER
    from remi.scoresheet.entry import HandInput

    closer = answers.get("closer")
    board = answers.get("board")
    racks = {p: answers[f"rack:{p}"] for p in game.players if f"rack:{p}" in answers and p != closer}
    racks.update(answers.get("racks", {}))
    return HandInput(closer=closer, nobody=closer is None, atu=answers.get("atu"),
                     board=board if isinstance(board, tuple) else None,
                     board_points=board if isinstance(board, int) else None,
                     throw=JOKER if answers.get("joker") and isinstance(board, int) else None,
                     atu_close=bool(answers.get("atu_close")) and closer is not None, twin=answers.get("twin"),
                     racks=racks)


def _trial(game: GameInfo, h: HandInput, racks: dict[str, RackInput] | None = None) -> None:
    """Check the hand so far: the racks not given yet stand in as the cheapest rack."""
    from remi.scoresheet.entry import RackInput, score_hand

    rules = game.rules
    placeholder = RackInput(points=rules.hand_size * rules.low_penalty)
    others = {p: placeholder for p in game.players if p != h.closer}
    others.update(h.racks)
    others.update(racks or {})
    score_hand(game.players, game.teams, rules, h.replace(racks=others))


def _current_answers(hand: HandInput, closed: bool) -> dict[str, Any]:
    """A recorded hand as the form's answers, to offer when it is corrected."""
    if not closed:
        return {"closer": hand.closer, "board": hand.board}
    answers: dict[str, Any] = {"atu": hand.atu, "closer": hand.closer, "atu_close": hand.atu_close,
                               "board": hand.board if hand.board is not None else hand.board_points,
                               "joker": hand.throw is not None and hand.throw.is_joker, "twin": hand.twin}
    answers.update({f"rack:{p}": r for p, r in hand.racks.items()})
    return answers
