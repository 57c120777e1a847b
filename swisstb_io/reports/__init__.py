"""Every standings report, rendered from one neutral table (pybtex's style/backend split).

:func:`build` turns a :class:`~swisstb_io.tiebreaks.StandingsResult` into a
:class:`Report` once; small backends print it::

    from swisstb_io.reports import ReportOptions, build, render, report_format
    from swisstb_io.tiebreaks import CalcOptions, standings

    kind = report_format("html")
    result = standings(t, options=CalcOptions(explain=kind.needs_explanations()))
    html = render(result, "html", ReportOptions(notation="fide", groups="rating:<2000,2000+"))

:data:`FORMATS` is the one table of report formats (name -> backend module, file extension,
whether it shows explanations, whether it prints the crosstable) that the CLI and the
batch read.  Rendering never computes standings: a format that shows explanations
needs standings computed with them (``CalcOptions(explain=True)``), else
:class:`ReportError`.  Every backend returns UTF-8 bytes.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from ..errors import UnknownFormatError
from ..jsonwrite import dumps
from ..tiebreaks import StandingsResult
from ._labels import ReportError
from ._model import (
    LEGENDS,
    NOTATIONS,
    BoardLine,
    Cell,
    ChainSource,
    Column,
    CrossRow,
    Group,
    MatchCard,
    PrizeList,
    RatingChanges,
    Report,
    Row,
    Table,
    TeamCrossRow,
    TeamRow,
    TeamTable,
    file_name,
)
from ._options import ReportOptions, View
from ._table import build as _build

if TYPE_CHECKING:
    from ..teams.standings import TeamStandings

Backend = Callable[[Report, ReportOptions], bytes]


class Explains(Enum):
    """When a report format shows every value's explanation."""

    ALWAYS = "always"
    ON_REQUEST = "on request"
    """With ``--explain`` (:attr:`ReportOptions.explain`)."""
    NEVER = "never"


class ReportFormat(NamedTuple):
    """One report format: its backend, file extension and what it needs from the table."""

    name: str
    extension: str
    """Without the dot: ``txt``, ``json``…"""
    module: str
    """The backend module under :mod:`swisstb_io.reports` (imported when first used, so a
    JSON report does not load the HTML machinery); it defines ``render(report, options)``."""
    explains: Explains
    crosstable: bool
    """Whether it prints the crosstable (the table is then built with it)."""
    aliases: tuple[str, ...] = ()

    def needs_explanations(self, explain: bool = False) -> bool:
        """Whether the standings must be computed with explanations for this format;
        ``explain``: they were asked for (``--explain``)."""
        return self.explains is Explains.ALWAYS or (explain and
                                                    self.explains is Explains.ON_REQUEST)

    def renderer(self) -> Backend:
        module = importlib.import_module(f"{__name__}.{self.module}")
        backend: Backend = module.render
        return backend


FORMATS: Mapping[str, ReportFormat] = MappingProxyType({f.name: f for f in (
    ReportFormat("text", "txt", "text_report", Explains.ON_REQUEST, True, ("txt",)),
    ReportFormat("md", "md", "md_report", Explains.NEVER, True, ("markdown",)),
    ReportFormat("csv", "csv", "csv_report", Explains.NEVER, False),
    ReportFormat("json", "json", "json_report", Explains.ON_REQUEST, False),
    ReportFormat("html", "html", "html_report", Explains.ALWAYS, True),
)})
"""The report formats, by name."""

REPORT_FORMATS: tuple[str, ...] = tuple(FORMATS)
"""Names accepted by :func:`render`: text, md, csv, json, html (and the aliases)."""

EXTENSIONS: Mapping[str, str] = MappingProxyType(
    {f.name: f".{f.extension}" for f in FORMATS.values()})
"""The file extension of each format, with its dot."""

_BY_NAME = {name: f for f in FORMATS.values() for name in (f.name, *f.aliases)}


def report_format(name: str) -> ReportFormat:
    """The format called ``name`` (or an alias: ``txt``, ``markdown``); raises
    :class:`~swisstb_io.errors.UnknownFormatError` for an unknown name."""
    kind = _BY_NAME.get(name)
    if kind is None:
        raise UnknownFormatError(
            f"unknown report format {name!r}; use one of {', '.join(REPORT_FORMATS)}")
    return kind


def build(
    result: StandingsResult, options: ReportOptions | None = None, *, crosstable: bool = True
) -> Report:
    """The neutral table of ``result`` (``crosstable=False``: without the crosstable, for
    formats that do not print it)."""
    o = options or ReportOptions()
    return _build(result, notation=o.notation, labels=o.labels, groups=o.groups,
                  source=o.source, input_format=o.input_format, crosstable=crosstable)


def build_team_report(
    teams: TeamStandings, players: StandingsResult, options: ReportOptions | None = None,
    *, view: View = View.TEAM, crosstable: bool = True,
) -> Report:
    """The neutral table of a team event: ``players`` (the board players' standings) with
    the team part of ``teams`` (:class:`TeamTable`); ``view``: the team part alone, or then
    the board players (:class:`View`).  Render it with :func:`render`."""
    from ._team_table import build_teams

    o = options or ReportOptions()
    report = build(players, o, crosstable=crosstable)
    return report._replace(teams=build_teams(teams, players.context.tournament, view=view,
                                             labels=o.labels, crosstable=crosstable,
                                             input_format=o.input_format))


def render(
    standings_or_report: StandingsResult | Report,
    fmt: str,
    options: ReportOptions | None = None,
) -> bytes:
    """The report of ``standings_or_report`` in ``fmt``, as UTF-8 bytes.

    ``standings_or_report``: the standings (:func:`~swisstb_io.tiebreaks.standings`), or a
    report table already built from them (:func:`build`, to render one table in several
    formats); ``fmt``: a name or alias of :data:`FORMATS` (``"text"``, ``"md"``, ``"csv"``,
    ``"json"``, ``"html"``); ``options``: groups, labels, notation, explanations, the
    source's name and the rest (:class:`ReportOptions`; default: none of them).

    Raises :class:`~swisstb_io.errors.UnknownFormatError` for an unknown ``fmt`` and
    :class:`ReportError` for a bad group, label or notation option, or for standings
    without the explanations the format shows.
    """
    kind = report_format(fmt)
    o = options or ReportOptions()
    if isinstance(standings_or_report, Report):
        report = standings_or_report
    else:
        report = build(standings_or_report, o, crosstable=kind.crosstable)
    if kind.needs_explanations(o.explain) and not report.explained:
        raise ReportError(f"the {kind.name} report shows how every value was computed: "
                          "compute the standings with CalcOptions(explain=True)")
    return kind.renderer()(report, o)


def render_sections(sections: Sequence[tuple[str, Report]], fmt: str,
                    options: ReportOptions | None = None) -> bytes:
    """The reports of the sections of one file (``(name, report)`` each, in order) in one
    output: a titled block each (text, md, csv), one HTML page of a block each, or a JSON
    object whose ``sections`` list holds one report each (``formats/report-json.md``,
    "Several sections").  One section is its report alone."""
    kind = report_format(fmt)
    o = options or ReportOptions()
    if len(sections) == 1:
        return render(sections[0][1], fmt, o)
    if kind.name == "html":
        from .html_report import render_sections as html_sections

        return html_sections([(name, report, o) for name, report in sections])
    if kind.name == "json":
        from .json_report import SCHEMA, document

        doc = {"schema": SCHEMA, "sections": [
            {"number": i, "section": name, "report": document(report, o.explain)}
            for i, (name, report) in enumerate(sections, 1)]}
        return (dumps(doc) + "\n").encode("utf-8")
    blocks = []
    for i, (name, report) in enumerate(sections, 1):
        title = f"Section {i} of {len(sections)}: {name or '-'}"
        head = {"md": f"## {title}\n\n", "csv": f"# {title}\r\n"}.get(
            kind.name, f"{title}\n{'=' * len(title)}\n")
        blocks.append(head.encode("utf-8") + render(report, fmt, o))
    return b"\n".join(blocks)


__all__ = [
    "EXTENSIONS",
    "FORMATS",
    "LEGENDS",
    "NOTATIONS",
    "REPORT_FORMATS",
    "BoardLine",
    "Cell",
    "ChainSource",
    "Column",
    "CrossRow",
    "Explains",
    "Group",
    "MatchCard",
    "PrizeList",
    "RatingChanges",
    "Report",
    "ReportError",
    "ReportFormat",
    "ReportOptions",
    "Row",
    "Table",
    "TeamCrossRow",
    "TeamRow",
    "TeamTable",
    "View",
    "build",
    "build_team_report",
    "file_name",
    "render",
    "render_sections",
    "report_format",
]
