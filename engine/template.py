"""A refusal's sentence as data: ``Template(one, other)``, the words of one code.

The tables of templates (``engine.messages`` and its siblings ``messages_sheet``,
``messages_vision``, ``messages_cli``) are data only: they import this module and nothing
else, so the engine can hold the words of every layer without importing any of them.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Template:
    """One sentence, and its plural form when a ``count`` field chooses between them."""

    one: str
    #: the sentence when ``count`` is not 1 (``ngettext``'s msgid_plural); None: no plural
    other: str | None = None

    def pick(self, fields: Mapping[str, object]) -> str:
        return self.one if self.other is None or fields.get("count") == 1 else self.other

    def said(self, fields: Mapping[str, object], words: gettext.NullTranslations) -> str:
        """The sentence in ``words``' language: this template's text is its gettext msgid
        (``ngettext`` by the ``count`` field when it has a plural form)."""
        if self.other is None:
            return words.gettext(self.one)
        count = fields.get("count")
        return words.ngettext(self.one, self.other, count if isinstance(count, int) else 0)
