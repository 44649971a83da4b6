"""How a test decides that a text in Romanian or French has no English left (issue 41): the
pages in Chromium (tests/web/test_browser_languages.py) and the command line's output
(tests/cli/test_output_languages.py) alike.

The English words are taken from the catalogue's own msgids, less the words a translation
keeps (``atu``, ``joker``, ``remi``) and the names the tests use: a text in Romanian that
shows one of them still has an English word in it.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

LOCALE = Path(__file__).resolve().parents[1] / "remi" / "locale"
WORD = re.compile(r"[^\W\d_]{3,}")
#: words that are the same in the three languages, or names: never counted as English
SAME = {"remi", "rami", "ana", "bogdan", "vineri", "toml", "utc", "adapt", "vision", "rename"}


def english_words(lang: str) -> set[str]:
    """Every word of the msgids that no translation into ``lang`` uses too (lower case)."""
    with open(LOCALE / lang / "LC_MESSAGES" / "remi.po", "rb") as f:
        po = read_po(f)
    english: set[str] = set()
    kept: set[str] = set()
    for entry in po:
        for text in entry.id if isinstance(entry.id, tuple) else (entry.id,):
            english |= {w.lower() for w in WORD.findall(re.sub(r"%\(\w+\)s|\{\w+[^}]*\}", " ", text))}
        for text in entry.string if isinstance(entry.string, tuple) else (entry.string,):
            kept |= {w.lower() for w in WORD.findall(text)}
    return english - kept - SAME


def english_left(text: str, english: set[str]) -> list[str]:
    """The English words of ``text``, sorted."""
    return sorted({w for w in WORD.findall(text) if w.lower() in english})
