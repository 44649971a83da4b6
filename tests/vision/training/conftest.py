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


def _wide_faces_there() -> bool:
    from remi.vision.training import fontpool

    # asked again after apt installed them: the faces a package holds are cached per process,
    # and a cache filled before the install says "missing" for ever (every test skipped)
    fontpool.package_faces.cache_clear()
    return not any(fontpool.missing(split) for split in fontpool.PACKAGES)


@pytest.fixture(scope="session")
def wide_faces() -> None:
    """The Debian font families of the wide pools (issue 38), installed as `make train-fonts` does."""
    from remi.vision.training import fontpool

    try:
        ensure([p for names in fontpool.PACKAGES.values() for p in names], _wide_faces_there)
    except Unavailable as exc:
        reason = f"WIDE FONT POOL TESTS SKIPPED: {exc}"
        print(f"\n*** {reason} ***", file=sys.stderr)
        pytest.skip(reason)
