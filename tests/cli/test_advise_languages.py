"""`remi advise` says why it throws in the reader's language (issue 39 item 14, issue 41): the
real CLI as a subprocess, ``--lang ro`` and ``--lang fr``; the reason is a typed value (a code
and its fields) worded from the catalogue, so no English reason is left in its line."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from remi import i18n
from remi.engine.messages import Reason, sentence
from remi.tutor.advice import advise

REMI = [sys.executable, "-m", "remi"]
BARE = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}

#: variant, rack just after the draw, the reason's code: the live outs and a contrast by the feed
#: risk; a 2-step throw put first by its chance; a tile that fits nothing; Simple's words
POSITIONS = (
    ("closed", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1 k13", "tutor.why.outs"),
    ("closed", "b4 b5 b6 r2 r3 r5 r4 y4 k3 k4 k5 k6 r7 y11 r1", "tutor.why.chance"),
    ("closed", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 k1 r9 b2", "tutor.why.fits_nothing"),
    ("simple", "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad Kd", "tutor.why.outs"),
    ("simple", "10s 7d 7c 9c Jd * 2d 5d Jh 6d Qc Qs 10c Qd", "tutor.why.fits_nothing"),
)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _reasons(reason: Reason) -> list[Reason]:
    """The reason and every reason inside it (its clauses, the counted words)."""
    inner = [r for value in reason.params.values() if isinstance(value, Reason) for r in _reasons(value)]
    return [reason, *inner]


@pytest.mark.parametrize("lang", ["ro", "fr"])
@pytest.mark.parametrize("position", POSITIONS, ids=lambda p: f"{p[0]}-{p[2]}")
def test_advise_says_why_in_the_readers_language(lang: str, position: tuple[str, str, str]) -> None:
    variant, rack, code = position
    got = advise(rack, variant=variant)
    first = got.parts[0]
    then = next(p for p in got.parts if isinstance(p, Reason) and p.code.startswith("tutor.then_"))
    assert isinstance(first, Reason) and first.params["reason"].code == code
    assert isinstance(then, Reason) and then.code.startswith("tutor.then_")
    p = subprocess.run([*REMI, "--lang", lang, "advise", "--variant", variant, rack], capture_output=True,
                       text=True, timeout=120, env={**BARE, "COLUMNS": "200"})
    assert p.returncode == 0, p.stderr
    out = _flat(p.stdout)
    for part in (x for x in got.parts if isinstance(x, Reason)):  # the throw and why, where it leaves you
        said = _flat(sentence(part.code, part.params, i18n.catalogue(lang)))
        assert said in out  # as the CLI prints it
        assert _flat(str(part)) not in out
        for reason in _reasons(part):  # no English sentence or clause of the reason is left in it
            english = str(reason)
            assert english != sentence(reason.code, reason.params, i18n.catalogue(lang)), (reason.code, english)
            assert _flat(english) not in said, english


#: variant, the command line after the rack, the advise() keywords, the lines each position must
#: show: a tile to keep; the feed warning (what the left neighbour took); the row's top and the
#: pile's taken; Simple rummy's first round (a tournante drawn: nobody goes out); the stock; a
#: close on offer (the pile's, the row's top and the board's worth)
AROUND = (
    ("closed", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1 k13", ["--seats", "me,Dan", "--took", "Dan=k12 k11"],
     {"seats": ["me", "Dan"], "took": {"Dan": ["k12", "k11"]}}, {"tutor.feed.took", "tutor.and"}),
    ("closed", "r3 r4 r5 r6 b10 b11 b12 k1 k2 k3 y8 y9 k7 r13", ["--seats", "me,Dan", "--row", "me=k4"],
     {"seats": ["me", "Dan"], "rows": {"me": ["k4"]}}, {"tutor.take_row", "tutor.keep.run", "tutor.run.yellow"}),
    ("simple", "5h 6h 7h Js Jh 2c 3c 4c As Ad Kd 9s 10d", ["--row", "pile=8h"], {"rows": {"pile": ["8h"]}},
     {"tutor.take_pile", "tutor.nearer", "tutor.keep.both", "tutor.rank.aces", "tutor.run.diamonds"}),
    ("simple", "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad", ["--drawn", "Ac", "--from", "tournante"],
     {"drawn": "Ac", "source": "tournante"}, {"tutor.first_round"}),
    ("simple", "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad", ["--row", "pile=Kd"], {"rows": {"pile": ["Kd"]}},
     {"tutor.stock", "tutor.stock.top"}),
    ("simple", "5h 6h 7h 8h Js Jh Jc 2c 3c 4c 5c As Ad", ["--row", "pile=Ac"], {"rows": {"pile": ["Ac"]}},
     {"tutor.close.pile"}),
    ("closed", "r3 r4 r5 r6 b10 b11 b12 k7 y7 b7 y9 y10 y11 k1", ["--seats", "me,Dan", "--row", "me=y12"],
     {"seats": ["me", "Dan"], "rows": {"me": ["y12"]}}, {"tutor.close.row", "tutor.close.worth"}),
)


@pytest.mark.parametrize("lang", ["ro", "fr"])
@pytest.mark.parametrize("position", AROUND, ids=lambda p: f"{p[0]}-{sorted(p[4])[0]}")
def test_advise_says_the_lines_around_the_throw_in_the_readers_language(lang: str, position: tuple) -> None:
    variant, rack, args, keywords, codes = position
    got = advise(rack, variant=variant, **keywords)
    assert all(not p.strip() for p in got.parts if isinstance(p, str))  # every word is typed
    reasons = [r for p in got.parts if isinstance(p, Reason) for r in _reasons(p)]
    assert codes <= {r.code for r in reasons}
    p = subprocess.run([*REMI, "--lang", lang, "advise", "--variant", variant, *args, rack], capture_output=True,
                       text=True, timeout=120, env={**BARE, "COLUMNS": "200"})
    assert p.returncode == 0, p.stderr
    out = _flat(p.stdout)
    words = i18n.catalogue(lang)
    for part in (x for x in got.parts if isinstance(x, Reason)):
        assert _flat(sentence(part.code, part.params, words)) in out
    for reason in reasons:  # no English sentence or clause of any line is left
        english = str(reason)
        if english.isdigit() or english.rstrip("%").isdigit():
            continue  # a bare number ("53%") reads the same
        assert english != sentence(reason.code, reason.params, words), (reason.code, english)
        assert _flat(english) not in out, english
