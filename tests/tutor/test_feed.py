"""tutor.feed (the feed model's inputs) and tutor.feedfit (its fit and its check)."""

from __future__ import annotations

import json
import math
import random

import pytest

from remi.engine import CLOSED, Tile, parse_tiles
from remi.tutor.feed import _pairs, feed_features, known_held, partners
from remi.tutor.feedfit import evaluate, fit, main
from remi.tutor.policy import View, seen_counts

RACK = list(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1 k13"))


def _view(**kw) -> View:  # noqa: ANN003
    return View(CLOSED, list(RACK), [], players=2, left_hidden=14, stock=60, **kw)


def _t(text: str) -> Tile:
    return parse_tiles(text)[0]


def test_the_pairs_a_tile_completes_are_exactly_the_engines_three_tile_formations() -> None:
    """Every pair {a, b} with the tile forms a set or run (CR-13, CR-14), and none is missed."""
    from remi.engine import classify

    for code in range(52):
        tile = Tile(code)
        pairs = {frozenset((a, b)) for a, b, _ in _pairs(tile)}
        brute = set()
        for a in range(52):
            for b in range(a + 1, 52):
                if tile.code in (a, b):
                    continue
                if classify([tile, Tile(a), Tile(b)], CLOSED) is not None:
                    brute.add(frozenset((a, b)))
        assert pairs == brute, str(tile)


def test_a_pairs_other_completions_are_the_tiles_that_fill_it_too() -> None:
    from remi.engine import classify

    for code in (0, 4, 12, 20, 39):
        tile = Tile(code)
        for a, b, ends in _pairs(tile):
            fill = {k for k in range(52) if k not in (a, b, tile.code)
                    and classify([Tile(a), Tile(b), Tile(k)], CLOSED) is not None}
            assert set(ends) == fill, (str(tile), a, b)


def test_the_ace_counts_its_high_neighbours() -> None:
    """An ace ends a run 12-13-1 (CR-14): the 13 and 12 they took sit near it as much as the 2 and 3."""
    k1, k2 = _t("k1"), _t("k2")
    seen = seen_counts(_view(), RACK)
    plain = feed_features(k1, _view(), seen)
    high = feed_features(k1, _view(left_took=list(parse_tiles("k12"))), seen)
    low = feed_features(k1, _view(left_took=list(parse_tiles("k3"))), seen)
    assert high["took_d2"] == low["took_d2"] == 1 and plain["took_d2"] == 0
    assert feed_features(k2, _view(left_took=list(parse_tiles("k12"))), seen)["took_d2"] == 0
    assert set(partners(k1)) >= {_t("k12").code, _t("k13").code, _t("k2").code, _t("k3").code}


def test_a_copy_passed_over_does_not_undo_one_they_took() -> None:
    """They took an r8, then left my second r8 lying: they still hold the first (a second
    copy of a kind brings no rack nearer)."""
    r8 = _t("r8")
    v = _view(left_took=[r8], left_threw=[r8], left_passed=[r8])
    assert known_held(v)[r8.code] == 1
    thrown = _view(left_took=[r8], left_threw=[r8], left_passed=[])
    assert known_held(thrown)[r8.code] == 0


def test_a_passed_over_completion_cuts_the_pair_it_would_have_filled() -> None:
    """They left y6 lying: a loose y7-y8 would have taken it, so the y9 that y7-y8 also wants
    is less likely fed (only the extended features read it)."""
    y9 = _t("y9")
    seen = seen_counts(_view(), RACK)
    plain = feed_features(y9, _view(), seen, extended=True)
    passed = feed_features(y9, _view(left_passed=list(parse_tiles("y6"))), seen, extended=True)
    assert passed["lam_run"] == plain["lam_run"]
    assert passed["lam_run_v"] < plain["lam_run_v"]
    assert passed["pass_d2"] == 0 and passed["npass"] == 1
    assert set(feed_features(y9, _view(), seen)) < set(plain)  # the shipped model reads the base keys


def _synthetic(n_throws: int, seed: int) -> list[dict]:
    """Throws whose candidates are taken with chance sigmoid(2x - 1)."""
    rng = random.Random(seed)
    rows = []
    for i in range(n_throws):
        cands = []
        for _ in range(5):
            x = rng.gauss(0, 1)
            y = int(rng.random() < 1 / (1 + math.exp(-(2 * x - 1))))
            cands.append({"tile": "r1", "y": y, "x": x, "noise": rng.gauss(0, 1)})
        rows.append({"throw": i, "candidates": cands})
    return rows


def test_the_fit_recovers_a_known_logistic_model_and_the_ranking_reads_it() -> None:
    model = fit(_synthetic(2000, 1), ["x", "noise"])
    assert model["x"] == pytest.approx(2.0, abs=0.15)
    assert model["bias"] == pytest.approx(-1.0, abs=0.1)
    assert abs(model["noise"]) < 0.1
    good = evaluate(model, _synthetic(500, 2))
    assert good["log_loss"] < good["log_loss_constant"]
    assert good["ranking_within_throw"] > 0.75
    blind = evaluate({"bias": 0.0, "noise": 1.0}, _synthetic(500, 2))
    assert abs(blind["ranking_within_throw"] - 0.5) < 0.05


def test_feedfit_command_and_its_errors(tmp_path, capsys) -> None:  # noqa: ANN001
    train, test = tmp_path / "a.json", tmp_path / "b.json"
    train.write_text(json.dumps(_synthetic(300, 3)))
    test.write_text(json.dumps(_synthetic(100, 4)))
    assert main(["--train", str(train), "--test", str(test), "--features", "x"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out["model"]) == {"bias", "x"} and out["test"]["throws"] == 100
    for args, message in ((["--test", str(test)], "give --train"),
                          (["--train", str(tmp_path / "none.json")], "cannot read"),
                          (["--train", str(train), "--features", "x,zz"], "no feature 'zz'"),
                          (["--current", "--test", str(test)], "lack the shipped model's feature")):
        assert main(args) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1
