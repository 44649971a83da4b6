"""The faces the card generators draw: Debian's DejaVu and Liberation fonts, installed on demand
(a fresh machine has DejaVu only; the generators refuse a dataset without all their faces)."""

from __future__ import annotations

import sys

import pytest

from tests.debian import Unavailable, ensure


def _card_faces_there() -> bool:
    from remi.engine import RemiError
    from remi.vision.training import cardfaces

    try:
        cardfaces.require_all_faces()
    except RemiError:
        return False
    return True


@pytest.fixture(scope="session")
def card_faces() -> None:
    try:
        ensure(["fonts-dejavu-core", "fonts-dejavu-extra", "fonts-liberation"], _card_faces_there)
    except Unavailable as exc:
        reason = f"CARD GENERATOR TESTS SKIPPED: {exc}"
        print(f"\n*** {reason} ***", file=sys.stderr)
        pytest.skip(reason)
