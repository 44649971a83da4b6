"""The vision errors: a refusal of the photo path, typed, with a stable ``code`` and its fields.

Each refusal is a subclass of ``VisionError`` with a ``code`` (stable: scripts and the page
decide by it, never by the words) and its fields as attributes; its English sentence is made
from the code and the fields here, in ``SENTENCES``, the one place (where a translation goes).
``str(err)`` is that sentence. A ``VisionError`` raised with a plain line (the older refusals
of ``vision.images`` and ``vision.labels``) has the code ``"vision"``.

>>> err = FixOutOfRange(fix="16=r1", option="--fix", tiles=15, noun="tile", set_aside=0)
>>> err.code, err.tiles, str(err)
('fix_out_of_range', 15, '--fix 16=r1: the photo has 15 tiles, numbered 1-15')
"""

from __future__ import annotations

from typing import Any, Callable

from remi.engine import RemiError


class VisionError(RemiError, ValueError):
    """A photo remi cannot read: not an image, empty, too large, upside down, no model."""

    code = "vision"

    def __init__(self, message: str = "", **fields: Any) -> None:
        self.fields = fields
        for name, value in fields.items():
            setattr(self, name, value)
        super().__init__(message or sentence(self.code, fields))


def _option(f: dict) -> str:
    """``--fix 3=r1``, or ``Dan:3=r1`` for the sheet's ``--photo-fix Dan:``, or the bare fix at the prompt."""
    option, fix = f.get("option", "--fix"), f.get("fix", "")
    return f"{option}{fix}" if option.endswith(":") else f"{option} {fix}".strip()


def _range(f: dict) -> str:
    n, m, noun = f["tiles"], f["set_aside"], f["noun"]
    text = f"the photo has {n} {noun}{'s' if n != 1 else ''}" + (f", numbered 1-{n}" if n > 1 else ", number 1" if n else "")
    return text + (f", and {m} set aside, numbered {n + 1}-{n + m}" if m > 1
                   else f", and 1 set aside, number {n + 1}" if m else "")


def _big(f: dict) -> str:
    return f["noun"].upper()


#: code -> the English sentence from the fields (the one place a refusal is worded)
SENTENCES: dict[str, Callable[[dict], str]] = {
    "fix_syntax": lambda f: (f"{_option(f)}: write N={_big(f)} (3={f['example']}), N=- (drop {f['noun']} N) "
                             f"or +={_big(f)} (a missed {f['noun']})"),
    "fix_add_nothing": lambda f: f"{_option(f)}: +={_big(f)} adds a {f['noun']}; N=- drops {f['noun']} N",
    "fix_not_a_tile": lambda f: f"{_option(f)}: {f['reason']}",
    "fix_box_not_added": lambda f: f"{_option(f)}: only an added {f['noun']} (+={_big(f)}@x1,y1,x2,y2) takes a box",
    "fix_box_syntax": lambda f: f"{_option(f)}: the box is x1,y1,x2,y2 in pixels of the photo",
    "fix_box_empty": lambda f: f"{_option(f)}: the box x1,y1,x2,y2 needs x2 > x1 and y2 > y1",
    "fix_twice": lambda f: (f"{_option({**f, 'fix': f['first']})} and {_option(f)}: two fixes for "
                            f"{f['noun']} {f['number']}").strip(),
    "fix_out_of_range": lambda f: f"{_option(f)}: {_range(f)}",
    "fix_too_many": lambda f: (f"{_option(f)}: that makes {f['count']} of {f['tile']}; "
                               + (f"the packs hold {f['most']}" if f["noun"] == "card" else f"the set has {f['most']}")),
    "photo_fix_unrouted": lambda f: (f"--photo-fix {f['fix']}: no --rack-photo {f['name']}=PHOTO to fix" if f["name"]
                                     else f"--photo-fix {f['fix']}: which photo? give --board-photo, or name the rack "
                                          f"(Dan:{f['fix']})"),
    "no_tiles_found": lambda f: f"{f['photo']}: no {f['noun']}s found in the photo",
    "no_tiles_left": lambda f: f"{f['photo']}: no {f['noun']}s left after the corrections",
    "hand_size": lambda f: (f"{f['photo']}: {f['count']} {f['noun']}s read; a hand holds {f['most']}"
                            + (f" (or {f['fewest']} before the draw)" if f["fewest"] != f["most"] else "")
                            + f": correct them with {f['option']} N=7h, N=- or +=Qs"),
    "no_models": lambda f: ((f"{f['folder']}: no vision model there (vision.json missing): " if f.get("folder")
                             else "the vision models that ship with remi are missing: reinstall remi (pip install "
                                  "remi ships them), or ")
                            + "name a models folder with --models DIR or REMI_MODELS=DIR"),
    "kept_full": lambda f: (f"the kept photos are full ({f['photos']} photos, {f['megabytes']} MB; at most "
                            f"{f['most_photos']} photos or {f['most_megabytes']} MB): this photo was not kept; "
                            f"run remi vision adapt, or delete old ones in {f['folder']}"),
    "no_colour": lambda f: (f"{f['photo']}: the photo has no colour (it is black and white): tile colours cannot "
                            f"be read; take it again in colour"),
}


def sentence(code: str, fields: dict) -> str:
    """The English sentence of a refusal from its code and fields."""
    make = SENTENCES.get(code)
    return make(fields) if make else f"{code}: {fields}"


def _typed(name: str, code: str, doc: str, base: type[VisionError] = VisionError) -> type[VisionError]:
    return type(name, (base,), {"code": code, "__doc__": doc, "__module__": __name__})


class FixError(VisionError):
    """A fix that cannot apply: one line naming it (exit 2)."""

    code = "fix"


FixSyntax = _typed("FixSyntax", "fix_syntax", "A fix that is not N=TILE, N=- or +=TILE.", FixError)
FixAddsNothing = _typed("FixAddsNothing", "fix_add_nothing", "+=- : adding no tile.", FixError)
FixNotATile = _typed("FixNotATile", "fix_not_a_tile", "A fix whose tile is no tile (``reason``: the notation's).", FixError)
FixBoxNotAdded = _typed("FixBoxNotAdded", "fix_box_not_added", "A box given to a fix that adds no tile.", FixError)
FixBoxSyntax = _typed("FixBoxSyntax", "fix_box_syntax", "A box that is not four numbers.", FixError)
FixBoxEmpty = _typed("FixBoxEmpty", "fix_box_empty", "A box whose corners are not in order.", FixError)
FixTwice = _typed("FixTwice", "fix_twice", "Two fixes for one tile number.", FixError)
FixOutOfRange = _typed("FixOutOfRange", "fix_out_of_range", "A fix naming a number the photo lacks.", FixError)
FixTooMany = _typed("FixTooMany", "fix_too_many", "A fix making one kind more than the deck holds.", FixError)
PhotoFixUnrouted = _typed("PhotoFixUnrouted", "photo_fix_unrouted",
                          "A sheet's --photo-fix naming no photo given (``name``: the rack named, or None).", FixError)
NoTilesFound = _typed("NoTilesFound", "no_tiles_found", "A photo in which no tile was found.")
NoTilesLeft = _typed("NoTilesLeft", "no_tiles_left", "Every tile dropped by the corrections.")
HandSize = _typed("HandSize", "hand_size", "A hand of cards of a count no hand holds (SR-4, SR-17).")
NoModels = _typed("NoModels", "no_models", "No models folder where remi looked (``folder``; None: the shipped one).")
KeptFull = _typed("KeptFull", "kept_full", "The kept photos' folder is at its cap: the photo is not kept.")
NoColour = _typed("NoColour", "no_colour", "A photo without colour: the tiles' colours cannot be read.")

__all__ = ["FixError", "HandSize", "KeptFull", "NoColour", "NoModels", "NoTilesFound", "NoTilesLeft", "PhotoFixUnrouted", "SENTENCES",
           "VisionError", "sentence"]
