"""research.tutor.paired: two runs on the same deals, compared deal by deal (and the
experiments' sim --per-deal, duel)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from remi.engine import CLOSED
from remi.tutor.sim import run_match

from research.errors import LabError
from research.tutor.paired import compare

ROOT = Path(__file__).resolve().parents[3]  # research/ is run from the top of the checkout


def _sim(tmp_path: Path, policies: str, seed: int = 4, hands: int = 8) -> Path:
    path = tmp_path / f"{policies.replace(',', '-')}-{seed}.json"
    subprocess.run([sys.executable, "-m", "research.tutor.experiments", "sim", "--variant", "closed", "--players", "2", "--hands", str(hands),
                    "--seed", str(seed), "--policies", policies, "--per-deal", str(path)],
                   capture_output=True, text=True, check=True, timeout=600, cwd=ROOT)
    return path


def test_per_deal_figures_average_to_the_summary() -> None:
    res = run_match(CLOSED, ["tutor", "greedy"], deals=3, seed=5, keep_deals=True)
    for name, r in res["results"].items():
        wins = res["per_deal"][name]["win"]
        assert len(wins) == 3
        assert abs(sum(wins) / 3 - r["win_share"]) < 1e-4
    assert "per_deal" not in run_match(CLOSED, ["tutor", "greedy"], deals=1, seed=5)


def test_points_split_into_the_hands_closed_and_the_others() -> None:
    """points = points_closed + points_not_closed, deal by deal; a closer never scores below 0 (CR-21)."""
    res = run_match(CLOSED, ["tutor", "greedy"], deals=4, seed=6, keep_deals=True)
    for name in res["per_deal"]:
        d = res["per_deal"][name]
        for total, closed, other in zip(d["points"], d["points_closed"], d["points_not_closed"]):
            assert total == pytest.approx(closed + other, abs=1e-5)
            assert closed >= 0
    both = [x for name in res["per_deal"] for x in res["per_deal"][name]["points_closed"]]
    assert any(x > 0 for x in both)


def test_runs_without_the_split_are_compared_on_the_rest(tmp_path: Path) -> None:
    """A run written before the split existed still pairs; the split is then left out."""
    a = json.loads(_sim(tmp_path, "tutor,random").read_text())
    b = json.loads(_sim(tmp_path, "greedy,random").read_text())
    assert "points_closed" in compare(a, b)["figures"]
    for key in ("points_closed", "points_not_closed"):
        del b["per_deal"]["greedy"][key]
    res = compare(a, b)
    assert set(res["figures"]) == {"win", "points", "feed"}


def test_a_run_against_itself_differs_by_nothing(tmp_path: Path) -> None:
    """The same bots on the same deals play the same hands: every deal alike, difference 0."""
    a = json.loads(_sim(tmp_path, "greedy,random").read_text())
    res = compare(a, a)
    for f in res["figures"].values():
        assert f["diff"] == 0.0 and f["diff_se"] == 0.0
        assert f["same_deals"] == res["deals"] == 4


def test_the_difference_is_the_two_runs_means_apart(tmp_path: Path) -> None:
    a = json.loads(_sim(tmp_path, "tutor,random").read_text())
    b = json.loads(_sim(tmp_path, "greedy,random").read_text())
    res = compare(a, b)
    assert (res["a"], res["b"]) == ("tutor", "greedy")
    for key, f in res["figures"].items():
        assert abs(f["diff"] - (f["a"] - f["b"])) < 1e-9
        assert f["a"] == pytest.approx(sum(a["per_deal"]["tutor"][key]) / 4)


def test_several_baseline_runs_are_averaged_deal_by_deal(tmp_path: Path) -> None:
    """B given as several runs: each deal's B figure is their mean, and every run is checked."""
    a = json.loads(_sim(tmp_path, "tutor,random").read_text())
    b1 = json.loads(_sim(tmp_path, "greedy,random").read_text())
    b2 = a  # any run on the same deals against the same opponents will do
    res = compare(a, [b1, b2])
    assert (res["b"], res["b_runs"]) == ("greedy+tutor", 2)
    for key, f in res["figures"].items():
        mean_b = [(x + y) / 2 for x, y in zip(b1["per_deal"]["greedy"][key], b2["per_deal"]["tutor"][key])]
        assert f["b"] == pytest.approx(sum(mean_b) / 4)
        assert f["diff"] == pytest.approx(f["a"] - f["b"])
    assert compare(a, [b1]) == {**compare(a, b1), "b_runs": 1}
    other_seed = json.loads(_sim(tmp_path, "greedy,random", seed=5).read_text())
    with pytest.raises(LabError, match="seed"):
        compare(a, [b1, other_seed])
    with pytest.raises(LabError, match="no run"):
        compare(a, [])
    out = subprocess.run([sys.executable, "-m", "research.tutor.paired", *(str(tmp_path / n) for n in
                          ("tutor-random-4.json", "greedy-random-4.json", "tutor-random-4.json"))],
                         capture_output=True, text=True, check=True, timeout=60, cwd=ROOT)
    assert "the mean of 2 runs" in out.stdout


def test_runs_on_other_deals_or_other_opponents_are_refused(tmp_path: Path) -> None:
    a = json.loads(_sim(tmp_path, "greedy,random", seed=4, hands=4).read_text())
    other_seed = json.loads(_sim(tmp_path, "greedy,random", seed=5, hands=4).read_text())
    other_opp = json.loads(_sim(tmp_path, "greedy,greedy", seed=4, hands=4).read_text())
    with pytest.raises(LabError, match="seed"):
        compare(a, other_seed)
    with pytest.raises(LabError, match="other seats"):
        compare(a, other_opp, policy_b="greedy")


def test_the_command_answers_bad_input_in_one_line(tmp_path: Path) -> None:
    plain = tmp_path / "plain.json"
    plain.write_text(json.dumps({"variant": "closed"}))
    for args in ([str(tmp_path / "missing.json"), str(plain)], [str(plain), str(plain)]):
        out = subprocess.run([sys.executable, "-m", "research.tutor.paired", *args], capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert out.returncode == 2
        assert out.stderr.count("\n") == 1 and out.stderr.startswith("error:")
    good = _sim(tmp_path, "greedy,random", hands=4)
    out = subprocess.run([sys.executable, "-m", "research.tutor.paired", str(good), str(good)],
                         capture_output=True, text=True, check=True, timeout=60, cwd=ROOT)
    assert "A - B   +0.00 ± 0.00 paired" in out.stdout


def test_greedy_under_another_name_plays_greedy_s_hands(tmp_path: Path) -> None:
    """gseat (research.tutor.bots) is greedy itself: on the same deals it plays the same hands, so
    a paired comparison against it measures a bot against greedy in the same seat."""
    a = json.loads(_sim(tmp_path, "greedy,random").read_text())
    out = tmp_path / "gseat.json"
    subprocess.run([sys.executable, "-m", "research.tutor.experiments", "sim", "--variant", "closed", "--players", "2",
                    "--hands", "8", "--seed", "4", "--policies", "gseat,random", "--per-deal", str(out)],
                   capture_output=True, text=True, check=True, timeout=600, cwd=ROOT)
    res = compare(json.loads(out.read_text()), a)
    assert res["a"] == "gseat"
    assert all(f["diff"] == 0.0 and f["same_deals"] == 4 for f in res["figures"].values())


@pytest.mark.parametrize("option", ["--per-deal", "--partial"])
def test_an_output_file_that_cannot_be_written_is_refused_before_any_play(tmp_path: Path, option: str) -> None:
    for target in (tmp_path / "no such folder" / "run.json", tmp_path):
        out = subprocess.run([sys.executable, "-m", "research.tutor.experiments", "sim", "--players", "2", "--hands", "2",
                              "--policies", "greedy,random", option, str(target)],
                             capture_output=True, text=True, timeout=60, cwd=ROOT)
        assert out.returncode == 2
        assert out.stderr.count("\n") == 1 and option in out.stderr
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_a_policy_that_did_not_play_is_named(tmp_path: Path) -> None:
    a = json.loads(_sim(tmp_path, "greedy,random", hands=4).read_text())
    with pytest.raises(LabError, match="'tutor' did not play"):
        compare(a, a, policy_a="tutor")
