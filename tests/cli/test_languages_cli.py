"""The CLI's refusals in the reader's language (issue 41), the real CLI as a subprocess: chosen
by ``--lang`` or by LANGUAGE/LC_ALL/LANG, English where the locale is none of remi's; each
refusal one whole sentence on stderr, exit code 2, composed from its code and fields."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REMI = [sys.executable, "-m", "remi"]
THIRD_R3 = "r3 r3 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 k1 k2"
#: the environment less every locale variable: each test names the one it means
BARE = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}


def refusal(*args: str, **env: str) -> str:
    p = subprocess.run([*REMI, *args], capture_output=True, text=True, timeout=120, env={**BARE, **env})
    assert p.returncode == 2 and p.stdout == "", (p.returncode, p.stdout, p.stderr)
    return p.stderr.strip()


@pytest.mark.parametrize(("lang", "third", "token"), [
    ("en", "remi: a 3rd r3: the deck has only 2",
     "remi: tile 1, '9x': not a tile (like r7, k13, *) or a card (like 7h, Qs)"),
    ("ro", "remi: al 3-lea r3: jocul are doar 2",
     "remi: piesa 1, '9x': nu este o piesă (ca r7, k13, *) sau o carte (ca 7h, Qs)"),
    ("fr", "remi: un 3e r3 : le jeu n'en a que 2",
     "remi: tuile 1, '9x' : ni une tuile (comme r7, k13, *) ni une carte (comme 7h, Qs)"),
])
def test_check_refuses_in_the_chosen_language(lang: str, third: str, token: str) -> None:
    assert refusal("--lang", lang, "check", THIRD_R3) == third
    assert refusal("--lang", lang, "check", "9x r3") == token


def test_a_rules_file_and_a_card_refused_in_romanian_and_french(tmp_path: Path) -> None:
    rules = tmp_path / "house.toml"
    rules.write_text("close_size = 100000\n", encoding="utf-8")
    assert refusal("--lang", "ro", "check", "--rules", str(rules), "r1") == \
        "remi: opțiunea de regulă close_size trebuie să fie între 4 și 22, nu 100000"
    assert refusal("--lang", "fr", "check", "--variant", "simple", "9x 7h") == \
        "remi: carte 1, '9x' : pas une carte (comme 7h, Qs, 10d, *)"


def test_the_environment_chooses_when_no_lang_is_given() -> None:
    assert refusal("check", THIRD_R3, LANG="ro_RO.UTF-8") == "remi: al 3-lea r3: jocul are doar 2"
    assert refusal("check", THIRD_R3, LANGUAGE="de:fr", LANG="ro_RO.UTF-8") == "remi: un 3e r3 : le jeu n'en a que 2"
    assert refusal("check", THIRD_R3, LC_ALL="C", LANG="fr_FR.UTF-8") == "remi: a 3rd r3: the deck has only 2"
    assert refusal("check", THIRD_R3, LANG="de_DE.UTF-8") == "remi: a 3rd r3: the deck has only 2"
    assert refusal("--lang", "en", "check", THIRD_R3, LANG="fr_FR.UTF-8") == "remi: a 3rd r3: the deck has only 2"


def test_an_unknown_language_is_refused_by_name() -> None:
    assert refusal("--lang", "de", "check", "r1") == "remi: unknown language 'de': use en, ro, fr"
