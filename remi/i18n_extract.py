"""Babel's extractor for the refusals' templates (babel.cfg; ``make messages``).

The templates of ``engine.messages.TEMPLATES`` are whole sentences with named placeholders,
written as data, not as ``_()`` calls: this lists each one into the catalogue as its msgid
(its plural form as ``ngettext``'s), so a template added to the tables is picked up by the
next ``make messages``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

#: a translator reads this above each refusal's msgid
COMMENT = "refusal {code}: fields {fields}; keep every {{placeholder}} (docs/glossary.md)"


def refusal_templates(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple]:
    """Babel's extractor signature: ``(lineno, funcname, message, comments)`` per template."""
    import string

    from remi.engine.messages import TEMPLATES

    for code, template in TEMPLATES.items():
        names = sorted({name for text in (template.one, template.other or "")
                        for _, name, _, _ in string.Formatter().parse(text) if name})
        comment = COMMENT.format(code=code, fields=", ".join(names) or "none")
        if template.other is None:
            yield 0, "gettext", template.one, [comment]
        else:
            yield 0, "ngettext", (template.one, template.other), [comment]
