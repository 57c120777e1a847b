"""Report rendering and rating submissions for one event, through the shared renderers.

The report renderers live in :mod:`swisstb_io.reports` (text, JSON, markdown, CSV, HTML);
submissions in :mod:`swisstb_io.submit`.
This module is the one place the batch runner touches them, so the batch follows their
API in a single spot.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..errors import SwisstbError
from ..registry import ReadResult
from ..reports import ReportOptions, render
from ..tiebreaks.standings import StandingsResult

REPORT_EXTENSIONS: dict[str, str] = {
    "json": "json",
    "text": "txt",
    "txt": "txt",
    "html": "html",
    "md": "md",
    "markdown": "md",
    "csv": "csv",
}
"""Report formats ``--format`` accepts, and the file extension each is written with."""

SUBMISSIONS = ("fide", "uscf")


def report_bytes(result: StandingsResult, fmt: str, *, source: str, read: ReadResult) -> bytes:
    """The report of ``result`` in ``fmt`` (a key of :data:`REPORT_EXTENSIONS`)."""
    fmt = {"txt": "text", "markdown": "md"}.get(fmt, fmt)
    return render(result, fmt, ReportOptions(source=source, input_format=read.format))


def submission(read: ReadResult, kind: str) -> tuple[str, bytes]:
    """``(file suffix, bytes)`` of the ``kind`` (``fide``/``uscf``) rating submission."""
    try:
        submit = importlib.import_module("swisstb_io.submit")
    except ImportError:
        raise SwisstbError(
            f"--submit {kind}: rating submissions need swisstb_io.submit, which is not "
            "installed"
        ) from None
    make: Callable[..., Any] | None = getattr(submit, "submission", None)
    if make is None:
        raise SwisstbError(f"--submit {kind}: swisstb_io.submit has no submission() function")
    out = make(read.tournament, kind)
    if isinstance(out, tuple):
        suffix, data = out
        return str(suffix), bytes(data)
    return f"{kind}.txt", bytes(out)
