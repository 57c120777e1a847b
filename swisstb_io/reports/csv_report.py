"""CSV: one row per player (per group row when groups are asked for), tie-break columns.

A team event (:attr:`~._model.Report.teams`): one row per team, ``Place, No, Team, MP, GP``
then its tie-breaks; with ``--view both`` the team rows under ``# Team standings``, then the
players' rows under ``# Board players`` (as a file of several sections).

Columns: ``Place, No, Name, Rating, Federation, Points`` then one per tie-break (labels
from :mod:`._labels`), then ``Group`` and ``Group place`` when groups are given (a player
in two overlapping rating classes then has a row in each), then ``Prize`` with a prize
list (what the player won; the list itself is ``swisstb prizes --format csv``).  Values
are printed as in the other reports: exact for multiples of 1/4, else rounded as the rule
says; ``-`` undefined.  Cells that start with ``= + - @`` (or a line feed, or spaces and
then one of those) and are not numbers get a leading ``'`` so spreadsheets do not run them
as formulas; control characters in a name are shown as the text report shows them
(``\x1b``).
"""

from __future__ import annotations

import csv
import io

from ..textsafe import report_cell as safe
from ._model import Report, Row, TeamTable
from ._options import ReportOptions


def _cells(r: Row) -> list[str]:
    return [r.place_text, str(r.start_no), safe(r.name),
            "" if r.rating is None else str(r.rating), safe(r.fields.get("federation", "")),
            r.points_text, *(c.text for c in r.cells)]


def _teams(teams: TeamTable) -> bytes:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    w.writerow(["Place", "No", "Team", "MP", "GP", *(c.label for c in teams.columns)])
    for t in teams.rows:
        r = t.row
        w.writerow([r.place_text, str(r.start_no), safe(r.name), t.mp_text, t.gp_text,
                    *(c.text for c in r.cells)])
    return buf.getvalue().encode("utf-8")


def render(report: Report, options: ReportOptions) -> bytes:
    teams = report.teams
    stage = report.stage.encode("utf-8")
    if teams is not None and teams.individual:
        return (b"# Team standings" + stage + b"\r\n" + _teams(teams)
                + b"\r\n# Board players\r\n" + _players(report, options))
    # with --after-round, a heading line first, as a file of several sections has
    what = b"# Standings" if teams is None else b"# Team standings"
    head = what + stage + b"\r\n" if stage else b""
    return head + (_players(report, options) if teams is None else _teams(teams))


def _players(report: Report, options: ReportOptions) -> bytes:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    head = ["Place", "No", "Name", "Rating", "Federation", "Points",
            *(c.label for c in report.columns)]
    won = report.prizes.won if report.prizes is not None else None
    prize = ["Prize"] if won is not None else []
    ratings = report.ratings
    rating = [ratings.label] if ratings is not None else []

    def prize_of(r: Row) -> list[str]:
        return [] if won is None else [safe(won.get(r.start_no, ""))]

    def rating_of(r: Row) -> list[str]:
        return [] if ratings is None else [ratings.cells.get(r.start_no, "").removeprefix("+")]

    if report.groups:
        w.writerow([*head, "Group", "Group place", *prize])
        overall = {r.start_no: r for r in report.rows}
        for g in report.groups:
            for r in g.rows:
                w.writerow([*_cells(overall[r.start_no]), safe(g.title), r.place_text,
                            *prize_of(r)])
    else:
        w.writerow([*head, *prize, *rating])
        for r in report.rows:
            w.writerow([*_cells(r), *prize_of(r), *rating_of(r)])
    return buf.getvalue().encode("utf-8")
