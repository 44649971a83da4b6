"""What every test shares: remi reads English here, whatever the machine's locale (issue 41).

The CLI chooses its language from ``--lang``, else LANGUAGE, LC_ALL, LC_MESSAGES and LANG
(remi.i18n); a test machine set to ``ro_RO.UTF-8`` would otherwise see Romanian where a test
expects the English words. LANGUAGE comes first, so pinning it leaves the charset of LANG and
LC_ALL alone; it is set when the tests are collected, before any test copies the environment
for a subprocess. A test that chooses a language passes ``--lang`` or its own environment
(tests/cli/test_languages_cli.py).
"""

from __future__ import annotations

import os

os.environ["LANGUAGE"] = "en"
