"""The tutor's feed model and its use of what the left neighbour surely holds."""

from __future__ import annotations

from remi.engine import CLOSED, parse_tiles
from remi.tutor.feed import FEED_MODEL, feed_features, feed_risk, known_held
from remi.tutor.policy import weigh
from remi.tutor.view import View, seen_counts

ONE_AWAY = "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1"


def _view(**kw) -> View:  # noqa: ANN003
    rack = list(parse_tiles(ONE_AWAY + " k13"))
    return View(CLOSED, rack, [], players=2, left_hidden=14, stock=60, **kw)


def test_known_held_is_what_they_took_less_what_they_showed_since() -> None:
    v = _view(left_took=list(parse_tiles("y8 k5 k5")), left_threw=list(parse_tiles("k5 r1")))
    held = known_held(v)
    y8, k5, r1 = (t.code for t in parse_tiles("y8 k5 r1"))
    assert (held[y8], held[k5], held[r1]) == (1, 1, 0)
    assert sum(held) == 2


def test_a_tile_they_surely_hold_is_no_live_out_for_me() -> None:
    rack15 = list(parse_tiles(ONE_AWAY + " k13"))
    plain = weigh(_view(), rack15)[0]
    held = weigh(_view(left_took=list(parse_tiles("y8"))), rack15)[0]
    assert plain.steps == held.steps == 1
    assert held.outs == plain.outs - 1


def test_the_feed_model_reads_pairs_they_may_hold() -> None:
    v = _view()
    seen = seen_counts(v, v.rack)
    r9, k1 = parse_tiles("r9 k1")
    f = feed_features(r9, v, seen)
    assert set(f) == set(FEED_MODEL) - {"bias"}
    assert f["lam_run"] > 0 and f["lam_set"] > 0
    # they took r8 and r10: the r9 between them completes a run they surely hold the rest of
    took = _view(left_took=list(parse_tiles("r8 r10")))
    assert feed_features(r9, took, seen)["lam_run"] > f["lam_run"] + 0.9
    assert feed_risk(r9, took, seen) > feed_risk(r9, v, seen)
    # the same kind they threw: they did not want it
    threw = _view(left_threw=[r9])
    assert feed_risk(r9, threw, seen) < feed_risk(r9, v, seen)
    assert 0.0 < feed_risk(k1, v, seen) < 1.0
    assert feed_risk(parse_tiles("*")[0], v, seen) == 0.0
