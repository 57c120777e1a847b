"""Human-facing reports, rendered from one neutral table (pybtex's style/backend split).

:func:`build` turns a :class:`~swisstb_io.tiebreaks.StandingsResult` into a
:class:`Report` once; small backends print it::

    from swisstb_io.reports import ReportOptions, render
    html = render(result, "html", ReportOptions(notation="fide", groups="rating:<2000,2000+"))

``text`` and ``json`` are the calculator's own renderers
(:mod:`swisstb_io.tiebreaks.report`); the groups are appended to them.  ``md``, ``csv``
and ``html`` live here.  Every backend returns UTF-8 bytes.
"""

from __future__ import annotations

from collections.abc import Callable

from ..errors import UnknownFormatError
from ..tiebreaks import StandingsResult
from ._labels import SHORT_LABELS, ReportError
from ._options import ReportOptions
from ._table import (
    LEGENDS,
    NOTATIONS,
    Cell,
    Column,
    Group,
    Report,
    RoundCell,
    Row,
    with_explanations,
)
from ._table import build as _build
from .csv_report import render as _csv
from .html_report import render as _html
from .json_report import render as _json
from .md_report import render as _md
from .text_report import render as _text

Backend = Callable[[Report, ReportOptions], bytes]

_BACKENDS: dict[str, Backend] = {
    "text": _text,
    "md": _md,
    "csv": _csv,
    "json": _json,
    "html": _html,
}

REPORT_FORMATS: tuple[str, ...] = tuple(_BACKENDS)
"""Names accepted by :func:`render`: text, md, csv, json, html."""

EXTENSIONS = {"text": ".txt", "md": ".md", "csv": ".csv", "json": ".json", "html": ".html"}


def build(result: StandingsResult, options: ReportOptions | None = None) -> Report:
    """The neutral table of ``result`` (explanations computed if HTML or JSON needs them)."""
    o = options or ReportOptions()
    return _build(result, notation=o.notation, labels=o.labels, groups=o.groups,
                  source=o.source, input_format=o.input_format)


def render(
    standings_or_report: StandingsResult | Report,
    fmt: str,
    options: ReportOptions | None = None,
) -> bytes:
    """``fmt`` (one of :data:`REPORT_FORMATS`) as UTF-8 bytes.

    Raises :class:`~swisstb_io.errors.UnknownFormatError` for an unknown ``fmt`` and
    :class:`ReportError` for a bad group, label or notation option.
    """
    backend = _BACKENDS.get(fmt)
    if backend is None:
        raise UnknownFormatError(
            f"unknown report format {fmt!r}; use one of {', '.join(REPORT_FORMATS)}"
        )
    o = options or ReportOptions()
    if isinstance(standings_or_report, Report):
        report = standings_or_report
        needs = fmt == "html" or (fmt == "json" and o.explain)
        if needs and not report.result.context.explain:
            report = build(with_explanations(report.result), o)
    else:
        result = standings_or_report
        if fmt == "html" or (fmt == "json" and o.explain):
            result = with_explanations(result)
        report = build(result, o)
    return backend(report, o)


__all__ = [
    "EXTENSIONS",
    "LEGENDS",
    "NOTATIONS",
    "REPORT_FORMATS",
    "SHORT_LABELS",
    "Cell",
    "Column",
    "Group",
    "Report",
    "ReportError",
    "ReportOptions",
    "RoundCell",
    "Row",
    "build",
    "render",
    "with_explanations",
]
