"""Read the tiles in a photo with the shipped ONNX models (onnxruntime; no torch).

Two stages: a single-class tile detector (YOLOv8, trained with Ultralytics, exported to ONNX)
finds the tiles; a small CNN reads each tile's number, colour and which way up it stands, from
a 40x40 crop of the tile's axis-aligned box (``vision.crops``). A tile's corners (an oriented
detector's turned box, or the axis box's) give the angle it lies at, and a photo whose tiles
mostly stand upside down is read again turned round; the photo is never refused for how it
was taken. The deck's limits (two of a kind, two jokers: ``engine.Rules``) are applied when
decoding, and a read that needs a look is marked with the reason and its runner-up kinds,
never dropped unseen. Tiles come back in reading order: top row first, left to right.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

import numpy as np

from remi.engine import ALL_KINDS, JOKER, SIMPLE, Rules, Tile
from remi.vision import crops
from remi.vision.doubts import Doubt, DoubtKind, words
from remi.vision.errors import VisionError
from remi.vision.marks import Marks, signals
from remi.vision.settings import MODELS, UNSURE_BELOW, ModelSettings, models_dir, no_models
from remi.vision.windows import Windows

LOW_CONFIDENCE = UNSURE_BELOW  # a read less sure than this is marked, unless vision.json says otherwise
COPIES = 2  # at most two tiles of a kind, two jokers
NUMBERS = 14  # the reader's number outputs before its "not a tile" class: joker, 1..13
SIX, NINE = 6, 9  # their number outputs
#: "turned_six_nine" exchanges the turned view's 6 and 9 only in a photo whose boxes read upright at
#: least this often: where the way up is misread (rummy4 turned round, one photo of 13 tiles), the
#: exchange read an upside-down 9 as a 6 that even odds had read right (research/vision-diary.md,
#: "A 6 turned round is a 9, in a photo standing upright")
SIX_NINE_UPRIGHT = 0.7
SPECK_AREA = 0.4  # a box under this share of the photo's typical tile area is no tile ...
# ... unless a tile folder's "small_sure" counts it (vision.settings)
CONTAINED = 0.6  # a box with this share of its area inside a surer box is a second box on one tile
NOT_A_TILE = 0.5  # a box the reader holds to be background at least this likely is not counted
SURE_NOT_A_TILE = 0.9  # ... and from this on it is not listed either (carpet, veins, print)
MAYBE_NOT_A_TILE = 0.25  # a counted tile this likely to be background is marked uncertain
LOW_BOX = 0.1  # the detector's score down to which boxes are looked at when tiles are missing
#: a read moved past the deck's copies of its likeliest kind to a kind under this chance is set
#: aside, not counted: on a cloth printed with pale flowers every flower read as one kind, the
#: deck's two copies took the surest and hundreds moved on at chances near 0; the real sessions
#: have no such read (models/README.md, "A copy past the deck's ... set aside")
PRINT_FLOOR = 0.02
#: a tile read with its kind's chance times the detector's score under this is set aside (listed,
#: not counted): a print on the table read at a few percent, rarely a tile. On four fresh pools a
#: quarter of the extra reads went for 5 tiles right of 6,954; the real sessions lost none
#: (research/vision-diary.md, "Reads too faint to count, at 0.05"; at 0.1 it cost too many tiles)
FAINT_FLOOR = 0.05
ALTERNATIVES = 3  # runner-up kinds listed with each tile
SURE_WAY_UP = 0.3  # a card index read this far from even odds (0.5) of turned is sure of its way up


@dataclass(frozen=True)
class Detection:
    """One tile read from a photo. ``doubt`` says why the read needs a look (None when it
    does not: ``vision.doubts``); ``alternatives`` are the runner-up kinds with their chances; ``corners`` are
    the tile's TL, TR, BR, BL as it stands (``crops.tile_corners``) and ``angle`` the way its
    top points, in degrees clockwise from the photo's up (None from a reader without them).
    A card read from its corner indices (``vision.cards``) has their boxes in ``indices``, the
    upright one's first; ``box`` is that one's."""
    tile: Tile
    confidence: float  # how sure the reader is of the kind
    box: tuple[float, float, float, float]  # pixels of the original photo
    box_confidence: float  # the detector's score
    corners: tuple[tuple[float, float], ...] | None = None
    angle: float | None = None
    doubt: Doubt | None = None
    alternatives: tuple[tuple[Tile, float], ...] = ()
    indices: tuple[tuple[float, float, float, float], ...] = ()

    @property
    def low(self) -> bool:
        # the reader marks a read under its folder's bar (Reader.unsure_below) as unsure
        return self.doubt is not None

    @property
    def uncertain(self) -> str:
        """The doubt in words ("" when there is none): for the JSON and the CLI's lines."""
        return words(self.doubt)

    def as_dict(self, notation: str = "tile") -> dict:
        """The JSON of one read: ``tile`` in tile notation, or ``card`` in card notation."""
        out = {notation: self.tile.format(notation), "confidence": round(self.confidence, 4),  # type: ignore[arg-type]
               "box": [round(v, 1) for v in self.box], "box_confidence": round(self.box_confidence, 4),
               "low_confidence": self.low, "uncertain": words(self.doubt, notation) or None,
               "doubt": None if self.doubt is None else self.doubt.as_dict(notation),
               "alternatives": [{notation: t.format(notation), "p": round(p, 4)}  # type: ignore[arg-type]
                                for t, p in self.alternatives]}
        if self.indices:
            out["indices"] = [[round(v, 1) for v in b] for b in self.indices]
        if self.corners is not None:
            out["corners"] = [[round(x, 1), round(y, 1)] for x, y in self.corners]
        if self.angle is not None:
            out["angle"] = round(self.angle, 1)
        return out


class Found(NamedTuple):
    """What the detector finds in a photo (``Reader.found``), in photo pixels: axis boxes (n, 4),
    scores (n,), the corners (n, 4, 2); ``small``: the specks, boxes far smaller than the photo's
    tiles (``speck_mask``); ``turned``: boxes only a folder's turned pass found."""
    boxes: np.ndarray
    scores: np.ndarray
    corners: np.ndarray
    small: np.ndarray
    turned: np.ndarray


@dataclass(frozen=True)
class Reading:
    """The tiles read (``detections``, in reading order) and the boxes set aside as probably
    not tiles (``set_aside``, listed so that nothing is dropped unseen; not counted). A card
    models folder's reading (``kind`` "cards") holds cards, each read from its indices."""
    detections: tuple[Detection, ...]
    width: int
    height: int
    set_aside: tuple[Detection, ...] = ()
    kind: str = "tiles"
    colour: bool = True  # False: a photo without colour, its tiles' colours guesses (vision.colour)

    @property
    def notation(self) -> str:
        return "card" if self.kind == "cards" else "tile"

    @property
    def tiles(self) -> list[Tile]:
        return [d.tile for d in self.detections]

    @property
    def uncertain(self) -> list[tuple[int, Detection]]:
        """The tiles that need a look, numbered from 1 as ``remi scan`` numbers them."""
        return [(i, d) for i, d in enumerate(self.detections, 1) if d.low]

    def as_dict(self) -> dict:
        n = self.notation
        return {self.kind: [d.as_dict(n) for d in self.detections], "width": self.width, "height": self.height,
                "set_aside": [d.as_dict(n) for d in self.set_aside]}

    def scaled(self, scale: float, width: int, height: int) -> Reading:
        """The same reading with boxes and corners times ``scale`` in a width x height photo
        (a photo decoded reduced, ``vision.images``, read back in its own pixels)."""
        def one(d: Detection) -> Detection:
            corners = None if d.corners is None else tuple((x * scale, y * scale) for x, y in d.corners)
            indices = tuple(tuple(v * scale for v in b) for b in d.indices)
            return replace(d, box=tuple(v * scale for v in d.box), corners=corners, indices=indices)

        if scale == 1:
            return replace(self, width=width, height=height)
        return replace(self, detections=tuple(one(d) for d in self.detections), width=width, height=height,
                       set_aside=tuple(one(d) for d in self.set_aside))


@dataclass(frozen=True)
class Looks:
    """What the reader makes of each box: kind probabilities (n, 53) by engine tile code, the
    chance it is no tile (n,), the chance its crop shows it turned 180 degrees (n,), the
    crops' corners (n, 4, 2) and the reader's embedding (n, d), or None."""
    probs: np.ndarray
    background: np.ndarray
    turned: np.ndarray
    corners: np.ndarray
    embedding: np.ndarray | None

    def pick(self, keep: np.ndarray) -> Looks:
        """The looks of the boxes ``keep`` (a mask or indices) holds, in its order."""
        return Looks(self.probs[keep], self.background[keep], self.turned[keep], self.corners[keep],
                     None if self.embedding is None else self.embedding[keep])


def load_image(path: str | os.PathLike) -> np.ndarray:
    """Decode a photo whole and upright (EXIF applied); VisionError with the reason when it
    cannot be. The checks and the decoding are ``vision.images``' (vcli)."""
    from remi.vision.images import load_image as decode_whole

    return decode_whole(path)


class Reader:
    """The two ONNX models and their settings (``models/vision.json``)."""

    def __init__(self, models: Path | None = None, threads: int = 2) -> None:
        models = models or models_dir()
        try:
            import onnxruntime as ort
        except ImportError as e:  # pragma: no cover - core dependency
            raise VisionError("vision.no_onnxruntime") from e
        self.settings = settings = ModelSettings.read(Path(models))  # one typed vision.json
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3
        # no busy-waiting between parallel steps: on two cores shared with anything else (a
        # server, a test run) a spinning thread takes the core the work waits for. Side by side
        # at load 5-6, rummy's 4032-px photos: 521 ms a read against 760 ms spinning
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        self.det = ort.InferenceSession(str(Path(models) / settings.detector), opts, providers=["CPUExecutionProvider"])
        self.cls = ort.InferenceSession(str(Path(models) / settings.reader), opts, providers=["CPUExecutionProvider"])
        self.imgsz = int(settings.imgsz)
        self.conf = float(settings.conf)
        self.iou = float(settings.iou)
        self.rect = not all(isinstance(d, int) for d in self.det.get_inputs()[0].shape[2:])
        self.outputs = [o.name for o in self.cls.get_outputs()]
        # the side of the crops the reader reads is its input's: 40, or 80 cut from the photo
        # itself (reader v22: the COCO trunk read 40 px blown up to 80)
        side = self.cls.get_inputs()[0].shape[-1]
        self.crop = side if isinstance(side, int) else crops.SIZE
        self.has_orientation = len(self.outputs) > 2
        # an adapted models folder (vision.adapt) reads number and colour with its own heads
        # on the reader's embedding
        self.head = dict(np.load(Path(models) / settings.head)) if settings.head else None
        self.obb = settings.obb  # an oriented (OBB) detector: boxes with an angle
        # a card models folder (vision.folders): corner indices, grouped into cards when read
        self.kind = settings.kind
        # whether the reader's "turned 180 degrees" says which way up a card index is: only
        # where vision.json says so ("way_up": true), since the card recipe so far trains the
        # reader on indices at every angle (--flipped 0), where that head learns nothing
        way_up = settings.way_up if settings.way_up is not None else self.kind != "cards"
        self.way_up = self.has_orientation and way_up
        # each crop read as cut and turned a quarter at a time, the views' chances averaged
        # (research/vision-diary.md, "Reading each tile four ways"); 1: as cut only. With "sure", only a
        # crop whose first read is less sure than this of its likeliest outcome (a kind, or no
        # tile) is read the other ways: the cost of a photo of many tiles. A read less sure than
        # "unsure_below" is marked for a look: the mean of several views is less sure than one
        # view, so a folder of more views has its own bar (research/vision-diary.md, "V4u's flags").
        self.views = int(settings.views)
        self.sure = None if settings.sure is None else float(settings.sure)
        # the view turned 180 degrees read as a 6 turned round is, a 9 (and a 9 as a 6), where the
        # folder says its reader learnt numbers on crops as they stand: averaged as they came, an
        # upright 9 and its turned view, read as a 6, made every unsure 6 and 9 even odds
        # (research/vision-diary.md, "A 6 turned round is a 9"); only a reader that knows a way up, and
        # only in a photo standing upright (SIX_NINE_UPRIGHT)
        self.turned_six_nine = settings.turned_six_nine and self.way_up
        # the extra views need no "turned": read on the model cut to the other outputs, which
        # skips the orientation trunk of a two-trunk reader (vision.graphs), the same numbers
        self.views_cls = self._views_session(Path(models) / settings.reader, opts)
        self.unsure_below = float(settings.unsure_below)
        self.temperature = (float(settings.temperature_number), float(settings.temperature_colour))
        # the specks (boxes far smaller than the photo's tiles) are read too, and counted when
        # read at least this sure: far tiles of a rack seen at a slant (tile folders; None: dropped)
        self.small_sure = None if settings.small_sure is None or self.kind == "cards" else float(settings.small_sure)
        # a folder with "marks" marks a read UNSURE by its chance of wrong from four signals
        # (vision.marks; research/vision-diary.md, "Marks from four signals") instead of unsure_below
        self.marks = None if settings.marks is None else Marks.from_dict(settings.marks)
        # a folder with "windows" has the detector read a wide photo in windows at its own
        # pixels as well as whole (vision.windows): small card indices in a 1920 px frame
        self.windows = None if settings.windows is None else Windows.from_dict(settings.windows)
        # a folder with "turned_pass" has the detector read the photo turned a quarter too
        self.turned_pass = settings.turned_pass

    def _views_session(self, path: Path, opts):
        """The reader without its ``orient`` output, for the extra views (``vision.graphs``);
        the whole reader where there are no extra views or nothing to cut."""
        import onnxruntime as ort

        from remi.vision.graphs import keep_outputs

        if self.views < 2 or "orient" not in self.outputs:
            return self.cls
        cut = keep_outputs(path.read_bytes(), {o for o in self.outputs if o != "orient"})
        return self.cls if cut is None else ort.InferenceSession(cut, opts, providers=["CPUExecutionProvider"])

    # -- stage 1: boxes -------------------------------------------------------------------
    def detect(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Tiles found: axis boxes (n, 4), scores (n,) and corners (n, 4, 2), in photo pixels.

        An oriented detector's boxes turn with the tiles (rotated NMS); the corners are TL,
        TR, BR, BL of the tile as it stands upright (``crops.tile_corners``: the long side is
        the height, the way up nearest the photo's up; the reader settles the last 180
        degrees). An axis-aligned detector's box goes through the same rule (a box wider than
        tall is a tile lying on its side). The axis box of a tile is its corners' extent, cut
        to the photo. Specks (``speck_mask``) are not among them (``found`` keeps them apart).
        """
        found = self.found(image, specks=False)
        return found.boxes, found.scores, found.corners

    def found(self, image: np.ndarray, specks: bool = True) -> Found:
        """What ``detect`` finds, and with ``specks`` the specks beside it (``Found``): the boxes
        far smaller than the photo's tiles (``speck_mask``; without ``specks`` they are dropped).
        Neither kind keeps a box lying mostly inside a surer one of its own kind; a speck also
        goes when it lies mostly inside a tile's box."""
        h, w = image.shape[:2]
        corners, scores = self._passes(image)
        turned = np.zeros(len(scores), bool)
        if self.turned_pass:
            corners, scores, turned = self._with_turned(image, corners, scores)
        # one convention for the detector and the reader's training crops (vread's crops.py)
        corners = np.array([crops.tile_corners(c) for c in corners]).reshape(-1, 4, 2)
        small = speck_mask(corners, scores, sizing=~turned)  # the photo's size, as it stands
        big, little = np.flatnonzero(~small), np.flatnonzero(small)
        tiles = big[uncontained(corners[big], scores[big])]
        kept = little[uncontained(corners[little], scores[little])] if specks else little[:0]
        kept = kept[~inside_any(corners[kept], corners[tiles])]
        order = np.concatenate([tiles, kept]).astype(int)
        corners, scores = corners[order].reshape(-1, 4, 2), scores[order]
        boxes = extent(corners)
        boxes[:, [0, 2]] = boxes[:, [0, 2]].clip(0, w)
        boxes[:, [1, 3]] = boxes[:, [1, 3]].clip(0, h)
        return Found(boxes, scores, corners, np.arange(len(order)) >= len(tiles), turned[order])

    def _passes(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The detector's read of the photo: whole, and in windows where the folder has them."""
        corners, scores = self._pass(image)
        if self.windows is not None:  # a wide photo read in windows too (vision.windows)
            corners, scores = self._windowed(image, corners, scores)
        return corners, scores

    def _with_turned(self, image: np.ndarray, corners: np.ndarray,
                     scores: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The boxes of ``_passes`` (``corners``, ``scores``), all kept, and after them those it
        finds in the photo turned a quarter, turned back onto the photo, that overlap none of
        them (``apart``); and which are those (``Found.turned``). A card index lying sideways
        stands up (or on its head, as in a card's far corner) in the turned photo, where a
        detector that boxes upright indices far more often than sideways ones finds it; the
        photo's own boxes stay as they were (research/vision-diary.md, "Card detectors read the
        photo turned a quarter too": the third reading; no folder has the key yet)."""
        turned, turned_scores = self._passes(np.ascontiguousarray(np.rot90(image)))
        turned = quarter_back(turned, image.shape[1]).reshape(-1, 4, 2)
        added = apart(turned, corners, self.iou)
        return (np.concatenate([corners, turned[added]]).reshape(-1, 4, 2), np.concatenate([scores, turned_scores[added]]),
                np.arange(len(scores) + int(added.sum())) >= len(scores))

    def _pass(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """One run of the detector on the photo shrunk to its input (``_letterbox``): the
        corners (n, 4, 2) of what it finds, in the photo's pixels as found, and their scores,
        after NMS."""
        import cv2

        x, s, (left, top) = self._letterbox(image)
        out = self.det.run(None, {self.det.get_inputs()[0].name: x})[0][0]  # (4 + nc [+ angle], anchors)
        if self.obb:
            scores = out[4:-1].max(axis=0)
            keep = scores >= self.conf
            cx, cy, bw, bh, angle = out[0, keep], out[1, keep], out[2, keep], out[3, keep], out[-1, keep]
            scores = scores[keep]
            rects = [((float(a), float(b)), (float(c), float(d)), float(np.degrees(e)))
                     for a, b, c, d, e in zip(cx, cy, bw, bh, angle)]
            idx = np.array(cv2.dnn.NMSBoxesRotated(rects, scores.tolist(), self.conf, self.iou), int).reshape(-1) if rects else np.zeros(0, int)
            corners = np.array([cv2.boxPoints(rects[i]) for i in idx], np.float64).reshape(-1, 4, 2)
            scores = scores[idx]
        else:
            scores = out[4:].max(axis=0)
            keep = scores >= self.conf
            cx, cy, bw, bh = out[:4, keep]
            scores = scores[keep]
            boxes = np.stack([cx - bw / 2, cy - bh / 2, cx + bw / 2, cy + bh / 2], 1)
            idx = np.zeros(0, int)
            if len(boxes):
                idx = np.array(cv2.dnn.NMSBoxes([[float(a), float(b), float(c - a), float(d - b)] for a, b, c, d in boxes],
                                                scores.tolist(), self.conf, self.iou), int).reshape(-1)
            corners = _corners(boxes[idx])
            scores = scores[idx]
        return (corners - (left, top)) / s, scores

    def _windowed(self, image: np.ndarray, corners: np.ndarray, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The whole photo's boxes (``corners``, ``scores``: ``_pass``) merged with those the
        detector finds in each window of the photo (``vision.windows``): one box a thing, a box
        that a window's side cuts kept only where no pass holds it whole. Of the whole photo's
        boxes only those larger than the windows' overlap are kept (``windows.too_large``): a
        smaller thing lies whole in a window, which sees it at the photo's pixels (the shrunk
        photo's boxes of small indices are loose: research/cards/fullres.py's 30 frames had 102
        boxes on no index with them all, 37 so)."""
        from remi.vision import windows

        h, w = image.shape[:2]
        grid = self.windows.grid(w, h)
        if not grid:
            return corners, scores
        large = windows.too_large(corners, grid, self.windows.overlap)
        found, surety, pieces = [corners[large]], [scores[large]], [np.zeros(int(large.sum()), bool)]
        for x1, y1, x2, y2 in grid:
            inside, inside_scores = self._pass(image[y1:y2, x1:x2])
            inside = inside + (x1, y1)
            margin = windows.EDGE * max(x2 - x1, y2 - y1) / self.imgsz  # EDGE detector pixels, in the photo's
            found.append(inside)
            surety.append(inside_scores)
            pieces.append(windows.cut(inside, (x1, y1, x2, y2), w, h, margin))
        return windows.merge(np.concatenate(found).reshape(-1, 4, 2), np.concatenate(surety),
                             np.concatenate(pieces), self.iou)

    def _letterbox(self, image: np.ndarray) -> tuple[np.ndarray, float, tuple[int, int]]:
        """The detector's input: the photo scaled to ``imgsz`` on its long side, padded.

        A detector exported with free height and width gets the photo's own shape, padded to
        the network's stride of 32 (as Ultralytics' predict does): a 4:3 photo costs 3/4 of
        the square. A fixed-shape one gets the square. A phone photo many times the size is
        first shrunk by a whole factor with pixel averaging (OpenCV's fast path, ~12 ms for
        12 MP): a bilinear resize straight from 4,000 px would skip most pixels and alias.
        """
        import cv2

        h, w = image.shape[:2]
        s = self.imgsz / max(h, w)
        nw, nh = max(1, round(w * s)), max(1, round(h * s))
        k = int(1 / s)
        src = cv2.resize(image, None, fx=1 / k, fy=1 / k, interpolation=cv2.INTER_AREA) if k >= 2 else image
        if self.rect:
            ch, cw = -(-nh // 32) * 32, -(-nw // 32) * 32
        else:
            ch = cw = self.imgsz
        canvas = np.full((ch, cw, 3), 114, np.uint8)
        top, left = (ch - nh) // 2, (cw - nw) // 2
        canvas[top:top + nh, left:left + nw] = cv2.resize(src, (nw, nh), interpolation=cv2.INTER_LINEAR)  # as in training
        return detector_input(canvas), s, (left, top)

    # -- stage 2: kinds -------------------------------------------------------------------
    def boxes(self, image: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """The detector's boxes (n, 4), scores (n,) and the tiles' corners (n, 4, 2), or None
        from an axis-aligned detector (``look`` then takes each box's own)."""
        out = self.detect(image)
        # an axis-aligned detector's corners are only its box's: look() takes them from the box
        return out[0], out[1], (out[2] if len(out) > 2 and self.obb else None)

    def look(self, image: np.ndarray, boxes: np.ndarray, corners: np.ndarray | None = None,
             votes: np.ndarray | None = None) -> Looks:
        """Read every box (see ``Looks``) from its axis-aligned crop (``crops.batch``). The
        corners are the tiles' as they stand: those given (an oriented detector's), else each
        box's own (``crops.box_corners``). ``votes``: the boxes whose way up says how the photo
        stands (all where None; not the specks read beside the tiles)."""
        if len(boxes) == 0:
            return Looks(np.zeros((0, 53), np.float32), np.zeros(0, np.float32), np.zeros(0, np.float32),
                         np.zeros((0, 4, 2)), None)
        cut = corners if corners is not None else np.array([crops.box_corners(b) for b in boxes]).reshape(-1, 4, 2)
        return self._run(image, boxes, cut, votes)

    def _run(self, image: np.ndarray, boxes: np.ndarray, corners: np.ndarray, votes: np.ndarray | None = None) -> Looks:
        """The reader on each box's crop, and on the crop turned where the folder asks for more
        views (the views' number and colour chances averaged); ``corners`` are passed through."""
        n = len(boxes)
        x = crops.batch(image, [tuple(b) for b in boxes], size=self.crop)
        pn, pc, emb, turned = self._heads(x)
        again = np.arange(n) if self.sure is None else np.nonzero(_likeliest(pn, pc) < self.sure)[0]
        if self.views > 1 and len(again):
            turns = [2, 1, 3][:self.views - 1]  # turned 180 degrees, then 90 and 270
            turned_crops = np.concatenate([np.ascontiguousarray(np.rot90(x[again], k, axes=(2, 3))) for k in turns])
            more_n, more_c, _, _ = self._heads(turned_crops, self.views_cls)
            more_n = more_n.reshape(len(turns), len(again), -1)
            voters = turned if votes is None or not votes.any() else turned[votes]
            if self.turned_six_nine and np.mean(voters < 0.5) >= SIX_NINE_UPRIGHT:
                # the crop turned round shows a tile's 6 as a 9 (turns[0] is 180 degrees)
                more_n[0][:, [SIX, NINE]] = more_n[0][:, [NINE, SIX]]
            pn[again] = (pn[again] + more_n.sum(axis=0)) / self.views
            pc[again] = (pc[again] + more_c.reshape(len(turns), len(again), -1).sum(axis=0)) / self.views
        probs = (pc[:, :, None] * pn[:, None, 1:NUMBERS]).reshape(n, 52)
        background = pn[:, NUMBERS] if pn.shape[1] > NUMBERS else np.zeros(n, np.float32)
        return Looks(np.concatenate([probs, pn[:, :1]], axis=1), background, turned, corners, emb)

    def _heads(self, x: np.ndarray, session=None) -> tuple[np.ndarray, np.ndarray, np.ndarray | None, np.ndarray]:
        """Number and colour chances, the embedding (or None) and the chance of "turned 180
        degrees" (0 from a session without it: ``views_cls``) of a batch of crops; an adapted
        folder's own heads read the embedding."""
        session = session or self.cls
        names = [o.name for o in session.get_outputs()]
        out = dict(zip(names, session.run(None, {session.get_inputs()[0].name: x})))
        pn, pc = out["number"], out["colour"]
        emb = out.get("embedding")
        if self.head is not None and emb is not None:
            pn = _softmax(emb @ self.head["number_weight"].T + self.head["number_bias"])
            pc = _softmax(emb @ self.head["colour_weight"].T + self.head["colour_bias"])
        turned = out["orient"][:, 1] if "orient" in out else np.zeros(len(x), np.float32)
        pn, pc = temper(pn, self.temperature[0]), temper(pc, self.temperature[1])
        return pn.astype(np.float32), pc.astype(np.float32), emb, turned

    def kinds(self, image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
        """Probabilities (n, 53) over the tile kinds, indexed by engine tile code."""
        return self.look(image, boxes).probs

    def read(self, image: np.ndarray, expect: tuple[int, int] | None = None, rules: Rules | None = None) -> Reading:
        """The tiles of a photo (``read_once``). A photo whose tiles mostly stand upside down
        (a rack photographed from across the table) is read again turned round, as the models
        were trained to see racks, and that reading is kept, in the order its tiles stand in
        the turned photo (the rack's own left to right) with every box and corner in the
        photo's pixels. On ``rack-joker.jpg`` turned round: 14 tiles of 15, 8 right, before;
        all 15 right after (4 Dec)."""
        reading = self.read_once(image, expect, rules)
        if not (self.way_up and _upside_down(reading)):  # only a reader that knows a way up can say
            return reading
        turned = self.read_once(turned_round(image), expect, rules)
        return reading if _upside_down(turned) else _turned_back(turned)

    def read_once(self, image: np.ndarray, expect: tuple[int, int] | None = None,
                  rules: Rules | None = None) -> Reading:
        """The tiles of a photo, each read whichever way it lies; nothing refused for how the
        photo was taken. Boxes the reader holds to be no tile are set aside (listed, not
        counted). ``expect`` (fewest, most), e.g. (14, 15) for a rack to check: when fewer
        tiles are found, the likeliest set-aside boxes and the detector's weaker boxes are
        counted too, marked uncertain; more than the most are all kept, the least sure marked.
        ``rules`` give the copies of a kind and the jokers a deck holds (default Closed's;
        Simple's for cards). A card models folder's corner indices are grouped into cards (``_cards``); no weaker
        boxes are counted for a number of cards, since an index is not a card."""
        h, w = image.shape[:2]
        cards = self.kind == "cards"
        # the specks are read only where the folder counts those read sure; elsewhere dropped unread
        boxes, scores, corners, small, turned = self.found(image, specks=self.small_sure is not None)
        looks = self.look(image, boxes, corners if self.obb else None, votes=~small)
        sure = looks.probs.max(axis=1)
        counted = (looks.background < NOT_A_TILE) & (~small | (sure >= (self.small_sure or 0.0)))
        # a box only the turned pass found counts only where its read would pass unmarked
        # (research/vision-diary.md, "Card detectors read the photo turned a quarter too")
        counted &= ~turned | ((sure >= self.unsure_below) & (looks.background < MAYBE_NOT_A_TILE))
        keep = (~small & ~turned) | counted  # a speck or turned box read less sure goes, as before it was read
        boxes, scores, looks, counted = boxes[keep], scores[keep], looks.pick(keep), counted[keep]
        listed = ~counted & (looks.background < SURE_NOT_A_TILE)
        notes: list[Doubt | None] = [None] * len(boxes)
        if expect is not None and counted.sum() < expect[0] and not cards:
            boxes, scores, looks, counted, listed, notes = self._fill(image, boxes, scores, looks, counted, listed,
                                                                      notes, expect[0])
        past: list[Detection] = []
        if cards:
            dets = self._cards(looks, boxes, scores, counted, rules or SIMPLE)
        else:
            dets, past = self._detections(looks, boxes, scores, counted, notes, rules or Rules())
            dets, faint = _set_aside_faint(dets, expect[0] if expect is not None else 0)
            past += faint
        if expect is not None and len(dets) > expect[1]:
            dets = _mark_extra(dets, expect[1])
        aside = [_detection(looks, i, int(np.argmax(looks.probs[i])), boxes[i], scores[i],
                            Doubt(DoubtKind.NO_TILE, share=float(looks.background[i])))
                 for i in np.nonzero(listed)[0]] + past
        return Reading(tuple(reading_order(dets)), w, h, tuple(reading_order(aside)), "cards" if cards else "tiles")

    def _cards(self, looks: Looks, boxes, scores, counted, rules: Rules) -> list[Detection]:
        """Cards from their corner indices: grouped by where they lie (``vision.cards``), each
        card's kind the mean of its indices' reads (corners read as two kinds: the surer one's,
        the other's kind its first runner-up, marked), then at most ``rules.copies`` of a card
        and ``rules.jokers`` jokers (SR-1) decoded on the cards as tiles are. An uncertain card
        is marked with the reason, in card notation."""
        from remi.vision.cards import group

        idx = np.nonzero(counted)[0]
        angles = [_angle(looks.corners[i], float(looks.turned[i])) for i in idx]
        found = [_index(looks.probs[i], boxes[i], a, self.way_up and abs(float(looks.turned[i]) - 0.5) >= SURE_WAY_UP)
                 for i, a in zip(idx, angles)]
        cards = group(found)
        members = [[int(idx[k]) for k in card] for card in cards]
        # corners read as two kinds (vision.cards.MIXED): surer first
        mixed = [None if len({found[k].kind for k in card}) == 1 else sorted(card, key=lambda k: -found[k].confidence)
                 for card in cards]
        probs = np.array([looks.probs[m].mean(axis=0) if two is None else looks.probs[idx[two[0]]]
                          for m, two in zip(members, mixed)]).reshape(-1, 53)
        dets = []
        for m, two, p, code in zip(members, mixed, probs, decode(probs, rules.copies, rules.jokers)):
            order = [int(k) for k in np.argsort(-p) if int(k) != code]
            best, background = int(np.argmax(p)), float(looks.background[m].max())
            if two is not None and found[two[1]].kind.code in order:  # the other corner's kind comes next
                order.remove(found[two[1]].kind.code)
                order.insert(0, found[two[1]].kind.code)
            if code != best:
                note = Doubt(DoubtKind.DECK_LIMIT, alternatives=((ALL_KINDS[best], float(p[best])),),
                             count=rules.jokers if best == JOKER.code else rules.copies)
            elif two is not None:
                a, b = found[two[0]], found[two[1]]
                note = Doubt(DoubtKind.CORNERS_DISAGREE, alternatives=((a.kind, a.confidence), (b.kind, b.confidence)))
            elif background >= MAYBE_NOT_A_TILE:
                note = Doubt(DoubtKind.MAYBE_NO_TILE, share=background)
            elif p[code] < self.unsure_below:
                note = Doubt(DoubtKind.UNSURE, alternatives=((ALL_KINDS[code], float(p[code])),
                                                             (ALL_KINDS[order[0]], float(p[order[0]]))))
            else:
                note = None
            first = m[0]
            dets.append(Detection(ALL_KINDS[code], float(p[code]), tuple(float(v) for v in boxes[first]),
                                  float(scores[m].max()), tuple((float(x), float(y)) for x, y in looks.corners[first]),
                                  angles[int(np.flatnonzero(idx == first)[0])], note,
                                  tuple((ALL_KINDS[k], float(p[k])) for k in order[:ALTERNATIVES]),
                                  tuple(tuple(float(v) for v in boxes[i]) for i in m)))
        return dets

    def _fill(self, image, boxes, scores, looks, counted, listed, notes, fewest):
        """Count the likeliest set-aside boxes, then the detector's boxes down to LOW_BOX,
        until there are ``fewest`` tiles; each one counted so is marked."""
        short = fewest - int(counted.sum())
        conf = self.conf
        try:
            self.conf = LOW_BOX
            more, more_scores, more_corners = self.boxes(image)
        finally:
            self.conf = conf
        if len(more) and len(boxes):
            from remi.vision.crops import iou

            new = iou(more, boxes).max(1) < 0.3
            more, more_scores = more[new], more_scores[new]
            more_corners = None if more_corners is None else more_corners[new]
        extra = self.look(image, more, more_corners)
        boxes = np.concatenate([boxes, more]).reshape(-1, 4)
        scores = np.concatenate([scores, more_scores])
        looks = Looks(np.concatenate([looks.probs, extra.probs]), np.concatenate([looks.background, extra.background]),
                      np.concatenate([looks.turned, extra.turned]), np.concatenate([looks.corners, extra.corners]),
                      None if looks.embedding is None or extra.embedding is None
                      else np.concatenate([looks.embedding, extra.embedding]))
        counted = np.concatenate([counted, np.zeros(len(more), bool)])
        listed = np.concatenate([listed, extra.background < SURE_NOT_A_TILE])
        notes = notes + [None] * len(more)
        candidates = [i for i in np.argsort(looks.background) if not counted[i] and looks.background[i] < SURE_NOT_A_TILE]
        for i in candidates[:short]:
            counted[i], listed[i] = True, False
            notes[i] = Doubt(DoubtKind.COUNTED_TO_FILL, share=float(looks.background[i]), count=fewest)
        return boxes, scores, looks, counted, listed, notes

    def _detections(self, looks: Looks, boxes, scores, counted, notes,
                    rules: Rules) -> tuple[list[Detection], list[Detection]]:
        """The counted boxes' reads, and those set aside as a print: moved past the deck's
        copies of their likeliest kind to a kind under ``PRINT_FLOOR`` (listed with that reason)."""
        idx = np.nonzero(counted)[0]
        probs = looks.probs[idx]
        codes = decode(probs, rules.copies, rules.jokers)
        marked = self._marked(probs, codes, boxes[idx], scores[idx])
        dets, past = [], []
        for j, (i, c) in enumerate(zip(idx, codes)):
            note = notes[i]
            best = int(np.argmax(probs[j]))
            if not note and c != best:
                note = Doubt(DoubtKind.DECK_LIMIT, alternatives=((ALL_KINDS[best], float(probs[j][best])),),
                             count=rules.jokers if best == JOKER.code else rules.copies)
                if probs[j][c] < PRINT_FLOOR:
                    past.append(_detection(looks, i, c, boxes[i], scores[i], note))
                    continue
            if not note and looks.background[i] >= MAYBE_NOT_A_TILE:
                note = Doubt(DoubtKind.MAYBE_NO_TILE, share=float(looks.background[i]))
            if not note:
                note = _doubt(probs[j], c, float(looks.turned[i]), self.unsure_below, marked[j])
            dets.append(_detection(looks, i, c, boxes[i], scores[i], note))
        return dets, past


    def _marked(self, probs: np.ndarray, codes: list[int], boxes: np.ndarray, scores: np.ndarray) -> list[bool | None]:
        """Per read of a photo, whether the folder's ``marks`` mark it UNSURE (None for each
        without ``marks``: ``unsure_below`` decides). The signals are the read's as the
        Detection gives them: its kind's share, the likeliest other kind's, the detector's
        score, its box height against the median of the photo's reads."""
        if self.marks is None or not len(codes):
            return [None] * len(codes)
        rows = np.arange(len(codes))
        share = probs[rows, codes]
        others = probs.copy()
        others[rows, codes] = -1.0
        height = np.asarray(boxes, np.float64).reshape(-1, 4)
        found = signals(share, others.max(axis=1), np.asarray(scores), height[:, 3] - height[:, 1])
        return [bool(m) for m in self.marks.marked(found)]


def _index(p: np.ndarray, box, angle: float, sure: bool):
    """One corner index as ``vision.cards`` groups it: its read, with the runner-up kinds."""
    from remi.vision.cards import Index

    order = [int(k) for k in np.argsort(-p)[:ALTERNATIVES + 1]]
    return Index(ALL_KINDS[order[0]], tuple(float(v) for v in box), angle, sure, float(p[order[0]]),
                 tuple((ALL_KINDS[k], float(p[k])) for k in order[1:]))


def _likeliest(pn: np.ndarray, pc: np.ndarray) -> np.ndarray:
    """Per crop, the chance of its likeliest outcome: a kind (number x colour), the joker, or
    (where the reader has that class) no tile."""
    kinds = (pc[:, :, None] * pn[:, None, 1:NUMBERS]).reshape(len(pn), -1).max(axis=1)
    return np.maximum(kinds, np.delete(pn, np.s_[1:NUMBERS], axis=1).max(axis=1))


def temper(p: np.ndarray, temperature: float) -> np.ndarray:
    """Chances ``p`` (rows summing to 1) at another temperature: softmax(log p / T), which is
    the network's logits divided by T, since log p differs from them by a constant a row.

    >>> temper(np.array([[0.8, 0.2]]), 1.0).round(3).tolist(), temper(np.array([[0.8, 0.2]]), 2.0).round(3).tolist()
    ([[0.8, 0.2]], [[0.667, 0.333]])
    """
    if temperature == 1.0:
        return p
    return _softmax(np.log(np.maximum(p, 1e-12)) / temperature)


def _softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def _doubt(p: np.ndarray, code: int, turned: float, unsure_below: float = LOW_CONFIDENCE,
           marked: bool | None = None) -> Doubt | None:
    """Why a read is uncertain (None when it is not): a 6 and a 9 of one colour with no clear
    up on the tile, or unsure: less sure than ``unsure_below``, or where the folder has marks,
    ``marked`` by them (``Reader._marked``)."""
    order = np.argsort(-p)
    second = int(order[1]) if order[0] == code else int(order[0])
    a, b = ALL_KINDS[code], ALL_KINDS[second]
    six_nine = {a.number, b.number} == {6, 9} and a.colour == b.colour and not a.is_joker and not b.is_joker
    if six_nine and p[second] > 0.05 and 0.15 < turned < 0.85:
        return Doubt(DoubtKind.SIX_OR_NINE, alternatives=((b, float(p[second])),))
    if (p[code] < unsure_below) if marked is None else marked:
        return Doubt(DoubtKind.UNSURE, alternatives=((a, float(p[code])), (b, float(p[second]))))
    return None


def _angle(corners: np.ndarray, turned: float) -> float:
    """Degrees clockwise from the photo's up to the tile's top."""
    up = corners[0] + corners[1] - corners[2] - corners[3]
    if turned > 0.5:
        up = -up
    return float(np.degrees(np.arctan2(up[0], -up[1])) % 360.0)


def _detection(looks: Looks, i: int, code: int, box, score, note: Doubt | None) -> Detection:
    p = looks.probs[i]
    alt = [int(k) for k in np.argsort(-p)[:ALTERNATIVES + 1] if k != code][:ALTERNATIVES]
    return Detection(ALL_KINDS[code], float(p[code]), tuple(float(v) for v in box), float(score),
                     tuple((float(x), float(y)) for x, y in looks.corners[i]), _angle(looks.corners[i], float(looks.turned[i])),
                     note, tuple((ALL_KINDS[k], float(p[k])) for k in alt))


def _set_aside_faint(dets: list[Detection], fewest: int = 0) -> tuple[list[Detection], list[Detection]]:
    """The reads kept and those set aside as too faint to count (kind's chance x detector's
    score under ``FAINT_FLOOR``), the faintest first, never so many that fewer than ``fewest``
    tiles stay (a rack to check: ``read``'s ``expect``); a read counted to fill a rack stays."""
    strength = [d.confidence * d.box_confidence for d in dets]
    weak = sorted((i for i, d in enumerate(dets) if strength[i] < FAINT_FLOOR
                   and not (d.doubt and d.doubt.kind is DoubtKind.COUNTED_TO_FILL)), key=strength.__getitem__)
    weak = set(weak[:max(0, len(dets) - fewest)])
    if not weak:
        return dets, []
    aside = [replace(d, doubt=Doubt(DoubtKind.FAINT, share=strength[i], alternatives=((d.tile, d.confidence),)))
             for i, d in enumerate(dets) if i in weak]
    return [d for i, d in enumerate(dets) if i not in weak], aside


def _mark_extra(dets: list[Detection], most: int) -> list[Detection]:
    """More tiles than a rack holds: the least sure beyond ``most`` are marked (not dropped)."""
    weakest = sorted(range(len(dets)), key=lambda i: dets[i].confidence * dets[i].box_confidence)[:len(dets) - most]
    return [replace(d, doubt=d.doubt or Doubt(DoubtKind.ONE_TOO_MANY, count=most))
            if i in weakest else d for i, d in enumerate(dets)]


def quarter_back(corners: np.ndarray, width: int) -> np.ndarray:
    """Points (..., 2) found in ``np.rot90(photo)`` (turned a quarter counterclockwise) in the
    photo's own pixels, ``width`` the photo's: the turned photo's (x, y) is the photo's
    (width - y, x).

    >>> photo = np.zeros((2, 3)); photo[0, 2] = 1  # the pixel whose centre is (2.5, 0.5)
    >>> y, x = np.argwhere(np.rot90(photo))[0]
    >>> quarter_back(np.array([x + 0.5, y + 0.5]), 3).tolist()
    [2.5, 0.5]
    """
    return np.stack([width - corners[..., 1], corners[..., 0]], axis=-1)


def _corners(boxes) -> np.ndarray:
    """The corners (n, 4, 2) of axis boxes (n, 4): TL, TR, BR, BL."""
    b = np.asarray(boxes, float).reshape(-1, 4)
    return np.stack([b[:, [0, 1]], b[:, [2, 1]], b[:, [2, 3]], b[:, [0, 3]]], 1)


def speck_mask(corners: np.ndarray, scores: np.ndarray, share: float = SPECK_AREA,
               sizing: np.ndarray | None = None) -> np.ndarray:
    """Which boxes are far smaller than the photo's tiles: specks of carpet or print, or a far
    tile (a tile folder's ``small_sure`` counts those read sure).

    The tiles of one photo are about one size (one camera distance). The size is taken from
    the detector's surest boxes (score at least 0.8 of the best); a box (corners (n, 4, 2))
    under ``share`` of their median area is a speck. A tile cut off by the photo's edge keeps
    half its size or more. ``sizing``: the boxes that give the size (all where None).

    >>> speck_mask(_corners([[0, 0, 40, 50], [50, 0, 90, 50], [100, 0, 104, 5]]), np.array([0.9, 0.85, 0.6])).tolist()
    [False, False, True]
    """
    if len(corners) < 2:
        return np.zeros(len(corners), bool)
    area = crops.areas(corners)
    sizing = np.ones(len(corners), bool) if sizing is None else sizing
    if not sizing.any():
        return np.zeros(len(corners), bool)
    typical = float(np.median(area[sizing & (scores >= 0.8 * scores[sizing].max())]))
    return area < share * typical


def _inside(own: np.ndarray, other: np.ndarray, area: float) -> float:
    """The share of ``own``'s area (corners (4, 2)) that lies inside ``other``."""
    import cv2

    return cv2.intersectConvexConvex(own.astype(np.float32), other.astype(np.float32))[0] / area


def extent(corners: np.ndarray) -> np.ndarray:
    """The axis boxes (n, 4) that hold corners (n, 4, 2).

    >>> extent(np.array([[[5, 0], [9, 4], [5, 8], [1, 4]]], float)).tolist()
    [[1.0, 0.0, 9.0, 8.0]]
    """
    return np.concatenate([corners.min(axis=1), corners.max(axis=1)], axis=1).reshape(-1, 4)


def apart(corners: np.ndarray, others: np.ndarray, iou: float, share: float = CONTAINED) -> np.ndarray:
    """Which boxes (corners (n, 4, 2)) overlap none of ``others``: their extents under ``iou``,
    neither lying with ``share`` of its area inside the other.

    >>> apart(_corners([[0, 0, 40, 50], [5, 20, 35, 50], [0, 0, 80, 100], [100, 0, 140, 50]]),
    ...       _corners([[2, 0, 42, 50]]), 0.5).tolist()
    [False, False, False, True]
    """
    if not len(corners) or not len(others):
        return np.ones(len(corners), bool)
    held = crops.iou(extent(corners), extent(others)).max(axis=1) >= iou
    holds = np.array([inside_any(others, corners[i:i + 1], share).any() for i in range(len(corners))], bool)
    return ~held & ~inside_any(corners, others, share) & ~holds


def inside_any(corners: np.ndarray, others: np.ndarray, share: float = CONTAINED) -> np.ndarray:
    """Which boxes (corners (n, 4, 2)) lie with at least ``share`` of their area inside one of
    ``others`` (a speck on part of a tile).

    >>> inside_any(_corners([[5, 20, 35, 50], [45, 0, 85, 50]]), _corners([[0, 0, 40, 50]])).tolist()
    [True, False]
    """
    if not len(corners) or not len(others):
        return np.zeros(len(corners), bool)
    area = np.maximum(crops.areas(corners), 1e-9)
    lo, hi, olo, ohi = corners.min(axis=1), corners.max(axis=1), others.min(axis=1), others.max(axis=1)
    # only the boxes whose extents meet are intersected exactly (a carpet's hundreds of specks)
    meet = (np.minimum(hi[:, None], ohi[None]) > np.maximum(lo[:, None], olo[None])).all(axis=2)
    return np.array([any(_inside(corners[i], others[j], area[i]) >= share for j in np.nonzero(meet[i])[0])
                     for i in range(len(corners))], bool)


def drop_contained(corners: np.ndarray, scores: np.ndarray, share: float = CONTAINED) -> tuple[np.ndarray, np.ndarray]:
    """Drop a box that lies mostly inside a surer one: a second box on part of the same tile.

    NMS compares boxes by IoU, so a small box inside a large one survives it; here a box
    (corners (n, 4, 2), axis-aligned or turned) goes when at least ``share`` of its own area
    lies inside a box the detector is surer of.

    >>> b = _corners([[0, 0, 40, 50], [5, 20, 35, 50], [45, 0, 85, 50]])
    >>> drop_contained(b, np.array([0.9, 0.5, 0.8]))[1].tolist()
    [0.9, 0.8]
    """
    keep = uncontained(corners, scores, share)
    return corners[keep], scores[keep]


def uncontained(corners: np.ndarray, scores: np.ndarray, share: float = CONTAINED) -> np.ndarray:
    """The indices, in order, of the boxes ``drop_contained`` keeps."""
    if len(corners) < 2:
        return np.arange(len(corners))
    area = np.maximum(crops.areas(corners), 1e-9)
    lo, hi = corners.min(axis=1), corners.max(axis=1)
    kept: list[int] = []
    for i in np.argsort(-scores, kind="stable"):
        k = np.array(kept, int)
        # only the surer boxes whose extents meet this one's are intersected exactly
        near = k[(np.minimum(hi[i], hi[k]) > np.maximum(lo[i], lo[k])).all(axis=1)] if len(k) else k
        if any(_inside(corners[i], corners[j], area[i]) >= share for j in near):
            continue
        kept.append(int(i))
    return np.sort(np.array(kept, int))


def decode(probs: np.ndarray, copies: int = COPIES, jokers: int = COPIES) -> list[int]:
    """Most likely kinds with at most ``copies`` of each numbered kind and ``jokers`` jokers
    (a deck's limits, ``engine.Rules``): an extra copy moves to its next best kind, the least
    sure copy first.

    >>> p = np.zeros((3, 53)); p[:, 6] = [0.9, 0.8, 0.7]; p[2, 7] = 0.2
    >>> decode(p)
    [6, 6, 7]
    """
    n = len(probs)
    limit = np.full(53, copies)
    limit[JOKER.code] = jokers
    order = np.argsort(-probs, axis=1)
    rank = np.zeros(n, int)
    codes = order[:, 0].copy()
    for _ in range(n * 53):
        counts = np.bincount(codes, minlength=53)
        over = np.nonzero(counts > limit)[0]
        if len(over) == 0:
            break
        k = over[0]
        members = np.nonzero(codes == k)[0]
        weakest = members[np.argmin(probs[members, k])]
        rank[weakest] += 1
        if rank[weakest] >= 53:  # more boxes than the deck has tiles: the rest keep their best
            limit[k] = n
            continue
        codes[weakest] = order[weakest, rank[weakest]]
    return [int(c) for c in codes]


UPSIDE_DOWN = 2 / 3  # the share of a photo's tiles standing upside down that turns the photo round


def _upside_down(reading: Reading) -> bool:
    """Whether most of at least three tiles read point their top down the photo."""
    angles = [d.angle for d in reading.detections if d.angle is not None]
    down = sum(abs(a - 180.0) < 45.0 for a in angles)
    return len(angles) >= 3 and down >= UPSIDE_DOWN * len(angles)


def detector_input(canvas: np.ndarray) -> np.ndarray:
    """A BGR photo (h, w, 3) uint8 as the detector takes it: RGB planes (1, 3, h, w) in [0, 1],
    contiguous. Each plane is copied out whole (OpenCV's split) before the division, 2 ms for
    640x480 where converting the reversed, transposed view took 4-7 ms and handed onnxruntime
    an array it copies again; the same numbers.

    >>> detector_input(np.array([[[0, 51, 255]]], np.uint8)).ravel().tolist()
    [1.0, 0.20000000298023224, 0.0]
    """
    import cv2

    x = np.stack(cv2.split(canvas)[::-1])[None].astype(np.float32)
    x /= 255.0
    return x


def turned_round(image: np.ndarray) -> np.ndarray:
    """The photo turned 180 degrees, contiguous: OpenCV's flip, 12 ms for 12 megapixels where
    numpy's copy of the reversed view takes 120 (three bytes at a time); the same pixels.

    >>> turned_round(np.arange(6, dtype=np.uint8).reshape(2, 3)).tolist()
    [[5, 4, 3], [2, 1, 0]]
    """
    import cv2

    return cv2.flip(image, -1)


def _turned_back(reading: Reading) -> Reading:
    """A reading of the photo turned 180 degrees, its geometry put back in the photo's pixels."""
    w, h = reading.width, reading.height

    def box(b):
        return (w - b[2], h - b[3], w - b[0], h - b[1])

    def back(d: Detection) -> Detection:
        return replace(d, box=box(d.box), indices=tuple(box(b) for b in d.indices),
                       corners=None if d.corners is None else tuple((w - x, h - y) for x, y in d.corners),
                       angle=None if d.angle is None else (d.angle + 180.0) % 360.0)

    return replace(reading, detections=tuple(map(back, reading.detections)),
                   set_aside=tuple(map(back, reading.set_aside)))


def reading_order(dets: list[Detection]) -> list[Detection]:
    """Group boxes into rows (vertical overlap), rows top to bottom, each left to right."""
    return [dets[i] for i in rows_order([d.box for d in dets])]


def rows_order(boxes: list) -> list[int]:
    """The indices of boxes (x1, y1, x2, y2) in reading order: grouped into rows by vertical
    overlap, rows top to bottom, each left to right.

    >>> rows_order([(50, 0, 90, 50), (0, 60, 40, 110), (0, 0, 40, 50), (45, 55, 85, 105)])
    [2, 0, 1, 3]
    """
    rows: list[list[int]] = []
    spans: list[tuple[float, float]] = []  # each row's mean top and bottom, new when a box joins it

    def span(row: list[int]) -> tuple[float, float]:
        return float(np.mean([boxes[r][1] for r in row])), float(np.mean([boxes[r][3] for r in row]))

    for i in sorted(range(len(boxes)), key=lambda i: (boxes[i][1] + boxes[i][3]) / 2):
        y1, y2 = boxes[i][1], boxes[i][3]
        best, best_overlap = None, 0.5
        for k, (ry1, ry2) in enumerate(spans):
            overlap = (min(y2, ry2) - max(y1, ry1)) / max(1e-6, min(y2 - y1, ry2 - ry1))
            if overlap > best_overlap:
                best, best_overlap = k, overlap
        if best is None:
            rows.append([i])
            spans.append(span(rows[-1]))
        else:
            rows[best].append(i)
            spans[best] = span(rows[best])
    rows.sort(key=lambda r: float(np.mean([(boxes[i][1] + boxes[i][3]) / 2 for i in r])))
    return [i for row in rows for i in sorted(row, key=lambda i: boxes[i][0])]


__all__ = ["Detection", "JOKER", "Reader", "Reading", "VisionError", "decode", "load_image", "reading_order", "rows_order"]
