"""A real headless Chromium for the web tests: Debian's chromium and chromium-driver,
installed on demand (like ``tests/scoresheet/pg_server.py`` installs PostgreSQL), driven by
Selenium at a phone's size (Chrome's mobile emulation, 390 x 844, as an iPhone 14 in portrait).

``phone(tmp)`` returns a driver, or raises ``Unavailable`` with the reason (the fixtures turn
it into a loud skip). Run alone to install: ``python -m tests.web.browser``.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.debian import Unavailable, ensure

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"
WIDTH, HEIGHT = 390, 844


def ensure_chromium() -> None:
    """Install Debian's chromium and chromium-driver when they are missing (root, apt)."""
    ensure(["chromium", "chromium-driver"], lambda: os.path.exists(CHROMIUM) and os.path.exists(DRIVER))


def phone(profile: Path, *, width: int = WIDTH, height: int = HEIGHT) -> Any:
    """A headless Chromium emulating a phone in portrait, with a fresh profile folder."""
    ensure_chromium()
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as exc:
        raise Unavailable(f"selenium is not installed ({exc}): pip install -e '.[dev]'") from None
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--no-first-run", "--disable-default-apps", "--hide-scrollbars", f"--user-data-dir={profile}"):
        opts.add_argument(arg)
    opts.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": True},
        "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
                     "Chrome/120.0 Mobile Safari/537.36"})
    try:
        driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    except Exception as exc:  # noqa: BLE001 - any start failure is a skip with its reason
        raise Unavailable(f"chromium did not start: {str(exc).splitlines()[0]}") from None
    driver.set_page_load_timeout(60)
    return driver


if __name__ == "__main__":
    ensure_chromium()
    print("chromium and chromedriver are installed")
