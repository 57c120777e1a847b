"""Reports and rating submissions for one event, as ``swisstb report`` and ``swisstb
submit`` make them.

The report table is :func:`swisstb_io.event_report.event_report`'s; the formats, their
extensions and what they need come from the one report registry
(:data:`swisstb_io.reports.FORMATS`); submissions from :mod:`swisstb_io.submit`.  This
module is the one place the batch runner touches them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..errors import SwisstbError
from ..event_report import ReportRequest, event_report
from ..registry import ReadResult
from ..reports import FORMATS, Report, ReportOptions, render, report_format
from ..tiebreaks import CalcOptions
from .discovery import PLAYER_DATA_SUFFIX, PRIZE_SUFFIX, beside
from .site_links import event_links

if TYPE_CHECKING:
    from ..model import Tournament
    from ..prizes.model import PrizeFile
    from ..rating_change import PlayerData

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


def event_reports(read: ReadResult, formats: tuple[str, ...], calc: CalcOptions, *,
                  tiebreaks: str | None, team_tiebreaks: str | None, source: str, stem: str,
                  prize_file: PrizeFile | None = None, ratings: str | None = None,
                  rating_rules: str | None = None, player_data: PlayerData | None = None,
                  dual_rated: bool = False, keys: Sequence[tuple[str, ...]] | None = None
                  ) -> tuple[Report, dict[str, bytes]]:
    """The report table of the event ``read`` (one table for every format, made as
    ``swisstb report`` makes it, ranked with ``calc``), and each report of ``formats``
    (keys of :data:`REPORT_EXTENSIONS`); ``tiebreaks``, ``team_tiebreaks``: the chains
    (``None``: the chain policy); ``prize_file``: the event's prizes; ``ratings``: the
    rating system of the rating-change estimates (``fide``, ``uscf``), with
    ``rating_rules``, ``player_data`` and ``dual_rated`` as ``report`` takes them
    (:class:`~swisstb_io.event_report.ReportRequest`).  The HTML page,
    ``<stem>.html``, links to the season site (:mod:`.site_links`; ``keys``: the players'
    :func:`.matching.event_keys`, when the caller has them)."""
    site, players = event_links(read.tournament, stem, keys)
    request = ReportRequest(
        tiebreaks=tiebreaks, team_tiebreaks=team_tiebreaks, calc=calc,
        options=ReportOptions(source=source, input_format=read.format, site_links=site,
                              player_links=players),
        prize_file=prize_file, ratings=ratings, rating_rules=rating_rules,
        player_data=player_data, dual_rated=dual_rated,
        crosstable=any(report_format(f).crosstable for f in formats))
    table = event_report(read.tournament, request)
    return table, {fmt: render(table, fmt, request.options) for fmt in formats}


def prize_file_beside(event_path: str) -> str | None:
    """``spring.csv`` -> ``spring.prizes.toml`` in the same folder, if it exists (the prize
    package is imported only for events that have one)."""
    return beside(event_path, PRIZE_SUFFIX)


def player_data_beside(event_path: str) -> str | None:
    """``spring.trf`` -> ``spring.players.csv`` in the same folder, if it exists: the
    event's player data when the batch has ``--ratings`` and no ``--player-data``."""
    return beside(event_path, PLAYER_DATA_SUFFIX)


def event_prize_file(prize_path: str) -> PrizeFile:
    """The prize file at ``prize_path`` (its errors as the event's,
    :func:`prize_file_problem`)."""
    from ..prizes import read_prize_file

    try:
        return read_prize_file(prize_path)
    except SwisstbError as exc:
        raise prize_file_problem(exc) from exc


def prizes_for_section(prize_file: PrizeFile, read: ReadResult, path: str,
                       number: str | None) -> bool:
    """Whether the prizes of ``prize_file`` go to section ``number`` (1-based, as
    :func:`~.results.split_section` gives it; ``None``: a file of one section) of the event
    ``read`` from ``path``: to the section its ``[event] section`` names if it names one (a
    name that is no section of the file fails the event at the key), else to every
    section.  A file of several sections is always reported section by section
    (:func:`~.runner.section_tasks`)."""
    from ..prizes.prize_file import chosen_section

    try:
        wanted = chosen_section(prize_file, read.sections, path, "fix the prize file")
    except SwisstbError as exc:
        raise prize_file_problem(exc) from exc
    return wanted is None or wanted == (int(number) - 1 if number else 0)


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


def event_player_data(data: bytes, path: str, t: Tournament, shared: bool
                      ) -> tuple[PlayerData, list[str]]:
    """The player data of the event ``t`` (``data``, the bytes of the file at ``path``:
    ``--player-data`` or the event's own, :func:`player_data_beside`), and its notes.

    A file for this event alone is read as ``report --player-data`` reads it: every row by
    start number (a start number ``t`` does not have fails the event; a name that is not
    the player's is a warning).  A ``shared`` one (``--player-data``, for every event, or
    the file of an event of several sections) serves events that number their players
    afresh: every row must give the player's name, and the rows of ``t`` are those whose
    start number and name are a player of ``t``
    (:func:`~swisstb_io.rating_change.player_data.rows_for`); the note says how many.
    Errors are the event's (:func:`player_data_problem`)."""
    from ..rating_change.player_data import check_against, parse_player_data, rows_for

    try:
        facts = parse_player_data(data, path)
        if not shared:
            return facts, [str(w) for w in check_against(facts, t)]
        mine = rows_for(facts, t)
    except SwisstbError as exc:
        raise player_data_problem(exc) from exc
    return mine, [f"player data {path}: {len(mine.rows)} of {len(facts.rows)} rows are this "
                  "event's players (start number and name); the others are not used here"]


def player_data_problem(exc: SwisstbError) -> SwisstbError:
    """A player-data file's error as the event's, naming the file and the place in it
    (``players.csv:3:1: …``), as :func:`prize_file_problem` does."""
    return SwisstbError(f"player data {exc}")
