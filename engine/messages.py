"""Every refusal's sentence, made from its code and its fields in this one place (docs/errors.md).

``TEMPLATES`` joins the engine's and the tutor's table (``ENGINE``, here) with the score
sheet's (``messages_sheet``), the photo path's (``messages_vision``), the web pages' and the
command line's (``messages_cli``): data, so the engine imports nothing of the layers it words.
An error carries a stable ``code`` and its fields (``err.token``, ``err.count``); the English
sentence is the template of that code filled with the fields. The templates are whole
sentences with named placeholders, and each is a gettext msgid: ``sentence`` looks it up in
the reader's catalogue (``READER``, set per command or request by remi.i18n; issue 41) and
fills the translation, so a refusal is composed in the reader's language, never translated
from its English sentence. ``str(err)`` is always English (``ENGLISH``). A template with a plural form is chosen by its ``count``
field, as ``ngettext`` chooses. A code whose sentence differs by game has one template per
variant (``"rule.close_size"`` for Closed Rummy's tiles and Simple rummy's cards), chosen by
the error's ``variant`` field.

>>> sentence("rule.too_many_jokers", {"count": 3, "where": "the atu 1, Dan 2", "limit": 2})
'3 jokers in one hand (the atu 1, Dan 2): the deck has 2 (CR-1)'
>>> sentence("notation.bad_token", {"token": "9x", "variant": "simple"})
"'9x' is not a card (like 7h, Qs, 10d, *)"

Fields are plain values: numbers, text, tiles (written in the variant's notation) and
tuples (tiles as a rack, ``r3 r4 r9``; other things as a list, ``Ana, Dan``); a ``count`` also gives ``{ordinal}``.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from contextvars import ContextVar
from typing import Protocol, runtime_checkable

from remi.engine.messages_cli import CLI, WEB
from remi.engine.messages_sheet import SHEET
from remi.engine.messages_vision import VISION
from remi.engine.template import Template


@runtime_checkable
class Piece(Protocol):
    """A tile or a card as a field (``engine.tiles.Tile``, which raises these errors and so is
    not imported here): written in the variant's notation."""

    def card(self) -> str: ...

    def format(self, notation: str = "tile") -> str: ...


_NOT_A_TILE = "a tile (like r7, k13, *) or a card (like 7h, Qs)"
_NOT_A_CARD = "a card (like 7h, Qs, 10d, *)"

#: The engine's and the tutor's refusals, by code; ``code/variant`` where the games differ.
ENGINE: dict[str, Template] = {
    # notation (docs/rules.md 0.12)
    "notation.bad_token": Template("{token!r} is not " + _NOT_A_TILE),
    "notation.bad_token/simple": Template("{token!r} is not " + _NOT_A_CARD),
    "notation.bad_token_at": Template("tile {position}, {token!r}: not " + _NOT_A_TILE),
    "notation.bad_token_at/simple": Template("card {position}, {token!r}: not " + _NOT_A_CARD),
    "notation.no_such_tile": Template("no tile of colour {colour!r} and number {number}"),
    "notation.bad_token_row": Template("row {part}: tile {position}, {token!r}: not " + _NOT_A_TILE),
    "notation.bad_token_row/simple": Template("row {part}: card {position}, {token!r}: not " + _NOT_A_CARD),
    "notation.bad_token_took": Template("took {part}: tile {position}, {token!r}: not " + _NOT_A_TILE),
    "notation.bad_token_took/simple": Template("took {part}: card {position}, {token!r}: not " + _NOT_A_CARD),
    # rule sets (docs/rules.md section 0)
    "rule.unknown_variant": Template("unknown variant {name!r}: use closed or simple"),
    "rule.unknown_options": Template("unknown rule option(s): {names}"),
    "rule.unknown_options_hint": Template("unknown rule option(s): {names} (did you mean {hints}?)"),
    "rule.option_type": Template("rule option {option} must be {expected}, not {value!r}"),
    "rule.option_range": Template("rule option {option} must be {low} to {high}, not {value}"),
    "rule.option_multiplier": Template("rule option max_multiplier must be 1, 2 or 4"),
    "rule.option_choice": Template("bad value for {option}: {value!r} (one of {choices})"),
    # a small file read whole (engine/files.py): a rules file, a game's export
    "file.rules_not_regular": Template("rules file {path} is not a regular file"),
    "file.rules_unreadable": Template("cannot read rules file {path}: {reason}"),
    "file.rules_too_large": Template("rules file {path} is too large (at most {size})"),
    "file.rules_not_text": Template("rules file {path} is not a text file"),
    "file.export_not_regular": Template("the export {path} is not a regular file"),
    "file.export_unreadable": Template("cannot read the export {path}: {reason}"),
    "file.export_too_large": Template("the export {path} is too large (at most {size})"),
    "file.export_not_text": Template("the export {path} is not a text file"),
    "rule.file_not_toml": Template("rules file is not valid TOML: {detail}"),
    "rule.file_unreadable": Template("cannot read rules file {path}: {reason}"),
    "rule.file_variant": Template("rules file is for {found}, not {wanted}"),
    # the deck (CR-1, SR-1)
    "rule.third_copy": Template("a {ordinal} {tile}: the deck has only {limit}"),
    "rule.third_copy_where": Template("a {ordinal} {tile} {where}: the deck has only {limit}"),
    "rule.third_copy_atu": Template("a {ordinal} {tile} counting the atu: the deck has only {limit}"),
    "rule.third_copy_hand": Template("a {ordinal} {tile} in one hand ({where}): the deck has only {limit}"),
    "rule.third_copy_on": Template("a {ordinal} {tile} on {part}: the deck has only {limit}"),
    "rule.extra_joker": Template("a {ordinal} joker: the deck has only {limit}"),
    "rule.extra_joker_where": Template("a {ordinal} joker {where}: the deck has only {limit}"),
    "rule.extra_joker_on": Template("a {ordinal} joker on {part}: the deck has only {limit}"),
    "rule.extra_joker_atu": Template("a {ordinal} joker counting the atu: the deck has only {limit}"),
    "rule.extra_joker_hand": Template("a {ordinal} joker in one hand ({where}): the deck has only {limit}"),
    "rule.too_many_jokers": Template("{count} joker in one hand ({where}): the deck has {limit} (CR-1)",
                                     "{count} jokers in one hand ({where}): the deck has {limit} (CR-1)"),
    "rule.twin_joker": Template("the atu is a joker and {holder} holds its twin, the other joker (CR-25): "
                                "no joker is left for {where}"),
    # the parts of a hand a refusal names, and the numbers it quotes (engine/parts.py)
    "part.rack": Template("{holder}'s rack"),
    "part.rack_any": Template("a loser's rack"),
    "part.board": Template("{holder}'s board"),
    "part.board_any": Template("a board"),
    "part.throw": Template("the throw"),
    "part.atu": Template("the atu"),
    "part.held": Template("{part} {count}"),
    "part.held_needs": Template("{part} {count}: {points} needs a joker", "{part} {count}: {points} needs {count} jokers"),
    "part.needs": Template("{part} ({points} needs a joker)", "{part} ({points} needs {count} jokers)"),
    "part.one": Template("{first}"),
    "part.either": Template("{first} or {second}"),
    "span.range": Template("{low} to {high}"),
    "span.steps": Template("{low} to {high} in steps of {step}"),
    "span.range_gaps": Template("{low} to {high}, but not {missing}"),
    "span.steps_gaps": Template("{low} to {high} in steps of {step}, but not {missing}"),
    # closing (CR-18, CR-19, SR-17)
    "rule.close_size": Template("a closing rack has {size} tiles (or {size_less} plus the atu); this one has {count}"),
    "rule.close_size/simple": Template("a hand going out has {size} cards (SR-17); this one has {count}"),
    "rule.no_atu": Template("Simple rummy has no atu"),
    "rule.not_a_formation": Template("{tiles} is neither a set nor a run"),
    # what a number typed for a hand can be (CR-21..CR-23)
    "rule.rack_points": Template("{who} cannot cost {points}: {size} tiles cost {values} (CR-23)"),
    "rule.board_points": Template("{who} cannot be worth {points}: {size} tiles in formations are worth {values} "
                                  "(CR-21, CR-22)"),
    "rule.boards_too_slow": Template("boards of {size} tiles take too long to count (over {seconds} s): "
                                     "lower the rule option close_size"),
    # scoring one hand (CR-21..CR-28, SR-20)
    # why a rack does not close (CloseResult.why: CR-18, CR-29, SR-17, SR-18)
    "close.other_throw": Template("it closes throwing {tile}"),
    "close.other_throw/simple": Template("it goes out throwing {tile}"),
    "close.no_set": Template("no arrangement has a set (Tria); a close needs a run and a set"),
    "close.no_set/simple": Template("no arrangement has a set (Tria); going out needs a run and a set (SR-18)"),
    "close.no_run": Template("no arrangement has a run (Suivi); a close needs a run and a set"),
    "close.no_run/simple": Template("no arrangement has a run (Suivi); going out needs a run and a set (SR-18)"),
    "close.no_spare": Template("all {size} tiles fit formations of 3, but one must be thrown"),
    "close.no_spare/simple": Template("all {size} cards fit melds of 3, but one must be thrown (SR-17)"),
    "close.loose": Template("{count} loose tile: {tiles}; a close leaves exactly one",
                            "{count} loose tiles: {tiles}; a close leaves exactly one"),
    "close.loose/simple": Template("{count} loose card: {tiles}; going out leaves exactly one (SR-17)",
                                   "{count} loose cards: {tiles}; going out leaves exactly one (SR-17)"),
    "rule.closer_not_seated": Template("the closer {name!r} is not at this table"),
    "rule.closer_not_seated/simple": Template("the player going out, {name!r}, is not at this table"),
    "rule.twin_not_seated": Template("the twin holder {name!r} is not at this table"),
    "rule.not_seated": Template("{name!r} is not at this table"),
    "rule.negative_rack": Template("{name}'s rack cannot be worth {value}"),
    "rule.racks_missing": Template("no rack given for {names}"),
    # the tutor's position (docs/tutor.md)
    "tutor.one_atu": Template("the atu is one tile, not {count}: {text!r}"),
    "tutor.one_drawn": Template("the drawn tile is one tile, not {count}: {text!r}"),
    "tutor.one_drawn/simple": Template("the drawn card is one card, not {count}: {text!r}"),
    "tutor.rules_variant": Template("the rules are {found} rummy's, not {wanted}"),
    "tutor.seat_twice": Template("a seat is named twice"),
    "tutor.row_order": Template("row {name!r}: give the seats in the order of play (yours among them) "
                                "to say whose row it is"),
    "tutor.me_not_seated": Template("me {name!r} is not one of the seats {seats}"),
    "tutor.row_unseated": Template("row {name!r} belongs to nobody in --seats {seats}"),
    "tutor.unknown_source": Template("unknown source {name!r}: use {choices}"),
    "tutor.took_mine": Template("took {name!r}: what you took is on your rack; give what the others took"),
    "tutor.took_unseated": Template("took {name!r}: nobody of that name in --seats {seats}"),
    "tutor.rack_size": Template("a rack holds {size} tiles before the draw and {size_after} after it; "
                                "this one has {count}"),
    "tutor.rack_size/simple": Template("a hand holds {size} cards before the draw and {size_after} after it; "
                                       "this one has {count}"),
    "tutor.atu_needed": Template("--from atu needs the atu (--atu TILE)"),
    "tutor.pulled_not_atu": Template("the tile pulled in is the atu {atu}, not {tile}"),
    "tutor.pulled_no_close": Template("the atu {atu} is pulled in only to close (CR-19), "
                                      "and this rack does not close with it"),
    "tutor.policy_count": Template("{count} policy for {players} players", "{count} policies for {players} players"),
    "tutor.unknown_policy": Template("unknown policy {name!r}: use {choices}"),
    "tutor.player_count": Template("2 to 4 players"),
    # the tutor's reasons: why this throw (tutor/words.py), answers rather than refusals
    "tutor.throw": Template("Throw {tile}: {reason}."),
    "tutor.throw_contrast": Template("Throw {tile}: {reason}; {contrast}."),
    "tutor.left_neighbour": Template("your left neighbour"),
    "tutor.n_steps": Template("{count} step", "{count} steps"),
    "tutor.n_live_outs": Template("{count} live out", "{count} live outs"),
    "tutor.why.joker": Template("a joker lying in a row can never be taken, and kept it costs 50 if someone else "
                                "closes"),
    "tutor.why.joker/simple": Template("a joker on the discard pile can never be taken (SR-13)"),
    "tutor.why.fits_nothing": Template("it fits nothing on your rack"),
    "tutor.why.fits_nothing/simple": Template("it fits nothing in your hand"),
    "tutor.why.fits_nothing_few": Template("it fits nothing on your rack and only {count} copy of its number is "
                                           "still live", "it fits nothing on your rack and only {count} copies of "
                                           "its number are still live"),
    "tutor.why.fits_nothing_few/simple": Template("it fits nothing in your hand and only {count} copy of its number "
                                                  "is still live", "it fits nothing in your hand and only {count} "
                                                  "copies of its number are still live"),
    "tutor.why.atu_last": Template("the rest then lacks one tile, and the atu {atu} is that tile"),
    "tutor.why.atu_gap": Template("the atu {atu} then fills one of the gaps of the rest"),
    "tutor.why.only_throw": Template("it is the only throw that keeps you {count} step away",
                                     "it is the only throw that keeps you {count} steps away"),
    "tutor.why.most_outs": Template("throwing it keeps you {count} step from a close with the most live outs "
                                    "({outs})", "throwing it keeps you {count} steps from a close with the most "
                                    "live outs ({outs})"),
    "tutor.why.most_outs/simple": Template("throwing it keeps you {count} step from going out with the most live "
                                           "outs ({outs})", "throwing it keeps you {count} steps from going out "
                                           "with the most live outs ({outs})"),
    "tutor.why.outs": Template("throwing it keeps you {count} step from a close with {live_outs}",
                               "throwing it keeps you {count} steps from a close with {live_outs}"),
    "tutor.why.outs/simple": Template("throwing it keeps you {count} step from going out with {live_outs}",
                                      "throwing it keeps you {count} steps from going out with {live_outs}"),
    "tutor.why.chance": Template("it leaves you {steps} from a close against {nearer_steps} for {nearer}, but "
                                 "{nearer} leaves fewer live outs: {chance}% to close within {draws} draws against "
                                 "{nearer_chance}%"),
    "tutor.why.chance/simple": Template("it leaves you {steps} from going out against {nearer_steps} for {nearer}, "
                                        "but {nearer} leaves fewer live outs: {chance}% to go out within {draws} "
                                        "draws against {nearer_chance}%"),
    "tutor.contrast.order": Template("{other} is as good: {tile} comes first only by the order of the tiles, and "
                                     "either will do"),
    "tutor.contrast.order/simple": Template("{other} is as good: {tile} comes first only by the order of the cards, "
                                            "and either will do"),
    "tutor.contrast.feed": Template("{other} keeps as many, but {who} is likelier to use it ({other_risk}% feed "
                                    "risk against {risk}%)"),
    "tutor.contrast.feed_more_outs": Template("{other} keeps {outs}, but {who} is likelier to use it ({other_risk}% "
                                              "feed risk against {risk}%)"),
    "tutor.contrast.rack": Template("{other} keeps as many; late in the hand {tile} goes first, as it costs {cost} "
                                    "on your rack against {other}'s {other_cost} if someone else closes"),
    "tutor.contrast.close": Template("{other} keeps as many, but {tile} leaves the better chance to close"),
    "tutor.contrast.close/simple": Template("{other} keeps as many, but {tile} leaves the better chance to go out"),
    "tutor.contrast.term": Template("{other} keeps as many; {tile} ranks higher on {term}"),
    "tutor.then_whole": Template("The rest is then a whole board: your next draw closes, whatever it is."),
    "tutor.then_whole/simple": Template("The rest then all melds: your next draw goes out, whatever it is."),
    "tutor.then_atu": Template("On your next turn pull the atu in instead of drawing and close (CR-19): a sure "
                               "close, unless someone closes first."),
    "tutor.then_chance": Template("You are then {steps} from a close, with {live_outs}: {chance}% to close within "
                                  "{draws} draws."),
    "tutor.then_chance/simple": Template("You are then {steps} from going out, with {live_outs}: {chance}% to go out "
                                         "within {draws} draws."),
    # a tile to keep, the throw that would feed the left neighbour, the row's top taken (tutor/words.py)
    "tutor.keep.run": Template("Keep {tile}: it serves {run}."),
    "tutor.keep.set": Template("Keep {tile}: it serves {rank}."),
    "tutor.keep.both": Template("Keep {tile}: it serves both {run} and {rank}."),
    "tutor.run.black": Template("the black run"),
    "tutor.run.blue": Template("the blue run"),
    "tutor.run.red": Template("the red run"),
    "tutor.run.yellow": Template("the yellow run"),
    "tutor.run.spades": Template("the spades run"),
    "tutor.run.clubs": Template("the clubs run"),
    "tutor.run.hearts": Template("the hearts run"),
    "tutor.run.diamonds": Template("the diamonds run"),
    "tutor.rank": Template("the {number}s"),
    "tutor.rank.aces": Template("the aces"),
    "tutor.rank.jacks": Template("the jacks"),
    "tutor.rank.queens": Template("the queens"),
    "tutor.rank.kings": Template("the kings"),
    "tutor.percent": Template("{value}%"),
    "tutor.and": Template("{first} and {second}"),
    "tutor.feed.use": Template("Not {tile}: {who} could use it ({risk} feed risk)."),
    "tutor.feed.took": Template("Not {tile}: {who} took {tiles} from their row and it fits it ({risk} feed risk).",
                                "Not {tile}: {who} took {tiles} from their row and it fits them ({risk} feed risk)."),
    "tutor.feed.took/simple": Template("Not {tile}: {who} took {tiles} from the pile and it fits it ({risk} feed "
                                       "risk).", "Not {tile}: {who} took {tiles} from the pile and it fits them "
                                       "({risk} feed risk)."),
    "tutor.left_lying": Template("{who} left a {tile} lying in their row: it was no use to them then."),
    "tutor.your_left_neighbour": Template("Your left neighbour"),
    "tutor.first_round": Template("(You could go out, but not in the first round: SR-19.)"),
    "tutor.take_row": Template("Take {tile} from your row: {nearer}."),
    "tutor.take_pile": Template("Take {tile} from the pile: {nearer}."),
    "tutor.take_tournante": Template("Take {tile} from the tournante: {nearer}."),
    "tutor.nearer": Template("it brings you one step nearer ({count} to go)"),
    "tutor.nearer_whole": Template("it brings you one step nearer (it completes your board)"),
    "tutor.nearer_whole/simple": Template("it brings you one step nearer (it completes your melds)"),
    "tutor.nearer_whole_first": Template("it brings you one step nearer (it completes your board), though nobody "
                                         "closes in the first round"),
    "tutor.nearer_whole_first/simple": Template("it brings you one step nearer (it completes your melds), though "
                                                "nobody goes out in the first round (SR-19)"),
    "tutor.nearer_atu": Template("it lets the atu {atu} fill a gap"),
    "tutor.counting": Template("counting the rack, the rows, the atu and the tiles taken"),
    # the close on offer and the stock (tutor/words.py: close_said, stock_said)
    "tutor.close.now": Template("Close: show {shown} and throw {discard}."),
    "tutor.close.now/simple": Template("Go out: show {shown} and throw {discard}."),
    "tutor.close.atu": Template("Pull the atu {tile} in instead of drawing and close: show {shown} and throw "
                                "{discard}."),
    "tutor.close.row": Template("Take {tile} from your row and close: show {shown} and throw {discard}."),
    "tutor.close.pile": Template("Take {tile} from the pile and go out: show {shown} and throw {discard}."),
    "tutor.close.tournante": Template("Take {tile} from the tournante and go out: show {shown} and throw "
                                      "{discard}."),
    "tutor.close.doubled": Template("{tile} (a joker thrown to close doubles your score)"),
    "tutor.close.worth": Template("The board is worth {points}."),
    "tutor.stock": Template("Draw from the stock: {why}. You are {steps} from a close, with {live_outs}."),
    "tutor.stock/simple": Template("Draw from the stock: {why}. You are {steps} from going out, with {live_outs}."),
    "tutor.stock.top": Template("the top of your row, {tile}, does not bring you nearer"),
    "tutor.stock.top/simple": Template("the card on offer, {tile}, does not bring you nearer"),
    "tutor.stock.joker": Template("a joker lying in your row can never be taken"),
    "tutor.stock.joker/simple": Template("a joker on the pile can never be taken (SR-13)"),
    "tutor.stock.nothing": Template("there is nothing to take"),
    "tutor.stock.atu": Template("The atu {atu} fills one of the gaps: pull it in for the last."),
    "tutor.stock.melds": Template("Draw from the stock: your cards already meld, so any card you draw can be thrown "
                                  "to go out."),
    "tutor.stock.melds_pile": Template("Draw from the stock: your cards already meld, so any card you draw can be "
                                       "thrown to go out; the {tile} on the pile would not do: a card taken from the "
                                       "pile may not be thrown the same turn (SR-13)."),
    "tutor.stock.first_round": Template("Draw from the stock: your cards already meld, but nobody goes out in the "
                                        "first round (SR-19): throw what you draw, and any draw next turn goes out."),
}

#: Every refusal's template, by code: the engine's and the tutor's, the score sheet's, the photo
#: path's, the web page's and the command line's (each table in its own module, data only).
TEMPLATES: dict[str, Template] = {**ENGINE, **SHEET, **VISION, **WEB, **CLI}


class Reason:
    """An answer's reason as a refusal is one: a code and its fields, its sentence made here
    (``CloseResult.why``: why a rack does not close). ``str()`` is the English sentence."""

    __slots__ = ("code", "params")

    def __init__(self, code: str, /, **params: object) -> None:
        if code not in TEMPLATES:
            raise LookupError(f"no template for the code {code!r} (engine.messages)")
        self.code = code
        self.params = params

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Reason) and (self.code, self.params) == (other.code, other.params)

    def __hash__(self) -> int:
        return hash(self.code)

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, **{self.params!r})"

    def __str__(self) -> str:
        return sentence(self.code, self.params)


#: English: the templates as written (``str(err)`` is always this)
ENGLISH = gettext.NullTranslations()
#: The reader's language: set per command (the CLI) or per request (a phone), never for the
#: whole process, so that each phone at a table reads its own (remi.i18n sets it).
READER: ContextVar[gettext.NullTranslations] = ContextVar("READER", default=ENGLISH)


def sentence(code: str, fields: Mapping[str, object], words: gettext.NullTranslations | None = None) -> str:
    """A refusal's sentence in the reader's language (``words``; by default ``READER``'s):
    its code's template (its variant's, if it has one) looked up in the catalogue and filled
    with its fields, so that it is composed in that language from the code and the fields.
    A KeyError for a code without a template: every code has one."""
    words = words or READER.get()
    template = TEMPLATES.get(f"{code}/{fields.get('variant')}") or TEMPLATES[code]
    notation = "card" if fields.get("variant") == "simple" else "tile"
    shown = {name: _shown(value, notation, words) for name, value in fields.items()}
    count = fields.get("count")
    if isinstance(count, int):
        shown.setdefault("ordinal", ordinal(count, words))
    return template.said(fields, words).format(**shown)


def _shown(value: object, notation: str, words: gettext.NullTranslations = ENGLISH) -> object:
    """A field as a sentence shows it: a tile in the variant's notation, a tuple as a list,
    an ordinal count as English writes it (``3rd``); an error met on the way as its own
    sentence (a refusal's from its code and fields); text quoted (``{value!r}``: a value as
    typed) cut to ``SHOWN_MOST`` characters (:class:`Cut`: a 200 KB bad value in a rules file
    is not echoed whole, issue 39)."""
    if isinstance(value, Piece):
        return value.format(notation)
    code, params = getattr(value, "code", None), getattr(value, "params", None)
    if isinstance(code, str) and code in TEMPLATES and isinstance(params, Mapping):
        said = sentence(code, params, words)  # a refusal (or a reason) met on the way: its own sentence
        labelled = getattr(value, "labelled", None)  # the sheet's field named before it ("the atu: ...")
        if labelled:
            return sentence("sheet.field", {"label": sentence(labelled[0], labelled[1], words), "detail": said},
                            words)
        return said
    if isinstance(value, BaseException):
        return str(value)
    if isinstance(value, tuple):  # tiles as a rack is written, other things as a list
        if value and all(isinstance(v, Piece) for v in value):
            return " ".join(v.format(notation) for v in value)
        return ", ".join(str(_shown(v, notation, words)) for v in value)
    if isinstance(value, float) and NUMBERS is not None:  # a share or a decimal, as the language writes it
        return Written(value, words.info().get("language", "en"))
    return Cut(value) if isinstance(value, str) else value


#: how a language writes a number by a format spec (``.0%``, ``.3f``): ``(value, spec, language)``;
#: None: Python's. The engine imports nothing: the CLI and the pages set Babel's (``remi.i18n``)
NUMBERS: Callable[[float, str, str], str] | None = None


class Written(float):
    """A float field that formats itself as its language writes it (``29 %`` in French, ``0,915``)."""

    language: str

    def __new__(cls, value: float, language: str) -> Written:
        self = super().__new__(cls, value)
        self.language = language
        return self

    def __format__(self, spec: str) -> str:
        if NUMBERS is None or not spec.endswith(("%", "f")):
            return float.__format__(self, spec)
        return NUMBERS(float(self), spec, self.language)


#: the most characters of a value a sentence shows
SHOWN_MOST = 40


def shown(value: object, *, quote: bool = True) -> str:
    """A bad value as a sentence shows it, cut as :class:`Cut` cuts (its repr, or with
    ``quote=False`` its text).

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (102 characters)"
    """
    return Cut.cut(repr(value) if quote else str(value))


class Cut:
    """Text in a sentence: quoted (``!r``, a value as the user typed it), cut to ``SHOWN_MOST``
    characters with its length said; as it is otherwise (a sentence of its own, a name).

    >>> f"{Cut('x' * 100)!r}"
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx... (102 characters)"
    >>> f"{Cut('short')}, {Cut('short')!r}, {len(str(Cut('y' * 100)))}"
    "short, 'short', 100"
    """

    def __init__(self, text: str) -> None:
        self.text = text

    @staticmethod
    def cut(text: str) -> str:
        return text if len(text) <= SHOWN_MOST else f"{text[:SHOWN_MOST - 2]}... ({len(text):,} characters)"

    def __repr__(self) -> str:
        return self.cut(repr(self.text))

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


def _english_ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


#: Each language's ordinal of a count, by the catalogue's ``Language`` (a copy of a tile: the
#: Romanian "piesă" is feminine, but the sentence says "al 3-lea r7", the tile's name).
ORDINALS: dict[str, Callable[[int], str]] = {
    "en": _english_ordinal,
    "ro": lambda n: "primul" if n == 1 else f"al {n}-lea",
    "fr": lambda n: "1er" if n == 1 else f"{n}e",
}


def ordinal(n: int, words: gettext.NullTranslations = ENGLISH) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``: the ordinal of a count in ``words``' language.

    >>> ordinal(3), ordinal(4)
    ('3rd', '4th')
    """
    return ORDINALS.get(words.info().get("language", "en"), _english_ordinal)(n)
