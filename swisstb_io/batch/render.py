"""Report rendering and rating submissions for one event, through the shared renderers.

The report renderers live in :mod:`swisstb_io.reports` (text, JSON, markdown, CSV, HTML);
submissions in :mod:`swisstb_io.submit`.
This module is the one place the batch runner touches them, so the batch follows their
API in a single spot.
"""

from __future__ import annotations

from ..registry import ReadResult
from ..reports import ReportOptions, build, render
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


def needs_explanations(formats: tuple[str, ...]) -> bool:
    """True when a report in ``formats`` shows explanations (compute them once, up front)."""
    return "html" in formats


def reports_bytes(
    result: StandingsResult, formats: tuple[str, ...], *, source: str, read: ReadResult
) -> dict[str, bytes]:
    """Each report of ``formats`` (keys of :data:`REPORT_EXTENSIONS`), built from one table."""
    options = ReportOptions(source=source, input_format=read.format)
    table = build(result, options)
    return {fmt: render(table, _CANONICAL.get(fmt, fmt), options) for fmt in formats}


_CANONICAL = {"txt": "text", "markdown": "md"}


def submission(
    read: ReadResult, kind: str, tiebreaks: str | None
) -> tuple[str, bytes, list[str]]:
    """``(file suffix, bytes, problems)`` of the ``kind`` (``fide``/``uscf``) rating submission.

    The problems a rating officer would send back are returned as text; the file is written
    anyway (like ``swisstb submit`` without ``--strict``), and the batch shows them.
    """
    from ..submit import prepare_fide, prepare_uscf

    if kind == "fide":
        fide = prepare_fide(read.tournament, tiebreaks=tiebreaks)
        return "fide.trf", fide.to_bytes(), [str(p) for p in fide.problems]
    uscf = prepare_uscf([read.tournament])
    return "uscf.zip", uscf.to_zip(), [str(p) for p in uscf.problems]
