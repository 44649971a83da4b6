"""Training with Ultralytics (tile detector) and torch (tile reader), fully offline.

Nothing here downloads anything: the detector is built from a model yaml, from scratch or with
the COCO-pretrained YOLOv5n backbone read from ``../shared/pretrained`` (a plain state dict,
:func:`pretrained_start`); plots and the AMP check are off and Ultralytics runs with
``YOLO_OFFLINE=1``.
Checkpoints are saved every epoch, so a run stopped early still leaves ``last.pt``, and
``resume=True`` continues it in a later working session.
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from pathlib import Path


def offline() -> None:
    """Put Ultralytics in offline mode and give it a local font, so it fetches nothing.

    Ultralytics checks for ``Arial.ttf`` in its config folder on every dataset check and
    downloads it when missing; matplotlib's bundled DejaVu Sans is put there instead.
    """
    os.environ["YOLO_OFFLINE"] = "1"
    import logging
    import shutil

    import matplotlib

    with contextlib.redirect_stdout(sys.stderr):  # a first import prints its new settings file there
        from ultralytics.utils import LOGGER, USER_CONFIG_DIR

    for handler in LOGGER.handlers:  # progress goes to stderr: stdout stays clean for --json
        if isinstance(handler, logging.StreamHandler):
            handler.setStream(sys.stderr)

    font = Path(USER_CONFIG_DIR) / "Arial.ttf"
    if not font.exists():
        font.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf", font)


#: The tensors of the COCO YOLOv5n that Ultralytics' ``yolov5n.yaml`` takes: layers 0-23, the
#: backbone and the PAN neck (../shared/pretrained/README.md); the anchor-free head starts fresh.
PRETRAINED_TENSORS = 342


def pretrained_start(state_dict: Path, model: str = "yolov5n.yaml"):
    """A one-class detector of ``model`` holding the pretrained backbone and neck of
    ``state_dict`` (``torch.load(..., weights_only=True)``: no pickled code runs).

    Refuses a file that gives fewer than :data:`PRETRAINED_TENSORS` tensors of matching name
    and shape: a silent partial load would train from scratch under a pretrained name.
    """
    offline()
    import pickle

    import torch
    from ultralytics import YOLO

    from remi.engine import RemiError

    try:
        sd = torch.load(Path(state_dict), map_location="cpu", weights_only=True)
    except (pickle.UnpicklingError, RuntimeError, EOFError) as e:  # a full checkpoint, or not torch at all
        raise RemiError("vision.not_state_dict", path=str(state_dict), reason=str(e).splitlines()[0][:80]) from None
    yolo = YOLO(model, task="detect")
    own = yolo.model.state_dict()
    taken = {k: v for k, v in sd.items() if k in own and own[k].shape == v.shape} if isinstance(sd, dict) else {}
    if len(taken) < PRETRAINED_TENSORS:
        raise RemiError("vision.state_dict_misfit", path=str(state_dict), taken=len(taken), count=PRETRAINED_TENSORS,
                        model=str(model))
    yolo.model.load_state_dict(taken, strict=False)
    return yolo.load(yolo.model)  # an object load: train() seeds from these weights, not the yaml's


def train_detector(data: Path, out: Path, *, epochs: int = 10, imgsz: int = 320, batch: int = 32,
                   seed: int = 0, workers: int = 1, fraction: float = 1.0, resume: Path | None = None,
                   model: str = "yolov8n.yaml", name: str = "detector", init: Path | None = None,
                   lr0: float | None = None, freeze: int = 0, nbs: int | None = None,
                   pretrained: Path | None = None, hours: float | None = None, device: str = "cpu") -> Path:
    """Train the single-class tile detector; returns the run folder (weights/best.pt, last.pt).

    ``init`` starts from earlier weights (a fine-tuning stage) instead of the model yaml. When
    ``model`` is an oriented (OBB) yaml and ``init`` an axis-aligned detector, the oriented
    model is built from the yaml and takes every weight of ``init`` that has its name and
    shape (the backbone, neck and box and class branches; the angle branch starts fresh).
    ``freeze`` keeps the first layers as they are (10: the backbone), about a third less
    work a batch on a CPU. ``nbs``: the batch Ultralytics accumulates gradients to before a
    step (its default 64 makes a batch of 32 take a step every other batch; set it to ``batch``
    for a step every batch: more steps for the same CPU time). ``pretrained``: start from that
    state dict's backbone (:func:`pretrained_start`, ``model`` names the yaml it fits).
    ``hours`` bounds the stage's wall time (Ultralytics' ``time``: the epochs are fitted to it
    after the first one, and the learning-rate schedule with them), so a stage ends and is
    committed inside a working session. ``device``: ``cpu`` or a CUDA index (``"0"``); AMP stays
    off on a GPU too (its check downloads a model) and the seeds stay deterministic.
    """
    offline()
    from ultralytics import YOLO

    if resume is not None:
        _every_core()
        with contextlib.redirect_stdout(sys.stderr):  # as below
            YOLO(str(resume)).train(resume=True)
        return Path(resume).parents[1]
    yolo = pretrained_start(pretrained, model) if pretrained else YOLO(str(init) if init else model)
    if init is not None and model.endswith("-obb.yaml") and yolo.task != "obb":
        yolo = YOLO(model).load(str(init))
    extra = {"optimizer": "AdamW", "lr0": lr0, "warmup_epochs": 0.3} if lr0 else {"warmup_epochs": 0.5}
    # Ultralytics' progress bars write to sys.stdout: send them to stderr, so that `remi vision
    # train --json` keeps stdout for its JSON alone.
    with contextlib.redirect_stdout(sys.stderr):
        _fit(yolo, data, out, epochs=epochs, imgsz=imgsz, batch=batch, seed=seed, workers=workers, fraction=fraction,
             name=name, device=device, extra={**extra, **({"freeze": freeze} if freeze else {}), **({"nbs": nbs} if nbs else {}),
                               **({"time": hours} if hours else {})})
    return Path(out) / name


def _every_core() -> None:
    """Let Ultralytics' CPU training use every core. Its ``select_device`` resets torch to
    ``NUM_THREADS`` = cores - 1 threads, one on these 2-core machines, so a detector stage ran
    on half the CPU it was given (measured on cards1: 14 s a batch of 32 at 640 px with one thread)."""
    from ultralytics.utils import torch_utils

    torch_utils.NUM_THREADS = max(os.cpu_count() or 1, 1)


def _fit(yolo, data: Path, out: Path, *, epochs: int, imgsz: int, batch: int, seed: int, workers: int,
         fraction: float, name: str, extra: dict, device: str = "cpu") -> None:
    _every_core()
    yolo.train(data=str(data), epochs=epochs, imgsz=imgsz, batch=batch, seed=seed, workers=workers,
               single_cls=True, plots=False, amp=False, device=device, project=str(Path(out).resolve()),
               name=name, exist_ok=True, fraction=fraction, deterministic=True, verbose=True,
               cache="ram", patience=0, fliplr=0.5, degrees=10.0, close_mosaic=1, **extra)


def export_onnx(weights: Path, imgsz: int, out: Path, dynamic: bool = True) -> Path:
    """Export detector weights to ONNX (opset 17, no simplifier download). ``dynamic``: free
    height and width, so the reader feeds a photo at its own shape (``vision.reader``)."""
    offline()
    from ultralytics import YOLO

    with warnings.catch_warnings():
        # torch 2.9+ warns, several times, that Ultralytics uses its TorchScript-based exporter,
        # the one the shipped ONNX files were made with: the same path, nothing to act on here
        warnings.simplefilter("ignore", DeprecationWarning)
        path = YOLO(str(weights)).export(format="onnx", imgsz=imgsz, opset=17, simplify=False, dynamic=dynamic)
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    os.replace(path, out)
    return Path(out)
