"""The tile reader: a small CNN that reads a tile crop's number (or joker) and colour. Its trunk
is seven convolutions learned here (the shipped reader v6) or the first layers of the
COCO-trained YOLOv5n (candidate v8, research/vision-diary.md: it reads editions never trained on far
better, its orientation head not yet well enough to ship).

Heads on one trunk: number (index 0 = joker, 1..13, and 14 = "not a tile" when the reader has
the background class), colour (engine order k b r y) and, in readers that have it, orientation
(upright, turned 180 degrees). The background class lets the reader turn down the detector's
boxes on carpet, clutter or between two tiles; the orientation head tells a photo taken upside
down from one taken upright, by the vote of all its tiles. Trained with
torch on crops cut from synthetic scenes and the real training photos, exported to ONNX;
inference (``vision.reader``) needs only onnxruntime. torch is imported lazily.
"""

from __future__ import annotations

import time
import warnings
from pathlib import Path

import numpy as np

from remi.engine.messages import Reason
from remi.vision.crops import BACKGROUND, SIZE

NUMBERS = 14  # joker + 1..13
#: the sides a reader's crop may have: 40 (blown up to 80 inside the COCO trunk) or 80, cut from
#: the photo at the size the trunk reads (reader v22, models/README.md); the side is the reader's
#: ONNX input, which ``vision.reader`` cuts by
CROPS = (SIZE, 2 * SIZE)
FLIPPED = 0.25  # the share of training crops turned 180 degrees for the orientation head
LOW_SIDES = (10, 26)  # px a crop may be shrunk to by the low-resolution augmentation
# How far a crop is redrawn as another face would print it (:func:`_face_shapes`, reader v37):
# condensed to extended faces (the width 0.75-1.3 times), upright to italic (a shear of a quarter,
# about 14 degrees) and light to bold (a blend toward strokes a pixel thicker each side, or 0.6 of
# one toward a pixel thinner: a thin stroke thinned the whole way fades out, seen on a sheet of 80).
FACE_WIDTHS = (0.75, 1.3)
FACE_SLANT = 0.25
FACE_WEIGHTS = (-0.6, 1.0)


#: The reader's trunk starts from this many layers of the COCO-trained YOLOv5n (issue 26):
#: Conv, Conv, C3, Conv, C3 -> 64 channels at stride 8 (../shared/pretrained/README.md).
COCO_LAYERS = 5


def coco_trunk(pretrained: Path | None = None, blow_up: bool = True):
    """Crops in, 128 numbers out: the 40x40 crop blown up to 80x80 (so that a digit's stroke or
    a suit pip spans a few feature cells at stride 8), YOLOv5n's first :data:`COCO_LAYERS`
    layers, two conv blocks. Without ``blow_up`` the crop is cut at 80x80 from the photo itself
    (:data:`CROPS`: the photo's own pixels, not 40 of them blown up); its layers are the same.
    With ``pretrained`` (the COCO state dict) those layers start from
    COCO and every one of their tensors must fit, or the file is refused: a silent partial load
    would train from scratch under a pretrained name."""
    import torch
    from torch import nn
    from ultralytics.nn.tasks import DetectionModel

    from remi.engine import RemiError

    stem = DetectionModel("yolov5n.yaml", nc=1, verbose=False).model[:COCO_LAYERS]
    if pretrained is not None:
        sd = torch.load(pretrained, map_location="cpu", weights_only=True)
        own = stem.state_dict()
        taken = {k.split(".", 1)[1]: v for k, v in sd.items()
                 if k.startswith("model.") and int(k.split(".")[1]) < COCO_LAYERS}
        if set(taken) != set(own) or any(own[k].shape != v.shape for k, v in taken.items()):
            raise RemiError("vision.layers_misfit", path=str(pretrained), last_layer=COCO_LAYERS - 1,
                            taken=len(taken), count=len(own))
        stem.load_state_dict(taken)
    first = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False) if blow_up else nn.Identity()
    return nn.Sequential(first, *stem,
                         _block(64, 128), nn.MaxPool2d(2), _block(128, 128),
                         nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2))


def joint_trunk(blow_up: bool = True, parts: int = 2):
    """COCO trunks on one crop, their 128 numbers each put side by side (128 a trunk): reader
    v13, v8.3.1's and v12's trunks reading together; reader v29, four (:func:`joint`)."""
    import torch
    from torch import nn

    class JointTrunk(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.parts = nn.ModuleList([coco_trunk(blow_up=blow_up) for _ in range(parts)])

        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.cat([part(x) for part in self.parts], 1)

    return JointTrunk()


def halved(trunk):
    """``trunk`` (a ``Sequential``) reading a crop of twice the side it was trained on, shrunk by
    half first (2x2 means: the 40 px crop it knew, near enough), its tensors named as before."""
    import torch.nn.functional as F
    from torch import nn

    class Halved(nn.Sequential):
        def forward(self, x):
            return super().forward(F.avg_pool2d(x, 2))

    return Halved(*trunk)


def _block(cin: int, cout: int):
    from torch import nn

    return nn.Sequential(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


def conv7_trunk():
    """Crops in, 128 numbers out: seven convolutions learned here from scratch (the shipped
    reader v6's trunk)."""
    from torch import nn

    return nn.Sequential(_block(3, 24), _block(24, 24), nn.MaxPool2d(2),
                         _block(24, 48), _block(48, 48), nn.MaxPool2d(2),
                         _block(48, 96), _block(96, 96), nn.MaxPool2d(2),
                         _block(96, 128), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2))


#: The orientation head on a grid reads the trunk's last feature map pooled to GRID x GRID, so
#: it sees where things lie in the crop (a digit's top or foot), which one pooled vector hides.
GRID = 2


def build(numbers: int = NUMBERS + 1, orient: bool = True, trunk: str = "conv7", pretrained: Path | None = None,
          grid: bool = False, orient_trunk: str | None = None, crop: int = SIZE, parts: int = 2):
    """The reader: a trunk and its heads. ``trunk`` "conv7" (:func:`conv7_trunk`, shipped v6's),
    "coco" (:func:`coco_trunk`, candidate v8's, research/vision-diary.md) or "joint" (``parts``
    COCO trunks, 128 numbers each: :func:`joint_trunk`, made by :func:`joint`); ``pretrained`` (the COCO
    state dict) means "coco" with COCO's weights. ``grid``: the orientation head reads the
    feature map on a :data:`GRID` grid instead of the pooled 128 numbers. ``orient_trunk``
    ("conv7" or "coco"): the orientation head reads a second trunk of its own, on the same
    crop (reader v8.3: the COCO trunk reads number and colour, v6's conv7 orientation). ``crop``
    (:data:`CROPS`): the crop's side; at 80 the COCO trunk reads it as cut and a conv7
    orientation trunk reads it halved (:func:`halved`); a conv7 trunk reads only 40."""
    import torch
    import torch.nn.functional as F
    from torch import nn

    if trunk not in ("conv7", "coco", "joint"):
        raise ValueError(f"trunk {trunk!r}: conv7, coco or joint")
    if (orient_trunk or "conv7") not in ("conv7", "coco"):
        raise ValueError(f"orientation trunk {orient_trunk!r}: conv7 or coco")
    if trunk == "joint" and (grid or pretrained is not None):
        raise ValueError("a joint trunk is made of two trained readers (joint), with a pooled head")
    if orient_trunk and (grid or not orient):
        raise ValueError("an orientation trunk of its own needs the orientation head, pooled (grid=False)")
    coco = trunk == "coco" or pretrained is not None
    if crop not in CROPS:
        raise ValueError(f"crops of {crop} px: a reader reads {' or '.join(map(str, CROPS))}")
    blow_up = crop == SIZE
    if not blow_up and not coco and trunk != "joint":
        raise ValueError(f"a conv7 trunk reads {SIZE} px crops, not {crop}")

    class TileReader(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            width = 128 * parts if trunk == "joint" else 128
            self.crop = crop
            self.trunk = (joint_trunk(blow_up, parts) if trunk == "joint" else coco_trunk(pretrained, blow_up) if coco
                          else conv7_trunk())
            self.number = nn.Linear(width, numbers)
            self.colour = nn.Linear(width, 4)
            own = 128 if orient_trunk else width * (GRID * GRID if grid else 1)
            self.orient = nn.Linear(own, 2) if orient else None
            if orient_trunk:
                self.orient_trunk = (coco_trunk(blow_up=blow_up) if orient_trunk == "coco"
                                     else conv7_trunk() if blow_up else halved(conv7_trunk()))
            if not blow_up:  # saved with the weights, so that a loaded reader knows its crop
                self.register_buffer("crop_size", torch.tensor(crop))

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
            return tuple(torch.softmax(t, 1) for t in self.logits(x))

        def logits(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
            if orient_trunk:
                f = self.trunk(x)
                return self.number(f), self.colour(f), self.orient(self.orient_trunk(x))
            if not grid or self.orient is None:
                f = self.trunk(x)
                heads = (self.number(f), self.colour(f))
                return heads + (self.orient(f),) if self.orient is not None else heads
            fmap = self.trunk[:-3](x)  # both trunks end in pool, flatten, dropout
            f = self.trunk[-3:](fmap)
            # both trunks end on a 5x5 map: windows of 3 a step of 2 give its 2x2 overlapping
            # quarters (ONNX exports no adaptive pool to a size that does not divide the map)
            return self.number(f), self.colour(f), self.orient(F.avg_pool2d(fmap, 3, 2).flatten(1))

    return TileReader()


def load(state_path: Path, numbers: int = NUMBERS + 1, orient: bool = True, grid: bool | None = None,
         crop: int | None = None):
    """A reader from a saved state dict, of the trunk it was saved with (the COCO trunk's first
    layer is ``trunk.1``, after the blow-up). A reader saved without the background class (14
    numbers) gets one: its other weights are kept and the new class starts unlikely; one
    saved without the orientation head, or asked for a ``grid`` head it lacks, gets a fresh
    one (to be trained). ``crop``: the side of the crops it is to read (:data:`CROPS`); None
    keeps the one it was saved with (a 40 px reader resumed on 80 px crops: reader v22)."""
    import torch

    state = torch.load(state_path, map_location="cpu")
    saved = state["number.weight"].shape[0]
    paired = _trunk_of(state, "orient_trunk.") if "orient.weight" in state else None
    saved_grid = "orient.weight" in state and not paired and state["orient.weight"].shape[1] != state["number.weight"].shape[1]
    grid = saved_grid if grid is None else grid
    crop = crop_of(state) if crop is None else crop
    net = build(numbers, orient, trunk=_trunk_of(state, "trunk."), grid=grid, orient_trunk=paired, crop=crop,
                parts=_parts_of(state))
    state = {k: v for k, v in state.items() if k != "crop_size"} | (
        {"crop_size": torch.tensor(crop)} if crop != SIZE else {})
    if orient and grid != saved_grid:
        state = {k: v for k, v in state.items() if not k.startswith("orient.")}
    if orient and "orient.weight" not in state:
        state = {**state, "orient.weight": net.orient.weight.detach().clone(),
                 "orient.bias": net.orient.bias.detach().clone()}
    if saved < numbers:
        w, b = net.number.weight.detach().clone(), net.number.bias.detach().clone()
        w[:saved], b[:saved] = state["number.weight"], state["number.bias"]
        w[saved:] *= 0.1
        b[saved:] = -2.0
        state = {**state, "number.weight": w, "number.bias": b}
    net.load_state_dict(state)
    return net


def crop_of(state: dict) -> int:
    """The side of the crops a saved reader reads (:data:`CROPS`): 40 unless it says otherwise."""
    return int(state["crop_size"]) if "crop_size" in state else SIZE


def saved_crop(state_path: Path) -> int:
    """The side of the crops the reader saved at ``state_path`` reads (:func:`crop_of`)."""
    import torch

    return crop_of(torch.load(state_path, map_location="cpu"))


def saved_embedding(state_path: Path) -> int:
    """How many numbers the embedding of the reader saved at ``state_path`` holds (what its
    heads read): 128 a COCO trunk, 128 more for each trunk beside it (:func:`joint`)."""
    import torch

    return int(torch.load(state_path, map_location="cpu")["number.weight"].shape[1])


def _trunk_of(state: dict, prefix: str) -> str | None:
    """Which trunk a state dict holds under ``prefix`` (the COCO trunk's first layer is
    ``1``, after the blow-up); None when it holds none there."""
    if f"{prefix}parts.0.1.conv.weight" in state:
        return "joint"
    if f"{prefix}1.conv.weight" in state:
        return "coco"
    return "conv7" if any(k.startswith(prefix) for k in state) else None


def _parts_of(state: dict) -> int:
    """How many COCO trunks a joint reader's state dict holds side by side (2 when not joint)."""
    return len({k.split(".")[2] for k in state if k.startswith("trunk.parts.")}) or 2


def pair(reader: Path, orientation: Path, out: Path, half: bool = False) -> Path:
    """One reader from two saved ones: ``reader``'s trunk, number and colour heads, and
    ``orientation``'s trunk and orientation head as its orientation trunk (:func:`build`'s
    ``orient_trunk``). Either may be paired already: a paired ``reader`` loses its orientation
    part, a paired ``orientation`` gives its own (reader v20.1: v20's numbers and colours, v16's
    way up). Both must have the background class; ``orientation`` a pooled orientation head.
    ``half``: saved as float16, half the file (:func:`load` casts it back; the ONNX is
    exported from the float32 weights before)."""
    import torch

    a, b = (torch.load(p, map_location="cpu") for p in (reader, orientation))
    if _trunk_of(b, "orient_trunk."):
        way_up = {k: v for k, v in b.items() if k.startswith(("orient_trunk.", "orient."))}
        trunk = _trunk_of(b, "orient_trunk.")
    elif "orient.weight" in b and b["orient.weight"].shape[1] == 128:
        way_up = {f"orient_trunk.{k[len('trunk.'):]}": v for k, v in b.items() if k.startswith("trunk.")}
        way_up |= {k: v for k, v in b.items() if k.startswith("orient.")}
        trunk = _trunk_of(b, "trunk.")
    else:
        raise ValueError(f"{orientation}: not a reader with a pooled orientation head")
    state = {k: v for k, v in a.items() if not k.startswith(("orient.", "orient_trunk."))} | way_up
    # the pair reads ``reader``'s crops; a 40 px orientation part reads 80 px ones halved (build)
    load_check = build(a["number.weight"].shape[0], trunk=_trunk_of(a, "trunk."), orient_trunk=trunk, crop=crop_of(a))
    load_check.load_state_dict(state)  # every tensor in its place, or this raises
    return _save(state, out, half)


#: each head's share of each reader's logits in a :func:`joint` reader of two: reader v13 averaged
#: both; reader v26.1 read numbers with the first, colours with the second
MEAN = {"number": (0.5, 0.5), "colour": (0.5, 0.5)}
SPLIT = {"number": (1.0, 0.0), "colour": (0.0, 1.0)}


def numbers_apart(readers: int) -> dict:
    """The shares of a :func:`joint` reader whose number head is the mean of all readers' but the
    last, and whose colour head is the last's alone (reader v29: three seeds' numbers, v20's
    colours); for two readers, :data:`SPLIT`."""
    if readers < 2:
        raise ValueError("numbers apart from colours needs two readers at least")
    mean = 1.0 / (readers - 1)
    return {"number": (mean,) * (readers - 1) + (0.0,), "colour": (0.0,) * (readers - 1) + (1.0,)}


def joint(readers: list[Path], out: Path, half: bool = False, shares: dict = MEAN) -> Path:
    """One reader reading with several (reader v13, models/README.md): their COCO trunks side by
    side on each crop, each of the number and colour heads a share of the readers' logits
    (``shares``, one a reader: the mean, :data:`SPLIT` or :func:`numbers_apart`; one linear head
    on the 128 numbers a trunk, so ``vision.adapt`` starts from exactly what is read), the first
    reader's orientation trunk and head. All must be COCO readers with the background class;
    ``half`` as in :func:`pair`."""
    import torch

    if len(readers) < 2 or any(len(shares[head]) != len(readers) for head in ("number", "colour")):
        raise ValueError(f"{len(readers)} readers, shares for {len(shares['number'])}: one share a reader, two readers at least")
    states = [torch.load(p, map_location="cpu") for p in readers]
    a = states[0]
    for path, state in zip(readers, states):
        if _trunk_of(state, "trunk.") != "coco" or state["number.weight"].shape != a["number.weight"].shape \
                or crop_of(state) != SIZE:
            raise ValueError(f"{path}: not a COCO reader of {SIZE} px crops with {a['number.weight'].shape[0]} numbers")
    state = {f"trunk.parts.{i}.{k[len('trunk.'):]}": v.float() for i, s in enumerate(states)
             for k, v in s.items() if k.startswith("trunk.")}
    for head in ("number", "colour"):  # sum_i s_i (W_i f_i + b_i): shares of the readers' logits
        state[f"{head}.weight"] = torch.cat([s[f"{head}.weight"].float() * w for s, w in zip(states, shares[head])], 1)
        state[f"{head}.bias"] = sum(s[f"{head}.bias"].float() * w for s, w in zip(states, shares[head]))
    state |= {k: v.float() for k, v in a.items() if k.startswith(("orient.", "orient_trunk."))}
    load_check = build(a["number.weight"].shape[0], orient="orient.weight" in a, trunk="joint",
                       orient_trunk=_trunk_of(a, "orient_trunk."), parts=len(states))
    load_check.load_state_dict(state)  # every tensor in its place, or this raises
    return _save(state, out, half)


def _save(state: dict, out: Path, half: bool) -> Path:
    """A made reader's state dict saved to ``out``, as float16 where ``half`` (:func:`pair`)."""
    import torch

    if half:
        state = {k: v.half() if v.is_floating_point() else v for k, v in state.items()}
    torch.save(state, out)
    return Path(out)


def _augment(x, gen, colour_cast: bool = False):
    """Photometric augmentation on a float NCHW batch (geometry is done when cropping).
    ``colour_cast``: stronger white balance (0.75-1.25 a channel, not 0.9-1.1) and colours
    pulled toward grey by up to half, as a dim or warm light does (blue read as black on
    rummy's fold: research/vision-diary.md)."""
    import torch

    n = x.shape[0]
    gain = torch.empty(n, 1, 1, 1).uniform_(0.6, 1.3, generator=gen)
    bias = torch.empty(n, 1, 1, 1).uniform_(-0.15, 0.15, generator=gen)
    spread = 0.25 if colour_cast else 0.1
    wb = torch.empty(n, 3, 1, 1).uniform_(1 - spread, 1 + spread, generator=gen)
    if colour_cast:
        grey = x.mean(1, keepdim=True)
        x = grey + (x - grey) * torch.empty(n, 1, 1, 1).uniform_(0.5, 1.0, generator=gen)
    x = x * gain * wb + bias
    x = x + torch.randn(x.shape, generator=gen) * torch.empty(n, 1, 1, 1).uniform_(0, 0.05, generator=gen)
    return x.clamp(0, 1)


def _face_shapes(x, share: float, gen):
    """A share of a float NCHW batch as a face never trained on would print it: squeezed or
    widened, slanted, and its strokes thinned or thickened (:data:`FACE_WIDTHS`,
    :data:`FACE_SLANT`, :data:`FACE_WEIGHTS`). The editions pools' number errors are spread over many pairs on faces
    the reader never saw (the diary, "Reader v36"); a digit keeps its kind through all three, so
    the label stands. The weight is a blend toward a 3x3 minimum (ink darker than the face
    spreads) or maximum (it shrinks), channel by channel, so a red or yellow ink thickens too."""
    import torch
    import torch.nn.functional as F

    pick = torch.rand(x.shape[0], generator=gen) < share
    n = int(pick.sum())
    if n == 0:
        return x
    width = torch.empty(n).uniform_(*FACE_WIDTHS, generator=gen)
    slant = torch.empty(n).uniform_(-FACE_SLANT, FACE_SLANT, generator=gen)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = 1.0 / width  # the grid says where each output pixel is read from
    theta[:, 0, 1] = slant
    theta[:, 1, 1] = 1.0
    chosen = x[pick]
    grid = F.affine_grid(theta, list(chosen.shape), align_corners=False)
    y = F.grid_sample(chosen, grid, mode="bilinear", padding_mode="border", align_corners=False)
    weight = torch.empty(n, 1, 1, 1).uniform_(*FACE_WEIGHTS, generator=gen)
    bolder = -F.max_pool2d(-y, 3, stride=1, padding=1)
    lighter = F.max_pool2d(y, 3, stride=1, padding=1)
    y = torch.where(weight > 0, y + weight * (bolder - y), y - weight * (lighter - y))
    x = x.clone()
    x[pick] = y
    return x


def _varied(x, gen, face_shapes: float, low_resolution: float, colour_cast: bool, quarter_turned: float = 0.0,
            low_sides: tuple[int, int] = LOW_SIDES):
    """A training batch as :func:`train` sees it: other faces' shapes, a far camera, the light,
    and a share turned a quarter (:func:`_quarter_turned`)."""
    if face_shapes:  # drawn only when asked: the generator's draws stay those of earlier readers
        x = _face_shapes(x, face_shapes, gen)
    x = _augment(_low_resolution(x, low_resolution, gen, low_sides), gen, colour_cast)
    return _quarter_turned(x, quarter_turned, gen) if quarter_turned else x


def _quarter_turned(x, share: float, gen):
    """A share of a float NCHW batch turned a quarter, half of it each way: a card lying sideways
    shows its index so (the card folds box and read a quarter of their indices lying sideways
    worse than upright ones: research/vision-diary.md, "The card folds' misses by the index's
    shape"). The kind stands: a card index's pip, under its rank, says which way it lies. Not for
    tiles, whose 6 turned one way is the 9 turned the other."""
    import torch

    pick = torch.rand(x.shape[0], generator=gen) < share
    way = torch.rand(x.shape[0], generator=gen) < 0.5
    x = x.clone()
    for k, chosen in ((1, pick & way), (3, pick & ~way)):
        if chosen.any():
            x[chosen] = torch.rot90(x[chosen], k, dims=(2, 3))
    return x


def _low_resolution(x, share: float, gen, sides: tuple[int, int] = LOW_SIDES):
    """A share of a float NCHW batch seen as through a far camera: shrunk to one side of
    ``sides`` px (drawn per batch; :data:`LOW_SIDES` for tiles) and blown back up. A webcam over a
    table sees a card's index at 13-32 px (``webcam-win``'s median 20 px), its suit pip at a few
    pixels."""
    import torch
    import torch.nn.functional as F

    pick = torch.rand(x.shape[0], generator=gen) < share
    if not pick.any():
        return x
    side = int(torch.randint(sides[0], sides[1] + 1, (1,), generator=gen))
    small = F.interpolate(x[pick], size=(side, side), mode="bilinear", antialias=True, align_corners=False)
    x = x.clone()
    x[pick] = F.interpolate(small, size=tuple(x.shape[-2:]), mode="bilinear", align_corners=False)
    return x


def train(x: np.ndarray, number: np.ndarray, colour: np.ndarray, out: Path, *, epochs: int = 8,
          batch: int = 256, lr: float = 3e-3, seed: int = 0, threads: int = 2,
          val: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None, log=print,
          init: Path | None = None, progress=None, flipped: float = FLIPPED, pretrained: Path | None = None,
          low_resolution: float = 0.0, grid: bool | None = None, colour_cast: bool = False,
          taught: tuple[np.ndarray, np.ndarray] | None = None, taught_share: float = 0.5,
          face_shapes: float = 0.0, quarter_turned: float = 0.0, low_sides: tuple[int, int] = LOW_SIDES) -> Path:
    """Train on uint8 NHWC BGR crops; colour -1 means none (joker, background), number -1 a crop
    whose number cannot be read (a card index with its rank hidden, which teaches the suit from
    the pip alone: research/cards/pip_views.py). Saves ``out`` (state dict). ``init`` fine-tunes
    earlier weights instead of starting from scratch. ``progress(done, total, what)`` is told
    after each batch. ``flipped``: the share of crops turned 180 degrees to teach the orientation
    head; 0 for crops that come at every angle (card indices), where "turned" means nothing.
    ``pretrained``: the COCO state dict a new reader's trunk starts from (:func:`coco_trunk`).
    ``low_resolution``: the share of crops shrunk to ``low_sides`` px and blown back up.
    ``grid``: an orientation head on a grid (:data:`GRID`); None keeps ``init``'s. ``colour_cast``:
    the stronger colour augmentation of :func:`_augment`. ``taught``: a teacher's number and
    colour chances for every crop (:func:`teach`); the number and colour losses are then
    ``taught_share`` the KL divergence to them and the rest the labels' cross-entropy
    (distillation: reader v14).
    ``face_shapes``, ``quarter_turned``: the shares of crops redrawn as other faces would print them
    (:func:`_face_shapes`) and turned a quarter (:func:`_quarter_turned`; card indices only)."""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)  # the new layers' first weights; seeded again after them, as v8 was trained
    crop = int(x.shape[1])  # the crops' side: a 40 px reader resumed on 80 px crops reads 80 (reader v22)
    net = load(init, grid=grid, crop=crop) if init is not None else build(pretrained=pretrained, grid=bool(grid), crop=crop)
    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    gen = torch.Generator().manual_seed(seed)
    xt = torch.from_numpy(np.ascontiguousarray(x[..., ::-1].transpose(0, 3, 1, 2)))
    nt, ct = torch.from_numpy(number).long(), torch.from_numpy(colour).long()
    if taught is not None and (len(taught[0]) != len(xt) or len(taught[1]) != len(xt)):
        raise ValueError(f"taught chances for {len(taught[0])} crops, {len(xt)} crops given")
    tn, tc = (None, None) if taught is None else (torch.from_numpy(np.asarray(a, np.float32)) for a in taught)
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=5e-4)
    steps = epochs * ((len(xt) + batch - 1) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.15)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    for epoch in range(epochs):
        net.train()
        perm = torch.randperm(len(xt), generator=gen)
        t0, tot, seen = time.time(), 0.0, 0
        for i in range(0, len(xt), batch):
            idx = perm[i:i + batch]
            xb = _varied(xt[idx].float() / 255.0, gen, face_shapes, low_resolution, colour_cast, quarter_turned, low_sides)
            # A share of the crops turned 180 degrees teaches the orientation head; their
            # number and colour are not asked for (a 6 turned round is a 9).
            flip = torch.rand(len(idx), generator=gen) < flipped
            xb = torch.where(flip[:, None, None, None], xb.flip(2, 3), xb)
            ln, lc, lo = net.logits(xb)
            up, tile = ~flip, (nt[idx] != BACKGROUND) & (nt[idx] >= 0)
            nmask = up & (nt[idx] >= 0)
            loss = _taught_loss(ln[nmask], nt[idx][nmask], None if tn is None else tn[idx][nmask], taught_share) \
                if nmask.any() else ln.sum() * 0
            cmask = (ct[idx] >= 0) & up
            if cmask.any():
                loss = loss + _taught_loss(lc[cmask], ct[idx][cmask], None if tc is None else tc[idx][cmask], taught_share)
            if tile.any():
                loss = loss + 0.5 * F.cross_entropy(lo[tile], flip[tile].long())
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item() * len(idx)
            seen += len(idx)
            if progress is not None:
                progress(epoch * steps // epochs + i // batch + 1, steps,
                         Reason("train.epoch", epoch=epoch + 1, epochs=epochs))
        # a typed line (its English is str()): `remi vision train` says it in the reader's words
        done = {"epoch": epoch + 1, "epochs": epochs, "loss": tot / seen, "seconds": round(time.time() - t0)}
        if val is not None:
            acc = evaluate(net, *val)
            log(Reason("train.epoch_checked", **done, number=acc[0], colour=acc[1], tile=acc[2]))
        else:
            log(Reason("train.epoch_done", **done))
        torch.save(net.state_dict(), out)
    return out


def train_way_up(state: Path, x: np.ndarray, out: Path, *, epochs: int = 2, batch: int = 256, lr: float = 1e-3,
                 seed: int = 0, threads: int = 2, log=print, keep: np.ndarray | None = None) -> Path:
    """Train only a paired reader's orientation part (its ``orient_trunk`` and ``orient`` head) on
    uint8 NHWC BGR crops standing upright (``cropset.upright``), half of each batch turned round
    and labelled so; the number and colour trunk and heads are frozen, their BatchNorm statistics
    too, so their outputs do not move (reader v20.2). ``keep``: crops whose way up is not known
    (real tiles), on which the part keeps what it made of them before, as cut and turned round:
    each batch draws as many of them, half the loss the cross-entropy to the chances it started
    with (reader v20.3). Saves ``out`` (state dict, float32)."""
    import torch
    import torch.nn.functional as F

    torch.manual_seed(seed)
    torch.set_num_threads(threads)
    net = load(state)
    if getattr(net, "orient_trunk", None) is None:
        raise ValueError(f"{state}: not a paired reader (no orientation trunk of its own)")
    own = [p for name, p in net.named_parameters() if name.startswith(("orient_trunk.", "orient."))]
    for name, p in net.named_parameters():
        p.requires_grad_(name.startswith(("orient_trunk.", "orient.")))
    gen = torch.Generator().manual_seed(seed)
    xt = torch.from_numpy(np.ascontiguousarray(x[..., ::-1].transpose(0, 3, 1, 2)))
    kt = kept = None
    if keep is not None and len(keep):
        kt = torch.from_numpy(np.ascontiguousarray(keep[..., ::-1].transpose(0, 3, 1, 2)))
        net.eval()
        with torch.no_grad():  # the chances it starts with, as cut and turned round
            def chances(turn: bool):
                parts = (kt[i:i + 512].float() / 255.0 for i in range(0, len(kt), 512))
                return torch.cat([torch.softmax(net.orient(net.orient_trunk(p.flip(2, 3) if turn else p)), 1)
                                  for p in parts])
            kept = (chances(False), chances(True))
    opt = torch.optim.AdamW(own, lr=lr, weight_decay=5e-4)
    steps = epochs * ((len(xt) + batch - 1) // batch)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.15)
    for epoch in range(epochs):
        net.eval()
        net.orient_trunk.train()
        perm = torch.randperm(len(xt), generator=gen)
        t0, tot = time.time(), 0.0
        for i in range(0, len(xt), batch):
            idx = perm[i:i + batch]
            xb = _augment(xt[idx].float() / 255.0, gen)
            flip = torch.rand(len(idx), generator=gen) < 0.5
            xb = torch.where(flip[:, None, None, None], xb.flip(2, 3), xb)
            loss = F.cross_entropy(net.orient(net.orient_trunk(xb)), flip.long())
            if kt is not None:
                at = torch.randint(0, len(kt), (len(idx),), generator=gen)
                turn = torch.rand(len(idx), generator=gen) < 0.5
                kb = _augment(kt[at].float() / 255.0, gen)
                kb = torch.where(turn[:, None, None, None], kb.flip(2, 3), kb)
                target = torch.where(turn[:, None], kept[1][at], kept[0][at])
                own_chances = F.log_softmax(net.orient(net.orient_trunk(kb)), 1)
                loss = 0.5 * loss + 0.5 * -(target * own_chances).sum(1).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            tot += loss.item() * len(idx)
        log(Reason("train.epoch_done", epoch=epoch + 1, epochs=epochs, loss=tot / len(xt),
                   seconds=round(time.time() - t0)))
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    torch.save(net.state_dict(), out)
    return Path(out)


def _taught_loss(logits, labels, chances, share: float):
    """The labels' cross-entropy (smoothed 0.05), or with a teacher's ``chances`` ``share`` of
    the loss the KL divergence to them."""
    import torch.nn.functional as F

    hard = F.cross_entropy(logits, labels, label_smoothing=0.05)
    if chances is None:
        return hard
    return (1 - share) * hard + share * F.kl_div(F.log_softmax(logits, 1), chances, reduction="batchmean")


def teach(teacher: Path, x: np.ndarray, batch: int = 512, threads: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """A saved reader's number and colour chances (float32) for uint8 NHWC BGR crops as cut:
    what :func:`train`'s ``taught`` takes."""
    import torch

    torch.set_num_threads(threads)
    net = load(teacher, crop=int(x.shape[1]))
    net.eval()
    numbers, colours = [], []
    with torch.no_grad():
        for i in range(0, len(x), batch):
            xb = torch.from_numpy(np.ascontiguousarray(x[i:i + batch, ..., ::-1].transpose(0, 3, 1, 2))).float() / 255.0
            pn, pc = net(xb)[:2]
            numbers.append(pn.numpy())
            colours.append(pc.numpy())
    return np.concatenate(numbers), np.concatenate(colours)


def evaluate(net, x: np.ndarray, number: np.ndarray, colour: np.ndarray) -> tuple[float, float, float]:
    """(number accuracy, colour accuracy on non-jokers, whole-tile accuracy) of a torch net."""
    import torch

    net.eval()
    with torch.no_grad():
        xt = torch.from_numpy(np.ascontiguousarray(x[..., ::-1].transpose(0, 3, 1, 2))).float() / 255.0
        pn, pc = net(xt)[:2]
    pn, pc = pn.argmax(1).numpy(), pc.argmax(1).numpy()
    okn = pn == number
    nj = colour >= 0
    okc = np.where(nj, pc == colour, True)
    return float(okn.mean()), float(okc[nj].mean()) if nj.any() else 1.0, float((okn & okc).mean())


def export_onnx(state: Path, out: Path) -> Path:
    import torch

    saved = torch.load(state, map_location="cpu")
    return export_net(load(state, saved["number.weight"].shape[0], orient="orient.weight" in saved), out)


def export_net(net, out: Path) -> Path:
    """A reader network as ``vision.reader`` runs it: ONNX with its heads and its embedding."""
    import torch

    net.eval()
    dummy = torch.zeros(1, 3, net.crop, net.crop)  # its side is the crop vision.reader cuts
    names = ["number", "colour"] + (["orient"] if net.orient is not None else []) + ["embedding"]

    class WithEmbedding(torch.nn.Module):
        """The reader's outputs and the numbers its heads read (for ``vision.adapt``: 128, 256
        for a joint trunk)."""

        def __init__(self) -> None:
            super().__init__()
            self.net = net

        def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, ...]:
            return self.net(x) + (self.net.trunk(x),)

    with warnings.catch_warnings():  # the TorchScript exporter is chosen (dynamo=False): its deprecation is known
        warnings.simplefilter("ignore", DeprecationWarning)
        torch.onnx.export(WithEmbedding(), dummy, str(out), input_names=["crops"], output_names=names,
                          dynamic_axes={"crops": {0: "n"}, **{k: {0: "n"} for k in names}},
                          opset_version=17, dynamo=False)
    return Path(out)


def head_weights(state: Path) -> dict[str, np.ndarray]:
    """The number and colour heads' weights and biases (what ``vision.adapt`` starts from)."""
    import torch

    s = torch.load(state, map_location="cpu")
    return {k.replace(".", "_"): s[k].numpy().astype(np.float32)
            for k in ("number.weight", "number.bias", "colour.weight", "colour.bias")}
