"""research.tutor.feedfit (the feed model's fit and its check) and the extended features."""

from __future__ import annotations

import json
import math
import random

import pytest

from remi.engine import CLOSED, Tile, parse_tiles
from remi.tutor.feed import feed_features
from remi.tutor.view import View, seen_counts

from research.tutor.experiments import extended_features
from research.tutor.feedfit import evaluate, fit, main

RACK = list(parse_tiles("r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1 k13"))


def _view(**kw) -> View:  # noqa: ANN003
    return View(CLOSED, list(RACK), [], players=2, left_hidden=14, stock=60, **kw)


def _t(text: str) -> Tile:
    return parse_tiles(text)[0]


def test_a_passed_over_completion_cuts_the_pair_it_would_have_filled() -> None:
    """They left y6 lying: a loose y7-y8 would have taken it, so the y9 that y7-y8 also wants
    is less likely fed (only the extended features read it: research.tutor.experiments)."""
    y9 = _t("y9")
    seen = seen_counts(_view(), RACK)
    plain = extended_features(y9, _view(), seen)
    passed = extended_features(y9, _view(left_passed=list(parse_tiles("y6"))), seen)
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
