"""Cards by photo (Simple rummy): ``remi scan|check|advise --variant simple`` as processes.

Without card models each is one line and writes nothing; a models folder of the other kind is
refused. With a card models folder (``REMI_CARD_MODELS``, else ``models/candidates/cards1``
once it holds one) on the real card photos of ``../shared/realdata/cards`` (skipped when either
is absent), the structure and the flow are checked, not the accuracy: the card model is a
stage, far from its rule (models/candidates/cards1/README.md).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from remi.engine import Tile

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "samples" / "photos" / "rack-close.jpg"
CARD_PHOTOS = Path(os.environ.get("REMI_CARDDATA") or ROOT.parent / "shared" / "realdata" / "cards") / "images"


def remi(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "remi", *args], capture_output=True, text=True, timeout=180,
                          cwd=ROOT, stdin=subprocess.DEVNULL, env={**os.environ, **(env or {})})


@pytest.fixture
def home(tmp_path: Path) -> dict[str, str]:
    """A user data folder of its own (kept photos land there) and no card models."""
    (tmp_path / "no-cards").mkdir()
    return {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
            "REMI_CARD_MODELS": str(tmp_path / "no-cards")}


def written(tmp_path: Path) -> list[Path]:
    return sorted(p for p in tmp_path.rglob("*") if p.is_file())


@pytest.mark.parametrize("command", [
    ["scan", "--variant", "simple", str(SAMPLE), "--keep", "--annotate", "OUT/a.png"],
    ["scan", "--variant", "simple", str(SAMPLE), "--json", "--keep"],
    ["check", "--variant", "simple", "--photo", str(SAMPLE), "--keep"],
    ["advise", "--variant", "simple", "--photo", str(SAMPLE), "--keep", "--fix", "1=7h"],
])
def test_without_card_models_one_line_and_nothing_written(tmp_path, home, command):
    command = [c.replace("OUT", str(tmp_path / "out")) for c in command]
    out = remi(*command, env=home)
    assert out.returncode == 1, out.stderr
    assert out.stdout == "" and len(out.stderr.strip().splitlines()) == 1, out.stderr
    line = out.stderr.strip()
    assert line.startswith("remi: no card models") and "models/candidates/cards1/README.md" in line
    assert "--models DIR" in line
    assert written(tmp_path) == []


def test_without_card_models_the_default_folder_is_named():
    if (ROOT / "models" / "cards" / "vision.json").is_file():
        pytest.skip("card models ship: models/cards")
    env = {k: v for k, v in os.environ.items() if k not in ("REMI_CARD_MODELS", "REMI_MODELS")}
    out = subprocess.run([sys.executable, "-m", "remi", "scan", "--variant", "simple", str(SAMPLE)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT, env=env, stdin=subprocess.DEVNULL)
    assert out.returncode == 1 and str(ROOT / "models" / "cards") in out.stderr


def test_a_tile_models_folder_given_for_cards_is_refused(home):
    for command in (["scan", "--variant", "simple", str(SAMPLE)],
                    ["check", "--variant", "simple", "--photo", str(SAMPLE)]):
        out = remi(*command, "--models", str(ROOT / "models"), env=home)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert "a tile models folder" in out.stderr and str(ROOT / "models") in out.stderr


def test_a_card_models_folder_given_for_tiles_is_refused(tmp_path, home):
    cards = tmp_path / "cards-models"
    cards.mkdir()
    meta = json.loads((ROOT / "models" / "vision.json").read_text())
    (cards / "vision.json").write_text(json.dumps({**meta, "kind": "cards"}))
    out = remi("scan", str(SAMPLE), "--models", str(cards), env=home)
    assert out.returncode == 2 and "a card models folder" in out.stderr and str(cards) in out.stderr
    out = remi("check", "--photo", str(SAMPLE), env={**home, "REMI_MODELS": str(cards)})
    assert out.returncode == 2 and "a card models folder" in out.stderr


def test_models_without_a_photo_is_refused(home):
    out = remi("check", "--variant", "simple", "As 2s 3s", "--models", "x", env=home)
    assert out.returncode == 2 and "give --photo PHOTO" in out.stderr


def simple_game(tmp_path: Path, env: dict[str, str]) -> Path:
    """A Simple rummy game of Ana and Dan in a SQLite file of its own."""
    db = tmp_path / "sheet.db"
    out = remi("new", "--variant", "simple", "--players", "Ana,Dan", "--db", str(db), env=env)
    assert out.returncode == 0, out.stderr
    return db


def test_the_sheet_without_card_models_reads_no_tiles(tmp_path, home):
    """A Simple game's board photo is cards: without card models one line, and nothing written."""
    db = simple_game(tmp_path, home)
    before = db.read_bytes()
    out = remi("hand", "--closer", "Ana", "--board-photo", str(SAMPLE), "--keep", "--db", str(db), env=home)
    assert out.returncode == 1 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1, out.stderr
    line = out.stderr.strip()
    assert line.startswith("remi: no card models") and line.endswith("with a card models folder: REMI_CARD_MODELS=DIR")
    assert db.read_bytes() == before and not (tmp_path / "data").exists()


def test_a_rack_photo_in_simple_rummy_is_refused_unread(tmp_path, home):
    """SR-20: a loser's cards count nothing, so a rack photo is refused before any photo is read."""
    db = simple_game(tmp_path, home)
    before = db.read_bytes()
    for extra in ([], ["--board-photo", str(SAMPLE)]):
        out = remi("hand", "--closer", "Ana", "--rack-photo", f"Dan={SAMPLE}", *extra, "--db", str(db), env=home)
        assert out.returncode == 2 and out.stdout == "" and len(out.stderr.strip().splitlines()) == 1, out.stderr
        assert out.stderr.startswith("remi: --rack-photo is for Closed Rummy") and "--board-photo" in out.stderr
    assert db.read_bytes() == before


# -- with a card models folder, on real card photos ------------------------------------------

def card_models() -> Path:
    for folder in (os.environ.get("REMI_CARD_MODELS"), ROOT / "models" / "candidates" / "cards1"):
        if folder and (Path(folder) / "vision.json").is_file():
            if json.loads((Path(folder) / "vision.json").read_text()).get("kind") == "cards":
                return Path(folder)
    pytest.skip("no card models folder (REMI_CARD_MODELS, or models/candidates/cards1)")


@pytest.fixture(scope="module")
def models() -> Path:
    return card_models()


@pytest.fixture(scope="module")
def photo() -> Path:
    found = sorted(CARD_PHOTOS.glob("WIN_*.jpg"))  # webcam-win: many cards spread on a table
    if not found:
        pytest.skip(f"no real card photos in {CARD_PHOTOS}")
    return found[0]


def scan_json(photo: Path, models: Path, *extra: str, env: dict[str, str] | None = None) -> dict:
    out = remi("scan", "--variant", "simple", str(photo), "--models", str(models), "--json", *extra, env=env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_scan_lists_the_cards_numbered_in_card_notation(photo, models, home):
    data = scan_json(photo, models, env=home)
    assert "tiles" not in data and data["cards"], data
    for n, card in enumerate(data["cards"], 1):
        assert card["number"] == n and Tile.parse(card["card"]).card() == card["card"]
        assert len(card["box"]) == 4 and 0 <= card["confidence"] <= 1 and isinstance(card["unsure"], bool)
        assert card["unsure"] == (card["uncertain"] is not None or card["confidence"] < 0.8)
        assert 1 <= len(card["indices"]) <= 2 and card["indices"][0] == card["box"]
        assert all("card" in a for a in card["alternatives"])
    counts = Counter(c["card"] for c in data["cards"])  # SR-1: two packs, four jokers
    assert all(n <= 2 for k, n in counts.items() if k != "*") and counts["*"] <= 4


def test_the_house_option_of_two_jokers_decodes_the_rest(photo, models, home, tmp_path):
    rules = tmp_path / "house.toml"
    rules.write_text('variant = "simple"\njokers = 2\n')
    data = scan_json(photo, models, "--rules", str(rules), env=home)
    assert sum(c["card"] == "*" for c in data["cards"]) <= 2


def test_fixes_in_card_notation(photo, models, home):
    data = scan_json(photo, models, "--fix", "1=7h", "--fix", "2=-", "--fix", "+=Qs", env=home)
    first = data["cards"][0]
    assert first["number"] == 1 and first["card"] == "7h" and first["fixed"] is True
    assert 2 not in [c.get("number") for c in data["cards"]] and data["dropped"] == [2]
    assert data["cards"][-1] == {"card": "Qs", "box": None, "fixed": True}


def test_a_fix_past_the_packs_is_one_line(photo, models, home):
    out = remi("scan", "--variant", "simple", str(photo), "--models", str(models),
               "--fix", "+=7h", "--fix", "+=7h", "--fix", "+=7h", env=home)
    assert out.returncode == 2 and "the packs hold 2" in out.stderr and "7h" in out.stderr


def test_the_table_speaks_of_cards(photo, models, home):
    out = remi("scan", "--variant", "simple", str(photo), "--models", str(models), "--fix", "1=Qs", env=home)
    assert out.returncode == 0, out.stderr
    assert "cards read from" in out.stdout
    assert any(line.split("┃")[1:2] == [" card "] for line in out.stdout.splitlines())  # the column's head
    assert "cards: Qs" in " ".join(out.stdout.split())


def fixes_to(data: dict, size: int) -> list[str]:
    """Fixes that bring a reading to ``size`` cards: the last ones dropped, or cards added."""
    n = len(data["cards"])
    if n >= size:
        return [f"--fix={i}=-" for i in range(size + 1, n + 1)]
    counts = Counter(c["card"] for c in data["cards"])
    spare = [t.card() for t in map(Tile, range(52)) if counts[t.card()] == 0]
    return [f"--fix=+={c}" for c in spare[:size - n]]


def test_check_wants_14_cards_or_13(photo, models, home):
    data = scan_json(photo, models, env=home)
    for size in (12, 15):
        out = remi("check", "--variant", "simple", "--photo", str(photo), "--models", str(models),
                   *fixes_to(data, size), env=home)
        assert out.returncode == 2, out.stderr
        assert out.stderr.strip().splitlines()[-1].endswith(
            f"{size} cards read; a hand holds 14 (or 13 before the draw): correct them with --fix N=7h, N=- or +=Qs")
    for size in (13, 14):
        out = remi("check", "--variant", "simple", "--photo", str(photo), "--models", str(models),
                   *fixes_to(data, size), "--json", env=home)
        if size == 13:  # before the draw: the photo passes, and the engine says a close holds 14
            assert out.returncode == 2 and "a hand going out has 14 cards, after the draw (SR-17); this one has 13" in out.stderr
        else:
            assert out.returncode == 0, out.stderr
            result = json.loads(out.stdout)
            assert result["variant"] == "simple" and len(result["rack"]) == 14
            assert all(Tile.parse(c).card() == c for c in result["rack"])


def test_a_wrong_count_keeps_nothing(photo, models, home, tmp_path):
    data = scan_json(photo, models, env=home)
    out = remi("check", "--variant", "simple", "--photo", str(photo), "--models", str(models),
               *fixes_to(data, 15), "--keep", env=home)
    assert out.returncode == 2 and not (tmp_path / "data").exists()


def test_keep_keeps_the_cards_apart_from_the_tiles(photo, models, home, tmp_path):
    data = scan_json(photo, models, "--fix", "1=7h", "--keep", env=home)
    kept = tmp_path / "data" / "remi" / "photos" / "cards"
    truths = list(kept.glob("*.json"))
    assert len(truths) == 1 and not list((tmp_path / "data" / "remi" / "photos").glob("*.json"))
    truth = json.loads(truths[0].read_text())
    assert [c["card"] for c in truth["cards"]] == [c["card"] for c in data["cards"]]
    assert truth["cards"][0]["indices"]


def test_advise_from_a_photo_of_cards(photo, models, home):
    data = scan_json(photo, models, env=home)
    out = remi("advise", "--variant", "simple", "--photo", str(photo), "--models", str(models),
               *fixes_to(data, 14), "--json", env=home)
    assert out.returncode == 0, out.stderr
    advice = json.loads(out.stdout)
    assert advice["advice"] and all(Tile.parse(a["discard"]).card() == a["discard"] for a in advice["advice"])
    assert "cards read from" in out.stderr  # what was read is shown, on stderr with --json


def test_one_cards_corners_read_as_two_kinds_are_one_card_marked(models, home):
    """A card whose corners the reader reads as two kinds it doubts (vision.cards.MIXED) is one
    card: the surer corner's kind, the other's its first runner-up, unsure, both corners listed.
    In this held-out photo (Kc Kd Kh Ks Qd) cards1 reads one king's corners as two kinds (with
    reader 3: Kd 64 % and Ad 32 %); the card is one of the photo's, read as its surer corner."""
    photo = CARD_PHOTOS / "WIN_20240627_17_15_55_Pro_jpg.rf.31aeb53d099c86c0f95e3af30a09658a.jpg"
    if not photo.is_file():
        pytest.skip(f"no {photo.name}")
    data = scan_json(photo, models, env=home)
    two = [c for c in data["cards"] if (c["uncertain"] or "").startswith("its corners read")]
    for card in two:
        read = card["uncertain"].removeprefix("its corners read ").split(" and ")
        assert card["unsure"] and len(card["indices"]) == 2
        assert card["card"] == read[0].split()[0] and card["alternatives"][0]["card"] == read[1].split()[0]
    if models == ROOT / "models" / "candidates" / "cards1":
        assert two and {c["card"] for c in two} <= {"Kc", "Kd", "Kh", "Ks", "Qd"}


S1 = "5h 6h 7h 8h Js Jh Jc 2c 3c * 5c As Ad Ac".split()  # docs/rules.md S1: Ana goes out


def fixes_into(data: dict, cards: list[str]) -> list[str]:
    """``--photo-fix`` values that turn a reading into exactly ``cards``: the first read
    changed, the rest dropped, the missing ones added."""
    n = len(data["cards"])
    return ([f"--photo-fix={i}={c}" for i, c in enumerate(cards[:n], 1)]
            + [f"--photo-fix={i}=-" for i in range(len(cards) + 1, n + 1)]
            + [f"--photo-fix=+={c}" for c in cards[n:]])


def test_the_sheet_reads_the_closers_cards(photo, models, home, tmp_path):
    """``remi hand --board-photo`` in a Simple game reads cards with the card models (REMI_CARD_MODELS),
    takes card fixes, and records the closer's hand as the engine checked it (SR-17, SR-20)."""
    env = {**home, "REMI_CARD_MODELS": str(models)}
    db = simple_game(tmp_path, env)
    data = scan_json(photo, models, env=home)
    before = db.read_bytes()
    out = remi("hand", "--closer", "Ana", "--board-photo", str(photo), *fixes_into(data, S1[:13]), "--db", str(db),
               env=env)
    assert out.returncode == 2 and db.read_bytes() == before, out.stderr
    assert out.stderr.strip().splitlines()[-1].endswith(
        "13 cards read; a hand holds 14: correct them with --photo-fix N=7h, N=- or +=Qs")
    out = remi("hand", "--closer", "Ana", "--board-photo", str(photo), *fixes_into(data, S1), "--json",
               "--db", str(db), env=env)
    assert out.returncode == 0, out.stderr
    assert "cards read from" in out.stderr and "tiles read" not in out.stderr
    assert json.loads(out.stdout)["totals"] == {"Ana": 0, "Dan": 100}
    board = json.loads(remi("export", "--db", str(db), env=env).stdout)["actions"][0]["hand"]["board"]
    assert sorted(Tile.parse(t).card() for t in board.split()) == sorted(Tile.parse(c).card() for c in S1)
    swapped = [*S1[:4], "9h", *S1[5:]]  # Js for 9h: the hand no longer goes out; the fix is refused
    out = remi("fix", "1", "--board-photo", str(photo), *fixes_into(data, swapped), "--db", str(db), env=env)
    assert out.returncode == 2 and "Ana's hand does not go out" in out.stderr, out.stderr


def test_export_takes_the_kind_it_writes(tmp_path):
    out = remi("vision", "export", str(tmp_path / "det.pt"), str(tmp_path / "reader.pt"), "--out", str(tmp_path),
               "--kind", "hats")
    # a choice checked when the line is parsed (issue 40): one line naming the option and the choices
    assert out.returncode == 2 and "'--kind': 'hats' is not one of 'tiles', 'cards'" in out.stderr


def test_at_a_terminal_the_prompt_takes_card_fixes(photo, models, home, tmp_path):
    from tests.vision.terminal import at_terminal

    screen = at_terminal(["scan", "--variant", "simple", str(photo), "--models", str(models)], ["2=Zz", "1=7h 2=-", "n"],
                         env=home)
    words = " ".join(screen.split())  # the terminal wraps long lines
    assert "Fix: N=CARD, N=- or +=CARD (e.g. 3=7h 7=-); Enter accepts all" in words
    assert "'Zz' is not a card (like 7h" in words and "Enter to accept the cards as read" in words
    assert "Keep this photo and its corrected cards as labelled data" in words
    assert "cards: 7h " in words and not (tmp_path / "data").exists()


# -- remi vision adapt for a user's own deck (issue 42 item 4) --------------------------------

def labelled_cards(photo: Path) -> dict:
    """A photo's truth in ``remi scan --variant simple --json``'s form, from its labels in
    ../shared/realdata/cards (each labelled corner index its own card entry, as a reading that
    paired no corners would list them)."""
    classes = json.loads((CARD_PHOTOS.parent / "classes.json").read_text())
    rows = (CARD_PHOTOS.parent / "labels" / (photo.stem + ".txt")).read_text().split("\n")
    cards = []
    for row in filter(None, rows):
        cls, *xy = row.split()
        if classes[cls] == "back" or len(xy) != 4:
            continue
        cx, cy, w, h = (float(v) * 640 for v in xy)  # the photos are 640 x 640
        box = [cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2]
        cards.append({"card": classes[cls], "box": box, "indices": [box]})
    return {"cards": cards}


@pytest.fixture(scope="module")
def deck(tmp_path_factory) -> list[Path]:
    """Three photos of the held-out webcam-win deck, each copied with its truth file beside it."""
    found = sorted(CARD_PHOTOS.glob("WIN_*.jpg"))[:3]
    if len(found) < 3:
        pytest.skip(f"no real card photos in {CARD_PHOTOS}")
    folder = tmp_path_factory.mktemp("deck")
    copies = []
    for i, photo in enumerate(found, 1):
        copy = folder / f"table{i}.jpg"
        copy.write_bytes(photo.read_bytes())
        (folder / f"table{i}.jpg.json").write_text(json.dumps(labelled_cards(photo)))
        copies.append(copy)
    return copies


def test_adapt_learns_a_deck_from_corrected_card_photos(models, home, deck, tmp_path):
    """Two corrected photos of a deck teach a card models folder (each corner index an example);
    the adapted folder is a card folder that reads a third photo, and the reading of the taught
    photos is no worse (the heads are kept only if better, issue 38 item 4)."""
    out = remi("vision", "adapt", "--variant", "simple", "--models", str(models), *map(str, deck[:2]),
               "--no-detector", "--out", str(tmp_path / "mine"), "--json", env=home)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    indices = sum(len(json.loads(Path(f"{p}.json").read_text())["cards"]) for p in deck[:2])
    assert result["kind"] == "cards" and result["photos"] == 2 and result["tiles"] == indices
    assert "card indices right" in result["reader_words"] and "tiles" not in result["reader_words"]
    assert result["right_after"] >= result["right_before"]
    settings = json.loads((tmp_path / "mine" / "vision.json").read_text())
    assert settings["kind"] == "cards" and settings["adapted"]["photos"] == ["table1.jpg", "table2.jpg"]
    data = scan_json(deck[2], tmp_path / "mine", env=home)
    assert data["cards"] and all(Tile.parse(c["card"]).card() == c["card"] for c in data["cards"] if "card" in c)


def test_adapt_learns_from_the_card_photos_kept(photo, models, home, tmp_path):
    """``remi scan --variant simple --fix ... --keep`` keeps a card photo where ``remi vision
    adapt --variant simple`` finds it (apart from the tiles), and says what it did in cards."""
    empty = remi("vision", "adapt", "--variant", "simple", "--models", str(models), "--no-detector", env=home)
    assert empty.returncode == 2 and len(empty.stderr.strip().splitlines()) == 1, empty.stderr
    assert "corrected photos of cards" in empty.stderr and "--variant simple --fix ... --keep" in empty.stderr
    scan_json(photo, models, "--fix", "1=7h", "--keep", env=home)
    out = remi("vision", "adapt", "--variant", "simple", "--models", str(models), "--no-detector", env=home)
    assert out.returncode == 0, out.stderr
    said = " ".join(out.stdout.split())
    assert "learnt from 1 photo" in said and "card indices" in said and "--variant simple --models" in said
    assert (tmp_path / "data" / "remi" / "card-models" / "vision.json").is_file()


def test_adapt_refuses_the_wrong_kind_in_one_line(models, home, deck, tmp_path):
    tiles = tmp_path / "rack.jpg"
    tiles.write_bytes(SAMPLE.read_bytes())
    (tmp_path / "rack.jpg.json").write_text(json.dumps({"tiles": [{"tile": "r7", "box": [1, 1, 50, 70]}]}))
    cases = [
        (["--variant", "simple", "--models", str(models), str(tiles)], "its truth names tiles"),
        (["--models", str(models), str(deck[0])], "a card models folder"),
        (["--models", str(ROOT / "models"), str(deck[0])], "its truth names cards"),
        (["--variant", "simple", "--models", str(models), "--set", str(SAMPLE)],
         "--set is a photo of a whole tile set"),
        (["--variant", "simple", str(deck[0])], "no card models"),
    ]
    for args, words in cases:
        out = remi("vision", "adapt", *args, "--no-detector", "--out", str(tmp_path / "out"), env=home)
        assert out.returncode in (1, 2) and out.stdout == "", (args, out.stderr)
        assert len(out.stderr.strip().splitlines()) == 1 and words in out.stderr, (args, out.stderr)
    assert not (tmp_path / "out").exists()
