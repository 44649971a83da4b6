"""The card bar's choice: made on the other decks only, the higher bar on a tie."""

from research.cards.card_bar import choose, f1


def _fig(recall: float, precision: float) -> dict:
    return {"recall": recall, "precision": precision}


def test_a_deck_s_bar_is_chosen_without_its_own_figures():
    table = {"iphone": {"0.1": _fig(0.99, 0.99), "0.25": _fig(0.1, 0.1)},
             "white": {"0.1": _fig(0.5, 0.5), "0.25": _fig(0.6, 0.7)},
             "win": {"0.1": _fig(0.5, 0.6), "0.25": _fig(0.6, 0.6)}}
    assert choose(table, "iphone") == "0.25"  # iphone's own 0.99 at 0.1 counts for nothing
    assert choose(table, "white") == "0.1"  # iphone's and win's sum: 0.99 + 0.545 against 0.1 + 0.6


def test_a_tie_keeps_the_higher_bar_and_f1_of_nothing_is_zero():
    table = {"a": {"0.1": _fig(0.5, 0.5), "0.2": _fig(0.5, 0.5)}, "b": {"0.1": _fig(0.5, 0.5), "0.2": _fig(0.5, 0.5)}}
    assert choose(table, "a") == "0.2"
    assert f1(_fig(0.0, 0.0)) == 0.0 and abs(f1(_fig(0.5, 1.0)) - 2 / 3) < 1e-12


def test_a_fold_is_refused_in_one_line_naming_what_is_wrong(tmp_path):
    import argparse

    import pytest

    from research.cards.stage import deck_folder

    (tmp_path / "vision.json").write_text("{}")
    assert deck_folder(f"iphone={tmp_path}") == ("iphone", tmp_path)
    for text, said in (("android=x", "DECK one of"), ("iphone", "DECK one of"), (f"win={tmp_path / 'no'}", "no models folder")):
        with pytest.raises(argparse.ArgumentTypeError, match=said):
            deck_folder(text)
