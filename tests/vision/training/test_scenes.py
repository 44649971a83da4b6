"""The scene generator (vision.training.scenes): seeded, and each label on the tile it drew."""

import cv2
import numpy as np
import pytest

from remi.engine import Tile
from remi.vision.training import patches


def test_render_tile_shapes():
    p = patches.render_tile(Tile.parse("y13"), np.random.default_rng(0), 100)
    assert p.image.shape[:2] == p.mask.shape == (100, p.image.shape[1])
    assert p.mask.max() == 255


# -- scenes: racks, every rotation, perspective, oriented labels ---------------------------------

def _scene_plane(seed: int, layout: str, split: str = "train"):
    from remi.vision.training import scenes

    rng = np.random.default_rng(seed)
    faces = scenes.Faces(split=split, **({"presets": 0.0, "legacy": 0.0, "real": 0.0} if split == "test" else {}))
    plane, Hm, layout, frame = scenes.draw(rng, faces, frame=(480, 360), layout=layout)
    return plane, Hm, frame, faces


@pytest.mark.parametrize("layout", ["rack", "lying", "table", "close", "crowd"])
@pytest.mark.parametrize("seed", range(3))
def test_scene_labels_cover_their_own_tile(layout, seed):
    """Each label's rectangle holds mostly its own tile's visible face, and its up side is the
    tile's up (the face's corners projected by the camera)."""
    from remi.vision.training import scenes

    plane, Hm, (fw, fh), _ = _scene_plane(seed, layout)
    ids = cv2.warpPerspective(plane.ids, Hm, (fw, fh), flags=cv2.INTER_NEAREST)
    found = scenes.labels(plane, Hm, (fw, fh))
    assert found, "a scene with tiles has labels"
    for tile, corners, box, oriented, outline in found:
        i = plane.tiles.index(tile) + 1 if plane.tiles.count(tile) == 1 else None
        mask = np.zeros((fh, fw), np.uint8)
        cv2.fillConvexPoly(mask, np.round(corners).astype(np.int32), 1)
        inside = ids[mask > 0]
        owner = np.bincount(inside[inside > 0]).argmax()
        assert (inside == owner).mean() > 0.45, (layout, seed, str(tile))  # heaps: half a tile may lie on it
        if i is not None:
            assert owner == i
        x1, y1, x2, y2 = box
        assert 0 <= x1 < x2 <= fw and 0 <= y1 < y2 <= fh
        if oriented:
            face = cv2.perspectiveTransform(plane.corners[owner - 1][None].astype(np.float32), Hm)[0]
            up = lambda c: (c[0] + c[1]) / 2 - (c[2] + c[3]) / 2  # noqa: E731
            a, b = up(corners), up(face)
            assert np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)) > 0.95


def test_rack_tiles_touching_get_one_label_each():
    """A rack's tiles stand touching in tiers: every tile left in view has its own label, and
    two labels never share most of their area."""
    from remi.vision.training import scenes

    for seed in range(6):
        plane, Hm, frame, _ = _scene_plane(100 + seed, "rack")
        found = scenes.labels(plane, Hm, frame)
        for a in range(len(found)):
            for b in range(a + 1, len(found)):
                pa, pb = found[a][1].astype(np.float32), found[b][1].astype(np.float32)
                inter = cv2.intersectConvexConvex(pa, pb)[0]
                assert inter < 0.5 * min(cv2.contourArea(pa), cv2.contourArea(pb))


def test_a_crowded_rack_fills_the_photo_with_tiers_of_touching_tiles():
    """The ``crowd`` layout (issue 38): 2-3 tiers of 11-15 tiles standing in a rack, 22-45 on
    the plane, tiles beside it in some scenes, the rack spread over most of the photo's width,
    and the default mix never draws it (earlier sets' seeds draw what they drew)."""
    from remi.vision.training import scenes

    assert "crowd" not in scenes.MIX and "crowd" in scenes.parse_mix("crowd=1")
    racked, spans, beside = [], [], 0
    for seed in range(8):
        plane, Hm, (fw, fh), _ = _scene_plane(200 + seed, "crowd")
        standing = [c for c in plane.corners if abs(_angle(c)) < 5]
        racked.append(len(standing))
        beside += len(plane.corners) > len(standing)
        found = scenes.labels(plane, Hm, (fw, fh))
        spans.append((max(b[2] for _, _, b, _, _ in found) - min(b[0] for _, _, b, _, _ in found)) / fw)
    assert all(18 <= n <= 45 for n in racked), racked  # an empty slot now and then (8 %)
    assert max(racked) >= 30 and beside >= 2
    assert min(spans) > 0.6, spans


def _angle(face: np.ndarray) -> float:
    """A face's turn from upright on the plane, in degrees (its top side's direction)."""
    dx, dy = face[1] - face[0]
    return float(np.degrees(np.arctan2(dy, dx)))


def test_negative_scenes_have_no_tiles():
    from remi.vision.training import scenes

    for seed in range(3):
        scene = scenes.compose(np.random.default_rng(seed), scenes.Faces(), frame=(320, 240), layout="negative")
        assert scene.tiles == [] and scene.image.shape == (240, 320, 3)


def test_scenes_are_seeded_and_keep_the_rack_limits():
    from remi.vision.training import scenes

    a = scenes.compose(np.random.default_rng(5), scenes.Faces(), largest=640)
    b = scenes.compose(np.random.default_rng(5), scenes.Faces(), largest=640)
    assert np.array_equal(a.image, b.image) and a.tiles == b.tiles
    assert all(np.array_equal(x, y) for x, y in zip(a.corners, b.corners))
    for seed in range(10):
        s = scenes.compose(np.random.default_rng(seed), scenes.Faces(), largest=640)
        assert all(s.tiles.count(t) <= 2 for t in s.tiles)


def test_other_editions_set_draws_only_the_test_pools():
    """The "other editions" test scenes: editions and surfaces from pools never trained on."""
    from remi.vision.training import scenes, surfaces

    for seed in range(8):
        _, _, _, faces = _scene_plane(seed, "lying", split="test")
        assert faces.edition is not None and faces.edition.split == "test"
    assert not set(surfaces.TEST_KINDS) & set(surfaces.KINDS)
    img = surfaces.surface(np.random.default_rng(0), 64, 48, split="test")
    assert img.shape == (48, 64, 3)


def test_scene_set_labels_read_back(tmp_path):
    """write_scene_set: polygon rows (read by evaluate.read_labels) and meta files agree."""
    import json

    from remi.vision.evaluate import read_labels
    from remi.vision.training.generate import write_scene_set

    write_scene_set(tmp_path, 4, 1, seed=3, real=False, largest=640)
    images = sorted((tmp_path / "images" / "train").glob("*.jpg"))
    assert len(images) == 4 and (tmp_path / "data-tile.yaml").exists()
    for img in images:
        h, w = cv2.imread(str(img)).shape[:2]
        tiles, boxes, outlines = read_labels(tmp_path / "labels" / "train" / f"{img.stem}.txt", w, h)
        meta = json.loads((tmp_path / "meta" / "train" / f"{img.stem}.json").read_text())
        assert [str(t) for t in tiles] == [t["tile"] for t in meta["tiles"]]
        # the scene's edition, so a pool's errors split by face (None: the first drawing)
        assert meta["edition"] is None or ({"font", "digit_height", "six_nine"} <= set(meta["edition"])
                                           and not any("inks" in k for k in meta["edition"]))
        for poly, t in zip(outlines, meta["tiles"]):
            assert np.abs(poly - np.array(t["corners"])).max() < 1.0  # the label is the corners (to 6 decimals)


def test_scenes_drawn_side_by_side_are_the_same_files(tmp_path):
    """write_scene_set(jobs=N): each scene comes from (seed, split, index) alone, so three
    processes write byte for byte what one writes."""
    from remi.vision.training.generate import write_scene_set

    one, three = tmp_path / "one", tmp_path / "three"
    write_scene_set(one, 5, 2, seed=7, real=False, largest=640)
    write_scene_set(three, 5, 2, seed=7, real=False, largest=640, jobs=3)
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file() and p.suffix != ".yaml")
    assert len(files) == 3 * 7  # image, label and meta of each scene
    assert files == sorted(p.relative_to(three) for p in three.rglob("*") if p.is_file() and p.suffix != ".yaml")
    for f in files:
        assert (one / f).read_bytes() == (three / f).read_bytes(), f


def test_a_set_with_prints_lays_some_scenes_on_motifs_and_draws_the_rest_as_before(tmp_path):
    """--prints: a scene's table is a motif print by a generator of its own, so the scenes not
    printed are byte for byte those of the set drawn without the option (old seeds draw the
    same sets), and the printed ones differ only there."""
    from remi.vision.training.generate import write_scene_set

    plain, printed = tmp_path / "plain", tmp_path / "printed"
    write_scene_set(plain, 6, 0, seed=5, real=False, largest=640)
    write_scene_set(printed, 6, 0, seed=5, real=False, largest=640, prints=0.5)
    images = sorted(p.name for p in (plain / "images" / "train").iterdir())
    same = [n for n in images if (plain / "images" / "train" / n).read_bytes() == (printed / "images" / "train" / n).read_bytes()]
    chosen = [n for i, n in enumerate(images) if np.random.default_rng([5, False, i, 1]).random() < 0.5]
    assert chosen and len(chosen) < len(images)
    assert sorted(same) == sorted(set(images) - set(chosen))


def test_motif_prints_are_none_of_the_test_tables():
    """The motif cloths teach a detector that a print is no tile; the test's flowered cloth stays unseen."""
    from remi.vision.training import surfaces

    assert not set(surfaces.PRINT_KINDS) & (set(surfaces.TEST_KINDS) | set(surfaces.KINDS))
    assert "flower" not in " ".join(surfaces.MOTIFS)
    img = surfaces.surface(np.random.default_rng(2), 320, 240, "motifs")
    assert img.shape == (240, 320, 3) and img.dtype == np.uint8 and img.std() > 5  # a print, not a plain ground


@pytest.mark.usefixtures("wide_faces")  # both pools draw Debian's families
def test_the_joker_pool_draws_a_joker_in_every_seventh_tile_and_the_others_a_rare_one():
    """Reader v12: v11 saw 186 J jokers in 58,155 crops and read every J of pool-editions as a 1."""
    from remi.engine import JOKER
    from remi.vision.training import scenes

    def joker_share(split: str) -> float:
        tiles = []
        for seed in range(8):
            s = scenes.compose(np.random.default_rng(seed), scenes.Faces(real=0.0, split=split), frame=(640, 480),
                               layout="lying")
            tiles += s.tiles
        return sum(t is JOKER for t in tiles) / len(tiles)

    assert 0.08 < joker_share("joker-train") < 0.25
    assert joker_share("thin-train") < 0.06
