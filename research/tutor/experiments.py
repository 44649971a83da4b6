"""The tutor's experiments, kept to be rerun (research/NOTES.md says what each showed).

    python -m research.tutor.experiments sim [options]     # remi.tutor.sim with every bot of research.tutor.bots
    python -m research.tutor.experiments duel [options]    # several bots in one seat, deal by deal, one file each
    python -m research.tutor.experiments join OUT.json PART.json ...  # a duel's parts (--first) as one run
    python -m research.tutor.experiments feedlog DEALS SEED FILE    # the feed model's training data
    python -m research.tutor.experiments agree PLAYERS DEALS SEED   # how often the tutor throws greedy's most outs
    python -m research.tutor.experiments ties PLAYERS DEALS SEED [BOT]  # a bot's picks among greedy's ties

``sim`` takes the simulator's options and ``--per-deal FILE`` (each deal's figures, rewritten
after every deal, for ``python -m research.tutor.paired``) and ``--partial FILE``. ``duel``
plays each deal once per bot of ``--bots`` in the seat under test against greedy (the same
deals, the same greedy seats: a paired comparison), writing ``OUT/BOT.json`` in the
per-deal format after every deal; the bots share one process and its memo. A bot whose
file already holds deals of the same seed goes on after them. ``--first N`` starts at deal N
(deals N to DEALS - 1), so that one run of 2,000 deals can be played by several processes at
once, one part each, and ``join`` puts the parts back together, deal by deal, as one run.

``feedlog`` plays greedy against greedy and writes, for every throw of the first seat, each
throw that keeps the fewest steps with the feed model's inputs and whether the neighbour's
real rack would take it: one JSON object per throw. ``FEED_MODEL`` in remi/tutor/feed.py is a
logistic regression fitted on such a file (``python -m research.tutor.feedfit``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import Counter
from collections.abc import Sequence

from remi.engine import RemiError, Tile, preset, tile_rack_penalty
from remi.engine.counts import counts
from remi.engine.counts import need as need_of
from remi.tutor.feed import PAIRS, PARTNERS, expected_held, feed_features, feed_risk, neighbours
from remi.tutor.policy import GreedyBot, TutorBot
from remi.tutor.sim import mean_se, play_deal, run_match
from remi.tutor.steps import analyse_counts, throws_counts
from remi.tutor.view import View, seen_counts

from research.errors import LabError
from research.tutor.bots import BOTS, PeekTable, PeekView, feeds, greedy_outs, greedy_ties


#: The share of a pair's weight kept for each passed-over tile that would have completed it.
VETO = 0.25
#: The passes counted as recent: the last few of my throws they left lying.
RECENT = 4


def extended_features(tile: Tile, view: View, seen_cnt: Sequence[int]) -> dict[str, float]:
    """The feed model's features (:func:`remi.tutor.feed.feed_features`) and those tried on
    2 Dec 2026 that did not rank the taken tiles better (research/NOTES.md, "What the
    passed-over tiles say"): the pairs cut for each passed-over tile that would have
    completed them (``lam_set_v``, ``lam_run_v``), a joker with a partner (``lam_jk``), and
    what the neighbour passed over and threw near the tile (``pass_*``, ``thr_*``, ``npass``)."""
    f = feed_features(tile, view, seen_cnt)
    passed = [t.code for t in view.left_passed]
    pass_cnt, recent = Counter(passed), Counter(passed[-RECENT:])
    thrown = Counter(t.code for t in view.left_threw) - pass_cnt  # their own throws only
    lam = expected_held(view, seen_cnt)
    lam_set_v = lam_run_v = 0.0
    for a, b, ends in PAIRS[tile.code]:
        w = lam[a] * lam[b] * VETO ** sum(pass_cnt[e] for e in ends)  # a pass: the pair was not held loose
        if a % 13 == b % 13:
            lam_set_v += w
        else:
            lam_run_v += w
    d1, d2 = neighbours(tile)
    other = {c2 * 13 + tile.number - 1 for c2 in range(4) if c2 != tile.colour}
    f.update({
        "lam_set_v": lam_set_v, "lam_run_v": lam_run_v,
        "lam_jk": lam[52] * sum(lam[k] for k in PARTNERS[tile.code]) if view.rules.jokers else 0.0,
        "pass_same": pass_cnt[tile.code], "pass_recent": recent[tile.code],
        "pass_d1": sum(pass_cnt[k] for k in d1), "pass_d2": sum(pass_cnt[k] for k in d2),
        "pass_set": sum(pass_cnt[k] for k in other),
        "thr_d1": sum(thrown[k] for k in d1), "thr_d2": sum(thrown[k] for k in d2),
        "thr_set": sum(thrown[k] for k in other), "npass": len(passed),
    })
    return f


class FeedLogBot(GreedyBot):
    """Greedy, writing down each fewest-step throw's feed-model inputs and true label."""

    name = "feedlog"

    def __init__(self, rng: random.Random, rows: list[dict]) -> None:
        super().__init__(rng)
        self.rows = rows

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        r = view.rules
        cnt15, j15 = counts(rack15)
        _, free = throws_counts(cnt15, j15, r.hand_size, need_of(r), r.long_run)
        seen = seen_counts(view, rack15)
        cands = [{"tile": str(t), "y": int(feeds(view, t)), **extended_features(t, view, seen)}  # type: ignore[arg-type]
                 for t in sorted(set(rack15), key=lambda t: t.code) if free >> t.code & 1 and not t.is_joker]
        self.rows.append({"throw": len(self.rows), "candidates": cands})
        return super().discard(view, rack15)


class AgreeBot(TutorBot):
    """The tutor, counting its throws that keep greedy's most live outs (and the ties among them)."""

    name = "agree"

    def __init__(self, rng: random.Random, tally: dict[str, int]) -> None:
        super().__init__(rng)
        self.tally = tally

    def discard(self, view: View, rack15: list[Tile]) -> Tile:
        t = super().discard(view, rack15)
        outs = {o.discard: greedy_outs(view, rack15, o.discard) for o in self.options(view, rack15)
                if o.steps == self.options(view, rack15)[0].steps}
        if outs:
            top = max(outs.values())
            self.tally["throws"] += 1
            self.tally["most_outs"] += int(outs.get(t, -1) == top)
            self.tally["tied_with_another"] += int(sum(v == top for v in outs.values()) > 1)
        return t


class TieBot:
    """A bot (``base``), writing down, at each throw where several throws keep the fewest
    steps and greedy's most live outs, its pick against those tied throws: the tile (an ace,
    a 13, a 2-9), the rack penalty thrown (CR-23), the feed risk, whether the neighbour's
    real rack would take it (a cheat), and the outs' copies truly left in the stock."""

    name = "ties"

    def __init__(self, rng: random.Random, base: type, rows: list[list[dict]]) -> None:
        self.inner = base(rng)
        self.rows = rows

    def draw(self, view: View) -> str:
        return self.inner.draw(view)

    def discard(self, view: PeekView, rack15: list[Tile]) -> Tile:
        t = self.inner.discard(view, rack15)
        tied = greedy_ties(view, rack15)
        if len(tied) < 2 or t not in tied:
            return t
        stock = Counter(x.code for x in view.stock_tiles)
        seen = seen_counts(view, rack15)
        rec = []
        for d in tied:
            rest = list(rack15)
            rest.remove(d)
            cnt, j = counts(rest)
            _, mask = analyse_counts(cnt, j, view.rules.hand_size, need_of(view.rules), view.rules.long_run)
            num = 0 if d.is_joker else d.number
            rec.append({"pick": d == t, "ace": num == 1, "13": num == 13, "2-9": 2 <= num <= 9,
                        "penalty": tile_rack_penalty(d, view.rules), "feed_risk": feed_risk(d, view, seen),
                        "feeds": feeds(view, d), "stock_outs": sum(stock[k] for k in range(53) if mask >> k & 1)})
        self.rows.append(rec)
        return t


def tie_rows(players: int, deals: int, seed: int, base: type) -> list[list[dict]]:
    """``base``'s picks among greedy's ties in the first seat of ``deals`` Closed deals."""
    rows: list[list[dict]] = []
    run_match(preset("closed"), ["ties"] + ["greedy"] * (players - 1), deals, seed,
              bots={**BOTS, "ties": lambda rng: TieBot(rng, base, rows)}, table=PeekTable)
    return rows


def tie_summary(rows: list[list[dict]]) -> dict[str, tuple[float, float]]:
    """Per figure: the pick's value less the mean of its tied throws, averaged, with its error."""
    out = {}
    for key in ("ace", "13", "2-9", "penalty", "feed_risk", "feeds", "stock_outs"):
        diffs = [float(next(r[key] for r in rec if r["pick"])) - sum(float(r[key]) for r in rec) / len(rec)
                 for rec in rows]
        out[key] = mean_se(diffs)
    return out


USAGE = {"agree": "agree PLAYERS DEALS SEED", "ties": "ties PLAYERS DEALS SEED [BOT]",
         "feedlog": "feedlog DEALS SEED FILE"}


def _numbers(cmd: str, args: Sequence[str], names: Sequence[str]) -> list[int]:
    """The whole-number arguments of ``cmd``, checked: one line naming the bad one, else LabError."""
    if len(args) < len(names):
        raise LabError(f"{cmd}: expected {USAGE[cmd]}")
    out = []
    for name, text in zip(names, args):
        try:
            value = int(text)
        except ValueError:
            raise LabError(f"{cmd}: {name} must be a whole number, not {text!r}") from None
        if name == "PLAYERS" and not 2 <= value <= 4:
            raise LabError(f"{cmd}: PLAYERS must be 2, 3 or 4, not {value}")
        if name == "DEALS" and value < 1:
            raise LabError(f"{cmd}: DEALS must be at least 1, not {value}")
        out.append(value)
    return out


def _writable(option: str, path: str | None) -> None:
    """Refuse, before the first deal, a file the run could not write."""
    folder = os.path.dirname(os.path.abspath(path)) if path else None
    if path and (os.path.isdir(path) or not os.path.isdir(folder) or not os.access(folder, os.W_OK)):  # type: ignore[arg-type]
        raise LabError(f"{option} {path}: cannot write a file there")


def write_json(path: str, obj: object) -> None:
    """Replace ``path`` whole (a stopped run never leaves half a file)."""
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(obj, fh, indent=1)
    os.replace(tmp, path)


def sim(argv: Sequence[str]) -> int:
    """``remi.tutor.sim``'s command with every experiment bot, ``--per-deal`` and ``--partial``."""
    from remi.tutor import sim as S

    ap = S.parser("python -m research.tutor.experiments sim", BOTS)
    ap.add_argument("--partial", metavar="FILE", help="rewrite FILE with the results so far after every deal")
    ap.add_argument("--per-deal", metavar="FILE", help="rewrite FILE after every deal with each deal's figures "
                                                       "(for python -m research.tutor.paired)")
    a = ap.parse_args(argv)
    try:
        rules, pols = S.checked(a, BOTS)
        _writable("--partial", a.partial)
        _writable("--per-deal", a.per_deal)
    except (RemiError, LabError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    def progress(summary: dict) -> None:
        if a.per_deal:
            write_json(a.per_deal, summary)
        if a.partial:
            write_json(a.partial, {k: v for k, v in summary.items() if k != "per_deal"})

    res = run_match(rules, pols, max(1, -(-a.hands // a.players)), a.seed, a.check,
                    progress if (a.partial or a.per_deal) else None, keep_deals=bool(a.per_deal),
                    bots=BOTS, table=PeekTable)
    S.report(res, a)
    return 0


def _resumed(path: str, fresh: dict) -> dict:
    """The run written at ``path`` by an earlier duel on the same deals (to go on from its
    last deal), else ``fresh``."""
    try:
        with open(path, encoding="utf-8") as fh:
            old = json.load(fh)
    except (OSError, ValueError):
        return fresh
    same = all(old.get(k, 0) == fresh[k] for k in ("variant", "players", "seed", "policies", "first"))
    return old if same else fresh


def duel(argv: Sequence[str]) -> int:
    """Several bots in the seat under test, deal by deal, each against the same greedy seats."""
    ap = argparse.ArgumentParser(prog="python -m research.tutor.experiments duel", description=duel.__doc__)
    ap.add_argument("--variant", choices=["closed", "simple"], default="closed")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--deals", type=int, required=True, help="play up to deal DEALS - 1")
    ap.add_argument("--first", type=int, default=0, help="the first deal of this part (default 0)")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--bots", required=True, help="comma separated, e.g. gseat,tutor,tpts")
    ap.add_argument("--out", required=True, help="a folder: OUT/BOT.json per bot, rewritten after every deal")
    a = ap.parse_args(argv)
    bots = a.bots.split(",")
    bad = [b for b in bots if b not in BOTS]
    problem = (f"unknown bot {bad[0]!r}" if bad
               else f"--players {a.players}: 2 to 4" if not 2 <= a.players <= 4
               else f"--first {a.first}: from 0 to DEALS - 1 ({a.deals - 1})" if not 0 <= a.first < a.deals
               else f"--out {a.out}: a file, not a folder" if os.path.exists(a.out) and not os.path.isdir(a.out)
               else None)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    os.makedirs(a.out, exist_ok=True)  # a new run's folder
    rules = preset(a.variant)
    keys = ("win", "points", "points_closed", "points_not_closed", "feed")
    runs = {b: _resumed(os.path.join(a.out, f"{b}.json"), {
        "variant": rules.variant, "players": a.players, "seed": a.seed, "first": a.first, "deals": 0,
        "policies": [b] + ["greedy"] * (a.players - 1), "per_deal": {b: {k: [] for k in keys}}}) for b in bots}
    for deal in range(a.first, a.deals):
        for b in bots:
            if deal < a.first + runs[b]["deals"]:
                continue  # played by an earlier run of the same duel
            figures = play_deal(rules, [b] + ["greedy"] * (a.players - 1), a.seed * 1_000_003 + deal,
                                bots=BOTS, table=PeekTable)
            run = runs[b]
            for k in keys:
                run["per_deal"][b][k].append(round(figures[b][k], 6))
            run["deals"] = deal + 1 - a.first
            write_json(os.path.join(a.out, f"{b}.json"), run)
    return 0


def join_parts(parts: Sequence[dict]) -> dict:
    """The parts of one duel (each played with its own ``--first``) as one run from deal 0.

    The parts must be of the same run (variant, players, seed, policies) and follow one another
    without a gap; a deal played twice is kept once."""
    if not parts:
        raise LabError("join: no part given")
    ordered = sorted(parts, key=lambda p: p.get("first", 0))
    head = ordered[0]
    run = {k: head[k] for k in ("variant", "players", "seed", "policies")}
    run.update(first=0, deals=0, per_deal={name: {k: [] for k in figs} for name, figs in head["per_deal"].items()})
    for part in ordered:
        other = [k for k in ("variant", "players", "seed", "policies") if part.get(k) != head[k]]
        if other:
            raise LabError(f"join: the parts differ in {other[0]!r}: not one run")
        first = part.get("first", 0)
        if first > run["deals"]:
            raise LabError(f"join: deals {run['deals']} to {first - 1} are in no part")
        skip = run["deals"] - first  # deals this part shares with the ones before it
        for name, figs in part["per_deal"].items():
            for k, values in figs.items():
                run["per_deal"][name][k] += values[skip:part["deals"]]
        run["deals"] = max(run["deals"], first + part["deals"])
    return run


def join(argv: Sequence[str]) -> int:
    """``join OUT.json PART.json ...``: a duel's parts written as one run."""
    if len(argv) < 2:
        print("error: join: expected OUT.json PART.json ...", file=sys.stderr)
        return 2
    try:
        parts = []
        for path in argv[1:]:
            try:
                with open(path, encoding="utf-8") as fh:
                    parts.append(json.load(fh))
            except (OSError, ValueError) as exc:
                raise LabError(f"join: cannot read {path} ({exc})") from None
        run = join_parts(parts)
    except (RemiError, LabError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    write_json(argv[0], run)
    print(f"{argv[0]}: deals 0 to {run['deals'] - 1} of seed {run['seed']}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in ("sim", "duel", "join", "feedlog", "agree", "ties"):
        print(__doc__)
        return 2
    cmd, rest = args[0], args[1:]
    if cmd == "sim":
        return sim(rest)
    if cmd == "duel":
        return duel(rest)
    if cmd == "join":
        return join(rest)
    try:
        if cmd == "feedlog":
            deals, seed = _numbers(cmd, rest, ("DEALS", "SEED"))
            if len(rest) < 3:
                raise LabError(f"{cmd}: expected {USAGE[cmd]}")
            folder = os.path.dirname(os.path.abspath(rest[2]))
            if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
                raise LabError(f"{cmd}: cannot write {rest[2]} (no such folder, or not writable)")
        else:
            players, deals, seed = _numbers(cmd, rest, ("PLAYERS", "DEALS", "SEED"))
            if cmd == "ties" and len(rest) > 3 and rest[3] not in BOTS:
                raise LabError(f"{cmd}: no bot {rest[3]!r} (bots: {', '.join(sorted(BOTS))})")
    except (RemiError, LabError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    rules = preset("closed")
    if cmd == "agree":
        tally = {"throws": 0, "most_outs": 0, "tied_with_another": 0}
        run_match(rules, ["agree"] + ["greedy"] * (players - 1), deals, seed,
                  bots={**BOTS, "agree": lambda rng: AgreeBot(rng, tally)})
        print(json.dumps(tally))
        return 0
    if cmd == "ties":
        rows = tie_rows(players, deals, seed, BOTS[rest[3]] if len(rest) > 3 else BOTS["tutor"])
        print(f"{len(rows)} throws with ties among greedy's most live outs; the pick less the tied throws' mean:")
        for key, (m, se) in tie_summary(rows).items():
            print(f"  {key:10s} {m:+.4f} ± {se:.4f}")
        return 0
    log: list[dict] = []
    run_match(rules, ["feedlog", "greedy"], deals, seed,
              bots={**BOTS, "feedlog": lambda rng: FeedLogBot(rng, log)}, table=PeekTable)
    with open(rest[2], "w", encoding="utf-8") as fh:
        json.dump(log, fh)
    print(f"{len(log)} throws, {sum(len(r['candidates']) for r in log)} candidates")
    return 0


if __name__ == "__main__":
    sys.exit(main())
