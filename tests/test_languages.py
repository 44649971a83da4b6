"""remi speaks English, Romanian and French (issue 41): the catalogues are whole, keep every
placeholder, ship compiled as they are written, and a refusal is composed in the reader's
language from its code and fields while ``str(err)`` stays English."""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from remi import i18n
from remi.engine import RuleError, Tile
from remi.engine.messages import sentence

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "remi" / "locale"
TRANSLATED = ("ro", "fr")


def catalogue(lang: str):
    with open(LOCALE / lang / "LC_MESSAGES" / "remi.po", "rb") as f:
        return read_po(f)


def extracted() -> dict[tuple[str | None, object], str]:
    """Every message id in the sources now, with its context (``pgettext``'s, else None), as
    `make messages` extracts them (babel.cfg)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, "babel.cfg")
    found: dict[tuple[str | None, object], str] = {}
    for path, _, message, _, context in extract_from_dir(str(ROOT), method_map, options_map):
        found[context, message if isinstance(message, str) else tuple(message)] = path
    return found


def placeholders(text: str) -> list[str]:
    """A message's placeholders, brace (``{token!r}``) and percent (``%(number)s``) alike (``%%``
    is a percent sign, not a placeholder)."""
    braces = sorted(f"{{{name}}}" for _, name, _, _ in string.Formatter().parse(text) if name is not None) \
        if "{" in text else []
    return braces + sorted(re.findall(r"%(?:\(\w+\))?[sdif]", text))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_id_has_a_translation(lang: str) -> None:
    po = catalogue(lang)
    missing = []
    for (context, msgid), path in extracted().items():
        entry = po.get(msgid, context=context)
        strings = () if entry is None else entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry is None or entry.fuzzy or not all(strings):
            missing.append(f"{path}: {msgid!r}")
    assert missing == [], f"{len(missing)} message(s) without a {lang} translation (run make messages, " \
                          f"then translate): {missing[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_placeholders(lang: str) -> None:
    wrong = []
    for entry in catalogue(lang):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = [placeholders(msgid) for msgid in ids]  # a plural form keeps the singular's or the plural's
        for i, text in enumerate(strings):
            if placeholders(text) not in wanted:
                wrong.append(f"{ids[0]!r} [{i}]: {placeholders(text)} not in {wanted}")
    assert wrong == [], wrong


def test_every_catalogue_folder_is_a_package_that_ships() -> None:
    """`pip install .` ships a data folder only as a declared package (setuptools warns, then
    leaves it out): each language's folder is listed in pyproject with its .mo and .po."""
    import tomllib

    with open(ROOT / "pyproject.toml", "rb") as f:
        tools = tomllib.load(f)["tool"]["setuptools"]
    folders = {f"remi.locale.{p.parent.name}.LC_MESSAGES" for p in LOCALE.glob("*/LC_MESSAGES")}
    assert set(TRANSLATED) == {name.split(".")[2] for name in folders}
    for name in folders:
        assert name in tools["packages"] and set(tools["package-data"][name]) == {"*.mo", "*.po"}
    assert "remi.locale" in tools["packages"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_shipped_mo_is_the_po_compiled(lang: str) -> None:
    with open(LOCALE / lang / "LC_MESSAGES" / "remi.mo", "rb") as f:
        shipped = gettext.GNUTranslations(f)
    for entry in catalogue(lang):
        if not entry.id:
            continue
        context = f"{entry.context}\x04" if entry.context else ""  # how a .mo keys pgettext's messages
        if isinstance(entry.id, tuple):
            for n, form in enumerate(entry.string):
                assert shipped._catalog[(context + entry.id[0], n)] == form, f"{entry.id[0]!r}: make messages"  # type: ignore[attr-defined]
        else:
            assert shipped._catalog.get(context + entry.id) == entry.string, f"{entry.id!r}: make messages"  # type: ignore[attr-defined]


def test_plural_forms_romanian_has_three_french_counts_zero_as_one() -> None:
    one, other = "%(num)d hand", "%(num)d hands"
    ro, fr = i18n.catalogue("ro"), i18n.catalogue("fr")
    assert [ro.ngettext(one, other, n) % {"num": n} for n in (1, 2, 19, 20, 101, 0)] == [
        "1 mână", "2 mâini", "19 mâini", "20 de mâini", "101 mâini", "0 mâini"]
    assert [fr.ngettext(one, other, n) % {"num": n} for n in (0, 1, 2)] == ["0 manche", "1 manche", "2 manches"]


def test_a_refusal_is_composed_in_the_readers_language_and_str_stays_english() -> None:
    with i18n.speaking("ro"):
        err = RuleError("rule.third_copy", tile=Tile.parse("r7"), count=3, limit=2)
        assert str(err) == "a 3rd r7: the deck has only 2"
        assert i18n.said(err) == "al 3-lea r7: jocul are doar 2"
    with i18n.speaking("fr"):
        assert i18n.said(err) == "un 3e r7 : le jeu n'en a que 2"
        assert sentence("rule.too_many_jokers", {"count": 3, "where": "Dan 3", "limit": 2}) == \
            "3 jokers dans une manche (Dan 3) : le jeu en a 2 (CR-1)"
    assert i18n.said(err) == str(err)


def test_the_language_is_chosen_from_the_environment_or_the_browser() -> None:
    env = i18n.chosen_from_environment
    assert env({"LANGUAGE": "de:ro", "LANG": "fr_FR.UTF-8"}) == "ro"
    assert env({"LC_ALL": "C", "LANG": "ro_RO.UTF-8"}) == "en"
    assert env({"LANG": "fr_CA.UTF-8"}) == "fr"
    assert env({"LANG": "de_DE.UTF-8"}) == env({}) == "en"
    header = i18n.chosen_from_header
    assert header("fr-FR,fr;q=0.9,en;q=0.8") == "fr"
    assert header("de-DE, en;q=0.5, ro;q=0.7") == "ro"
    assert header("de, ro;q=0") == header(None) == header("*") == "en"
