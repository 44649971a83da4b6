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

import re
from typing import Any, Callable

from remi.engine import RemiError


class VisionError(RemiError, ValueError):
    """A photo remi cannot read: not an image, empty, too large, upside down, no model."""

    code = "vision"

    def __init__(self, message: str = "", **fields: Any) -> None:
        super().__init__(message or sentence(self.code, fields))
        # the engine's root takes a sentence without a template as "untyped": a vision refusal
        # keeps its own code and fields (engine.errors' code + params, docs/errors.md)
        self.code = type(self).code
        self.fields = self.params = fields
        for name, value in fields.items():
            setattr(self, name, value)


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
SENTENCES: dict[str, str | Callable[[dict], str]] = {
    "fix_syntax": lambda f: (f"{_option(f)}: write N={_big(f)} (3={f['example']}), N=- (drop {f['noun']} N) "
                             f"or +={_big(f)} (a missed {f['noun']})"),
    "fix_adds_nothing": lambda f: f"{_option(f)}: +={_big(f)} adds a {f['noun']}; N=- drops {f['noun']} N",
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
    "no_tiles_found": "{photo}: no {noun}s found in the photo",
    "no_tiles_left": "{photo}: no {noun}s left after the corrections",
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
    "photo_folder": "{photo}: a folder, not a photo",
    "photo_missing": "{photo}: no such file",
    "photo_empty": "{photo}: the file is empty",
    "photo_file_too_large": "{photo}: the file is too large ({mb} MB; at most {most_mb} MB)",
    "photo_too_large": lambda f: (f"{f['photo']}: the image is too large ({f['width']}x{f['height']} pixels; at most "
                                  f"{f['most_mp']} megapixels" + (" unless it is a JPEG)" if f.get("whole") else ")")),
    "photo_too_small": "{photo}: the image is too small ({width}x{height} pixels) to show tiles",
    "photo_blank": "{photo}: the image is blank (one flat colour)",
    "photo_heic": lambda f: (f"{f['photo']}: a HEIC photo (an iPhone's default): install its reader with `pip install "
                             f"pillow-heif`, or convert it to JPEG (iPhone: Settings > Camera > Formats > Most "
                             f"Compatible)"),
    "photo_unknown": "{photo}: not an image remi can read (use a JPEG, PNG or HEIC photo)",
    "photo_truncated": "{photo}: the file is cut short (truncated)",
    "photo_undecodable": "{photo}: cannot decode it ({reason})",
    "photo_unreadable": "{photo}: cannot read the image ({reason})",
    "upload_not_a_photo": lambda f: ("this file is not a photo remi can read: take a JPEG, PNG or WebP photo" if not f.get("damaged")
                                     else "this file is not a photo remi can read (it is damaged or not an image)"),
    "server_busy": lambda f: "the server is reading other photos: send this one again in a moment",
    "upload_too_large": lambda f: (f"the photo is too large to read as {f['kind'].upper()} ({f['width']}x{f['height']} "
                                   f"pixels; at most {f['most_mp']} megapixels): send it as a JPEG" if f.get("kind")
                                   else f"the photo is too large ({f['width']}x{f['height']} pixels; at most "
                                        f"{f['most_mp']} megapixels)"),
    "corrections_count": lambda f: (f"the corrections name {f['named']} {f['noun']}s for {f['boxes']} boxes: "
                                    "reload the photo"),
    "correction_not_a_tile": "{what} {number}: {reason}",
    "no_game_chosen": lambda f: "choose a game first: the board and racks go into a game's next hand",
    "unknown_use": "unknown use {f['action']!r} for the tiles",
    "nothing_used": lambda f: "no tiles left: every box was marked as not a tile",
    "no_colour": lambda f: (f"{f['photo']}: the photo has no colour (it is black and white): tile colours cannot "
                            f"be read; take it again in colour"),
}


def sentence(code: str, fields: dict) -> str:
    """The English sentence of a refusal from its code and fields: a whole sentence with named
    placeholders, or (where the words depend on a field) a function of the fields."""
    make = SENTENCES.get(code)
    if make is None:
        return f"{code}: {fields}"
    return make.format(**fields) if isinstance(make, str) else make(fields)


def _family(base: type[VisionError], names: str) -> tuple[type[VisionError], ...]:
    """A refusal class under ``base`` for each name, its code the name in snake case (its
    sentence: ``SENTENCES`` under that code)."""
    return tuple(type(name, (base,), {"code": re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower(), "__module__": __name__,
                                      "__doc__": "A refusal of the photo path: see SENTENCES."})
                 for name in names.split())


class FixError(VisionError):
    """A fix that cannot apply: one line naming it (exit 2)."""

    code = "fix"


class PhotoError(VisionError):
    """A photo file remi cannot read (``photo``: its name as the user gave it)."""

    code = "photo"


#: the fixes (``--fix``, the prompt, the sheet's ``--photo-fix``)
(FixSyntax, FixAddsNothing, FixNotATile, FixBoxNotAdded, FixBoxSyntax, FixBoxEmpty, FixTwice, FixOutOfRange, FixTooMany,
 PhotoFixUnrouted) = _family(FixError, "FixSyntax FixAddsNothing FixNotATile FixBoxNotAdded FixBoxSyntax FixBoxEmpty "
                                       "FixTwice FixOutOfRange FixTooMany PhotoFixUnrouted")
#: a photo file (vision.images)
(PhotoFolder, PhotoMissing, PhotoEmpty, PhotoFileTooLarge, PhotoTooLarge, PhotoTooSmall, PhotoBlank, PhotoHeic,
 PhotoUnknown, PhotoTruncated, PhotoUndecodable, PhotoUnreadable) = _family(
    PhotoError, "PhotoFolder PhotoMissing PhotoEmpty PhotoFileTooLarge PhotoTooLarge PhotoTooSmall PhotoBlank PhotoHeic "
                "PhotoUnknown PhotoTruncated PhotoUndecodable PhotoUnreadable")
#: a reading and its use: the CLI's, and the phone's upload and corrections (remi/web/photos.py)
(NoTilesFound, NoTilesLeft, HandSize, NoModels, KeptFull, NoColour, UploadNotAPhoto, ServerBusy, UploadTooLarge,
 CorrectionsCount, CorrectionNotATile, NoGameChosen, UnknownUse, NothingUsed) = _family(
    VisionError, "NoTilesFound NoTilesLeft HandSize NoModels KeptFull NoColour UploadNotAPhoto ServerBusy UploadTooLarge "
                 "CorrectionsCount CorrectionNotATile NoGameChosen UnknownUse NothingUsed")

__all__ = ["FixError", "HandSize", "KeptFull", "NoColour", "NoModels", "NoTilesFound", "NoTilesLeft", "PhotoError",
           "PhotoFixUnrouted", "SENTENCES", "VisionError", "sentence"]
