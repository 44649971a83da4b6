"""The wide pools of tile editions (issue 38): Debian's font families split by family, big digits."""

from pathlib import Path

import numpy as np
import pytest

from remi.engine import RemiError, Tile
from remi.vision.training import fontpool
from remi.vision.training import tilefaces as tf

pytestmark = pytest.mark.usefixtures("wide_faces")


def _editions(split: str, n: int = 300) -> list[tf.Edition]:
    rng = np.random.default_rng(7)
    return [tf.sample_edition(rng, split) for _ in range(n)]


def test_each_pool_draws_dozens_of_families_and_none_of_the_other():
    train, test = _editions("wide-train"), _editions("wide-test")
    fonts = {split: {e.font for e in eds} for split, eds in (("train", train), ("test", test))}
    assert not fonts["train"] & fonts["test"]
    for split, eds in (("train", train), ("test", test)):
        drawn = {pkg for pkg, faces in fontpool.families(split) for e in eds if fontpool.face_key(faces[0]).rsplit("/", 1)[0] in e.font}
        assert len(drawn) >= 12, (split, sorted(drawn))
    train_files = {p for _, faces in fontpool.families("train") for p in faces}
    assert not train_files & {p for _, faces in fontpool.families("test") for p in faces}


def test_digits_run_from_a_third_to_seven_tenths_of_the_tile():
    for split in ("wide-train", "wide-test"):
        heights = [e.digit_height for e in _editions(split)]
        assert 0.30 <= min(heights) < 0.35 and 0.65 < max(heights) <= 0.70, split
        assert all(e.digit_y - e.digit_height / 2 >= 0.059 for e in _editions(split)), "a big digit runs off the top"


@pytest.mark.parametrize("split", ["train", "test", "more", "extra", "many"])
def test_every_face_draws_ten_different_digits(split):
    """A face that draws .notdef boxes or keys round its digits would teach the reader nonsense."""
    for _, faces in fontpool.families(split):
        for path in faces:
            glyphs = [tf._glyph(fontpool.face_key(path), str(d)) for d in range(10)]
            shapes = {(g.shape, round(float(g.mean()), 3)) for g in glyphs}
            assert len(shapes) >= 9, path.name
            ten = tf._glyph(fontpool.face_key(path), "10") > 0.5
            framed = min(ten[:2].mean(), ten[-2:].mean(), ten[:, :2].mean(), ten[:, -2:].mean())
            assert framed < 0.6, f"{path.name}: a frame round the 10"


def test_a_big_bold_classic_tile_keeps_its_digit_on_the_face():
    ed = next(e for e in _editions("wide-train") if e.digit_height > 0.62)
    face = tf.render(Tile.parse("r13"), ed, np.random.default_rng(0), 120)
    px = face.image.astype(int)
    ink = np.abs(px - np.array(ed.inks[2])).sum(2) < np.abs(px - np.array(ed.body)).sum(2)
    rows = np.nonzero(ink.any(1))[0]
    assert rows.min() > 2 and rows.max() < 118
    assert (rows.max() - rows.min()) / 120 > 0.5


def test_a_missing_package_is_refused_with_the_command_that_installs_it(monkeypatch):
    monkeypatch.setitem(fontpool.PACKAGES, "train", fontpool.PACKAGES["train"] + ("fonts-no-such-family",))
    with pytest.raises(RemiError, match=r"fonts-no-such-family.*apt-get install -y .*fonts-no-such-family"):
        fontpool.require("train")



def test_make_train_fonts_installs_the_faces_every_generator_draws():
    """The card and first tile faces are DejaVu and Liberation: a fresh machine that ran `make
    train-fonts` once drew no card (fonts-liberation was missing, 7 Dec)."""
    command = fontpool.install_command().split()
    for packages in tf.FONT_PACKAGES.values():
        assert set(packages.split()) <= set(command)
    assert "fonts-liberation" not in fontpool.install_command("train").split()


def test_the_thin_pool_draws_light_faces_at_every_digit_height():
    """Reader v11's pool: v10 read a thin 4's stem as a 1."""
    eds = _editions("thin-train")
    light = [e for e in eds if "light" in Path(e.font).stem.lower() and e.weight <= 0]  # a Light face, thinned
    assert 0.4 < len(light) / len(eds) < 0.7
    heights = [e.digit_height for e in light]
    assert min(heights) < 0.36 and max(heights) > 0.64
    assert not {e.font for e in eds} & {e.font for e in _editions("wide-test")}


def test_the_thin_pool_draws_every_joker_as_a_j_in_its_own_train_face():
    """v10 read the J-letter jokers of pool-editions as a 1; the train pools had no J."""
    eds = _editions("thin-train", 60)
    assert {e.joker for e in eds} == {"letter"}
    face = tf.render(Tile.parse("*"), eds[0], np.random.default_rng(0), 120)
    ink = np.abs(face.image.astype(int) - np.array(eds[0].body)).sum(2) > 60
    assert ink[face.mask > 0].sum() > 40  # the J is drawn


def test_the_wider_pool_draws_both_training_splits_and_never_a_test_family():
    """Reader v16's pool: wide-train's families and twenty-nine more, with Light faces and J jokers."""
    eds = _editions("more-train", 600)
    faces = {p: split for split in ("train", "more", "test") for _, fs in fontpool.families(split) for p in fs}
    drawn = [faces.get(Path(e.font[5:])) for e in eds if e.font.startswith("file:")]
    assert "test" not in drawn
    assert drawn.count("more") > 200 and drawn.count("train") > 150, (drawn.count("more"), drawn.count("train"))
    more = {pkg for pkg, fs in fontpool.families("more") for e in eds if e.font[5:] in map(str, fs)}
    assert len(more) >= 25, sorted(more)
    assert {e.joker for e in eds} >= {"letter", "smiley"}
    assert any("light" in Path(e.font).stem.lower() and e.weight <= 0 for e in eds)


def test_the_widest_pool_draws_the_extra_families_and_never_a_test_one():
    """Reader v20's pool: more-train's families and forty-seven more."""
    eds = _editions("most-train", 600)
    faces = {p: split for split in ("train", "more", "extra", "test") for _, fs in fontpool.families(split) for p in fs}
    drawn = [faces.get(Path(e.font[5:])) for e in eds if e.font.startswith("file:")]
    assert "test" not in drawn
    assert drawn.count("extra") > 150 and drawn.count("more") > 100, (drawn.count("extra"), drawn.count("more"))
    extra = {pkg for pkg, fs in fontpool.families("extra") for e in eds if e.font[5:] in map(str, fs)}
    assert len(extra) >= 35, sorted(extra)


def test_the_j_pool_draws_every_joker_a_letter_in_the_widest_families():
    """Reader v30's pool: most-train's families, every joker a J, 15 % of the tiles jokers."""
    eds = _editions("joker-most", 200)
    assert {e.joker for e in eds} == {"letter"}
    assert tf.POOLS["joker-most"]["families"] == tf.POOLS["most-train"]["families"]
    assert tf.POOLS["joker-most"]["joker_share"] == 0.15


def test_a_letter_joker_is_drawn_in_a_face_without_a_j():
    """GFS Bodoni Classic and Karla Tamil draw digits and no J: the scene of a J joker in them
    stopped the generator (v20's data, scene 856); the J comes from Hershey there."""
    face = next(p for _, fs in fontpool.families("extra") for p in fs if p.name == "GFSBodoniClassic.otf")
    ed = tf.replace(tf.sample_edition(np.random.default_rng(0), "most-train"), font=fontpool.face_key(face), joker="letter")
    out = tf.render(Tile.parse("*"), ed, np.random.default_rng(0), 120)
    ink = np.abs(out.image.astype(int) - np.array(ed.body)).sum(2) > 60
    assert ink[out.mask > 0].sum() > 40


def test_the_pool_of_many_faces_draws_aenigmas_designs_each_a_family():
    """Reader v31's pool: most-train's families and the "many" split's, never a test one."""
    eds = _editions("many-train", 600)
    faces = {p: split for split in ("train", "more", "extra", "many", "test") for _, fs in fontpool.families(split) for p in fs}
    drawn = [faces.get(Path(e.font[5:])) for e in eds if e.font.startswith("file:")]
    assert "test" not in drawn
    assert drawn.count("many") > 250 and drawn.count("extra") > 50, (drawn.count("many"), drawn.count("extra"))
    designs = [name for name, fs in fontpool.families("many") if name.startswith("fonts-aenigma:")]
    assert len(designs) > 150 and all(len(fs) == 1 for name, fs in fontpool.families("many") if name in designs)


@pytest.mark.parametrize("face, drawn", [("dejavu/DejaVuSans-Bold.ttf", True), ("aenigma/3dlet.ttf", False),
                                         ("aenigma/4shadowo.ttf", False), ("aenigma/graze.ttf", False)])
def test_a_face_counts_where_its_digits_draw_as_print(face, drawn):
    """Filled, distinct digits: an outlined or shadowed face, or one box for every digit, does not."""
    assert fontpool.drawable(Path("/usr/share/fonts/truetype") / face) is drawn


@pytest.mark.parametrize("face, turned", [("dejavu/DejaVuSans-Bold.ttf", True), ("aenigma/enthuses.ttf", False)])
def test_a_six_is_the_nine_turned_round_as_tile_sets_print_it(face, turned):
    """Reader v32's pool keeps only such faces: v31's techno 6s, unlike their 9s, cost the big 6s."""
    assert fontpool.six_turned_nine(Path("/usr/share/fonts/truetype") / face) is turned


def test_the_pool_of_many_turned_faces_draws_only_sixes_that_are_nines_turned():
    eds = _editions("many-turned", 200)
    faces = [Path(e.font[5:]) for e in eds if e.font.startswith("file:")]
    assert len(faces) > 120 and all(fontpool.six_turned_nine(f) for f in faces)
    many = {p for _, fs in fontpool.families("many") for p in fs}
    assert sum(f in many for f in faces) > 20


def test_the_j_pool_draws_half_its_editions_in_the_old_faces_every_joker_a_j():
    """Reader v33's pool: the J with a bar (Hershey's, DejaVu Mono's) is where the old faces are."""
    eds = _editions("joker-turned", 300)
    old = [e for e in eds if not e.font.startswith("file:")]
    assert 110 < len(old) < 190 and {e.joker for e in eds} == {"letter"}
    assert {e.font for e in old} <= set(tf.POOLS["train"]["fonts"]) and any(e.font.startswith("hershey") for e in old)
    assert not {e.font for e in eds} & set(tf.POOLS["test"]["fonts"])
