"""Which models folder reads a photo: tiles (Closed Rummy) or cards (Simple rummy).

A models folder is ``vision.json`` and the ONNX files it names. A card models folder is the
same format (a detector of corner indices, the tile reader's network reading each index as
the engine's kind of that card: ``models/candidates/cards1/README.md``) and says so:
``"kind": "cards"``; a tile folder says ``"kind": "tiles"`` or nothing. A folder of the other
kind is refused in one line naming it, before any photo is read. A card folder whose reader
was trained to tell an index upright from turned says ``"way_up": true``; without it the
indices are grouped into cards by where they lie alone (``vision.cards``).

Tile models: ``--models``, else ``REMI_MODELS``, else the shipped ``models/``. Card models:
``--models``, else ``REMI_CARD_MODELS``, else ``cards/`` beside the tile models. No card
model ships yet: it ships once it passes the rule its model card set before training.
"""

from __future__ import annotations

import os
from pathlib import Path

from remi.vision.errors import VisionError
from remi.vision.settings import ModelSettings, models_dir

TILES, CARDS = "tiles", "cards"
CARD_RULE = "models/candidates/cards1/README.md"


class NoCardModels(VisionError):
    """No card models folder found: reading cards is not there yet (exit 1, not bad input).

    ``folder``: the folder looked in, where it is the user's business (None on the page);
    ``how``: the command's way to name a folder."""

    code = "vision.no_card_models"
    other = ("folder", "_in")
    exit_code = 1

    def __init__(self, folder: Path | None = None, how: str = "--models DIR") -> None:
        super().__init__(folder=None if folder is None else str(folder), how=how, rule=CARD_RULE)


def card_models_dir() -> Path:
    """``REMI_CARD_MODELS``, else ``cards/`` beside the tile models."""
    env = os.environ.get("REMI_CARD_MODELS")
    return Path(env) if env else models_dir() / "cards"


def folder_kind(folder: Path) -> str:
    """What a models folder reads, from its vision.json (``vision.settings``): ``tiles`` or ``cards``."""
    return ModelSettings.read(Path(folder)).kind


def models_for(kind: str, given: Path | None = None) -> Path:
    """The models folder that reads ``kind`` (``--models`` when given); VisionError in one
    line for a folder of the other kind, ``NoCardModels`` when no card models are found."""
    if given is None and kind == CARDS and not (card_models_dir() / "vision.json").is_file():
        raise NoCardModels(card_models_dir())
    folder = Path(given) if given is not None else (card_models_dir() if kind == CARDS else models_dir())
    found = folder_kind(folder)
    if found != kind:
        raise VisionError("vision.models_kind", folder=str(folder), kind=found,
                          variant="simple" if kind == CARDS else "closed")
    return folder


__all__ = ["CARDS", "NoCardModels", "TILES", "card_models_dir", "folder_kind", "models_for"]
