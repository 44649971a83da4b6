"""The vision commands: ``remi scan`` and ``remi vision generate|train|eval|export``.

Each parses its options, makes one ``vision`` call and renders the result. OpenCV,
onnxruntime, torch and Ultralytics are imported inside the commands only.
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

from remi.errors import user_errors
from remi.i18n import N_, ngettext, number, said
from remi.i18n import gettext as _
from remi.options import FixOpt, Json, KeepOpt, ModelsOpt, RulesFile, Variant, load_rules

class Stage(str, Enum):
    """``remi vision train --stage``: which of the two models."""

    detector = "detector"
    reader = "reader"


class ModelsKind(str, Enum):
    """``remi vision export --kind``: what the models read."""

    tiles = "tiles"
    cards = "cards"


vision_app = typer.Typer(help="The vision pipeline: generate data, train, evaluate, export.", no_args_is_help=True)


def _console() -> Console:
    return Console()


def scan(
    photo: Annotated[Path, typer.Argument(help="A photo of a rack or of tiles on the table (JPEG, PNG, or HEIC with pillow-heif), or with --variant simple of cards.", show_default=False)],
    variant: Variant = "closed",
    rules_file: RulesFile = None,
    annotate: Annotated[Optional[Path], typer.Option("--annotate", help="Write the photo with the tiles' boxes, numbers and reads drawn to this file (.png or .jpg).", show_default=False)] = None,
    fix: FixOpt = None,
    keep: KeepOpt = None,
    confirm: Annotated[Optional[bool], typer.Option("--confirm/--no-confirm", help="Ask for fixes in one prompt, Enter accepts all (default: only at a terminal).", show_default=False)] = None,
    models: ModelsOpt = None,
    as_json: Json = False,
) -> None:
    """Read the tiles in a photo, numbered in reading order (top row first, left to right).

    With --variant simple it reads cards (their corner indices, grouped into cards) with a
    card models folder, --models DIR or REMI_CARD_MODELS (none ships yet), and takes fixes in
    card notation: remi scan hand.jpg --variant simple --models DIR --fix 3=7h --fix +=Qs

    Examples: remi scan samples/photos/rack-close.jpg --annotate out/rack-close.png;
    remi scan samples/photos/rack-joker.jpg --fix 3=r1 --fix 7=- --fix +=k5 --json > rack-joker.json
    """
    with user_errors(interrupted="interrupted"):
        from remi.photos import dumps, interactive, take_photo
        from remi.vision.photo import corrected_dict

        rules = load_rules(variant, rules_file)
        kind = "cards" if variant == "simple" else "tiles"
        console = _console() if not as_json else Console(stderr=True)
        ask = not as_json and (interactive(console) if confirm is None else confirm)
        done = take_photo(photo, console, fixes=fix, ask=ask, keep=keep, kind=kind, models=models,
                          rules=rules, annotate=annotate, show=not as_json, need_tiles=False)
        if as_json:
            sys.stdout.write(dumps(corrected_dict(done.reading, done.corrected)) + "\n")
            return
        notation = "card" if kind == "cards" else "tile"
        label = _("tiles:") if kind == "tiles" else _("cards:")
        console.print(f"{label} [bold]" + " ".join(t.format(notation) for t in done.corrected.tiles) + "[/]")
        if annotate is not None:
            console.print(_("annotated picture: %(path)s") % {"path": annotate}, highlight=False, markup=False)


@vision_app.command("generate")
def generate(
    out: Annotated[Path, typer.Argument(help="Folder for the dataset (Ultralytics layout).", show_default=False)],
    count: Annotated[int, typer.Option("--count", "-n", help="Synthetic training scenes.", min=0)] = 3000,
    val: Annotated[int, typer.Option("--val", help="Synthetic validation scenes.", min=0)] = 60,
    seed: Annotated[int, typer.Option("--seed", help="Random seed: the same seed makes the same images.")] = 1,
    real: Annotated[bool, typer.Option("--real/--no-real", help="Paste real tile crops and link the real photos (rummy, rummy2, rummy4 but those left out by --holdout, and the empty tables of rummyBackground).")] = True,
    layouts: Annotated[str, typer.Option("--layouts", help="The scenes' layouts (racks, every rotation, perspective, oriented labels): LAYOUT=SHARE,... of rack, lying, table, close, negative, crowd (full racks with tiles beside them), or 'default' (no crowd).")] = "default",
    holdout: Annotated[Optional[list[str]], typer.Option("--holdout", help="A real session left out (its photos and tiles); repeat it.", show_default=False)] = None,
    editions: Annotated[str, typer.Option("--editions", help="'train', or 'test' for the other-editions test set (pools never trained on, nothing real); 'wide-train', 'wide-test': the pools of Debian's font families (make train-fonts); 'thin-train': wide-train with J-letter jokers and Light faces; 'joker-train': thin-train, 15 % of its tiles jokers; 'more-train': wide-train's families and twenty-nine more; 'most-train': forty-seven more again; 'joker-most': most-train, every joker a J, 15 % of its tiles jokers; 'many-train': most-train's and two hundred more (Aenigma's designs among them); 'many-turned': many-train's faces whose 6 is the 9 turned round.")] = "train",
    largest: Annotated[int, typer.Option("--largest", help="The longest photo side drawn (sizes 640..4032).", min=64)] = 1024,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Processes drawing scenes side by side (the same images for any number).", min=1, max=256)] = 1,
    prints: Annotated[float, typer.Option("--prints", help="The share of scenes laid on a cloth printed with motifs (leaves, stars, hearts, rings...), for a detector to learn that a print is no tile; not with the test editions.", min=0.0, max=1.0)] = 0.0,
    size: Annotated[Optional[str], typer.Option("--size", hidden=True, show_default=False)] = None,  # retired
    close_ups: Annotated[Optional[str], typer.Option("--close-ups", hidden=True, show_default=False)] = None,  # retired
    tables: Annotated[Optional[str], typer.Option("--tables", hidden=True, show_default=False)] = None,  # retired
    as_json: Json = False,
) -> None:
    """Generate labelled synthetic scenes of tables (seeded) plus the real training photos.

    Example: remi vision generate out/p1 --count 2400 --val 80 --seed 261 --holdout rummy4
    Example: remi vision generate out/racks --layouts rack=0.7,close=0.3 --editions test --count 0 --val 60
    """
    with user_errors():
        from remi.engine import RemiError

        for option, given, now in (("--size", size, "--largest"), ("--close-ups", close_ups, "--layouts close=SHARE,..."),
                                   ("--tables", tables, "--layouts table=SHARE,...")):
            if given is not None:
                raise RemiError("cli.retired_option", option=option, now=now)
        from remi.vision import realdata
        from remi.vision.training import scenes, tilefaces
        from remi.vision.training.generate import write_scene_set

        try:
            mix = scenes.parse_mix(layouts)
        except ValueError as e:
            raise RemiError("cli.option_refused", option="--layouts", reason=e) from None
        try:
            realdata.kept_sessions(holdout or ())
        except ValueError as e:
            raise RemiError("cli.option_refused", option="--holdout", reason=e) from None
        if editions not in tilefaces.POOLS:
            raise RemiError("cli.editions", name=editions, choices=tuple(tilefaces.POOLS))
        if prints and editions in ("test", "wide-test"):
            raise RemiError("cli.prints_on_test", editions=editions)
        path = write_scene_set(out, count, val, seed=seed, mix=mix, largest=largest, real=real,
                               holdout=tuple(holdout or ()), editions=editions, jobs=jobs, prints=prints)
        result = {"dataset": str(path), "data": str(path / "data.yaml"), "tile_data": str(path / "data-tile.yaml"),
                  "train_scenes": count, "val_scenes": val, "seed": seed}
        if as_json:
            sys.stdout.write(json.dumps(result, indent=2) + "\n")
        else:
            _console().print(_("dataset written to %(path)s (data.yaml: 53 kinds; data-tile.yaml: one class)")
                             % {"path": path}, highlight=False, markup=False)


def _require_device(device: str) -> None:
    """Refuse, in one line, a ``--device`` that is neither ``cpu`` nor a CUDA GPU this machine has."""
    from remi.engine import RemiError

    if device == "cpu":
        return
    if not device.isdigit():
        raise RemiError("cli.device_syntax", device=device)
    import torch

    if int(device) >= torch.cuda.device_count():
        raise RemiError("cli.device_missing", device=device, count=torch.cuda.device_count())


def _detector_plan(data: Path, *, holdout: Optional[list[str]], pretrained: Optional[Path], init: Optional[Path],
                   oriented: bool, device: str) -> tuple[str, Path]:
    """The detector's network (a model yaml) and dataset yaml, once the options that cannot go together are refused."""
    from remi.engine import RemiError
    from remi.vision import training

    if holdout:
        raise RemiError("cli.holdout_reader")
    if pretrained is not None and (init is not None or oriented):
        raise RemiError("cli.pretrained_detector")
    _require_device(device)
    model = "yolov5n.yaml" if pretrained else str(Path(training.__file__).parent / ("yolov8-tile-obb.yaml" if oriented else "yolov8-tile.yaml"))
    yaml = data if data.suffix in (".yaml", ".yml") else data / "data-tile.yaml"
    if not yaml.exists():
        raise RemiError("cli.no_dataset", path=str(yaml))
    return model, yaml


@vision_app.command("train")
def train(
    data: Annotated[Path, typer.Argument(help="A dataset folder made by `remi vision generate` (or, for the detector, a data yaml).", show_default=False)],
    stage: Annotated[Stage, typer.Option("--stage", help="Which model to train.")] = Stage.detector,
    epochs: Annotated[int, typer.Option("--epochs", min=1)] = 8,
    imgsz: Annotated[int, typer.Option("--imgsz", help="Detector training size (the shipped detector's last stage: 576).")] = 576,
    seed: Annotated[int, typer.Option("--seed")] = 0,
    out: Annotated[Path, typer.Option("--out", help="Folder for runs and checkpoints.")] = Path("out/runs"),
    resume: Annotated[Optional[Path], typer.Option("--resume", help="Continue an interrupted detector run from its last.pt.", show_default=False)] = None,
    init: Annotated[Optional[Path], typer.Option("--init", help="Fine-tune: start from these weights (detector .pt or reader state dict).", show_default=False)] = None,
    lr0: Annotated[Optional[float], typer.Option("--lr0", help="Fine-tuning learning rate (AdamW).", show_default=False)] = None,
    mine_with: Annotated[Optional[Path], typer.Option("--mine-with", help="Reader: a models folder whose detector's boxes on the training images teach the reader what is not a tile.", show_default=False)] = None,
    fraction: Annotated[float, typer.Option("--fraction", help="Train on the first fraction of the images.", min=0.01, max=1.0)] = 1.0,
    name: Annotated[str, typer.Option("--name", help="Run name (a folder under --out).")] = "detector",
    oriented: Annotated[bool, typer.Option("--oriented", help="Detector: boxes that turn with the tiles (vision/training/yolov8-tile-obb.yaml); --init may name an axis-aligned detector, its weights are carried over.")] = False,
    pretrained: Annotated[Optional[Path], typer.Option("--pretrained", help="Start from the COCO YOLOv5n of this state dict (../shared/pretrained/yolov5n-coco.pt): the detector its backbone and neck, on Ultralytics' yolov5n.yaml; the reader its first 5 layers.", show_default=False)] = None,
    holdout: Annotated[Optional[list[str]], typer.Option("--holdout", help="Reader: a real session whose tiles it must not see (repeat it; default rummy4).", show_default=False)] = None,
    hours: Annotated[Optional[float], typer.Option("--hours", help="Detector: end the stage after this many hours (the epochs and the learning rate's schedule are fitted to it).", min=0.01, show_default=False)] = None,
    device: Annotated[str, typer.Option("--device", help="Detector: cpu, or the index of a CUDA GPU (0).")] = "cpu",
    workers: Annotated[int, typer.Option("--workers", help="Detector: processes loading and augmenting images.", min=0, max=64)] = 1,
    as_json: Json = False,
) -> None:
    """Train the tile detector (Ultralytics, from vision/training/yolov8-tile.yaml) or the tile reader (torch).

    Example: remi vision train out/det1 --stage detector --epochs 8 --fraction 0.55 --name det1
    Example: remi vision train out/obb1 --stage detector --oriented --init models/tile-detector.pt --lr0 0.001 --imgsz 640 --epochs 4 --name obb1
    Example: remi vision train out/p1 --stage reader --pretrained ../shared/pretrained/yolov5n-coco.pt --mine-with models --epochs 6 --lr0 0.002
    """
    with user_errors():
        from remi.engine import RemiError

        # Weights and models named on the line are checked before any data is built or loaded.
        for option, path in (("--init", init), ("--resume", resume), ("--pretrained", pretrained)):
            if path is not None and not path.is_file():
                raise RemiError("cli.no_weights", option=option, path=str(path))
        if mine_with is not None and not (mine_with / "vision.json").is_file():
            raise RemiError("cli.no_model_at", option="--mine-with", path=str(mine_with))
        if stage is Stage.detector:
            from remi.vision.training.train import train_detector

            model, yaml = _detector_plan(data, holdout=holdout, pretrained=pretrained, init=init,
                                         oriented=oriented, device=device)
            run = train_detector(yaml, out, epochs=epochs, imgsz=imgsz, seed=seed, resume=resume, model=model,
                                 init=init, lr0=lr0, fraction=fraction, name=name, pretrained=pretrained, hours=hours,
                                 device=device, workers=workers)
            result = {"run": str(run), "weights": str(Path(run) / "weights" / "best.pt")}
        else:
            from remi.vision import realdata
            from remi.vision.training.recipe import train_reader

            if pretrained is not None and init is not None:
                raise RemiError("cli.pretrained_or_init")
            held = tuple(holdout) if holdout else realdata.HELDOUT_SESSIONS
            try:
                realdata.kept_sessions(held)
            except ValueError as e:
                raise RemiError("cli.option_refused", option="--holdout", reason=e) from None
            scenes = len(list((data / "images" / "train").glob("*"))) if fraction < 1 else 0
            with _progress() as bar:  # the detector's stage shows Ultralytics' own bars
                task = bar.add_task(_("reader"), total=None)
                weights = train_reader(data, out, epochs=epochs, seed=seed, init=init, pretrained=pretrained,
                                       synthetic_limit=max(1, round(fraction * scenes)) if scenes else None,
                                       mine_with=mine_with, holdout=held, **({"lr": lr0} if lr0 else {}),
                                       progress=lambda done, total, what: bar.update(
                                           task, completed=done, total=total, description=_("reader %(stage)s")
                                           % {"stage": said(what)}),  # typed steps and lines: their words
                                       log=lambda line: bar.console.print(said(line), highlight=False, markup=False))
            result = {"weights": str(weights)}
        if as_json:
            sys.stdout.write(json.dumps(result, indent=2) + "\n")
        else:
            _console().print(_("trained: %(result)s") % {"result": result}, highlight=False, markup=False)


@vision_app.command("export")
def export(
    detector: Annotated[Path, typer.Argument(help="Detector weights (best.pt of a run).", show_default=False)],
    reader: Annotated[Path, typer.Argument(help="Reader weights (state dict .pt).", show_default=False)],
    out: Annotated[Path, typer.Option("--out", help="Models folder to write.")] = Path("models"),
    imgsz: Annotated[int, typer.Option("--imgsz", help="Detector input size at inference (the shipped models: 640).")] = 640,
    kind: Annotated[ModelsKind, typer.Option("--kind", help="What the models read: tiles, or cards (a detector of card corner indices; vision.json says \"kind\": \"cards\").")] = ModelsKind.tiles,
    as_json: Json = False,
) -> None:
    """Export both stages to ONNX and write models/vision.json.

    Example: remi vision export out/runs/det1/weights/best.pt out/reader.pt --out models
    Example: remi vision export out/runs/cards1/weights/last.pt out/cards-win/reader.pt --out out/m-cards1 --kind cards
    """
    with user_errors():
        from remi.vision.errors import VisionError
        from remi.vision.training.recipe import export_models

        result = export_models(detector, reader, out, imgsz, kind=kind.value)
        if as_json:
            sys.stdout.write(json.dumps(result, indent=2) + "\n")
        else:
            _console().print(_("exported: %(result)s") % {"result": result}, highlight=False, markup=False)


@vision_app.command("eval")
def evaluate(
    folder: Annotated[Path, typer.Argument(help="Labelled photos: the real data folder, a generated dataset, or a folder of photos each with its PHOTO.json.", show_default=False)],
    session: Annotated[Optional[str], typer.Option("--session", help="With the real data: the session to evaluate (rummy4 is held out).", show_default=False)] = "rummy4",
    models: ModelsOpt = None,
    errors_out: Annotated[Path, typer.Option("--errors", help="Contact sheet of every error (crop, truth, read, photo): .png or .html.")] = Path("out/eval-errors.png"),
    as_json: Json = False,
) -> None:
    """Per-tile and photo accuracy, mAP50, mAP50-95, latency; which kinds were read as which;
    a contact sheet of every error.

    Example: remi vision eval ../shared/realdata/rummikub --session rummy4 --errors out/rummy4-errors.html
    """
    with user_errors():
        from remi.vision.annotate import contact_sheet
        from remi.vision.errors import VisionError
        from remi.vision.evaluate import evaluate_folder

        if errors_out.suffix.lower() not in (".png", ".html", ".htm"):
            raise VisionError("vision.errors_suffix", path=str(errors_out))
        found: list = []
        with _progress() as bar:
            task = bar.add_task(_("photos"), total=None)
            metrics = evaluate_folder(folder, session=session, models=models, errors=found,
                                      progress=lambda done, total, what: bar.update(task, completed=done, total=total))
        sheet = contact_sheet(errors_out, found)
        metrics["contact_sheet"] = str(sheet)
        if as_json:
            sys.stdout.write(json.dumps(metrics, indent=2) + "\n")
            return
        _print_eval(metrics)


#: the kinds of error eval counts (vision.evaluate's keys), as a player reads them
ERROR_KINDS = {"colour": N_("colour"), "number": N_("number"), "colour_and_number": N_("colour and number"),
               "missed": N_("missed"), "extra": N_("extra")}


def _print_eval(metrics: dict) -> None:
    from rich.table import Table

    console = _console()
    title = ngettext("%(photos)d photo, %(tiles)d tiles", "%(photos)d photos, %(tiles)d tiles", metrics["photos"])
    table = Table(title=title % {"photos": metrics["photos"], "tiles": metrics["labelled_tiles"]}, show_edge=False)
    table.add_column(_("metric"))
    table.add_column(_("value"), justify="right")
    for key in ("tile_accuracy", "photo_accuracy", "map50", "map50_95", "detector_recall", "detector_map50",
                "reader_accuracy_on_labels", "median_latency_ms"):
        v = metrics[key]
        table.add_row(key, number(v, 1 if key.endswith("_ms") else 3))  # the key: the JSON's, as named
    console.print(table)
    kinds = metrics["errors"]
    console.print(_("errors:") + " " + ", ".join(f"{n} {_(ERROR_KINDS.get(k, k))}" for k, n in kinds.items()),
                  markup=False)
    if metrics["confusion"]:
        conf = Table(title=_("read as (-: missed, or no tile)"), show_edge=False)
        for col in (_("truth"), _("read"), _("count")):
            conf.add_column(col, justify="right" if col == _("count") else "left")
        for row in metrics["confusion"]:
            conf.add_row(row["truth"], row["read"], str(row["count"]))
        console.print(conf)
    console.print(_("contact sheet of the errors: %(path)s") % {"path": metrics["contact_sheet"]}, markup=False)


@vision_app.command("adapt")
def adapt(
    photos: Annotated[Optional[list[Path]], typer.Argument(help="Corrected photos, each with its truth PHOTO.json beside it (rack.jpg.json; `remi scan rack.jpg --fix ... --json` prints one). None: the corrections you kept (--keep).", show_default=False)] = None,
    variant: Variant = "closed",
    set_photos: Annotated[Optional[list[Path]], typer.Option("--set", help="A photo of your whole set laid out in the README's order (rows k1-k13 twice, b, r, y, then the jokers). Repeat.", show_default=False)] = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="Folder for the adapted models (default: models/ in your data folder).", show_default=False)] = None,
    base: ModelsOpt = None,
    detector: Annotated[Optional[bool], typer.Option("--detector/--no-detector", help="Fine-tune the detector too, kept only if the photos held back from it and the sample photos read at least as well (default: when the training extra is installed).", show_default=False)] = None,
    network: Annotated[Optional[bool], typer.Option("--network/--no-network", help="Fine-tune the reader's network too (tiles), kept only if the photos held back from it and the sample photos read at least as well (default: when the training extra is installed).", show_default=False)] = None,
    as_json: Json = False,
) -> None:
    """Teach the reader your own tiles (with --variant simple, your own deck's cards) from
    corrected photos; read with them by --models.

    Example: remi vision adapt rack1.jpg rack2.jpg --out my-models, then
    remi scan rack3.jpg --models my-models (or REMI_MODELS=my-models)
    Example: remi vision adapt --variant simple --models CARD-MODELS (the card photos kept by
    remi scan hand.jpg --variant simple --fix ... --keep)
    """
    with user_errors():
        from remi.vision.errors import VisionError
        from remi.vision.folders import CARDS, TILES, card_models_dir, models_for
        from remi.vision.labels import kept_dir, kept_folder, kept_photos, load_examples
        from remi.vision.reader import MODELS, models_dir

        kind = CARDS if variant == "simple" else TILES
        cards = {"variant": "simple"} if kind == CARDS else {}
        if set_photos and kind == CARDS:
            raise VisionError("cli.set_is_for_tiles")
        if base is not None and not (Path(base) / "vision.json").is_file():
            raise VisionError("cli.no_model_at", option="--models", path=str(base))
        base = models_for(kind, base)  # a folder of the other kind refused in one line
        out = out or kept_dir().parent / ("card-models" if kind == CARDS else "models")
        if out.exists() and not out.is_dir():
            raise VisionError("cli.out_is_file", path=str(out))
        if out.resolve() in (MODELS.resolve(), models_dir().resolve(), card_models_dir().resolve(),
                             Path(base).resolve()):
            raise VisionError("cli.out_is_models", path=str(out))
        given = list(photos or [])
        if not given and not set_photos:
            given = kept_photos(kept_folder(kind))
            if not given:
                raise VisionError("cli.nothing_to_learn", folder=str(kept_folder(kind)), **cards)
        with _progress() as bar:
            task = bar.add_task(_("photos"), total=len(given) + len(set_photos or []))
            examples, counts = load_examples(given, list(set_photos or []), base, kind=kind,
                                             progress=lambda done, total, what: bar.update(task, completed=done))
            from remi.vision.adapt import adapt as adapt_models

            steps = bar.add_task(_("adapting"), total=None)
            if detector or network:
                from remi.vision.adapt import training_extra

                if not training_extra():
                    raise VisionError("cli.detector_extra" if detector else "cli.network_extra")
            result = adapt_models(examples, out, base=Path(base), detector=detector, network=network,
                                  progress=lambda done, total, what: bar.update(
                                      steps, completed=done, total=total, description=_("adapting: %(stage)s")
                                      % {"stage": said(what)}))  # a step's code: its words
        result = {**counts, **result, "kind": kind, "models": str(out)}
        if as_json:
            sys.stdout.write(json.dumps(result, indent=2) + "\n")
            return
        _print_adapted(counts, result, out, kind == CARDS)


def _print_adapted(counts: dict, result: dict, out: Path, cards: bool = False) -> None:
    """What ``remi vision adapt`` learnt, what became of the reader and the detector, and where
    the models are, in the reader's language (the figures themselves: --json); ``cards``: a
    card models folder's, whose examples are corner indices."""
    from remi.vision.adapt import Verdict, heads_words

    console = _console()
    photos = counts["photos"] + counts["set_photos"]
    if cards:
        learnt = ngettext("learnt from %(photos)d photo, %(tiles)d card indices",
                          "learnt from %(photos)d photos, %(tiles)d card indices",
                          photos) % {"photos": photos, "tiles": counts["tiles"]}
    else:
        learnt = ngettext("learnt from %(photos)d photo, %(tiles)d tiles",
                          "learnt from %(photos)d photos, %(tiles)d tiles",
                          photos) % {"photos": photos, "tiles": counts["tiles"]}
    if counts["tiles_without_box"]:
        learnt += " " + ngettext("(%(count)d added without a box skipped)", "(%(count)d added without a box skipped)",
                                 counts["tiles_without_box"]) % {"count": counts["tiles_without_box"]}
    console.print(learnt, highlight=False, markup=False)
    verdict = dict(result["detector_verdict"])
    figures = {"before": result["right_before"], "after": result["right_after"]}
    right = (_("card indices read right on these photos: %(before)s as shipped, %(after)s adapted") if cards else
             _("tiles read right on these photos: %(before)s as shipped, %(after)s adapted")) % figures
    network = dict(result["network_verdict"])
    for line in (heads_words(result["reader_heads"], None), Verdict(network.pop("code"), network).said(None),
                 Verdict(verdict.pop("code"), verdict).said(None), right):
        console.print(f"  {line}", highlight=False, markup=False)  # '.[train]' stays
    if cards:
        where = _("adapted card models in %(out)s: read with them by remi scan PHOTO --variant simple --models "
                  "%(out)s (or REMI_CARD_MODELS=%(out)s)") % {"out": out}
    else:
        where = _("adapted models in %(out)s: read with them by remi scan PHOTO --models %(out)s "
                  "(or REMI_MODELS=%(out)s)") % {"out": out}
    console.print(where, highlight=False, markup=False)


def _progress():
    """A rich progress bar on stderr (stdout stays clean for --json), gone when done: an error
    after it started is still the one line on stderr (remi.errors)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=console, transient=True, disable=not console.is_terminal)


def register(app: typer.Typer) -> None:
    """Add this module's commands to the main app."""
    app.command("scan")(scan)
    app.add_typer(vision_app, name="vision")
