"""Reads the golden case files: blocks headed ``[NAME] title``, lines ``key: value``."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).parent


@dataclass
class Case:
    name: str
    title: str
    fields: dict[str, str] = field(default_factory=dict)
    lists: dict[str, list[str]] = field(default_factory=dict)

    def __repr__(self) -> str:  # pytest ids
        return self.name


def load(pattern: str) -> list[Case]:
    cases: list[Case] = []
    for path in sorted(HERE.glob(pattern)):
        current: Case | None = None
        for raw in path.read_text(encoding="utf-8").splitlines():
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                name, _, title = line[1:].partition("]")
                current = Case(name, title.strip())
                cases.append(current)
                continue
            assert current is not None, f"{path}: line outside a case: {line}"
            key, _, value = line.partition(":")
            current.lists.setdefault(key.strip(), []).append(value.strip())
            current.fields[key.strip()] = value.strip()
    return cases


def pairs(text: str) -> dict[str, int]:
    """``Ana=100 Ben=-95`` -> {"Ana": 100, "Ben": -95}"""
    out = {}
    for item in text.split():
        name, _, value = item.partition("=")
        out[name] = int(value)
    return out
