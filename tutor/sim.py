"""Self-play: a complete game simulator for both variants, and duplicate matches between bots.

Closed Rummy (docs/rules.md A2-A7): the starter gets 15 tiles and throws without drawing; the
atu lies face up; each player draws the top of the stock or of their own row (never a joker
lying there), or pulls the atu in to close; throws go into the next player's row. A hand
nobody closes ends when the stock is out, or when the table agrees to stop (docs/rules.md 0.8): here
after ``STOP_ROUNDS`` whole rounds in which nobody drew from the stock. (CR-30's stricter
reading, one round, would end half of all heads-up hands between greedy bots, which take
their row's top in turn quite often; section 0 settles on the stock or an agreement.) Scores go through the engine (``closed_hand``).

Simple rummy (docs/rules.md B2-B6): the dealer gets 14 and throws first; that card is the
tournante for the first round; draws from the stock, the top of the discard pile or the
tournante; nobody goes out in the first round; an empty stock is rebuilt from the discards.

Duplicate play: each deal is replayed with the policies rotated round the seats, so every
policy plays every seat of every deal. ``python -m remi.tutor.sim --help`` for the command;
``run_match`` and ``play_deal`` take other bots and another table (``bots=``, ``table=``: the
experiments of ``research/`` pass theirs).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from remi.engine import (
    ALL_KINDS,
    JOKER,
    RemiError,
    Rules,
    can_close,
    check_close,
    closed_hand,
    preset,
    rack_penalty,
    simple_hand,
)
from remi.tutor.policy import POLICIES
from remi.tutor.view import View


@dataclass
class HandResult:
    scores: list[int]
    closer: int | None
    turns: list[int]  # own turns each player played
    discards: list[int]
    feeds: list[int]  # discards taken by the left neighbour and used in their close
    racks: list[list] = field(default_factory=list)  # every rack at the end (the closer's board + nothing)
    atu: object = None
    twin: int | None = None
    close: object = None  # the engine's Close, when someone closed


STOP_ROUNDS = 10


class InvariantError(AssertionError):
    pass


def full_deck(rules: Rules) -> list:
    return [t for t in ALL_KINDS[:52] for _ in range(rules.copies)] + [JOKER] * rules.jokers


class Table:
    """One hand in play. ``check()`` verifies the tiles are all accounted for."""

    def __init__(self, rules: Rules, players: int, deck_seed: int, bots: Sequence, check: bool = False):
        self.rules = rules
        self.n = players
        self.bots = bots
        self.check_every = check
        rng = random.Random(deck_seed)
        deck = full_deck(rules)
        rng.shuffle(deck)
        self.total = len(deck)
        size = rules.hand_size
        self.racks = [deck[i * size:(i + 1) * size] for i in range(players)]
        rest = deck[players * size:]
        self.racks[0].append(rest.pop())  # the starter / dealer (seat 0) holds one more
        self.atu = rest.pop() if rules.is_closed else None
        self.atu_out = False
        self.stock = rest
        self.rows: list[list] = [[] for _ in range(players)]  # Closed: rows; Simple: rows[0] = pile
        self.dead: list = []  # Simple: dead jokers left out of a rebuilt stock
        self.tournante = None
        self.took: list[list] = [[] for _ in range(players)]
        self.threw: list[list] = [[] for _ in range(players)]
        self.taken_from: list[list[tuple]] = [[] for _ in range(players)]  # (tile, thrower)
        self.turns = [0] * players
        self.events: list[tuple] = []  # (seat, "row" | "pile" | "tournante", tile taken, top it was)
        self.discards = [0] * players
        self.stopped = False  # the table stopped: STOP_ROUNDS rounds with no stock draw
        self.twin = None
        if self.atu is not None:
            for p in range(players):
                if self.atu in self.racks[p]:
                    self.twin = p

    # -- bookkeeping -------------------------------------------------------------------
    def count(self) -> int:
        n = sum(len(r) for r in self.racks) + len(self.stock) + sum(len(r) for r in self.rows) + len(self.dead)
        n += (1 if self.atu is not None and not self.atu_out else 0) + (1 if self.tournante is not None else 0)
        return n

    def check(self) -> None:
        if self.count() != self.total:
            raise InvariantError(f"{self.count()} tiles on the table, not {self.total}")
        for p, rack in enumerate(self.racks):
            for t in set(rack):
                limit = self.rules.jokers if t.is_joker else self.rules.copies
                if rack.count(t) > limit:
                    raise InvariantError(f"seat {p} holds {rack.count(t)} of {t}")

    def view(self, p: int, top, keep=None) -> View:
        left = (p + 1) % self.n
        seen = [t for row in self.rows for t in row] + self.dead
        if self.atu is not None and not self.atu_out:
            seen.append(self.atu)
        if self.tournante is not None:
            seen.append(self.tournante)
        # What the left neighbour showed: took from a row; threw; left lying in their own row.
        shown = list(self.threw[left]) + (list(self.rows[left]) if self.rules.is_closed else [])
        return View(self.rules, list(self.racks[p]), seen, top, self.atu, list(self.took[left]),
                    shown, len(self.racks[left]), len(self.stock), self.n,
                    self.twin == p, keep, list(self.rows[left]) if self.rules.is_closed else [])

    # -- Closed Rummy ------------------------------------------------------------------
    def play_closed(self) -> HandResult:
        n, rules = self.n, self.rules
        p = 0
        first = True
        no_stock = 0  # turns in a row without a stock draw
        while True:
            rack = self.racks[p]
            if not first:
                if no_stock >= STOP_ROUNDS * n:
                    # docs/rules.md 0.8: the table agrees to stop, here after STOP_ROUNDS whole rounds
                    # with nobody drawing from the stock (bots that only ever take their row).
                    self.stopped = True
                    return self._closed_result(None, None)
                # Pull the atu in to close (CR-19), before drawing.
                close = check_close(rack, rules, atu=self.atu).best if not self.atu_out else None
                if close is not None:
                    self.atu_out = True
                    rack.append(self.atu)
                    rack.remove(close.discard)
                    self.rows[(p + 1) % n].append(close.discard)
                    self.turns[p] += 1
                    return self._closed_result(p, close)
                if not self.stock:
                    return self._closed_result(None, None)
                row = self.rows[p]
                top = row[-1] if row else None
                choice = self.bots[p].draw(self.view(p, top))
                if choice == "row" and top is not None and not top.is_joker:
                    tile = row.pop()
                    self.events.append((p, "row", tile, top))
                    self.took[p].append(tile)
                    self.taken_from[p].append((tile, (p - 1) % n))
                    no_stock += 1
                else:
                    tile = self.stock.pop()
                    no_stock = 0
                rack.append(tile)
                self.turns[p] += 1
                close = check_close(rack, rules).best
                if close is not None:
                    rack.remove(close.discard)
                    self.rows[(p + 1) % n].append(close.discard)
                    return self._closed_result(p, close)
            first = False
            d = self.bots[p].discard(self.view(p, None), list(rack))
            rack.remove(d)
            self.rows[(p + 1) % n].append(d)
            self.threw[p].append(d)
            self.discards[p] += 1
            if self.check_every:
                self.check()
            p = (p + 1) % n


    def _feeds(self, closer: int | None, close) -> list[int]:  # noqa: ANN001
        """Per seat: the tiles it threw that the closer took from a row and showed in the close."""
        feeds = [0] * self.n
        if closer is not None:
            board = [t for f in close.formations for t in f.tiles]
            for tile, thrower in self.taken_from[closer]:
                if tile in board:
                    board.remove(tile)
                    feeds[thrower] += 1
        return feeds

    def _closed_result(self, closer, close) -> HandResult:
        names = [str(i) for i in range(self.n)]
        racks = {names[i]: rack_penalty(self.racks[i], self.rules) for i in range(self.n) if i != closer}
        scores = closed_hand(
            names, atu=self.atu, closer=None if closer is None else names[closer],
            board=close.board if close else 0, discard=close.discard if close else None,
            racks=racks, twin=None if self.twin is None else names[self.twin], rules=self.rules,
        )
        feeds = self._feeds(closer, close)
        return HandResult([scores[x].score for x in names], closer, list(self.turns), list(self.discards), feeds,
                          [list(r) for r in self.racks], self.atu, self.twin, close)

    # -- Simple rummy ------------------------------------------------------------------
    def play_simple(self, max_turns: int = 600) -> HandResult:
        n, rules = self.n, self.rules
        pile = self.rows[0]
        p = 0
        first_round = True
        turn_no = 0
        while turn_no < max_turns:
            rack = self.racks[p]
            keep = None
            if turn_no > 0:
                if p == 0 and first_round:
                    first_round = False
                    if self.tournante is not None:  # nobody kept it: under the pile (SR-7)
                        pile.insert(0, self.tournante)
                        self.tournante = None
                if not self.stock:
                    self._rebuild()
                    if not self.stock:
                        break
                top = pile[-1] if pile else None
                offer = self.tournante if first_round and self.tournante is not None else None
                v = self.view(p, offer if offer is not None else top)
                choice = self.bots[p].draw(v)
                if choice == "row" and offer is not None:
                    tile = self.tournante
                    self.tournante = None
                    keep = tile
                    self.took[p].append(tile)
                elif choice == "row" and top is not None and not top.is_joker:
                    tile = pile.pop()
                    self.events.append((p, "pile", tile, top))
                    keep = tile
                    self.took[p].append(tile)
                    self.taken_from[p].append((tile, (p - 1) % n))
                else:
                    tile = self.stock.pop()
                rack.append(tile)
                self.turns[p] += 1
                if not first_round and can_close(rack, rules):
                    close = check_close(rack, rules).best
                    rack.remove(close.discard)
                    pile.append(close.discard)
                    return self._simple_result(p, close)
            d = self.bots[p].discard(self.view(p, None, keep if not rules.tournante_same_turn else None), list(rack))
            rack.remove(d)
            if turn_no == 0 and not d.is_joker:
                self.tournante = d  # SR-6; a joker goes onto the pile, dead (SR-8)
            else:
                pile.append(d)
            self.threw[p].append(d)
            self.discards[p] += 1
            if self.check_every:
                self.check()
            turn_no += 1
            p = (p + 1) % n
        return self._simple_result(None, None)

    def _rebuild(self) -> None:
        """SR-15: the discards minus the top become the stock; dead jokers are left out."""
        pile = self.rows[0]
        if len(pile) < 2:
            return
        top = pile.pop()
        for t in pile:
            (self.dead if t.is_joker else self.stock).append(t)
        pile.clear()
        pile.append(top)
        random.Random(len(self.stock) * 7919 + sum(t.code for t in self.stock)).shuffle(self.stock)

    def _simple_result(self, closer, close) -> HandResult:
        names = [str(i) for i in range(self.n)]
        if closer is None:
            scores = [0] * self.n
        else:
            s = simple_hand(names, closer=names[closer], rules=self.rules)
            scores = [-s[x].score for x in names]  # losers take 100: shown as -100 per hand
        feeds = self._feeds(closer, close)
        return HandResult(scores, closer, list(self.turns), list(self.discards), feeds,
                          [list(r) for r in self.racks], None, None, close)


def play_hand(rules: Rules, bots: Sequence, deck_seed: int, check: bool = False, table: type[Table] = Table) -> HandResult:
    t = table(rules, len(bots), deck_seed, bots, check)
    if check:
        t.check()
    return t.play_closed() if rules.is_closed else t.play_simple()


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    if n == 0:
        return float("nan"), float("nan")
    m = sum(xs) / n
    if n < 2:
        return m, float("nan")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, math.sqrt(var / n)


#: each deal's figures, per policy: won (a share), points, split into the hands the seat
#: closed and the rest (whether a bot's points come from closing more, closing bigger or
#: paying less when another closes), and the feed rate
FIGURES = ("win", "points", "points_closed", "points_not_closed", "feed")

Bots = Mapping[str, Callable[[random.Random], object]]


def _rotations(rules: Rules, policies: Sequence[str], deck_seed: int, check: bool, bots: Bots,
               table: type[Table]) -> list[tuple[list[str], HandResult]]:
    """One deal, once per rotation of the policies round the seats."""
    n = len(policies)
    out = []
    for rot in range(n):
        seat_policy = [policies[(s + rot) % n] for s in range(n)]
        players = [bots[name](random.Random(deck_seed * 31 + rot * 7 + s)) for s, name in enumerate(seat_policy)]
        out.append((seat_policy, play_hand(rules, players, deck_seed, check, table)))
    return out


def _add(acc: dict[str, dict[str, float]], seat_policy: Sequence[str], res: HandResult) -> None:
    """One hand's figures into each policy's running sums (``acc[policy]``)."""
    top = max(res.scores)
    winners = [s for s in range(len(seat_policy)) if res.scores[s] == top] if res.closer is None else [res.closer]
    for s, name in enumerate(seat_policy):
        a = acc[name]
        a["seats"] += 1
        a["win"] += (1.0 / len(winners)) if s in winners else 0.0
        a["points"] += res.scores[s]
        a["points_closed" if res.closer == s else "points_not_closed"] += res.scores[s]
        a["feed"] += res.feeds[s] / max(1, res.discards[s])


def play_deal(rules: Rules, policies: Sequence[str], deck_seed: int, check: bool = False, *,
              bots: Bots = POLICIES, table: type[Table] = Table) -> dict[str, dict[str, float]]:
    """One deal of duplicate play: per policy, its :data:`FIGURES` averaged over its seats."""
    acc = {p: {**dict.fromkeys(FIGURES, 0.0), "seats": 0.0} for p in set(policies)}
    for seat_policy, res in _rotations(rules, policies, deck_seed, check, bots, table):
        _add(acc, seat_policy, res)
    return {name: {k: a[k] / a["seats"] for k in FIGURES} for name, a in acc.items()}


def run_match(rules: Rules, policies: Sequence[str], deals: int, seed: int, check: bool = False,
              progress: Callable[[dict], None] | None = None, keep_deals: bool = False, *,
              bots: Bots = POLICIES, table: type[Table] = Table) -> dict:
    """Duplicate play: every deal once per rotation of the policies round the seats.

    Standard errors are over deals (the rotations of one deal are one sample), so the luck
    of the deal is shared by the policies and does not inflate the comparison. With
    ``keep_deals`` the summary also holds each deal's figures (``per_deal``), for a paired
    comparison of two runs on the same deals.
    """
    names = sorted(set(policies))
    per_deal: dict[str, dict[str, list[float]]] = {p: {k: [] for k in FIGURES} for p in names}
    turns: dict[str, list[float]] = {p: [] for p in names}
    disc = {p: 0 for p in names}
    feeds = {p: 0 for p in names}
    hands = 0
    for deal in range(deals):
        deck_seed = seed * 1_000_003 + deal
        acc = {p: {**dict.fromkeys(FIGURES, 0.0), "seats": 0.0} for p in names}
        for seat_policy, res in _rotations(rules, policies, deck_seed, check, bots, table):
            hands += 1
            _add(acc, seat_policy, res)
            for s, name in enumerate(seat_policy):
                disc[name] += res.discards[s]
                feeds[name] += res.feeds[s]
                if res.closer == s:
                    turns[name].append(res.turns[s])
        for name in names:
            for key in FIGURES:
                per_deal[name][key].append(acc[name][key] / acc[name]["seats"])
        if progress:
            progress(_summary(rules, policies, deal + 1, hands, seed, names, per_deal, turns, disc, feeds, keep_deals))
    return _summary(rules, policies, deals, hands, seed, names, per_deal, turns, disc, feeds, keep_deals)


def _summary(rules, policies, deals, hands, seed, names, per_deal, turns, disc, feeds, keep_deals=False) -> dict:  # noqa: ANN001
    out = {"variant": rules.variant, "players": len(policies), "deals": deals, "hands": hands, "seed": seed,
           "policies": list(policies), "results": {}}
    for name in names:
        w, w_se = mean_se(per_deal[name]["win"])
        pts, pts_se = mean_se(per_deal[name]["points"])
        t, t_se = mean_se(turns[name])
        f, f_se = mean_se(per_deal[name]["feed"])
        out["results"][name] = {
            "win_share": round(w, 4), "win_share_se": round(w_se, 4),
            "points_per_hand": round(pts, 2), "points_per_hand_se": round(pts_se, 2),
            "turns_to_close": round(t, 2), "turns_to_close_se": round(t_se, 2), "closes": len(turns[name]),
            "feed_rate": round(f, 5), "feed_rate_se": round(f_se, 5),
            "discards": disc[name], "feeds": feeds[name],
        }
    if keep_deals:
        out["per_deal"] = {name: {k: [round(x, 6) for x in v] for k, v in per_deal[name].items()} for name in names}
    return out


def parser(prog: str, bots: Bots) -> argparse.ArgumentParser:
    """The command's options (``research/`` adds its own to them)."""
    ap = argparse.ArgumentParser(
        prog=prog, description=f"Duplicate self-play between bots ({', '.join(bots)}).",
        epilog=f"example: {prog} --variant closed --players 4 --hands 400 --seed 1 --policies tutor,greedy,greedy,greedy --json",
    )
    ap.add_argument("--variant", choices=["closed", "simple"], default="closed")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--hands", type=int, default=100, help="hands in all (deals x players, rounded up)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--policies", default=None, help="one per seat, comma separated (default tutor,greedy,...)")
    ap.add_argument("--check", action="store_true", help="verify the tiles are conserved after every turn")
    ap.add_argument("--json", action="store_true")
    return ap


def checked(a: argparse.Namespace, bots: Bots) -> tuple[Rules, list[str]]:
    """The rules and the seats' policies of the parsed options; RemiError names a bad one."""
    rules = preset(a.variant)
    pols = a.policies.split(",") if a.policies else ["tutor"] + ["greedy"] * (a.players - 1)
    if len(pols) != a.players:
        raise RemiError("tutor.policy_count", count=len(pols), players=a.players)
    bad = [p for p in pols if p not in bots]
    if bad:
        raise RemiError("tutor.unknown_policy", name=bad[0], choices=", ".join(bots))
    if not 2 <= a.players <= 4:
        raise RemiError("tutor.player_count", count=a.players)
    return rules, pols


def report(res: dict, a: argparse.Namespace) -> None:
    """The summary, as JSON or a line per policy."""
    res = {k: v for k, v in res.items() if k != "per_deal"}
    if a.json:
        print(json.dumps(res, indent=2))
        return
    print(f"{res['variant']}, {res['players']} players, {res['hands']} hands ({res['deals']} deals), seed {a.seed}")
    for name, r in res["results"].items():
        print(f"  {name:7s} won {100 * r['win_share']:5.1f}% ± {100 * r['win_share_se']:.1f}  "
              f"points {r['points_per_hand']:8.1f} ± {r['points_per_hand_se']:.1f}  "
              f"turns to close {r['turns_to_close']:5.2f} ± {r['turns_to_close_se']:.2f}  "
              f"feed {100 * r['feed_rate']:.2f}% ± {100 * r['feed_rate_se']:.2f}")


def main(argv: Sequence[str] | None = None) -> int:
    a = parser("python -m remi.tutor.sim", POLICIES).parse_args(argv)
    try:
        rules, pols = checked(a, POLICIES)
    except RemiError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    report(run_match(rules, pols, max(1, -(-a.hands // a.players)), a.seed, a.check), a)
    return 0


if __name__ == "__main__":
    sys.exit(main())
