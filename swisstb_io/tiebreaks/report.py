"""Moved: the reports live in :mod:`swisstb_io.reports` (the JSON contract in
:mod:`swisstb_io.reports.json_report`, the text table in
:mod:`swisstb_io.reports.text_report`).  These names remain for code that still imports
them from here; new code should use :func:`swisstb_io.reports.render`."""

from __future__ import annotations

from ..reports import ReportOptions, build, render
from ..reports._json_text import dumps as dumps
from ..reports._numbers import decimal as decimal
from ..reports._numbers import number_text as number_text
from ..reports.json_report import SCHEMA as SCHEMA
from ..reports.json_report import document
from .ranking import StandingsResult
from .values import JSON


def to_json(
    result: StandingsResult, *, source: str, format: str, explain: bool = False
) -> dict[str, JSON]:
    """The ``swisstb-report/2`` document of ``result`` (write it with :func:`dumps`)."""
    options = ReportOptions(source=source, input_format=format)
    return document(build(result, options, crosstable=False), explain)


def to_text(result: StandingsResult, *, source: str = "") -> str:
    """The text report of ``result`` (standings table and crosstable)."""
    return render(result, "text", ReportOptions(source=source)).decode("utf-8")
