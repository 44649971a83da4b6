"""Every refusal is typed (issues 40 and 41): a code of ``engine.messages.TEMPLATES`` and its
fields, never a sentence written where it is raised; and every template is whole and fillable
by the fields its raise sites give.

The raise sites are read from the source (``ast``) of every installed package: a call of a
refusal's constructor or of a helper that makes one (``refuse``, ``fail``, ``bad``,
``Refused``, ``Reason``) whose code is not a template key is a failure, as is a sentence glued
from pieces. A code chosen at run time (a name, an f-string) is held by the runtime check:
``RemiError`` refuses a code without a template (LookupError).
"""

from __future__ import annotations

import ast
import re
import string
from collections import defaultdict
from pathlib import Path

import pytest

from remi.engine import RemiError, RuleError
from remi.engine.messages import TEMPLATES, Reason, sentence

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("engine", "scoresheet", "tutor", "vision", "remi", "research")  # research/: LabError for its own
#: constructors and helpers whose first argument (``Refused``: second) is a refusal's code
MAKERS = {"RemiError": 0, "NotationError": 0, "RuleError": 0, "SheetError": 0, "StoreError": 0, "VisionError": 0,
          "refuse": 0, "fail": 0, "bad": 0, "Refused": 1, "Reason": 0, "sentence": 0,
          "error": 0}  # read_small's error class, passed in
#: fields a raise site does not name but the refusal has: made from others (engine.messages'
#: ``ordinal`` from ``count``; vision.errors' ``given``, ``given_first``, ``format``, the
#: fix-out-of-range numbers; the sheet's ``label`` and ``detail`` of ``sheet.field``) or
#: given positionally (``bad``'s ``where``)
DERIVED = {"ordinal", "given", "given_first", "format", "first_aside", "last_aside", "count", "variant", "where"}
#: a code's parts: a namespace, a dot, a name (``sheet.closed_only.atu``, ``rule.close_size/simple``)
CODE = re.compile(r"^[a-z]+\.[a-z_.]+(/[a-z]+)?$")


def _sites() -> list[tuple[str, ast.Call, ast.expr]]:
    """Every call of a maker with a code argument: (where, the call, the code's expression)."""
    out = []
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call):
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                at = MAKERS.get(name) if isinstance(node.func, ast.Name) or name != "error" else None  # not log.error
                if at is not None and len(node.args) > at:
                    out.append((f"{path.relative_to(ROOT)}:{node.lineno}", node, node.args[at]))
    return out


def _codes(expr: ast.expr) -> list[str] | None:
    """The codes an expression can give: a literal, either side of a conditional, an f-string's
    matching keys; None for a name or a lookup (a code chosen at run time); [] for anything
    else (a sentence, a call, glued text)."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if isinstance(expr, ast.IfExp):
        body, orelse = _codes(expr.body), _codes(expr.orelse)
        return None if body is None or orelse is None else body + orelse
    if isinstance(expr, ast.JoinedStr):
        parts = [re.escape(v.value) if isinstance(v, ast.Constant) else r"[a-z_]+" for v in expr.values]
        head = expr.values[0]
        if not (isinstance(head, ast.Constant) and CODE.match(head.value.split(".")[0] + ".x")):
            return []
        pattern = re.compile("".join(parts) + "$")
        return [code for code in TEMPLATES if pattern.match(code)] or []
    if isinstance(expr, (ast.Name, ast.Subscript, ast.Attribute)):
        return None
    return []


def test_every_refusal_is_raised_with_a_code() -> None:
    """No sentence where a refusal is made: each site names a template's code."""
    untyped = []
    for where, call, expr in _sites():
        codes = _codes(expr)
        if codes is not None and (not codes or any(code not in TEMPLATES for code in codes)):
            untyped.append(f"{where}: {ast.unparse(expr)[:70]}")
    assert untyped == [], "refusals raised with a sentence, not a code:\n" + "\n".join(untyped)


def test_a_code_without_a_template_is_refused_where_it_is_raised() -> None:
    """The runtime half: a sentence (or a mistyped code) given as a code is a LookupError at
    once, never a refusal of code "untyped" that no translation can word."""
    with pytest.raises(LookupError):
        RemiError("a sentence written where it was raised")
    with pytest.raises(LookupError):
        RuleError("rule.no_such_code")
    with pytest.raises(LookupError):
        Reason("close.no_such_reason")


def test_the_vision_refusal_classes_have_templates() -> None:
    """A refusal class of the photo path raises its class's code (or one of its wordings):
    each such code has a template."""
    from remi.vision import errors as E
    from remi.vision.folders import NoCardModels

    classes = [c for c in (*vars(E).values(), NoCardModels) if isinstance(c, type) and issubclass(c, E.VisionError)]
    bases = {E.VisionError, E.FixError, E.PhotoError}
    missing = [c.__name__ for c in classes if c not in bases and c.code not in TEMPLATES]
    assert len(classes) > 30 and missing == []


def _placeholders(template: str) -> set[str]:
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def _given_fields() -> dict[str, set[str]]:
    """For each code, the fields its raise sites give by name (a site that spreads a mapping,
    ``**params``, gives any)."""
    given: dict[str, set[str]] = defaultdict(set)
    for _, call, expr in _sites():
        names = {kw.arg for kw in call.keywords}
        if isinstance(call.func, ast.Name) and call.func.id == "sentence" and len(call.args) > 1:
            fields = call.args[1]
            names = {k.value for k in fields.keys if isinstance(k, ast.Constant)} if isinstance(fields, ast.Dict) \
                else {None}
        if not isinstance(expr, ast.JoinedStr):  # an f-string's codes are checked by examples
            for code in _codes(expr) or []:
                given[code] |= names
    return given


def test_every_template_asks_only_for_fields_its_raise_sites_give() -> None:
    """A template's placeholder that no raise site of its code gives would be a KeyError the
    first time it is said. Sites found in the source are checked here; a code raised by a
    class (the photo path's) or chosen at run time is checked by the examples below."""
    given = _given_fields()
    wanting = []
    for key, template in TEMPLATES.items():
        code = key.split("/")[0]
        if code not in given or None in given[code]:
            continue
        for text in filter(None, (template.one, template.other)):
            lacking = _placeholders(text) - given[code] - DERIVED
            if lacking:
                wanting.append(f"{key}: {sorted(lacking)}")
    assert wanting == [], "templates asking for fields no raise site gives:\n" + "\n".join(wanting)


def _sample(template: str) -> dict[str, object]:
    """A value for each placeholder: a number where the template formats one (``{most:,}``)."""
    out: dict[str, object] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name:
            out[name] = 2 if spec or name in ("count", "number", "most", "size") else "x"
    return out


@pytest.mark.parametrize("key", sorted(TEMPLATES))
def test_every_template_is_one_whole_sentence_that_formats(key: str) -> None:
    """Each template formats with a value for each of its placeholders (both plural forms) and
    is a whole line: no leading or trailing glue for a caller to complete, no English plural
    made by gluing an ``s``."""
    template = TEMPLATES[key]
    forms = [text for text in (template.one, template.other) if text]
    fields = {name: value for text in forms for name, value in _sample(text).items()}
    for text, count in zip(forms, (1, 2)):
        assert text == text.strip() and not text.startswith((",", ";", ":")) and "}s " not in text, key
        said = sentence(key.split("/")[0], {**fields, "count": count, "variant": key.split("/")[1] if "/" in key
                                            else None})
        assert not re.search(r"\{[a-z_]+[!:}]", said), key


#: one real refusal of each code raised by a class or chosen at run time (the photo path's
#: wordings, a field's kind of character), made as its raise site makes it
EXAMPLES = [
    lambda E: E.FixOutOfRange(fix="4=r1", option="--fix", tiles=0, set_aside=0, noun="tile"),
    lambda E: E.FixOutOfRange(fix="4=r1", option="--fix", tiles=1, set_aside=0, noun="card"),
    lambda E: E.FixOutOfRange(fix="9=r1", option="--fix", tiles=2, set_aside=3, noun="tile"),
    lambda E: E.FixOutOfRange(fix="9=r1", option="Dan:", tiles=1, set_aside=1, noun="tile"),
    lambda E: E.FixOutOfRange(fix="9=r1", option="", tiles=0, set_aside=2, noun="card"),
    lambda E: E.FixSyntax(fix="3:r1", option="--fix", noun="card", example="7h"),
    lambda E: E.FixTwice(fix="3=r1", first="3=r2", option="--fix", noun="tile", number=3),
    lambda E: E.FixTooMany(fix="3=r1", option="--fix", count=3, most=2, noun="tile", tile="r1"),
    lambda E: E.HandSize(photo="p.jpg", count=12, noun="tile", fewest=14, most=15, option="--fix"),
    lambda E: E.HandSize(photo="p.jpg", count=12, noun="card", fewest=14, most=14, option="--fix"),
    lambda E: E.NoModels(folder=None),
    lambda E: E.NoModels(folder="m"),
    lambda E: E.PhotoTooLarge(photo="p.png", width=9000, height=9000, most_mp=24, whole=True),
    lambda E: E.UploadTooLarge(kind="png", width=7000, height=7000, most_mp=24),
    lambda E: E.UploadTooLarge(kind=None, width=7000, height=7000, most_mp=60),
    lambda E: E.UploadNotAPhoto(damaged=True),
    lambda E: E.PhotoFixUnrouted(fix="3=r1", name="Dan"),
    lambda E: E.CorrectionsCount(named=3, noun="card", boxes=4),
    lambda E: E.KeptFull(photos=3, megabytes=1.5, most_photos=2, most_megabytes=1.0, folder="k"),
]


@pytest.mark.parametrize("example", EXAMPLES)
def test_the_photo_paths_wordings_format(example) -> None:
    from remi.vision import errors as E

    err = example(E)
    assert err.code in TEMPLATES and str(err) == sentence(err.code, err.params)
    assert not re.search(r"\{[a-z_]+[!:}]", str(err))


def test_a_names_kind_of_character_is_a_code() -> None:
    from remi.scoresheet.errors import SheetError
    from remi.scoresheet.text import check_text

    for text, code in (("Bo\x1b", "sheet.player_name_control"), ("A\u202eb", "sheet.player_name_bidi"),
                       ("A\u200b", "sheet.player_name_zero_width"), ("A\u00ad", "sheet.player_name_zero_width")):
        with pytest.raises(SheetError) as refused:
            check_text(text)
        assert refused.value.code == code, text
    with pytest.raises(SheetError) as refused:
        check_text("n" * 61, 60, field="name")
    assert (refused.value.code, refused.value.count, refused.value.most) == ("sheet.game_name_long", 61, 60)


#: the tables of templates, in the order docs/errors.md lists them: (module, table, heading)
TABLES = [("messages", "ENGINE", "The engine and the tutor"), ("messages_sheet", "SHEET", "The score sheet"),
          ("messages_vision", "VISION", "The photo path"), ("messages_cli", "WEB", "The phone pages"),
          ("messages_cli", "CLI", "The command line")]
#: where docs/errors.md's list of codes begins (everything after it is made by ``codes_page``)
LIST_HEADING = "## Every code"


def codes_page() -> str:
    """docs/errors.md's list of every code and its English sentence, table by table."""
    import importlib

    lines = [LIST_HEADING, "", "Made from the tables by `python tests/test_refusals_typed.py`; a test keeps it "
             "in step with them. `a / b`: the sentence and its plural form, chosen by `count`.", ""]
    for module, table, heading in TABLES:
        templates = getattr(importlib.import_module(f"remi.engine.{module}"), table)
        lines += [f"### {heading} (`engine/{module}.py`, `{table}`)", "", "| code | English |", "|---|---|"]
        for code, template in templates.items():
            said = template.one if template.other is None else f"{template.one} / {template.other}"
            lines.append(f"| `{code}` | {said.replace('|', chr(92) + '|')} |")
        lines.append("")
    return "\n".join(lines)


def test_the_errors_page_lists_every_code() -> None:
    """docs/errors.md lists every code with its sentence, exactly as the tables hold them."""
    page = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    assert LIST_HEADING in page, "docs/errors.md has no list of codes"
    listed = page[page.index(LIST_HEADING):].rstrip("\n")
    assert listed == codes_page().rstrip("\n"), "docs/errors.md's codes drifted: run python tests/test_refusals_typed.py"
    tables = sum(len(getattr(__import__(f"remi.engine.{m}", fromlist=[t]), t)) for m, t, _ in TABLES)
    assert tables == len(TEMPLATES), "a table of templates is missing from TABLES"


if __name__ == "__main__":  # rewrite docs/errors.md's list of codes
    errors_page = ROOT / "docs" / "errors.md"
    text = errors_page.read_text(encoding="utf-8")
    head = text[:text.index(LIST_HEADING)] if LIST_HEADING in text else text.rstrip("\n") + "\n\n"
    errors_page.write_text(head + codes_page().rstrip("\n") + "\n", encoding="utf-8")
