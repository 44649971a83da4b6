"""How fast a throw closes, by rollouts: the room a faster throw choice has over greedy's.

Greedy (and the tutor) throw by the fewest steps, then the most live outs. Whether some other
choice among the fewest-step throws closes sooner can be measured directly: from a position
of real play, for each such throw, draw the next tiles at random from the tiles the player has
not seen (the same draw sequences for every throw: common random numbers) and play on alone
with greedy's rule until the rack closes, counting the draws. The throw whose rollouts close
soonest on one set of sequences is then scored on a second, independent set against greedy's
own choice (its tied throws averaged), so that picking the best does not flatter it.

    python -m research.tutor.rollout POSITIONS SEED [--rollouts R] [--players N] [--json]

The positions are the throws of the first seat in greedy-vs-greedy Closed Rummy deals of
``SEED`` where at least two throws keep the fewest steps. Alone means no opponent closes
first and nobody feeds the player: it measures speed only, the one thing a throw choice
can buy besides defence. A rollout that has not closed after ``CAP`` draws counts ``CAP + 1``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from remi.engine import CLOSED, RemiError, Tile
from remi.engine.counts import counts
from remi.engine.counts import need as need_of
from remi.tutor.policy import POLICIES, GreedyBot
from remi.tutor.sim import full_deck, mean_se, run_match
from remi.tutor.steps import analyse_counts, throws_counts
from remi.tutor.view import View, live_copies, seen_counts

from research.errors import LabError

CAP = 25


class _Lowest:
    """A stand-in for ``random.Random``: greedy's ties go to the lowest code (reproducible)."""

    def random(self) -> float:
        return 0.0


def fewest_step_throws(rack15: Sequence[Tile], seen: Sequence[Tile]) -> tuple[list[Tile], list[Tile]]:
    """The kinds whose throw keeps the fewest steps, and those of them with greedy's most live outs."""
    rules = CLOSED
    cnt, j = counts(rack15)
    _, free = throws_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)
    view = View(rules, [], list(seen), players=2)
    sc = seen_counts(view, rack15)
    outs = {}
    for d in sorted(set(rack15), key=lambda t: t.code):
        if free >> d.code & 1:
            rest = list(rack15)
            rest.remove(d)
            _, mask = analyse_counts(*counts(rest), rules.hand_size, need_of(rules), rules.long_run)
            outs[d] = sum(live_copies(k, rules, sc) for k in range(53) if mask >> k & 1)
    top = max(outs.values(), default=0)
    return list(outs), [d for d, o in outs.items() if o == top]


def draws_to_close(rack14: Sequence[Tile], seen: Sequence[Tile], sequence: Sequence[Tile]) -> int:
    """Draws until the rack closes, playing greedy's throws, alone (at most ``CAP + 1``)."""
    rules = CLOSED
    rack = list(rack14)
    seen = list(seen)
    bot = GreedyBot(_Lowest())  # type: ignore[arg-type]
    for k, tile in enumerate(sequence[:CAP], 1):
        rack.append(tile)
        cnt, j = counts(rack)
        if throws_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)[0] == 0:
            return k
        d = bot.discard(View(rules, [], seen, players=2), rack)
        rack.remove(d)
        seen.append(d)
    return CAP + 1


class PositionLog(GreedyBot):
    """Greedy, writing down each of its throws with at least two fewest-step throws."""

    name = "poslog"

    def __init__(self, rng: random.Random, rows: list[tuple[list[Tile], list[Tile], int]]) -> None:
        super().__init__(rng)
        self.rows = rows

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        cands, _ = fewest_step_throws(rack15, view.seen)
        if len(cands) >= 2:
            self.rows.append((list(rack15), list(view.seen), view.stock))
        return super().discard(view, rack15)


def positions(players: int, seed: int, wanted: int) -> list[tuple[list[Tile], list[Tile], int]]:
    """Throws of greedy self-play (deals of ``seed``) with a choice among fewest-step throws."""
    rows: list[tuple[list[Tile], list[Tile], int]] = []
    bots = {**POLICIES, "poslog": lambda rng: PositionLog(rng, rows)}
    deal = 0
    while len(rows) < wanted:
        run_match(CLOSED, ["poslog"] + ["greedy"] * (players - 1), 1, seed * 1000 + deal, bots=bots)
        deal += 1
    rng = random.Random(seed)
    return rng.sample(rows, wanted)


def measure(pos: tuple[list[Tile], list[Tile], int], rollouts: int, rng: random.Random) -> dict:
    """One position: the mean draws to close of greedy's choice and of the rollout-best throw,
    both on held-out sequences."""
    rack15, seen, _ = pos
    cands, greedy = fewest_step_throws(rack15, seen)
    pool = full_deck(CLOSED)
    for t in [*rack15, *seen]:
        pool.remove(t)

    def sequences() -> list[list[Tile]]:
        out = []
        for _ in range(rollouts):
            s = list(pool)
            rng.shuffle(s)
            out.append(s[:CAP])
        return out

    def mean_draws(d: Tile, seqs: list[list[Tile]]) -> float:
        rest = list(rack15)
        rest.remove(d)
        return sum(draws_to_close(rest, [*seen, d], s) for s in seqs) / len(seqs)

    pick_set, test_set = sequences(), sequences()
    chosen = min(cands, key=lambda d: (mean_draws(d, pick_set), d.code))
    test = {d: mean_draws(d, test_set) for d in cands}
    g = sum(test[d] for d in greedy) / len(greedy)
    return {"candidates": len(cands), "greedy": g, "rollout_best": test[chosen],
            "best_in_hindsight": min(test.values()), "chosen_is_greedys": chosen in greedy}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m research.tutor.rollout", description=__doc__.split("\n\n")[0],
                                 epilog="example: python -m research.tutor.rollout 60 7 --rollouts 40")
    ap.add_argument("positions", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("--rollouts", type=int, default=40, help="draw sequences per set (two sets)")
    ap.add_argument("--players", type=int, default=2, help="players in the games the positions come from")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    try:
        if a.positions < 1 or a.rollouts < 2 or not 2 <= a.players <= 4:
            raise LabError("POSITIONS >= 1, --rollouts >= 2, --players 2 to 4")
    except (RemiError, LabError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rng = random.Random(a.seed * 7 + 1)
    rows = [measure(p, a.rollouts, rng) for p in positions(a.players, a.seed, a.positions)]
    gap = mean_se([r["greedy"] - r["rollout_best"] for r in rows])
    hind = mean_se([r["greedy"] - r["best_in_hindsight"] for r in rows])
    out = {"positions": len(rows), "rollouts": a.rollouts, "seed": a.seed, "players": a.players,
           "greedy_draws": round(mean_se([r["greedy"] for r in rows])[0], 3),
           "rollout_best_draws": round(mean_se([r["rollout_best"] for r in rows])[0], 3),
           "gain": [round(x, 3) for x in gap], "gain_in_hindsight": [round(x, 3) for x in hind],
           "same_as_greedy": sum(r["chosen_is_greedys"] for r in rows),
           "candidates": round(sum(r["candidates"] for r in rows) / len(rows), 2)}
    if a.json:
        print(json.dumps(out, indent=1))
    else:
        print(f"{out['positions']} positions (seed {a.seed}, {a.players} players), {a.rollouts} rollouts a set, "
              f"{out['candidates']} fewest-step throws a position")
        print(f"  draws to close alone: greedy's throw {out['greedy_draws']}, the rollout-best {out['rollout_best_draws']}")
        print(f"  gain of the rollout-best (held out): {gap[0]:+.3f} ± {gap[1]:.3f} draws; "
              f"in hindsight (an upper bound): {hind[0]:+.3f} ± {hind[1]:.3f}")
        print(f"  the rollout-best is one of greedy's tied throws in {out['same_as_greedy']} of {out['positions']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
