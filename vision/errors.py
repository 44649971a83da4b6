"""The vision errors: a refusal of the photo path, typed, with a stable ``code`` and its fields.

Each refusal is a subclass of ``VisionError`` with a ``code`` (stable: scripts and the page
decide by it, never by the words) and its fields as attributes; its English sentence is the
template of its code in ``engine.messages_vision``, filled by ``engine.messages.sentence``
(the one place for every refusal's words, where a translation goes). ``str(err)`` is that
sentence. A refusal whose words depend on a field has a code for each wording
(``vision.fix_out_of_range_empty``: a photo of no tiles), picked by its class from the fields.

>>> err = FixOutOfRange(fix="16=r1", option="--fix", tiles=15, noun="tile", set_aside=0)
>>> err.code, err.tiles, str(err)
('vision.fix_out_of_range', 15, '--fix 16=r1: the photo has 15 tiles, numbered 1-15')
"""

from __future__ import annotations

import re
from typing import Any

from remi.engine import RemiError
from remi.engine.messages import sentence


class VisionError(RemiError, ValueError):
    """A photo remi cannot read: not an image, empty, too large, upside down, no model.

    ``VisionError(code, **fields)`` for a refusal without a class of its own; a subclass's
    code is its class's (``worded`` picks among its wordings)."""

    code = "vision"
    #: (field, suffix): the code of the other wording, taken when that field is set
    #: (``PhotoTooLarge``: ``whole`` set, ``vision.photo_too_large_whole``)
    other: tuple[str, str] | None = None

    def __init__(self, code: str | None = None, /, **fields: Any) -> None:
        fields = _derived(fields)
        super().__init__(code or self.worded(fields), **fields)
        self.fields = self.params

    @classmethod
    def worded(cls, fields: dict[str, Any]) -> str:
        """The code of this refusal's wording for these fields (most have one; ``other``)."""
        return cls.code + cls.other[1] if cls.other and fields.get(cls.other[0]) else cls.code


def _derived(fields: dict[str, Any]) -> dict[str, Any]:
    """The fields a sentence shows that are made from others: ``given``, a fix as the user gave
    it (``--fix 3=r1``; ``Dan:3=r1`` for the sheet's ``--photo-fix Dan:``; the bare fix at the
    prompt); ``variant`` "simple" when the refusal is about cards (the ``/simple`` wording)."""
    out = dict(fields)
    if "fix" in fields and "option" in fields:
        out["given"] = _given(fields["option"], fields["fix"])
        if "first" in fields:
            out["given_first"] = _given(fields["option"], fields["first"])
    if fields.get("noun") == "card":
        out.setdefault("variant", "simple")
    return out


def _given(option: str, fix: str) -> str:
    return f"{option}{fix}" if option.endswith(":") else f"{option} {fix}".strip()


def _family(base: type[VisionError], names: str, **others: tuple[str, str]) -> tuple[type[VisionError], ...]:
    """A refusal class under ``base`` for each name, its code ``vision.`` and the name in snake
    case (its sentence: that code's template); ``others``: a class's other wording (``other``)."""
    return tuple(type(name, (base,), {"code": "vision." + re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower(),
                                      "other": others.get(name), "__module__": __name__,
                                      "__doc__": "A refusal of the photo path: see engine.messages_vision."})
                 for name in names.split())


class FixError(VisionError):
    """A fix that cannot apply: one line naming it (exit 2)."""

    code = "vision.fix"


class PhotoError(VisionError):
    """A photo file remi cannot read (``photo``: its name as the user gave it)."""

    code = "vision.photo"


#: the fixes (``--fix``, the prompt, the sheet's ``--photo-fix``)
#: (``PhotoFixUnrouted``: no photo named; ``name``: a rack without a photo)
(FixSyntax, FixAddsNothing, FixNotATile, FixBoxNotAdded, FixBoxSyntax, FixBoxEmpty, FixTwice, FixTooMany,
 PhotoFixUnrouted) = _family(
    FixError, "FixSyntax FixAddsNothing FixNotATile FixBoxNotAdded FixBoxSyntax FixBoxEmpty FixTwice FixTooMany "
              "PhotoFixUnrouted", PhotoFixUnrouted=("name", "_named"))
#: a photo file (vision.images; ``PhotoTooLarge`` with ``whole``: the limit of a photo decoded
#: whole, not a JPEG)
(PhotoFolder, PhotoMissing, PhotoEmpty, PhotoFileTooLarge, PhotoTooLarge, PhotoTooSmall, PhotoBlank, PhotoHeic,
 PhotoUnknown, PhotoTruncated, PhotoUndecodable, PhotoUnreadable) = _family(
    PhotoError, "PhotoFolder PhotoMissing PhotoEmpty PhotoFileTooLarge PhotoTooLarge PhotoTooSmall PhotoBlank "
                "PhotoHeic PhotoUnknown PhotoTruncated PhotoUndecodable PhotoUnreadable", PhotoTooLarge=("whole", "_whole"))
#: a reading and its use: the CLI's, and the phone's upload and corrections (remi/web/photos.py);
#: ``NoModels`` in ``folder`` or (None) the shipped ones missing; ``UploadNotAPhoto``, ``damaged``
(NoTilesFound, NoTilesLeft, KeptFull, NoColour, ServerBusy, CorrectionsCount, CorrectionNotATile, AddedNotATile,
 NoGameChosen, UnknownUse, NothingUsed, NoModels, UploadNotAPhoto) = _family(
    VisionError, "NoTilesFound NoTilesLeft KeptFull NoColour ServerBusy CorrectionsCount CorrectionNotATile "
                 "AddedNotATile NoGameChosen UnknownUse NothingUsed NoModels UploadNotAPhoto",
    NoModels=("folder", "_in"), UploadNotAPhoto=("damaged", "_damaged"))


class FixOutOfRange(FixError):
    """A fix's number past the photo's boxes: ``tiles`` read, ``set_aside`` after them."""

    code = "vision.fix_out_of_range"

    def __init__(self, **fields: Any) -> None:
        tiles, aside = fields["tiles"], fields["set_aside"]
        if aside:  # the plural is the set-aside count's; the tiles' own count is said apart
            fields.update(count=aside, first_aside=tiles + 1, last_aside=tiles + aside)
        else:
            fields["count"] = tiles
        super().__init__(**fields)

    @classmethod
    def worded(cls, fields: dict[str, Any]) -> str:
        tiles, aside = fields["tiles"], fields["set_aside"]
        if aside:
            return cls.code + ("_aside" if tiles > 1 else "_one_aside" if tiles == 1 else "_none_aside")
        return cls.code if tiles else cls.code + "_empty"




class HandSize(VisionError):
    """A reading of more or fewer tiles than a hand holds (``fewest`` to ``most``)."""

    code = "vision.hand_size"

    @classmethod
    def worded(cls, fields: dict[str, Any]) -> str:
        return cls.code if fields["fewest"] == fields["most"] else cls.code + "_range"




class UploadTooLarge(VisionError):
    """An upload of more pixels than remi decodes (``kind``: a format decoded whole, like png)."""

    code = "vision.upload_too_large"

    def __init__(self, **fields: Any) -> None:
        if fields.get("kind"):
            fields["format"] = fields["kind"].upper()
        super().__init__(**fields)

    other = ("kind", "_as")


__all__ = ["AddedNotATile", "FixError", "HandSize", "KeptFull", "NoColour", "NoModels", "NoTilesFound", "NoTilesLeft",
           "PhotoError", "PhotoFixUnrouted", "VisionError", "sentence"]
