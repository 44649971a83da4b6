"""The card reader's crops command refuses a print fold that the saved folds do not hold, in one
line, writing nothing (the command run as a user runs it)."""

import subprocess
import sys

from research.cards import card_data


def test_card_crops_names_a_missing_print_fold_and_writes_nothing(tmp_path):
    out = tmp_path / "crops.npz"
    done = subprocess.run([sys.executable, "-m", "research.cards.pretrained_reader", "card-crops", str(out),
                           "--deck", "iphone", "--print-fold", "7"], capture_output=True, text=True,
                          cwd=card_data.FOLDS_FILE.parents[2], timeout=120)
    assert done.returncode == 1 and not out.exists()
    assert done.stderr.strip().splitlines() == [
        f"pretrained_reader: print fold 7 is not in {card_data.FOLDS_FILE} (folds 0 to 2)"]


def test_each_held_out_deck_leaves_out_its_own_print_fold():
    assert sorted(card_data.PAIRS.values()) == [0, 1, 2]
