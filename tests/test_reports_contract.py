"""Every report format prints every part of the report table (issue 29 item 5): the players,
a team event's team part, a prize list and the rating changes.  The formats are those of
``reports.FORMATS``, so a new format is held to this without anyone adding it here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swisstb_io.api import load
from swisstb_io.event_report import ReportRequest, event_report
from swisstb_io.prizes import read_prize_file
from swisstb_io.reports import FORMATS, Report, ReportOptions, View, render, report_format
from swisstb_io.tiebreaks import CalcOptions

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _report(path: Path, fmt: str, **request: object) -> tuple[Report, str]:
    kind = report_format(fmt)
    options = ReportOptions(source=path.name)
    report = event_report(load(path).tournament, ReportRequest(
        calc=CalcOptions(explain=kind.needs_explanations()), options=options,
        crosstable=kind.crosstable, **request))  # type: ignore[arg-type]
    return report, render(report, fmt, options).decode("utf-8")


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_format_prints_the_prize_list(fmt: str) -> None:
    """What each winner won (each cash amount and item), in every format; the prize list
    itself wherever a format prints more than one table."""
    report, out = _report(FIXTURES / "prizes" / "example1.csv", fmt,
                          prize_file=read_prize_file(str(FIXTURES / "prizes" / "example1.toml")))
    assert report.prizes is not None and report.prizes.won
    for won in report.prizes.won.values():
        for part in won.split(" + "):
            assert part.lstrip("$") in out, (fmt, part)
    if fmt == "json":
        assert json.loads(out)["prizes"]["schema"] == "swisstb-prizes/1"
    elif fmt != "csv":  # a CSV report is one table: the Prize column
        for table in report.prizes.tables:
            assert table.title in out, (fmt, table.title)


@pytest.mark.parametrize("view", [View.TEAM, View.BOTH])
@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_format_prints_the_team_part(fmt: str, view: View) -> None:
    """Every team's name and match points, in every format; with ``--view both`` the board
    players too."""
    report, out = _report(FIXTURES / "team" / "held_team_2026.trf", fmt, view=view)
    assert report.teams is not None
    for team in report.teams.rows:
        assert team.row.name in out, (fmt, team.row.name)
        assert str(team.match_points) in out
    players = [r.name for r in report.rows]
    shown = [name for name in players if name in out]
    if view is View.BOTH:
        assert shown == players, fmt


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_format_prints_the_rating_changes(fmt: str) -> None:
    """Each player's estimated change (``--ratings``), in every format: a column of the
    standings, or in JSON the ``swisstb-ratings/1`` document."""
    report, out = _report(FIXTURES / "trf" / "held_swiss_9.trf", fmt, ratings="fide")
    assert report.ratings is not None and report.ratings.cells
    if fmt == "json":
        assert json.loads(out)["ratings"]["schema"] == "swisstb-ratings/1"
        return
    assert report.ratings.label in out or (fmt == "csv" and "FIDE" in out)
    for change in report.ratings.cells.values():
        assert change.removeprefix("+") in out, (fmt, change)


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_every_format_says_where_the_chain_came_from(fmt: str) -> None:
    """The chain's origin (and a hint), for the players and a team event's teams, in every
    format but CSV (one table: its first line is the header a spreadsheet reads)."""
    import html

    report, out = _report(FIXTURES / "trf" / "own_fide_looking.trf", fmt)
    assert report.chain is not None and report.chain.hint
    team, team_out = _report(FIXTURES / "team" / "held_team_2026.trf", fmt)
    assert team.teams is not None
    if fmt == "csv":
        return
    if fmt == "json":
        assert json.loads(out)["chain"]["words"] == report.chain.words
        assert json.loads(team_out)["team_decisions"]["chain_words"] == team.teams.chain.words
        return
    said = html.unescape(out).replace("\\", "")
    for line in report.chain.lines:
        assert line in said, (fmt, line)
    assert team.teams.chain.words in html.unescape(team_out)
