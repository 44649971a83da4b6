"""Which language a reader reads, and the words in it (issue 41; docs/glossary.md).

remi speaks English, Romanian and French. The words live in gettext catalogues,
``remi/locale/{ro,fr}/LC_MESSAGES/remi.po`` (compiled to ``remi.mo`` beside them by ``make
messages``); English is the msgids themselves. The language is never a setting of the process:
``speaking(lang)`` sets it for one command or one phone's request (``engine.messages.READER``,
a context variable), so that each phone at a table reads its own.

>>> with speaking("ro"):
...     gettext("Hand")
'Mâna'
>>> gettext("Hand")
'Hand'
>>> chosen_from_environment({"LANG": "fr_FR.UTF-8"}), chosen_from_header("de, ro;q=0.8, en;q=0.5")
('fr', 'ro')
"""

from __future__ import annotations

import gettext as stdlib_gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

from remi.engine import messages as _messages
from remi.engine.messages import ENGLISH, READER, sentence

#: the languages remi speaks, English first (the one where a locale is none of them)
LANGUAGES = ("en", "ro", "fr")
#: each language's own name, as its switch shows it
NAMES = {"en": "English", "ro": "Română", "fr": "Français"}
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "remi"
#: the command line's ``--lang``, for this command (None: the environment's, LANGUAGE/LC_ALL/LANG)
CLI_CHOICE: ContextVar[str | None] = ContextVar("CLI_CHOICE", default=None)


@cache
def catalogue(lang: str) -> stdlib_gettext.NullTranslations:
    """The compiled catalogue of ``lang`` (English: the msgids as they are)."""
    if lang == "en" or lang not in LANGUAGES:
        return ENGLISH
    return stdlib_gettext.translation(DOMAIN, LOCALE_DIR, [lang])


def language(tag: str | None) -> str | None:
    """The language of a locale or a language tag (``ro_RO.UTF-8``, ``fr-CA``), if remi speaks it."""
    if not tag:
        return None
    code = tag.strip().replace("-", "_").split("_")[0].split(".")[0].lower()
    return code if code in LANGUAGES else None


def chosen_from_environment(env: Mapping[str, str]) -> str:
    """The command line's language: ``LANGUAGE`` (a list, ``ro:fr``), then ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG``, as gettext reads them; English where none is one of remi's."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            for tag in value.split(":"):
                if lang := language(tag):
                    return lang
            if name != "LANGUAGE":  # LC_ALL=C says English, whatever LANG says
                return "en"
    return "en"


def chosen_from_header(accept_language: str | None) -> str:
    """A phone's language from its browser's ``Accept-Language`` (by its q values)."""
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        if (lang := language(tag)) and weight > 0:
            ranked.append((-weight, i, lang))
    return min(ranked)[2] if ranked else "en"


def cli_language() -> str:
    """The command line's language: ``--lang``, else the environment's."""
    return CLI_CHOICE.get() or chosen_from_environment(os.environ)


def speak_for_command(lang: str | None) -> None:
    """This command's language, for everything it says (one command a process): ``lang``
    (``--lang``), else the environment's; set before the command runs (remi.cli)."""
    CLI_CHOICE.set(lang)
    READER.set(catalogue(cli_language()))


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Everything said inside (refusals, pages, the CLI's words) in ``lang``."""
    token = READER.set(catalogue(lang))
    try:
        yield
    finally:
        READER.reset(token)


def current() -> str:
    """The language being spoken now (``en``, ``ro``, ``fr``)."""
    return READER.get().info().get("language", "en")


def gettext(message: str) -> str:
    """``message`` in the reader's language."""
    return READER.get().gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` in the reader's language where the same English word means two things
    (``pgettext("cards held", "Hand")``: a Simple rummy hand, not a hand on the sheet)."""
    return READER.get().pgettext(context, message)


def N_(message: str) -> str:
    """A message marked for the catalogue where it is written, said later with ``gettext``."""
    return message


def ngettext(one: str, other: str, n: int) -> str:
    """The form of ``one``/``other`` for ``n`` in the reader's language (Romanian has three)."""
    return READER.get().ngettext(one, other, n)


def listed(names: list[str] | tuple[str, ...]) -> str:
    """Names as a sentence lists them: ``Ana``, ``Ana and Dan``, ``Ana, Dan and Ion``."""
    if len(names) < 2:
        return "".join(names)
    return gettext("%(first)s and %(second)s") % {"first": ", ".join(names[:-1]), "second": names[-1]}


def said(exc: BaseException, *, bare: bool = False) -> str:
    """A refusal in the reader's language: composed from its code and fields when it is a
    typed one (``RemiError``), never by translating its English sentence; else as it is.
    ``bare``: without the field's label a score sheet error puts before it (the CLI names its flag)."""
    code, fields = getattr(exc, "code", None), getattr(exc, "params", None)
    if isinstance(code, str) and isinstance(fields, dict):
        try:
            labelled = None if bare else getattr(exc, "labelled", None)  # the field's words: a code too
            text = sentence(code, fields)
            if labelled:
                return sentence("sheet.field", {"label": sentence(labelled[0], labelled[1]), "detail": text})
            label = None if bare else getattr(exc, "label", None)
            return sentence("sheet.field", {"label": label, "detail": text}) if label else text
        except (KeyError, IndexError, ValueError):  # a code of another family (vision's): its own words
            pass
    detail = getattr(exc, "detail", None) if bare else None  # a score sheet error's sentence without its label
    return detail if isinstance(detail, str) and detail else str(exc)


def number(value: float, decimals: int | None = None) -> str:
    """A number as the reader's language writes it (``1.234,5`` in Romanian, ``1 234,5`` in French);
    ``decimals``: exactly that many digits after the point (``0,900``), else at most three."""
    from babel.numbers import format_decimal

    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=current())


def percent(share: float) -> str:
    """A share (``0.42``) as the reader's language writes a percentage, whole: ``42%`` in English,
    ``42 %`` (a no-break space) in Romanian and French.

    >>> with speaking("fr"):
    ...     percent(0.42)
    '42\\xa0%'
    >>> percent(0.9)
    '90%'
    """
    return written(share, ".0%", current())


def written(value: float, spec: str, lang: str) -> str:
    """A float by a format spec (``.0%``, ``.1%``, ``.3f``) as ``lang`` writes it: ``29 %`` and
    ``0,915`` in French, ``29%`` and ``0.915`` in English (``engine.messages.NUMBERS``).

    >>> written(0.291, ".0%", "fr"), written(0.9154, ".3f", "ro"), written(0.973, ".1%", "en")
    ('29\\xa0%', '0,915', '97.3%')
    """
    if lang == "en":  # Python's own, as every English line has always been (no Babel to import)
        return format(value, spec)
    from babel import Locale
    from babel.numbers import format_decimal, format_percent

    digits = int(spec[1:-1] or 6) if spec.startswith(".") and spec[1:-1].isdigit() else 0
    if spec.endswith("%"):
        pattern = Locale.parse(lang).percent_formats[None].pattern.split(";")[0]
        if digits:  # the locale's own pattern (its spacing), with the spec's decimals
            last = pattern.rindex("0") + 1
            pattern = pattern[:last] + "." + "0" * digits + pattern[last:]
        return format_percent(value, format=pattern, locale=lang)
    return format_decimal(value, format="#,##0" + ("." + "0" * digits if digits else ""), locale=lang)


def signed(value: int) -> str:
    """A score as the reader's language writes it, with its sign: ``+1.234``, ``-95``, ``0``."""
    return ("+" if value > 0 else "") + number(value)


def moment(stamp: str) -> str:
    """A time the sheet stored (ISO 8601, ``2026-12-05T20:03:00Z``) as the reader's language
    writes a date and a time (``5 dec. 2026, 20:03:00``); the stamp as it is when it is no time."""
    from datetime import datetime

    from babel.dates import format_datetime

    try:
        when = datetime.fromisoformat(stamp).replace(tzinfo=None)
    except ValueError:
        return stamp
    return format_datetime(when, "medium", locale=current())


_messages.NUMBERS = written  # the sentences' shares and decimals in the reader's form (engine.messages)
