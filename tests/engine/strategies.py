"""hypothesis strategies for racks: built from formations (closing) and random (mostly not)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import strategies as st

from remi.engine import ALL_KINDS, Rules, Tile
from tests.engine.oracle import all_formations


def deck(rules: Rules) -> list[Tile]:
    return [t for t in ALL_KINDS if not t.is_joker] * rules.copies + [ALL_KINDS[52]] * rules.jokers


def build_closing(rnd: random.Random, rules: Rules) -> list[Tile] | None:
    """Formations drawn from the deck until they hold close_size - 1 tiles, plus one more tile."""
    target = rules.close_size - 1
    forms = all_formations(rules.long_run)
    left = Counter(t.code for t in deck(rules))
    chosen: list[int] = []
    kinds = set()
    for _ in range(200):
        room = target - len(chosen)
        if room == 0:
            break
        kind, codes, _ = rnd.choice(forms)
        if len(codes) > room or room - len(codes) in (1, 2):
            continue
        need = Counter(codes)
        if any(left[c] < n for c, n in need.items()):
            continue
        left.subtract(need)
        chosen.extend(codes)
        kinds.add(kind)
    if len(chosen) != target or (rules.need_run_and_set and kinds != {"run", "set"}):
        return None
    spare = [c for c, n in left.items() if n > 0]
    chosen.append(rnd.choice(spare))
    rnd.shuffle(chosen)
    return [Tile(c) for c in chosen]


def random_rack(rnd: random.Random, rules: Rules, size: int | None = None) -> list[Tile]:
    return rnd.sample(deck(rules), size or rules.close_size)


def near_miss(rnd: random.Random, rules: Rules) -> list[Tile] | None:
    """A closing rack with one tile swapped for another from the deck: closes or only just not."""
    rack = build_closing(rnd, rules)
    if rack is None:
        return None
    counts = Counter(rack)
    i = rnd.randrange(len(rack))
    options = [t for t in set(deck(rules)) if counts[t] < (rules.jokers if t.is_joker else rules.copies)]
    rack[i] = rnd.choice(options)
    return rack


@st.composite
def closing_racks(draw, rules: Rules) -> list[Tile]:  # noqa: ANN001
    rnd = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(50):
        rack = build_closing(rnd, rules)
        if rack is not None:
            return rack
    raise AssertionError("could not build a closing rack")


@st.composite
def any_racks(draw, rules: Rules) -> list[Tile]:  # noqa: ANN001
    rnd = random.Random(draw(st.integers(0, 2**32)))
    how = draw(st.sampled_from(["random", "near", "closing"]))
    rack = None
    if how == "near":
        rack = near_miss(rnd, rules)
    elif how == "closing":
        rack = build_closing(rnd, rules)
    return rack or random_rack(rnd, rules)
