"""The tutor's chance to close, against draws dealt from the real unseen pool.

For a rack left after a throw, ``simulate`` deals the next draws from the tiles the player
has not seen (shuffled, without replacement) and plays them two ways:

* **a player** (a lower bound for good play): pulls the atu in or closes whenever the
  engine's ``check_close`` says the rack closes (CR-19); keeps a drawn tile only when it
  brings the close nearer, then throws as greedy does (the fewest steps, then the most live
  outs, ``tutor.policy.GreedyBot``); else throws the drawn tile back;
* **a clairvoyant** (an upper bound): closes within ``k`` draws when the rack and the first
  ``k`` draws hold a whole board (the player would keep exactly its tiles), or the first
  ``k - 1`` draws and the atu do.

    python -m research.tutor.chance_check             # the figures of docs/tutor.md
    python -m research.tutor.chance_check --decay     # DECAY of tutor.chance, per game
"""

from __future__ import annotations

import argparse
import random
import sys
from typing import Any
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from remi.engine import CLOSED, SIMPLE, Rules, Tile, check_close, parse_tiles
from remi.engine.counts import counts
from remi.engine.counts import need as need_of
from remi.tutor.chance import within, within_counts
from remi.tutor.policy import GreedyBot, p_close_within
from remi.tutor.sim import full_deck
from remi.tutor.steps import analyse_counts
from remi.tutor.view import View


@dataclass(frozen=True)
class Bounds:
    """The share of deals that closed within ``draws`` draws: played, and clairvoyant."""

    player: float
    clairvoyant: float
    samples: int


def pool(rest: Sequence[Tile], rules: Rules, seen: Sequence[Tile]) -> list[Tile]:
    """The tiles the player has not seen: the deck less ``seen`` and the rack."""
    left = full_deck(rules)
    for t in [*seen, *rest]:
        left.remove(t)
    return left


def _steps(tiles: Sequence[Tile], rules: Rules) -> tuple[int, int]:
    cnt, j = counts(tiles)
    return analyse_counts(cnt, j, rules.hand_size, need_of(rules), rules.long_run)


def _clairvoyant(rest: list[Tile], draws: list[Tile], rules: Rules, atu: Tile | None) -> bool:
    if _steps([*rest, *draws], rules)[0] == 0:
        return True
    return atu is not None and _steps([*rest, *draws[:-1], atu], rules)[0] == 0


def _play(rest: list[Tile], draws: list[Tile], rules: Rules, seen: list[Tile], atu: Tile | None,
          cache: dict) -> bool:
    """A player's turns over ``draws``: True when the engine says the rack closed. ``cache``
    keeps what one rack gives (a close, the outs, the throw) across the deals."""
    rack, shown = list(rest), list(seen)
    for x in draws:
        key = tuple(sorted(t.code for t in rack))
        if atu is not None and _cached(cache, ("atu", key), lambda: check_close(rack, rules, atu=atu).best):
            return True
        rack15 = [*rack, x]
        if _cached(cache, ("close", key, x.code), lambda: check_close(rack15, rules).best) is not None:
            return True
        if not _cached(cache, ("mask", key), lambda: _steps(rack, rules)[1]) >> x.code & 1:
            shown.append(x)  # no nearer: thrown back
            continue
        d = _cached(cache, ("throw", key, x.code),
                    lambda: GreedyBot(random.Random(0)).discard(View(rules, rack15, shown, atu=atu), rack15))
        rack15.remove(d)
        rack = rack15
        shown.append(d)
    return False


def _cached(cache: dict, key: tuple, work: Callable[[], object]) -> Any:
    if key not in cache:
        cache[key] = work()
    return cache[key]


def simulate(rest: Sequence[Tile], rules: Rules, seen: Sequence[Tile], draws: int, atu: Tile | None = None,
             samples: int = 400, seed: int = 1, clairvoyant: bool = True) -> Bounds:
    """Deal ``draws`` tiles ``samples`` times from the unseen pool and play them (module doc).
    ``seen``: the tiles face up, the atu among them. Without ``clairvoyant`` (its search of
    17 tiles is the slow part) its share is left at 1.0."""
    rng = random.Random(seed)
    left = pool(rest, rules, seen)
    played = clair = 0
    cache: dict = {}
    for _ in range(samples):
        drawn = rng.sample(left, draws)
        won = _play(list(rest), drawn, rules, list(seen), atu, cache)
        played += won
        clair += won or not clairvoyant or _clairvoyant(list(rest), drawn, rules, atu)
    return Bounds(played / samples, clair / samples, samples)


#: racks left after a throw, 1 to 3 steps away (the issue's kind first): variant, rack, atu
RACKS = (
    ("simple", "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad", None),
    ("simple", "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Kd", None),
    ("simple", "5h 6h 7h 8h Js Jh 2c 3c 4c 5c As Ad Kd", None),
    ("simple", "5h 6h 7h Js Jh 2c 3c 5c 9c As Ad Kd Qs", None),
    ("closed", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", None),
    ("closed", "r3 r4 r5 r6 b10 b11 k12 k7 y7 b7 y9 y10 y11 k1", None),
    ("closed", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 k1 k13", "r2"),
    ("closed", "r3 r4 r6 b10 b11 k12 k7 y7 b7 y9 y10 y11 k1 b2", None),
)


def figures(draws: int = 3, samples: int = 300) -> list[dict]:
    """Each rack of RACKS: its steps, the old chance, the new one and the simulated bounds."""
    rows = []
    for variant, text, atu_text in RACKS:
        rules = CLOSED if variant == "closed" else SIMPLE
        rest = list(parse_tiles(text))
        atu = parse_tiles(atu_text)[0] if atu_text else None
        seen = [atu] if atu else []
        steps, mask = _steps(rest, rules)
        unseen = len(pool(rest, rules, seen))
        outs = sum(1 for t in pool(rest, rules, seen) if mask >> t.code & 1)
        fills = atu is not None and bool(mask >> atu.code & 1)
        old = p_close_within(steps, outs / unseen, draws, fills)
        new = within(rest, rules, seen, draws, atu)[draws]
        b = simulate(rest, rules, seen, draws, atu, samples)
        rows.append({"variant": variant, "rack": text, "atu": atu_text, "steps": steps, "old": old, "new": new,
                     "player": b.player, "clairvoyant": b.clairvoyant})
    return rows


def decay(rules: Rules, racks: int = 30, seed: int = 3) -> float:
    """The mean, over random 2-step racks, of the outs after the first out (each first out
    weighed by its copies) over the outs before it: how fast the outs thin out step by step."""
    rng = random.Random(seed)
    ratios: list[float] = []
    while len(ratios) < racks:
        rack = _near_close(rng, rules)
        steps, mask = _steps(rack, rules)
        if steps != 2:
            continue
        left = pool(rack, rules, [])
        outs = [i for i, t in enumerate(left) if mask >> t.code & 1]
        masks = {left[i].code: _steps([*rack, left[i]], rules)[1] for i in outs}
        after = [sum(1 for k, u in enumerate(left) if k != i and masks[left[i].code] >> u.code & 1) for i in outs]
        ratios.append(sum(after) / len(after) / len(outs))
    return sum(ratios) / len(ratios)


def _near_close(rng: random.Random, rules: Rules) -> list[Tile]:
    """A rack near a close: runs of 3 or 4 of a colour and sets of 3 dealt to a board's worth
    (a deck's copies kept), two of its tiles swapped for random ones."""
    deck = full_deck(rules)
    board: list[Tile] = []
    while len(board) < rules.hand_size:
        n, number = rng.choice((3, 4)), rng.randrange(1, 11)
        colours = rng.sample(range(4), 3)
        group = ([Tile(colours[0] * 13 + number - 1 + i) for i in range(n)] if rng.random() < 0.6
                 else [Tile(c * 13 + number - 1) for c in colours])
        if all(board.count(t) + group.count(t) <= rules.copies for t in group):
            board += group
    board = board[:rules.hand_size]
    for _ in range(2):
        board.remove(rng.choice(board))
    for t in board:
        deck.remove(t)
    return board + rng.sample(deck, rules.hand_size - len(board))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decay", action="store_true", help="measure DECAY instead")
    ap.add_argument("--samples", type=int, default=300)
    a = ap.parse_args(argv)
    if a.decay:
        for rules in (CLOSED, SIMPLE):
            print(f"{rules.variant}: DECAY {decay(rules):.2f}")
        return 0
    print("variant steps  old    new    player clairvoyant  rack")
    for r in figures(samples=a.samples):
        print(f"{r['variant']:7} {r['steps']:5} {100 * r['old']:5.1f}% {100 * r['new']:5.1f}% {100 * r['player']:5.1f}% "
              f"{100 * r['clairvoyant']:5.1f}%       {r['rack']}" + (f" atu {r['atu']}" if r["atu"] else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
