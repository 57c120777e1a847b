"""Report rendering and rating submissions for one event, through the shared renderers.

The report formats, their extensions and what they need come from the one report registry
(:data:`swisstb_io.reports.FORMATS`); submissions from :mod:`swisstb_io.submit`.  This
module is the one place the batch runner touches them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace
from typing import NamedTuple

from ..errors import SwisstbError
from ..model import Tournament
from ..registry import ReadResult
from ..reports import (
    FORMATS,
    PrizeColumn,
    RatingColumn,
    ReportOptions,
    build,
    build_team_report,
    render,
    report_format,
)
from ..teams.standings import TeamStandings
from ..tiebreaks import CalcOptions, StandingsResult
from .site_links import event_links

REPORT_EXTENSIONS: dict[str, str] = {
    name: f.extension for f in FORMATS.values() for name in (f.name, *f.aliases)}
"""Report formats ``--format`` accepts (names and aliases), and the file extension each is
written with."""

SUBMISSIONS = ("fide", "uscf")
SUBMISSION_SUFFIXES = {"fide": "fide.trf", "uscf": "uscf.zip"}
"""The file each submission is written to, after the event's name."""


def needs_explanations(formats: tuple[str, ...]) -> bool:
    """True when a report in ``formats`` shows explanations (compute them once, up front)."""
    return any(report_format(f).needs_explanations() for f in formats)


def reports_bytes(
    result: StandingsResult, formats: tuple[str, ...], *, source: str, stem: str,
    read: ReadResult, prizes: PrizeColumn | None = None, teams: TeamStandings | None = None,
    ratings: RatingColumn | None = None,
) -> dict[str, bytes]:
    """Each report of ``formats`` (keys of :data:`REPORT_EXTENSIONS`), built from one table;
    ``prizes``: the event's prize list (a Prize column and the list on the page);
    ``teams``: a team event's team standings (the team view, ``result`` its board
    players); ``ratings``: the rating-change column.  The HTML page, ``<stem>.html``,
    links to the season site (:mod:`.site_links`)."""
    site, players = event_links(read.tournament, stem)
    options = ReportOptions(source=source, input_format=read.format, prizes=prizes,
                            ratings=ratings, site_links=site, player_links=players)
    crosstable = any(report_format(f).crosstable for f in formats)
    if teams is None:
        table = build(result, options, crosstable=crosstable)
    else:
        table = build_team_report(teams, result, options, crosstable=crosstable)
    return {fmt: render(table, fmt, options) for fmt in formats}


class EventRatings(NamedTuple):
    """An event's rating-change estimates as the batch shows them: the column of its
    pages, and each entrant's rating after the event (``None`` when none is published)."""

    column: RatingColumn
    after: Mapping[int, int | None]


def event_ratings(t: Tournament, system: str) -> EventRatings:
    """The estimates of ``system`` (``fide``, ``uscf``) for ``t`` (see ``swisstb ratings``)."""
    from ..rating_change import RatingSystem, rating_changes
    from ..rating_change.for_reports import rating_column

    result = rating_changes(t, RatingSystem(system))
    return EventRatings(rating_column(result), {p.start_no: p.new_rating
                                                for p in result.players})


PRIZE_SUFFIX = ".prizes.toml"
"""An event's own prize file sits beside it: ``spring.csv`` -> ``spring.prizes.toml``."""


def prize_file_beside(event_path: str) -> str | None:
    """``spring.csv`` -> ``spring.prizes.toml`` in the same folder, if it exists (the prize
    package is imported only for events that have one)."""
    base, _ = os.path.splitext(event_path)
    candidate = base + PRIZE_SUFFIX
    return candidate if os.path.isfile(candidate) else None


def event_prizes(result: StandingsResult, t: Tournament, prize_path: str,
                 source: str) -> PrizeColumn:
    """The prize list of the prize file at ``prize_path`` for the event's standings."""
    from ..prizes import prizes_for, read_prize_file
    from ..prizes.for_reports import prize_column

    try:
        prize_file = read_prize_file(prize_path)
    except SwisstbError as exc:
        raise prize_file_problem(exc) from exc
    prizes = prizes_for(result, t, prize_file)
    return prize_column(prizes, source, tuple(spec.key for spec in result.chain))


def prize_file_problem(exc: SwisstbError) -> SwisstbError:
    """A prize file's error as the event's: its message names the prize file and the
    place in it (``p.toml:3:1: …``), since the event's own location would mislead."""
    return SwisstbError(f"prize file {exc}")


def submission(
    read: ReadResult, kind: str, tiebreaks: str | None, options: CalcOptions,
    meta: dict[str, str] | None = None
) -> tuple[str, bytes, list[str]]:
    """``(file suffix, bytes, problems)`` of the ``kind`` (``fide``/``uscf``) rating submission;
    the FIDE one is ranked like the reports (the same chain policy and ``options``).

    The problems a rating officer would send back are returned as text; the file is written
    anyway (like ``swisstb submit`` without ``--strict``), and the batch shows them.
    ``meta``: the US Chess event data (``--event-meta``).
    """
    from ..submit import prepare_fide, prepare_uscf

    if kind == "fide":
        fide = prepare_fide(read.tournament, tiebreaks=tiebreaks,
                            options=replace(options, explain=False))
        return SUBMISSION_SUFFIXES["fide"], fide.to_bytes(), [str(p) for p in fide.problems]
    uscf = prepare_uscf([read.tournament], meta)
    return SUBMISSION_SUFFIXES["uscf"], uscf.to_zip(), [str(p) for p in uscf.problems]
