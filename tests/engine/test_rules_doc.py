"""Every rule the repository cites is in docs/rules.md.

A citation is a rule id anywhere (``CR-19``, ``SR-18``, ``SS-2``), or what follows a mention of
the rules document itself: ``docs/rules.md 0.8``, ``section 0.12``, ``A6-A7, B6``, ``C12``,
``S1``. The ids docs/rules.md defines are its bold rule ids (``**CR-19**``), its section 0
items (``**0.8**``), its section headings (``### A6.``) and its worked examples (``**C12.``).
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
THIS = "tests/engine/test_rules_doc.py"

RULE_ID = re.compile(r"\b((?:CR|SR|SS)-\d+)\b")
# What a mention of the document is followed by: ids, and the words and marks between them.
DOC = re.compile(r"rules\.md(?:'s worked examples)?\s*\(?((?:(?:section|and|§)\s*|[A-DS]\d{1,2}\b|0\.\d{1,2}\b|"
                 r"(?:CR|SR|SS)-\d+|\d\b|[\s,\-–(]|\.\.)+)", re.IGNORECASE)
DOC_ID = re.compile(r"\b([A-DS]\d{1,2}|0\.\d{1,2}|(?:CR|SR|SS)-\d+)\b|section\s+(\d)(?![.\d])")


def defined() -> set[str]:
    text = RULES.read_text(encoding="utf-8")
    ids = set(re.findall(r"^\* \*\*((?:CR|SR|SS)-\d+)\*\*", text, re.MULTILINE))
    ids |= set(re.findall(r"^\*\*(0\.\d+)\*\* ", text, re.MULTILINE))
    ids |= set(re.findall(r"^## (\d)\. ", text, re.MULTILINE))
    ids |= set(re.findall(r"^### ([AB]\d+)\. ", text, re.MULTILINE))
    ids |= set(re.findall(r"^\*\*([CS]\d+)\. ", text, re.MULTILINE))
    ids |= set(re.findall(r"^\* \*\*(D\d)\*\* ", text, re.MULTILINE))
    return ids


def cited(text: str) -> set[str]:
    ids = set(RULE_ID.findall(text))
    for chain in DOC.findall(text):
        for rule_id, section in DOC_ID.findall(chain):
            ids.add((rule_id or section).upper())
    return ids


def repository_texts() -> dict[str, str]:
    try:
        names = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("needs a git checkout to list the repository's files")
    texts = {}
    for name in names:
        path = ROOT / name
        if not path.is_file() or path.stat().st_size > 2_000_000:
            continue
        try:
            texts[name] = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # a binary file: an image, a model
    return texts


def test_the_document_defines_every_rule() -> None:
    ids = defined()
    for prefix, last in (("CR", 38), ("SR", 23), ("SS", 10)):
        assert {f"{prefix}-{n}" for n in range(1, last + 1)} <= ids
    assert {f"0.{n}" for n in range(1, 13)} <= ids
    assert {f"C{n}" for n in range(1, 17)} | {f"S{n}" for n in range(1, 8)} <= ids
    assert {f"A{n}" for n in range(1, 14)} | {f"B{n}" for n in range(1, 9)} <= ids


def test_the_citations_are_found() -> None:
    assert cited("docs/rules.md A6-A7, B6") == {"A6", "A7", "B6"}
    assert cited("(docs/rules.md section 0.12)") == {"0.12"}
    assert cited("docs/rules.md's worked examples (A13 C1-C16, B8 S1-S7)") >= {"A13", "C1", "C16", "S7"}
    assert cited("RULES.md C1's board plus a loose k2 (CR-18)") == {"C1", "CR-18"}
    assert cited("docs/rules.md section 0, and CR-13..CR-17") == {"0", "CR-13", "CR-17"}


def test_every_cited_rule_exists() -> None:
    ids = defined()
    missing = {}
    for name, text in repository_texts().items():
        unknown = sorted(cited(text) - ids)
        if unknown:
            missing[name] = unknown
    assert not missing, f"cited but not in docs/rules.md: {missing}"


def test_no_citation_of_the_old_rules_file() -> None:
    """The rules live in the repository now; "RULES.md" alone pointed outside it."""
    old = re.compile(r"(?<![/\w])RULES\.md")
    stale = [name for name, text in repository_texts().items() if old.search(text) and name != THIS]
    assert not stale, f"cite docs/rules.md instead of RULES.md in: {stale}"
