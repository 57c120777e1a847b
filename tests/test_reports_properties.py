"""Properties of the reports on generated tournaments: every backend renders, names from
files survive escaping exactly, and groups rank consistently."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace

import lxml.html
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import consistent_tournaments

from swisstb_io.model import Tournament
from swisstb_io.reports import REPORT_FORMATS, ReportOptions, build, render
from swisstb_io.reports.csv_report import safe
from swisstb_io.tiebreaks import CalcOptions, standings

_NASTY = st.text(alphabet="<>&\"'|*_`[]\\=+-@ aZé½", min_size=1, max_size=12).map(
    lambda s: " ".join(s.split())).filter(bool)


@st.composite
def nasty_events(draw: st.DrawFn) -> Tournament:
    t = draw(consistent_tournaments(max_players=8, max_rounds=4, teams=True))
    names = draw(st.lists(_NASTY, min_size=len(t.players), max_size=len(t.players)))
    players = tuple(replace(p, name=n) for p, n in zip(t.players, names, strict=True))
    return replace(t, players=players, name=draw(_NASTY))


@settings(max_examples=15)
@given(nasty_events(), st.sampled_from(["us", "fide"]))
def test_names_survive_every_backend(t: Tournament, notation: str) -> None:
    result = standings(t, "SOLK,CUM", CalcOptions(explain=True))
    options = ReportOptions(notation=notation, groups="team")
    for fmt in REPORT_FORMATS:
        assert render(result, fmt, options)
    page = lxml.html.document_fromstring(render(result, "html", options).decode())
    heads = page.xpath('//table[@id="standings"]/tbody/tr/th[@scope="row"]')
    marked = [r.name + ("*" if result.actual_play_rule and not r.scored_in_play else "")
              for r in result.rows]
    assert [h.text_content() for h in heads] == marked
    assert page.findtext(".//title") == t.name
    code = page.xpath("//script[not(@type)]")
    assert len(code) == 1  # the page's one script; the rest is data
    data = json.loads(page.get_element_by_id("why-data").text)
    assert data["n"] == {str(r.start_no): r.name for r in result.rows}
    rows = list(csv.reader(io.StringIO(render(result, "csv", options).decode())))
    overall = {r.start_no: r.name for r in result.rows}
    assert [r[2] for r in rows[1:]] == [safe(overall[int(r[1])]) for r in rows[1:]]
    assert sorted(int(r[1]) for r in rows[1:]) == sorted(overall)


@settings(max_examples=30)
@given(consistent_tournaments(max_players=10, max_rounds=4, teams=True))
def test_groups_partition_and_rank_from_one(t: Tournament) -> None:
    report = build(standings(t, "SOLK"), ReportOptions(groups="team"))
    assert sum(len(g.rows) for g in report.groups) == len(report.rows)
    for g in report.groups:
        places = [r.place for r in g.rows]
        assert places[0] == 1 and places == sorted(places)
        overall = {r.start_no: r.place for r in report.rows}
        for r in g.rows:
            # one more than the members placed strictly ahead overall; ties stay ties
            ahead = sum(1 for o in g.rows if overall[o.start_no] < overall[r.start_no])
            assert r.place == ahead + 1
