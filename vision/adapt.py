"""Adapt the reader to a user's own tiles from their corrected photos (no torch).

``remi vision adapt`` calls :func:`adapt`. The shipped reader's ONNX has an ``embedding``
output (the 128 numbers its heads read, 256 for a joint reader); here the number and colour
heads are fitted again, in numpy, on the embeddings of the user's tiles, starting from the
shipped heads and pulled back towards them (an L2 penalty on the change), so kinds the user's
photos do not show are read as before. The crops are cut as reading cuts them: from the
detector's own boxes of the labelled tiles, and moved a little as a detector's boxes move. The
detector's boxes that hold no labelled tile teach the "not a tile" class.

Where the detector is what fails (tiles missed, or specks counted), its settings are
calibrated on the same photos: the inference size (how large tiles look to it) and the score
threshold, chosen by the tiles the whole reading gets right, ties to the shipped settings.

The pull back to the shipped heads (``PULL``) was chosen on synthetic sets, never on a real
session, with the oriented reader v7 (fold ``all``; retired since, its recipe's ``pull`` stage
is in git history at 0c02b80): adapting it on 2 photos of tests/vision/test_adapt.py's
out-of-pool edition (seeds 1 and 5) and reading 18 more photos (201 tiles), right less extra
boxes: shipped heads 93, pull 0.05 112, 0.3 130, 1.0 144, 3.0 130; on 4 train-pool tables
(256 tiles) 250 as shipped, 247, 249, 250, 250. Twelve crops a tile instead of six: 142.

The result is a models folder (``vision.json``, the ONNX files, ``adapted-head.npz``) that
``Reader(models=DIR)`` reads; the shipped models stay the default.
"""

from __future__ import annotations

import shutil
import time
from dataclasses import dataclass, field
from gettext import NullTranslations
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from remi.engine import Tile
from remi.engine.messages import ENGLISH, Reason, sentence
from remi.vision import crops
from remi.vision.errors import VisionError
from remi.vision.settings import ModelSettings, detector_weights, reader_weights

HEAD = "adapted-head.npz"
COPIES = 6  # crops a labelled tile: as the detector cuts it, and moved a little
PULL = 1.0  # the L2 pull back to the shipped heads: chosen on synthetic sets, never a session (below)
STEPS = 300
SIZES = (480, 640, 800, 960)  # detector inference sizes tried
SCORES = (0.15, 0.25, 0.35)  # detector score thresholds tried

Example = tuple[str, np.ndarray, Sequence[Tile], np.ndarray]
Progress = Callable[[int, int, Reason], None] | None


def adapt(examples: Sequence[Example], out: Path, *, base: Path | None = None, progress: Progress = None,
          seed: int = 0, detector: bool | None = None, network: bool | None = None) -> dict:
    """Fit the reader's heads (and the detector's settings) to labelled photos; write the
    models folder ``out``. ``examples``: (name, BGR image, tiles, boxes (n, 4) in the image's
    pixels). ``detector``: fine-tune the detector's weights too (:func:`adapt_detector`;
    default: when the training extra is installed); ``network``: the reader's network too
    (:func:`adapt_network`; the same default). Returns the figures (JSON-able): photos,
    tiles, what changed, and the tiles the whole reading gets right on the examples before and
    after."""
    from remi.vision.reader import Reader, models_dir

    base = Path(base or models_dir())
    reader = Reader(base)
    if "embedding" not in reader.outputs or not reader.settings.reader_head:
        raise VisionError("vision.not_adaptable", folder=str(base))
    variant = "simple" if reader.kind == "cards" else None  # a card folder's words name cards
    examples = _checked(examples, variant)
    extra = training_extra()
    detector = extra if detector is None else detector
    network = extra if network is None else network
    unweighted = detector and not detector_weights(base).is_file()  # a folder shipped without its .pt
    total = len(examples) + 3 + (DETECTOR_STEPS if detector and not unweighted else 0) + (NETWORK_STEPS if network else 0)
    step = _stepper(progress, total)
    rng = np.random.default_rng(seed)
    before = reading_score(reader, examples)
    step(Reason("adapt.step_read"))
    emb, number, colour, shots = [], [], [], []
    for name, image, tiles, boxes in examples:
        shots.append(tile_crops(reader, rng, image, tiles, boxes))
        e, n, c = _embedded(reader, *shots[-1])
        emb.append(e)
        number.append(n)
        colour.append(c)
        step(Reason("adapt.step_crops", name=name))
    head0 = dict(np.load(base / reader.settings.reader_head))
    verdict, split_head = heads_verdict(reader, examples, (emb, number, colour), head0)
    head = fit_heads(np.concatenate(emb), np.concatenate(number), np.concatenate(colour), head0) \
        if verdict["adopted"] else None
    reader.head = head
    step(Reason("adapt.step_heads"))
    settings = _calibrate(reader, examples)
    _write(Path(out), base, reader.settings.to_dict(), head, settings, examples)
    step(Reason("adapt.step_written"))
    if not network:  # left out as asked (--no-network), or no torch to do it with
        tuned = Verdict("adapt.network_skipped" if extra else NETWORK_WITHOUT_EXTRA.code)
    elif reader.kind == "cards":  # its rehearsal draws tiles: a card reader would learn tiles
        tuned = Verdict("adapt.network_tiles_only")
    elif not reader_weights(base).is_file():
        tuned = Verdict("adapt.network_no_weights", {"path": str(reader_weights(base))})
    else:
        tuned = adapt_network(examples, shots, Path(out), base, seed=seed, step=step,
                              split_head=split_head if verdict["adopted"] else None)
    if unweighted:
        weights = Verdict("adapt.detector_no_weights", {"path": str(detector_weights(base))})
    elif detector:
        weights = adapt_detector(examples, Path(out), base, seed=seed, step=step)
    else:  # left out as asked (--no-detector), or no torch to do it with
        weights = Verdict("adapt.detector_skipped" if extra else WITHOUT_EXTRA_VERDICT.code,
                          {"variant": variant} if variant else {})
    after = reading_score(Reader(Path(out)), examples)
    return {"photos": len(examples), "tiles": int(sum(len(t) for _, _, t, _ in examples)),
            "crops": int(sum(len(n) for n in number)), "detector": settings, "detector_weights": weights.said(),
            "detector_verdict": weights.as_dict(), "network_words": tuned.said(), "network_verdict": tuned.as_dict(),
            "reader_heads": verdict, "reader_words": heads_words(verdict),
            "right_before": before, "right_after": after, "models": str(out)}


def heads_verdict(reader, examples: Sequence[Example], parts, head0: dict) -> tuple[dict, dict]:
    """Whether the fitted heads are kept (issue 38: adapting must never make a table read
    worse), and the heads fitted for that check. Few photos are too few for a fair check, so
    the heads are fitted on the photos not held back (:func:`held_back`) and kept only if those
    photos then read better and the held back ones no worse; the heads kept are then fitted on
    every photo. The figures are tiles read right less extra boxes, shipped heads against
    fitted ones."""
    emb, number, colour = parts
    held, fit = held_back(examples)
    fit_at = [i for i in range(len(examples)) if i % 3 != 1]
    trial = fit_heads(*(np.concatenate([part[i] for i in fit_at]) for part in (emb, number, colour)), head0)
    scores = {}
    for name, head in (("shipped", None), ("fitted", trial)):
        reader.head = head
        scores[name] = (reading_score(reader, fit), reading_score(reader, held))
    reader.head = None
    adopted = scores["fitted"][0] > scores["shipped"][0] and scores["fitted"][1] >= scores["shipped"][1]
    return {"adopted": bool(adopted), "fitted_on": [e[0] for e in fit], "held_back": [e[0] for e in held],
            "fitted_right": [scores["shipped"][0], scores["fitted"][0]],
            "held_back_right": [scores["shipped"][1], scores["fitted"][1]],
            "variant": "simple" if reader.kind == "cards" else None}, trial


def heads_words(verdict: dict, words: NullTranslations | None = ENGLISH) -> str:
    """The verdict of :func:`heads_verdict` in one line, in English (the JSON's ``reader_words``)
    or in ``words``' language (None: the reader's, ``engine.messages.READER``)."""
    fit, held = verdict["fitted_right"], verdict["held_back_right"]
    code = "adapt.reader_adapted" if verdict["adopted"] else "adapt.reader_kept"
    fields = {"fitted_on": ", ".join(verdict["fitted_on"]), "fitted_before": fit[0], "fitted_after": fit[1],
              "held_back": ", ".join(verdict["held_back"]), "held_before": held[0], "held_after": held[1],
              "variant": verdict.get("variant")}
    return sentence(code if verdict["held_back"] else code + "_none_held", fields, words)


@dataclass(frozen=True)
class Verdict:
    """What became of the detector: a code of ``engine.messages_vision`` and its figures (JSON:
    ``detector_verdict``), worded in English for the JSON's ``detector_weights`` and in the
    reader's language at the command line."""

    code: str
    figures: dict = field(default_factory=dict)

    def said(self, words: NullTranslations | None = ENGLISH) -> str:
        return sentence(self.code, self.figures, words)

    def as_dict(self) -> dict:
        return {"code": self.code, **self.figures}


DETECTOR_STEPS = 4  # augment, fine-tune, export, check
NETWORK_STEPS = 3  # the network of the check, the one fitted on every photo, the check
WITHOUT_EXTRA_VERDICT = Verdict("adapt.detector_without_extra")
WITHOUT_EXTRA = WITHOUT_EXTRA_VERDICT.said()
NETWORK_WITHOUT_EXTRA = Verdict("adapt.network_without_extra")


def training_extra() -> bool:
    """Whether torch and Ultralytics are installed (the ``train`` extra)."""
    import importlib.util

    try:
        return all(importlib.util.find_spec(m) is not None for m in ("torch", "ultralytics"))
    except ValueError:  # a module set to None in sys.modules: blocked, as not installed
        return False


def held_back(examples: Sequence[Example]) -> tuple[list[Example], list[Example]]:
    """(held back, fitted): one photo in three, from the second on, is kept out of the
    detector's fitting to check it; with one photo there is nothing to check on.

    >>> held, fit = held_back([("a",), ("b",), ("c",), ("d",)])
    >>> [e[0] for e in held], [e[0] for e in fit]
    (['b'], ['a', 'c', 'd'])
    """
    held = list(examples[1::3])
    return held, [e for i, e in enumerate(examples) if i % 3 != 1]


def adapt_detector(examples: Sequence[Example], out: Path, base: Path, *, seed: int = 0, step=None) -> Verdict:
    """Fine-tune the detector on the photos not held back and put it in ``out`` only if the
    held-back photos read at least as well as with the detector ``out`` has, and the sample
    photos at least as many right (the harm guard); returns what was done, as a Verdict."""
    import tempfile

    from remi.vision.reader import Reader
    from remi.vision.training.detector_adapt import fine_tune

    step = step or (lambda what: None)
    held, fit = held_back(examples)
    if not held:
        return Verdict("adapt.detector_none_held")
    settings = ModelSettings.read(out)
    meta = settings.to_dict()
    with tempfile.TemporaryDirectory(prefix="remi-adapt-") as work:
        onnx = fine_tune(fit, base, Path(work), seed=seed, progress=step)
        candidate = Path(work) / "candidate"
        shutil.copytree(out, candidate)
        shutil.copy(onnx, candidate / meta["detector"])
        old, new = Reader(out), Reader(candidate)
        scores = [reading_score(r, held) for r in (old, new)]
        step(Reason("adapt.step_checked"))
        names = ", ".join(name for name, *_ in held)
        figures = {"held_back": names, "before": scores[0], "after": scores[1]}
        samples = [0, 0]
        if old.kind == "cards":  # no card sample photos ship: the held-back photos are the check
            figures["variant"] = "simple"
        else:
            samples = [samples_read_right(r) for r in (old, new)]
            figures.update({"samples_before": samples[0], "samples_after": samples[1]})
        if scores[1] < scores[0] or samples[1] < samples[0]:
            return Verdict("adapt.detector_kept", figures)
        shutil.copy(onnx, out / meta["detector"])
    adapted = {**(settings.adapted or {}), "detector": {
        "fitted_on": [name for name, *_ in fit], "held_back": [name for name, *_ in held],
        "held_back_right": {"before": scores[0], "after": scores[1]}}}
    settings.but(adapted=adapted).write(out)
    return Verdict("adapt.detector_tuned", {**figures, "count": len(fit)})  # count: "1 photo", "7 photos"


def adapt_network(examples: Sequence[Example], shots: Sequence, out: Path, base: Path, *, seed: int = 0,
                  step=None, split_head: dict | None = None) -> Verdict:
    """Fine-tune the reader's network (``vision.training.reader_adapt``) on the crops
    (``shots``, one (crops, numbers, colours) an example) of the photos not held back
    (:func:`held_back`), and keep it only if the held-back photos read at least as well as with
    what ``out`` has fitted on those same photos: ``split_head``, the heads fitted on them for
    their own check (:func:`heads_verdict`), where ``out`` has adapted heads, else the shipped
    ones. (Against ``out``'s heads, fitted on every photo, the held-back photo judged heads that
    had learnt it against a network that had not.) The network then fitted on every photo is
    kept if it also reads the sample photos at least as well. (Checking each way, every photo
    held back once, kept fewer good networks: models/README.md's history in the diary.)"""
    import tempfile

    from remi.vision.reader import Reader
    from remi.vision.training.reader_adapt import fine_tune

    step = step or (lambda what: None)
    held, fit = held_back(examples)
    if not held:
        return Verdict("adapt.network_none_held")
    settings = ModelSettings.read(out)
    onnx = settings.reader
    with tempfile.TemporaryDirectory(prefix="remi-adapt-") as work:
        def tuned(at: Sequence[int], name: str) -> Path:
            folder = Path(work) / name
            shutil.copytree(out, folder)
            x, number, colour = (np.concatenate([shots[i][k] for i in at]) for k in range(3))
            fine_tune(reader_weights(base), x, number, colour, folder / onnx, seed=seed)
            settings.but(head=None).write(folder)  # the network reads with its own heads
            step(Reason("adapt.step_network"))
            return folder

        old, judge = Reader(out), Reader(out)
        judge.head = split_head  # out's reading, its heads learnt from the photos the trial learns from
        trial = tuned([i for i in range(len(examples)) if i % 3 != 1], "trial")  # held_back's split
        scores = [reading_score(r, held) for r in (judge, Reader(trial))]
        # a network the held-back photos refuse is not fitted again on every photo: the samples
        # are then read with the one they refused, for the verdict's figures
        final = tuned(range(len(examples)), "final") if scores[1] >= scores[0] else trial
        samples = [samples_read_right(r) for r in (old, Reader(final))]
        step(Reason("adapt.step_checked"))
        figures = {"held_back": ", ".join(name for name, *_ in held), "before": scores[0], "after": scores[1],
                   "samples_before": samples[0], "samples_after": samples[1]}
        if scores[1] < scores[0] or samples[1] < samples[0]:
            return Verdict("adapt.network_kept", figures)
        shutil.copy(final / onnx, out / onnx)
    adapted = {**(settings.adapted or {}), "network": {
        "fitted_on": [name for name, *_ in examples], "held_back": [name for name, *_ in held],
        "held_back_right": {"before": scores[0], "after": scores[1]}}}
    settings.but(head=None, adapted=adapted).write(out)
    (out / HEAD).unlink(missing_ok=True)
    return Verdict("adapt.network_tuned", {**figures, "photos": len(examples)})


def samples_read_right(reader) -> int:
    """Sample photos (samples/photos of a checkout: NAME.jpg with its tiles in NAME.txt) read
    exactly right, in reading order; 0 where the samples are not there (an installed wheel)."""
    from remi.engine import Tile
    from remi.vision.reader import load_image

    folder = Path(__file__).resolve().parents[1] / "samples" / "photos"
    right = 0
    for photo in sorted(folder.glob("*.jpg")):
        truth = [str(Tile.parse(t)) for t in photo.with_suffix(".txt").read_text().split()]
        right += int([str(t) for t in reader.read(load_image(photo)).tiles] == truth)
    return right


def _checked(examples: Sequence[Example], variant: str | None = None) -> list[Example]:
    out = []
    for name, image, tiles, boxes in examples:
        boxes = np.asarray(boxes, float).reshape(-1, 4)
        if len(boxes) != len(tiles):
            raise VisionError("vision.example_boxes", name=name, tiles=len(tiles), boxes=len(boxes))
        if image is None or image.ndim != 3:
            raise VisionError("vision.example_not_colour", name=name)
        out.append((name, image, list(tiles), boxes))
    if not any(len(t) for _, _, t, _ in out):
        raise VisionError("vision.nothing_to_adapt", variant=variant)
    return out


def _stepper(progress: Progress, total: int):
    done = [0]

    def step(what: Reason) -> None:
        done[0] += 1
        if progress is not None:
            progress(done[0], total, what)

    return step


def _match(found: np.ndarray, truth: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each labelled box, the detector box that covers it (IoU >= 0.5) or -1; and the
    detector boxes that cover no labelled tile at all (IoU < 0.3)."""
    from remi.vision.crops import iou

    if len(found) == 0 or len(truth) == 0:
        return np.full(len(truth), -1), np.ones(len(found), bool)
    m = iou(truth, found)
    pick = np.full(len(truth), -1)
    used: set[int] = set()
    for t in np.argsort(-m.max(1)):
        for f in np.argsort(-m[t]):
            if m[t, f] < 0.5:
                break
            if int(f) not in used:
                pick[t] = int(f)
                used.add(int(f))
                break
    return pick, m.max(0) < 0.3


def _embedded(reader, x: np.ndarray, number: np.ndarray, colour: np.ndarray):
    """The reader's embeddings of crops (:func:`tile_crops`), with their labels."""
    if not len(x):  # the embedding's width is the reader's: 128, a joint reader's 256
        width = next(o.shape[1] for o in reader.cls.get_outputs() if o.name == "embedding")
        return np.zeros((0, width), np.float32), number, colour
    return reader._heads(x)[2], number, colour


def tile_crops(reader, rng: np.random.Generator, image, tiles, truth):
    """Crops (float NCHW) and labels of an example: each labelled tile ``COPIES`` times (cut
    along the detector's box where it found the tile, else along the label's box), and the
    detector's boxes of no tile."""
    from remi.vision.crops import BACKGROUND, jitter_corners, labels_of

    boxes, _, corners = _boxes_at(reader, image, reader.conf * 0.5)
    corners = reader.look(image, boxes, corners).corners  # the corners reading cuts along
    pick, empty = _match(boxes, truth)
    cut, number, colour, vary = [], [], [], []
    for tile, box, f in zip(tiles, truth, pick):
        c0 = corners[f] if f >= 0 else crops.box_corners(box)
        n, c = labels_of(tile)
        for k in range(COPIES):
            cut.append(c0 if k == 0 else jitter_corners(rng, c0, 0.03))
            number.append(n)
            colour.append(c)
            vary.append(k >= 2)  # the first two as photographed, the rest as the table may look
    cut += list(corners[empty])
    number += [BACKGROUND] * int(empty.sum())
    colour += [-1] * int(empty.sum())
    vary += [False] * int(empty.sum())
    if not cut:
        return np.zeros((0, 3, reader.crop, reader.crop), np.float32), np.zeros(0, int), np.zeros(0, int)
    cut = np.array(cut)
    x = crops.batch(image, [tuple(b) for b in np.concatenate([cut.min(1), cut.max(1)], 1)], size=reader.crop)
    x[np.array(vary)] = varied(rng, x[np.array(vary)])
    return x, np.array(number), np.array(colour)


def varied(rng: np.random.Generator, x: np.ndarray) -> np.ndarray:
    """Crops (float NCHW in 0..1) as the same table may look on another evening (issue 38):
    lighter or darker, a warm or cool cast, paler colours, and seen smaller or softer (shrunk
    to 16-32 px and blown back up: farther, or out of focus).

    >>> x = np.full((3, 3, 40, 40), 0.5, np.float32)
    >>> y = varied(np.random.default_rng(0), x)
    >>> y.shape == x.shape and 0 <= y.min() and y.max() <= 1 and not np.allclose(x, y)
    True
    """
    import cv2

    n = len(x)
    gain = rng.uniform(0.65, 1.3, (n, 1, 1, 1))
    cast = rng.uniform(0.85, 1.15, (n, 3, 1, 1))
    grey = x.mean(1, keepdims=True)
    pale = rng.uniform(0.6, 1.0, (n, 1, 1, 1))
    out = (grey + (x - grey) * pale) * gain * cast + rng.uniform(-0.08, 0.08, (n, 1, 1, 1))
    for i in np.nonzero(rng.random(n) < 0.5)[0]:
        side = int(rng.integers(16, 33)) * x.shape[-1] // 40  # of a 40 px crop: 80 px ones shrink as far
        small = cv2.resize(out[i].transpose(1, 2, 0), (side, side), interpolation=cv2.INTER_AREA)
        out[i] = cv2.resize(small, x.shape[2:][::-1], interpolation=cv2.INTER_LINEAR).transpose(2, 0, 1)
    return np.clip(out, 0, 1).astype(np.float32)


def _boxes_at(reader, image, conf: float):
    keep = reader.conf
    try:
        reader.conf = conf
        return reader.boxes(image)
    finally:
        reader.conf = keep


def fit_heads(emb: np.ndarray, number: np.ndarray, colour: np.ndarray, head0: dict, pull: float = PULL,
              steps: int = STEPS) -> dict:
    """Multinomial logistic heads on the embeddings, started at ``head0`` and pulled back to
    it by ``pull`` x (number of crops) x the squared change (Adam, full batch, numpy).

    >>> rng = np.random.default_rng(0)
    >>> h0 = {"number_weight": np.zeros((15, 4)), "number_bias": np.zeros(15),
    ...       "colour_weight": np.zeros((4, 4)), "colour_bias": np.zeros(4)}
    >>> x = np.eye(4)[[0, 1, 2, 3] * 5] + rng.normal(0, 0.05, (20, 4))
    >>> h = fit_heads(x, np.array([1, 2, 3, 4] * 5), np.array([0, 1, 2, 3] * 5), h0, pull=0.001)
    >>> (x @ h["number_weight"].T + h["number_bias"]).argmax(1)[:4].tolist()
    [1, 2, 3, 4]
    """
    out = {k: np.asarray(v, np.float64).copy() for k, v in head0.items()}
    for name, y in (("number", number), ("colour", colour)):
        keep = y >= 0
        if keep.any():
            w, b = _fit(emb[keep].astype(np.float64), y[keep], out[f"{name}_weight"], out[f"{name}_bias"], pull, steps)
            out[f"{name}_weight"], out[f"{name}_bias"] = w, b
    return {k: v.astype(np.float32) for k, v in out.items()}


def _fit(x: np.ndarray, y: np.ndarray, w0: np.ndarray, b0: np.ndarray, pull: float, steps: int):
    n, k = len(x), len(b0)
    onehot = np.eye(k)[y]
    w, b = w0.copy(), b0.copy()
    mw, vw, mb, vb = (np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b))
    lr, beta1, beta2 = 0.01, 0.9, 0.999
    for t in range(1, steps + 1):
        z = x @ w.T + b
        z -= z.max(1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(1, keepdims=True)
        g = (p - onehot) / n
        gw = g.T @ x + pull * (w - w0)
        gb = g.sum(0) + pull * (b - b0)
        for param, grad, m, v in ((w, gw, mw, vw), (b, gb, mb, vb)):
            m *= beta1
            m += (1 - beta1) * grad
            v *= beta2
            v += (1 - beta2) * grad * grad
            param -= lr * (m / (1 - beta1 ** t)) / (np.sqrt(v / (1 - beta2 ** t)) + 1e-8)
    return w, b


def reading_score(reader, examples, kinds: bool = True) -> int:
    """Tiles of the examples the whole reading gets right (a box at IoU >= 0.5, the right
    kind; with ``kinds=False`` any kind: the detector's part), less the boxes it counts that
    hold no labelled tile."""
    from remi.vision.evaluate import match

    right = extra = 0
    for _, image, tiles, truth in examples:
        reading = reader.read(image)
        pb = np.array([d.box for d in reading.detections]).reshape(-1, 4)
        pk = np.array([d.tile.code for d in reading.detections], int)
        ps = np.array([d.confidence * d.box_confidence for d in reading.detections])
        tp, used = match(pb, pk, ps, truth, [t.code for t in tiles], 0.5, same_kind=kinds)
        right += int(used.sum())
        extra += int(len(pk) - tp.sum())
    return right - extra


def _calibrate(reader, examples) -> dict:
    """The detector's inference size and score threshold, changed only where the detector is
    what fails: another setting must find at least max(2, 5 %) more of the labelled tiles
    (less extra boxes) than the shipped one. Two photos are little to go on: on rummy4 (the
    fold of the oriented reader v7, since retired, that never saw it) a one-tile margin chose
    480 px and 0.15 and missed twice as many tiles on the other 91 photos."""
    tiles = sum(len(t) for _, _, t, _ in examples)
    shipped = (reader.imgsz, reader.conf)
    need = reading_score(reader, examples, kinds=False) + max(2, int(np.ceil(0.05 * tiles)))
    best = (need - 1, reader.imgsz, reader.conf)
    if reader.rect:  # a detector with free input size can look at the photo larger or smaller
        for size in SIZES:
            for conf in SCORES:
                if (size, conf) == shipped:
                    continue
                reader.imgsz, reader.conf = size, conf
                s = reading_score(reader, examples, kinds=False)
                if s > best[0]:
                    best = (s, size, conf)
    reader.imgsz, reader.conf = best[1], best[2]
    return {"imgsz": int(best[1]), "conf": float(best[2]), "shipped_imgsz": int(shipped[0]),
            "shipped_conf": float(shipped[1])}


def _write(out: Path, base: Path, meta: dict, head: dict | None, settings: dict, examples) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for key in ("detector", "reader"):
        src, dst = base / meta[key], out / meta[key]
        if src.resolve() != dst.resolve():
            shutil.copy(src, dst)
    new = {k: v for k, v in meta.items() if k not in ("detector_pt", "head")}
    if head is not None:  # None: the shipped heads were kept (heads_verdict)
        np.savez(out / HEAD, **head)
        new["head"] = HEAD
    new.update({"imgsz": settings["imgsz"], "conf": settings["conf"],
                "adapted": {"from": str(base), "photos": [name for name, _, _, _ in examples],
                            "tiles": int(sum(len(t) for _, _, t, _ in examples)),
                            "when": time.strftime("%Y-%m-%d %H:%M")}})
    if meta.get("reader_head") and (base / meta["reader_head"]).exists():
        shutil.copy(base / meta["reader_head"], out / meta["reader_head"])
    ModelSettings.from_dict(new).write(out)
