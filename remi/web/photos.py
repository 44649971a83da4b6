"""The camera: a photo from the phone, read with remi's vision, corrected by tapping, then used.

An upload is checked before it is decoded: its size (the guard's body limit), its kind (the
first bytes must be a JPEG, PNG or WebP) and its pixels (from the header, so a small file that
decodes to a huge image is refused before it costs memory). The photo is read by the same
``remi.vision`` reader as ``remi scan``; the page shows it shrunk to ``SHOWN`` pixels with the
numbered boxes, the unsure tiles marked. The upload waits in a temporary folder (the newest
``KEEP`` photos) until the user uses it, and is kept for ``remi vision adapt`` only when the
user ticks the box.
"""

from __future__ import annotations

import secrets
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from markupsafe import Markup, escape
from starlette.routing import Route

from remi.engine import RemiError, Tile, check_close, format_tiles, preset
from remi.engine.words import notation_for
from remi.scoresheet.store import game_id_of
from remi.web.guard import Refused, read_form
from remi.web.offload import heavy, photo_work
from remi.web.sheets import game_in_query
from remi.web.tiles import chip
from remi.vision import errors as E
from remi.vision.errors import KeptFull
from remi.i18n import current, percent, said
from remi.i18n import gettext as _, ngettext

#: the most pixels a photo may have (a 48 MP phone photo passes; a 200 MP one does not)
MAX_PIXELS = 50_000_000
#: the most pixels of a PNG or WebP, which decode whole (a JPEG decodes reduced, vision.images):
#: a 12 KB one-bit PNG of 7000 x 7000 decoded to 150 MB of RGB and as much again in copies
MAX_PIXELS_WHOLE = 24_000_000
#: decoded pixels the server holds at once over every photo being read (about 10 bytes each
#: at the peak of a decode: RGB, BGR and the reader's copies): 8 uploads of 49 MP lifted it
#: to 3.6 GB (issue 27); with this, one phone's photo waits for another's
PIXEL_BUDGET = 60_000_000
#: seconds a photo waits for the budget before it is refused
BUDGET_WAIT_S = 30.0
#: the long side of the photo as the page shows it (a phone's screen is about 1,200 px tall)
SHOWN = 1280
#: photos waiting to be used; older ones are forgotten
KEEP = 16
KINDS = {b"\xff\xd8\xff": ("jpeg", ".jpg"), b"\x89PNG\r\n\x1a\n": ("png", ".png")}


@dataclass
class Shot:
    """One photo being corrected: the upload on disk, the picture shown, what was read."""

    pid: str
    path: Path
    name: str
    shown: bytes
    width: int
    height: int
    scale: float  # shown pixels per photo pixel
    detections: list[dict[str, Any]]
    set_aside: int = 0  # boxes the reader held to be no tile (not counted)
    cards: bool = False  # read with the card models (a Simple game)
    colour: bool = True  # False: a photo without colour, every tile's colour a guess (vision.colour)


class PhotoCache:
    """The newest photos, by a random id; the oldest are deleted beyond ``size``."""

    def __init__(self, size: int = KEEP) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="remi-web-photos-"))
        self.size = size
        self.budget = PixelBudget()
        self.shots: OrderedDict[str, Shot] = OrderedDict()
        self.lock = threading.Lock()

    def add(self, shot: Shot) -> None:
        with self.lock:
            self.shots[shot.pid] = shot
            while len(self.shots) > self.size:
                _, old = self.shots.popitem(last=False)
                old.path.unlink(missing_ok=True)

    def get(self, pid: str) -> Shot:
        with self.lock:
            shot = self.shots.get(pid)
        if shot is None:
            raise Refused(404, "web.photo_gone")
        return shot

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def kind_of(data: bytes) -> tuple[str, str]:
    """The photo's format from its first bytes; UploadNotAPhoto for anything else."""
    for magic, kind in KINDS.items():
        if data.startswith(magic):
            return kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "webp", ".webp"
    raise E.UploadNotAPhoto(damaged=False)


class PixelBudget:
    """The decoded pixels of the photos being read at once, at most ``total`` (a semaphore
    counting pixels): a decode waits until it fits, or is refused after ``wait`` seconds."""

    def __init__(self, total: int = PIXEL_BUDGET, wait: float = BUDGET_WAIT_S) -> None:
        self.total, self.wait, self.used = total, wait, 0
        self.changed = threading.Condition()

    @contextmanager
    def holding(self, pixels: int) -> Iterator[None]:
        pixels = min(pixels, self.total)  # a photo the limits let in always fits alone
        with self.changed:
            if not self.changed.wait_for(lambda: self.used + pixels <= self.total, timeout=self.wait):
                raise E.ServerBusy()
            self.used += pixels
        try:
            yield
        finally:
            with self.changed:
                self.used -= pixels
                self.changed.notify_all()


def decoded_pixels(kind: str, width: int, height: int) -> int:
    """The pixels ``vision.images.load_photo`` decodes; UploadTooLarge for a PNG or WebP too large
    to decode whole."""
    from remi.vision.images import decode_scale

    if kind != "jpeg" and width * height > MAX_PIXELS_WHOLE:
        raise E.UploadTooLarge(kind=kind, width=width, height=height, most_mp=MAX_PIXELS_WHOLE // 1_000_000)
    scale = decode_scale(kind, width, height)
    return (width // scale) * (height // scale)


def check_pixels(data: bytes) -> tuple[int, int]:
    """Width and height from the header alone (nothing decoded, ``vision.images.header_size``);
    UploadNotAPhoto, or UploadTooLarge past MAX_PIXELS."""
    from remi.vision.images import header_size

    size = header_size(data)
    if size is None:
        raise E.UploadNotAPhoto(damaged=True)
    w, h = size
    if w * h > MAX_PIXELS:
        raise E.UploadTooLarge(kind=None, width=w, height=h, most_mp=MAX_PIXELS // 1_000_000)
    return w, h


def reader_of(web: Any, kind: str = "tiles") -> Any:
    """The vision reader of tiles, or of cards (a Simple game: the card models of
    ``REMI_CARD_MODELS``), from the one cache of readers (``vision.photo.reader_for``).
    No card models: ``NoCardModels``, its line without the server's folder."""
    from remi.vision.errors import NoModels
    from remi.vision.folders import NoCardModels
    from remi.vision.photo import reader_for

    try:
        return reader_for(kind, web.models if kind == "tiles" else None)
    except NoCardModels:
        raise NoCardModels() from None
    except NoModels:
        raise NoModels(folder=None) from None  # what to do, never the server's folder


def card_models_missing(game: Any) -> str | None:
    """The camera page's one line in a Simple game without card models; None otherwise."""
    if game is None or game.rules.is_closed:
        return None
    from remi.vision.folders import NoCardModels, card_models_dir

    return None if (card_models_dir() / "vision.json").is_file() else str(NoCardModels())


def read_shot(web: Any, data: bytes, name: str, *, rules: Any = None, expect: tuple[int, int] | None = None) -> Shot:
    """Check, store and read one upload (the slow part: decoding and the two models).

    The photo is decoded as ``remi scan`` decodes it (``vision.images.load_photo``: EXIF
    applied, a large JPEG decoded reduced), read, and its boxes given in the photo's pixels.
    """
    from remi.vision.photo import read

    kind, suffix = kind_of(data)
    pixels = decoded_pixels(kind, *check_pixels(data))
    pid = secrets.token_urlsafe(9)
    path = web.photos.folder / f"{pid}{suffix}"
    path.write_bytes(data)
    # The game's deck (Simple rummy's four jokers) and, for a rack or a board, how many tiles
    # it holds: the reader counts a likely box more, or marks one too many.
    cards = rules is not None and not rules.is_closed
    try:
        reader_of(web, "cards" if cards else "tiles")  # no card models: their line, nothing read
        with web.photos.budget.holding(pixels):
            photo, reading = read(path, web.models if not cards else None, expect=expect,
                                  kind="cards" if cards else "tiles", rules=rules)
    except Exception as exc:
        path.unlink(missing_ok=True)
        if isinstance(exc, E.VisionError) and "photo" in exc.fields:  # the server's folder is nobody's business
            raise type(exc)(**{**exc.fields, "photo": "the photo"}) from None
        raise
    return _shot(web, pid, path, name, photo, reading, rules)


def _shot(web: Any, pid: str, path: Path, name: str, photo: Any, reading: Any, rules: Any) -> Shot:
    """The photo as the page shows it (shrunk to SHOWN, the boxes scaled), kept in the cache."""
    from remi.vision.annotate import shown_jpeg

    jpeg, scale = shown_jpeg(photo, SHOWN)  # scale: shown pixels per photo pixel
    detections = []
    notation = notation_for(rules.variant) if rules is not None else "tile"
    for d in reading.detections:
        corners = getattr(d, "corners", None)
        # Why the reader is unsure (vision's reasons) and its runner-up kinds: offered as keys.
        alternatives = [str(t) for t, _ in getattr(d, "alternatives", ())[:3]]
        detections.append({"tile": str(d.tile), "confidence": round(d.confidence, 3), "low": bool(d.low),
                           "why": unsure_words(d, notation) if d.low else "",
                           "alternatives": alternatives,
                           "box": [round(v * scale, 1) for v in d.box],
                           "photo_box": [round(v, 1) for v in d.box],
                           "points": " ".join(f"{x * scale:.1f},{y * scale:.1f}" for x, y in corners) if corners else None})
    shot = Shot(pid, path, name, jpeg, photo.width, photo.height, scale, detections,
                len(reading.set_aside), reading.kind == "cards", reading.colour)
    web.photos.add(shot)
    return shot


def _percent(p: float) -> str:
    """How sure remi is, as the reader's language writes a percentage (``i18n.percent``); in
    English with the space its doubts have always had (``62 %``)."""
    return f"{round(p * 100)} %" if current() == "en" else percent(p)


def unsure_words(d: Any, notation: str = "tile") -> Markup:
    """Why a read needs a look, in words a player takes in at a glance, the tiles drawn as tiles.

    The reader says why as a typed doubt (``vision.doubts``: its kind, shares and runner-up
    kinds); the page words each kind its own way, and any other kind as the doubt's own words.
    The numbers say what they are: how sure remi is of a tile, or how likely a box holds none.
    """
    from remi.vision.doubts import DoubtKind

    doubt = d.doubt
    kind = doubt.kind if doubt is not None else DoubtKind.UNSURE
    alternatives = list(d.alternatives)
    likelier = [(t, p) for t, p in alternatives if p > d.confidence]
    cards = notation == "card"
    # every sentence is whole in the catalogue, its tiles drawn as chips (Markup's % escapes the rest)
    if kind is DoubtKind.DECK_LIMIT and likelier:
        # the reader's favourite kind is one the photo already holds as often as the deck does
        tile, p = likelier[0]
        count = doubt.count or 2  # the deck's copies of it (house rules: copies, jokers)
        words = (ngettext("looks most like %(tile)s (%(share)s sure), but the only joker is already read: "
                          "which is it?",
                          "looks most like %(tile)s (%(share)s sure), but all %(count)s jokers are already read: "
                          "which is it?", count) if tile.is_joker else
                 ngettext("looks most like %(tile)s (%(share)s sure), but the only one is already read: "
                          "which is it?",
                          "looks most like %(tile)s (%(share)s sure), but all %(count)s are already read: "
                          "which is it?", count))
        return Markup(escape(words)) % {"tile": chip(tile, notation), "share": _percent(p), "count": count}
    if kind is DoubtKind.MAYBE_NO_TILE:
        words = (_("maybe no card here (%(share)s likely none): if so, tap it, then “%(button)s”") if cards else
                 _("maybe no tile here (%(share)s likely none): if so, tap it, then “%(button)s”"))
        return Markup(escape(words)) % {"share": _percent(doubt.share),
                                        "button": _("not a card") if cards else _("not a tile")}
    if kind is DoubtKind.NO_COLOUR:
        return Markup(escape(
            _("the photo has no colour: this card's suit is a guess (take the photo again in colour)") if cards else
            _("the photo has no colour: this tile's colour is a guess (take the photo again in colour)")))
    if kind is DoubtKind.UNSURE:
        if not alternatives:
            return Markup(escape(_("remi is %(share)s sure of it"))) % {"share": _percent(d.confidence)}
        other, p = alternatives[0]
        return Markup(escape(_("%(first)s or %(second)s? remi is %(share)s sure of the first, %(other_share)s of "
                               "the other"))) % {"first": chip(d.tile, notation), "second": chip(other, notation),
                                                 "share": _percent(d.confidence), "other_share": _percent(p)}
    return Markup(escape(doubt.said(notation)))


def corrected(shot: Shot, text: str) -> list[Tile | None]:
    """The tiles after the user's taps: one per box, ``-`` for a box that holds no tile."""
    tokens = text.split()
    notation = "card" if shot.cards else "tile"
    if len(tokens) != len(shot.detections):
        raise E.CorrectionsCount(named=len(tokens), noun=notation, boxes=len(shot.detections))
    out: list[Tile | None] = []
    for i, tok in enumerate(tokens, start=1):
        if tok == "-":
            out.append(None)
            continue
        try:
            out.append(Tile.parse(tok, notation))
        except RemiError as exc:
            raise E.CorrectionNotATile(noun=notation, number=i, reason=exc) from None
    return out


def added_tiles(text: str) -> list[Tile]:
    """The tiles the reader missed, added by hand (``remi scan --fix +=k5``): no box of theirs."""
    out = []
    for i, tok in enumerate(text.split(), start=1):
        try:
            out.append(Tile.parse(tok))
        except RemiError as exc:
            raise E.AddedNotATile(number=i, reason=exc) from None
    return out


def list_rows(shot: Shot, tiles: str) -> list[dict[str, Any]]:
    """The list under the photo as the user left it: each box's tile after the corrections
    (``fixed``: not the one read; ``dropped``: not a tile), so a page shown again after a
    refusal shows what the user chose, not the reader's first guess."""
    tokens = tiles.split()
    if len(tokens) != len(shot.detections):
        tokens = [d["tile"] for d in shot.detections]
    rows = []
    for d, tok in zip(shot.detections, tokens):
        rows.append({**d, "shown": None if tok == "-" else tok, "fixed": tok not in ("-", d["tile"]),
                     "dropped": tok == "-", "low": d["low"] and tok == d["tile"]})
    return rows


def keep_for_adapt(shot: Shot, tiles: list[Tile | None], added: list[Tile]) -> Path:
    """The photo and its corrected tiles, kept where ``remi vision adapt`` learns from
    (``vision.photo.keep_corrected``); a box marked "not a tile" is left out, a missed tile
    added by hand has no box. A photo of cards is kept apart, in their ``cards/`` folder."""
    from remi.vision.photo import Corrected, Entry, keep_corrected
    from remi.vision.reader import Reading

    entries = [Entry(t, tuple(d["photo_box"]), None, None, None) for t, d in zip(tiles, shot.detections) if t is not None]
    entries += [Entry(t, None, None, None, None) for t in added]
    reading = Reading((), shot.width, shot.height, kind="cards" if shot.cards else "tiles")
    return keep_corrected(shot.path, reading, Corrected(tuple(entries), ()), name=shot.name or "photo.jpg")


def _kept(shot: Shot, tiles: list[Tile | None], added: list[Tile]) -> tuple[Path | None, str | None]:
    """Keep the accepted photo: where it went, or the one line of a full kept folder."""
    try:
        return keep_for_adapt(shot, tiles, added), None
    except KeptFull as exc:
        return None, str(exc)


def check_view(tiles: list[Tile], variant: str, atu_text: str) -> dict[str, Any]:
    """``remi check`` on the photo's tiles: closes or not, the board, the throw, or why not."""
    rules = preset(variant)
    atu = Tile.parse(atu_text) if atu_text.strip() else None
    if atu is not None and not rules.is_closed:
        raise RemiError("rule.no_atu")
    # The engine checks the rack and decides the atu's role: pulled in with 14 tiles (CR-19).
    result = check_close(tuple(tiles), rules, atu=atu)
    best = result.best
    w = rules.words  # Simple rummy: a hand goes out (SR-17)
    return {"can_close": result.can_close, "reason": result.reason, "with_atu": result.with_atu,
            "closes": w.closes.capitalize(), "close": w.close,
            "formations": [f.tiles for f in best.formations] if best else [], "discard": best.discard if best else None,
            "points": best.points if best else None, "notation": notation_for(variant)}


def routes(web: Any) -> list[Route]:
    def photo_cache() -> PhotoCache:
        if web.photos is None:
            web.photos = PhotoCache()
        return web.photos

    def game_or_none(request: Request) -> Any:
        return game_in_query(web, request)

    def upload_page(request: Request, error: str | None = None, status: int = 200) -> Response:
        game = game_or_none(request)
        missing = card_models_missing(game)  # a Simple game reads cards: said before any photo is taken
        return web.page(request, "camera.html", status, game=game, error=error or missing, missing=missing,
                        target=request.query_params.get("for", ""))

    async def upload(request: Request) -> Response:
        photo_cache()
        form = await read_form(request, files=2, part_size=1024)
        # Two inputs: the camera and the phone's photos; the one the user filled has a name.
        items = [i for i in form.getlist("photo") if not isinstance(i, str) and getattr(i, "filename", "")]
        data = await items[0].read() if items else None
        # decoding and reading take seconds of CPU: in a thread, never on the event loop
        return await photo_work(web, uploaded, request, data, items[0].filename if items else "")

    def uploaded(request: Request, data: bytes | None, name: str) -> Response:
        if data is None:
            return upload_page(request, "choose a photo first (or take one with the camera)", 400)
        game = game_or_none(request)
        try:  # in a Simple game without card models: NoCardModels' line, nothing read or kept
            shot = read_shot(web, data, name or "photo", rules=game.rules if game else None,
                             expect=expected(game, request.query_params.get("for", "")))
        except (RemiError, ValueError) as exc:
            return upload_page(request, said(exc), 400)
        query = urlencode({k: v for k, v in request.query_params.items() if k in ("game", "for")})
        return RedirectResponse(f"/photo/{shot.pid}" + (f"?{query}" if query else ""), status_code=303)

    def shot_page(request: Request, shot: Shot, *, tiles: str | None = None, error: str | None = None,
                  checked: dict[str, Any] | None = None, kept: Path | None = None, fields: dict[str, str] | None = None,
                  status: int = 200) -> Response:
        game = game_or_none(request)
        variant = (fields or {}).get("variant") or (game.variant if game else "closed")
        tiles = tiles or " ".join(d["tile"] for d in shot.detections)
        return web.page(request, "photo.html", status, game=game, shot=shot, error=error, checked=checked, kept=kept,
                        tiles=tiles, rows=list_rows(shot, tiles), added=(fields or {}).get("added", "").split(),
                        variant=variant,
                        notation=notation_for(variant), fields=fields or {}, target=request.query_params.get("for", ""))

    def show(request: Request) -> Response:
        return shot_page(request, photo_cache().get(request.path_params["pid"]))

    def image(request: Request) -> Response:
        shot = photo_cache().get(request.path_params["pid"])
        return Response(shot.shown, media_type="image/jpeg", headers={"cache-control": "private, max-age=3600"})

    async def use(request: Request) -> Response:
        shot = photo_cache().get(request.path_params["pid"])
        form = await read_form(request)
        fields = {k: v for k, v in form.items() if isinstance(v, str)}
        return await heavy(web, use_tiles, request, shot, fields)

    def use_tiles(request: Request, shot: Shot, fields: dict[str, str]) -> Response:
        action = fields.get("action", "check")
        try:
            tiles = corrected(shot, fields.get("tiles", ""))
            added = added_tiles(fields.get("added", ""))
            used = [t for t in tiles if t is not None] + added
            if not used:
                raise E.NothingUsed()
            target = _target(request, action, used, fields)
            checked = None if target else check_view(used, fields.get("variant", "closed"), fields.get("atu", ""))
        except (RemiError, ValueError) as exc:  # refused: nothing kept (issue 39 item 6)
            return shot_page(request, shot, tiles=fields.get("tiles"), error=said(exc), fields=fields, status=400)
        kept, full = _kept(shot, tiles, added) if fields.get("keep") else (None, None)  # only once accepted
        if target is None or full is not None:
            return shot_page(request, shot, tiles=fields.get("tiles"), checked=checked, kept=kept, fields=fields, error=full)
        return RedirectResponse(target, status_code=303)

    return [Route("/photo", upload_page), Route("/photo", upload, methods=["POST"]),
            Route("/photo/{pid}", show), Route("/photo/{pid}/image.jpg", image),
            Route("/photo/{pid}/use", use, methods=["POST"])]


def expected(game: Any, target: str) -> tuple[int, int] | None:
    """How many tiles the photo should hold: a loser's rack, or a closer's board (with the atu
    pulled in, one fewer); None for any other photo (a table, a row)."""
    if game is None:
        return None
    rules = game.rules
    target = {"pending_board": "board"}.get(target, target.replace("pending_", "rack_"))  # the hand in progress
    if target.startswith("rack_"):
        return rules.hand_size, rules.hand_size
    if target == "board":
        return (rules.hand_size, rules.close_size) if rules.is_closed else (rules.close_size, rules.close_size)
    return None


def _target(request: Request, action: str, used: list[Tile], fields: dict[str, str]) -> str | None:
    """Where the tiles go: a new hand's board or a loser's rack, the tutor; None to check here.
    A hand of cards goes on as cards (the variant's notation)."""
    tiles = format_tiles(used, notation_for(fields.get("variant", "closed")))  # type: ignore[arg-type]
    game = request.query_params.get("game", "")
    if action == "check":
        return None
    if action == "tutor":
        query = {"rack": tiles, "variant": fields.get("variant", "closed")}
        if fields.get("atu"):
            query["atu"] = fields["atu"]
        if game_id_of(game) is not None:
            query["game"] = game
        return "/tutor?" + urlencode(query)
    if game_id_of(game) is None:
        raise E.NoGameChosen()
    if action == "board" or (action.startswith("rack_") and _seat(action[5:])):
        return f"/g/{game}/hand?" + urlencode({action: tiles})
    if action == "pending_board":  # the hand in progress: its page, the tiles in the form
        return f"/g/{game}/pending?" + urlencode({"board": tiles})
    if action.startswith("pending_") and _seat(action[8:]):
        return f"/g/{game}/pending?" + urlencode({"seat": action[8:], "rack": tiles})
    raise E.UnknownUse(action=action)


def _seat(text: str) -> bool:
    """A seat's number as a button sends it: ASCII digits, a few (``"²".isdigit()`` is True)."""
    return text.isascii() and text.isdigit() and len(text) <= 3
