"""Whether the tests run under CI, and what they need of the system (shared by conftest.py,
the README's test and the browser tests)."""

from __future__ import annotations

import os

SYSTEM_PACKAGES = ("chromium", "chromium-driver", "poppler-utils")
"""The Debian packages the browser tests need (chromium, chromedriver, pdftotext): the
README's Quick start names them, and `.ci/run` installs them."""


def under_ci() -> bool:
    """``CI`` set to anything but empty, ``0``, ``false`` or ``no`` (the convention CI
    services follow: ``CI=true``)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
