"""The table as the learner types it, read once: the rack, the rows, the seats, what was drawn.

:func:`read` turns ``advise``'s plain-string inputs into a :class:`Position` (tiles, not
text), checks them against the rules and the deck, and builds the :class:`~remi.tutor.view.View`
the ranking reads. Every bad input is one ``RemiError`` naming the input.

>>> p = read("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", seats="Ana,Dan", me="Ana",
...          rows={"Ana": "k5 y12"})
>>> p.before_draw, str(p.top), p.left
(True, 'y12', 'Dan')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from remi.engine import NotationError, RemiError, Rules, Tile, check_counts, parse_tiles, preset
from remi.engine.messages import Reason
from remi.engine.tiles import Notation
from remi.tutor.view import View

__all__ = ["SOURCES", "Position", "read"]

SOURCES = ("row", "stock", "atu", "pile", "tournante")


@dataclass
class Position:
    """One turn at the table, from the asking player's seat."""

    rules: Rules
    #: the rack: ``hand_size`` tiles before the draw, one more after it (the drawn tile last)
    held: list[Tile]
    seats: list[str]
    me: str
    #: the seat I throw to (who draws what I throw), None alone at the table
    left: str | None
    #: Closed Rummy: each seat's row, oldest first, as it lies now (a tile just drawn from it gone)
    rows: dict[str, list[Tile]]
    #: Simple rummy: the discard pile and the tournante on offer (empty lists in Closed Rummy)
    pile: list[Tile]
    tournante: list[Tile]
    #: what the others took from their rows (Simple: the pile) and still hold, as far as it shows
    took: dict[str, list[Tile]]
    #: the atu lying face up (None when there is none, or once it is pulled in)
    atu: Tile | None
    #: the tile I can take instead of a stock draw: my row's top (Simple: the tournante or the pile's)
    top: Tile | None
    drawn: Tile | None = None
    source: str | None = None
    #: the atu just pulled in (``source`` "atu"): on the rack now, it may not be thrown (CR-19)
    pulled: Tile | None = None
    view: View = field(default=None)  # type: ignore[assignment]  # set by read()

    @property
    def before_draw(self) -> bool:
        return len(self.held) == self.rules.hand_size

    @property
    def first_round(self) -> bool:
        """Simple rummy's first round (a tournante on offer or kept): nobody goes out (SR-19)."""
        return not self.rules.game.discard_rows and (self.source == "tournante" or bool(self.tournante))

    def name(self, t: Tile) -> str:
        """A tile as the learner writes it: a tile (r7) in Closed Rummy, a card (7h) in Simple."""
        return self.rules.words.name(t)


def _tiles(text: str | Iterable[str] | None, where: tuple[str, str] | None = None,
           notation: Notation | None = None) -> list[Tile]:
    """The tiles of one input; a bad token is refused naming the input too (``where``: ``("row",
    "Dan")`` or ``("took", "Dan")``), worded in the variant's ``notation``."""
    if text is None:
        return []
    joined = text if isinstance(text, str) else " ".join(text)  # positions count over the whole list
    try:
        return list(parse_tiles(joined, notation))
    except NotationError as exc:
        if where is None:
            raise
        raise NotationError(f"notation.bad_token_{where[0]}", token=exc.token, position=exc.position, part=where[1],
                            variant=exc.params["variant"]) from None


def _one(text: str, what: str, notation: Notation | None = None) -> Tile:
    """The one tile of ``text``; ``what`` it is (``"atu"``, ``"drawn"``) names the refusal."""
    tiles = parse_tiles(text, notation)
    if len(tiles) != 1:
        raise RemiError(f"tutor.one_{what}", count=len(tiles), text=text,
                        variant="simple" if notation == "card" else "closed")
    return tiles[0]


def _rules(variant: str | None, rules: Rules | None) -> Rules:
    if rules is None:
        return preset(variant or "closed")
    if variant is not None and variant != rules.variant:
        raise RemiError("tutor.rules_variant", found=rules.variant, wanted=variant)
    return rules


def _seats(seats: str | Sequence[str] | None, me: str | None, rows: Mapping[str, list[Tile]]) -> tuple[list[str], str]:
    """The seats in the order of play and mine. Without seats only my own row can be given:
    whose another row is, and who sits next to whom, only the seats say."""
    if isinstance(seats, str):  # "Ana,Dan" as --seats takes it, not its letters
        seats = [name.strip() for name in seats.split(",") if name.strip()]
    seat_list = [str(s) for s in seats] if seats else []
    if len(seat_list) != len(set(seat_list)):
        raise RemiError("tutor.seat_twice")
    if not seat_list:
        me_name = me if me is not None else "me"
        for name in rows:
            if name != me_name:
                raise RemiError("tutor.row_order", name=name)
        return [me_name], me_name
    if me is not None and me not in seat_list:
        raise RemiError("tutor.me_not_seated", name=me, seats=",".join(seat_list))
    me_name = me if me is not None else seat_list[0]
    for name in rows:
        if name not in seat_list:
            raise RemiError("tutor.row_unseated", name=name, seats=",".join(seat_list))
    return seat_list, me_name


def _still_held(name: str, took: Mapping[str, list[Tile]], rows: Mapping[str, list[Tile]],
                seats: Sequence[str], pile: list[Tile] | None) -> list[Tile]:
    """What ``name`` took and has not thrown since, as far as the table shows: less their
    throws still face up (Closed: the next seat's row and what that seat took from it;
    Simple: the discard pile)."""
    if pile is not None:
        thrown = list(pile)
    else:
        nxt = seats[(seats.index(name) + 1) % len(seats)]
        thrown = [*rows.get(nxt, []), *took.get(nxt, [])] if nxt != name else []
    out = []
    for t in took[name]:
        if t in thrown:
            thrown.remove(t)
        else:
            out.append(t)
    return out


def read(
    rack: str | Sequence[str],
    *,
    variant: str | None = None,
    rules: Rules | None = None,
    atu: str | None = None,
    rows: Mapping[str, str | Sequence[str]] | None = None,
    seats: str | Sequence[str] | None = None,
    me: str | None = None,
    drawn: str | None = None,
    source: str | None = None,
    took: Mapping[str, str | Sequence[str]] | None = None,
) -> Position:
    """The position ``advise`` was given (its arguments, see :func:`remi.tutor.advise`)."""
    rules = _rules(variant, rules)
    notation = rules.words.notation
    held = _tiles(rack, notation=notation)
    atu_tile = _one(atu, "atu") if atu else None
    rules.game.check_atu(atu_tile)
    if source is not None and source not in SOURCES:
        raise RemiError("tutor.unknown_source", name=source, choices=", ".join(SOURCES))
    rows_t = {str(k): _tiles(v, ("row", str(k)), notation) for k, v in (rows or {}).items()}
    pile: list[Tile] = []
    tournante: list[Tile] = []
    if not rules.is_closed:
        tournante = rows_t.pop("tournante", [])
        got = rows_t.pop("pile", None)
        if got is None and len(rows_t) == 1:  # Simple rummy's one row is the discard pile
            got = rows_t.pop(next(iter(rows_t)))
        pile = got or []
    seat_list, me_name = _seats(seats, me, rows_t)
    took_t = {str(k): _tiles(v, ("took", str(k)), notation) for k, v in (took or {}).items()}
    for name in took_t:
        if name == me_name:
            raise RemiError("tutor.took_mine", name=name)
        if name not in seat_list:
            raise RemiError("tutor.took_unseated", name=name, seats=",".join(seat_list))
    pos = Position(rules, held, seat_list, me_name, None, rows_t, pile, tournante, {}, atu_tile, None)
    _draw(pos, drawn, source)
    size = rules.hand_size
    if len(pos.held) not in (size, size + 1):
        raise RemiError("tutor.rack_size", size=size, size_after=size + 1, count=len(pos.held),
                        variant=rules.variant)
    n = len(seat_list)
    pos.left = seat_list[(seat_list.index(me_name) + 1) % n] if n > 1 else None
    pos.took = {name: _still_held(name, took_t, rows_t, seat_list, None if rules.game.discard_rows else pile)
                for name in took_t}
    pos.view = _view(pos, took_t)
    return pos


def _draw(pos: Position, drawn: str | None, source: str | None) -> None:
    """The tile just drawn onto the rack, and off the row, pile or tournante it came from."""
    rules = pos.rules
    if source == "atu" and drawn is None:
        if pos.atu is None:
            raise RemiError("tutor.atu_needed")
        drawn = str(pos.atu)
    own = pos.rows.get(pos.me, [])
    if rules.is_closed:
        pos.top = own[-1] if own else None
    else:
        pos.top = (pos.tournante[-1] if pos.tournante else None) or (pos.pile[-1] if pos.pile else None)
    if drawn is None:
        return
    d = _one(drawn, "drawn", rules.words.notation)
    pos.drawn, pos.source = d, source
    if source == "atu" and pos.atu is not None:
        if d != pos.atu:
            raise RemiError("tutor.pulled_not_atu", atu=pos.atu, tile=d)
        pos.pulled, pos.atu = d, None  # it left the table: it is on the rack now (CR-19)
    if rules.is_closed and source == "row" and own and own[-1] == d:
        own.pop()  # the row as it lay before the draw: the drawn tile is no longer there
    if not rules.is_closed and source in ("pile", "row") and pos.pile and pos.pile[-1] == d:
        pos.pile.pop()
    if source == "tournante" and pos.tournante and pos.tournante[-1] == d:
        pos.tournante.pop()
    pos.top = None  # drawn: nothing more to take this turn
    pos.held = [*pos.held, d]


def _view(pos: Position, took_t: Mapping[str, list[Tile]]) -> View:
    """What the ranking reads: the tiles seen, the stock, and the left neighbour's record."""
    rules, seats, me, left = pos.rules, pos.seats, pos.me, pos.left
    seen: list[Tile] = [t for r in pos.rows.values() for t in r] + pos.pile + pos.tournante
    if pos.atu is not None:
        seen.append(pos.atu)
    check_counts([*pos.held, *seen, *(t for ts in pos.took.values() for t in ts)], rules,
                 where=Reason("tutor.counting"))
    size = rules.hand_size
    players = len(seats) if len(seats) >= 2 else (4 if rules.is_closed else 2)
    deck = 52 * rules.copies + rules.jokers
    stock = max(0, deck - len(seen) - len(pos.held) - size * (players - 1))
    # A tile another player took and still holds is no live out (on their rack, CR-10); the
    # left neighbour's takes go to the feed model, which nets them itself (known_held).
    seen += [t for name, ts in pos.took.items() if name != left for t in ts]
    after_left = seats[(seats.index(me) + 2) % len(seats)] if len(seats) > 1 else None
    if rules.is_closed:
        left_left = pos.rows.get(left, []) if left else []  # what I threw and they left lying
        left_threw = pos.rows.get(after_left, []) if after_left and after_left != me else []
        if after_left and after_left != me:  # what the next seat took from that row: theirs too
            left_threw = [*left_threw, *took_t.get(after_left, [])]
        if len(seats) == 2:
            left_threw = pos.rows.get(me, [])
    else:
        left_left, left_threw = [], pos.pile
    twin = pos.atu is not None and pos.atu in pos.held
    keep = pos.drawn if (pos.drawn is not None and not rules.is_closed
                         and pos.source in ("pile", "row", "tournante") and not rules.tournante_same_turn) else None
    return View(rules, list(pos.held), seen, pos.top, pos.atu, list(took_t.get(left, [])) if left else [],
                [*left_left, *left_threw], size, stock, players, twin, keep, list(left_left))
