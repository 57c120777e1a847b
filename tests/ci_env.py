"""Whether the tests run under CI (shared by conftest.py and the browser tests)."""

from __future__ import annotations

import os


def under_ci() -> bool:
    """``CI`` set to anything but empty, ``0``, ``false`` or ``no`` (the convention CI
    services follow: ``CI=true``)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
