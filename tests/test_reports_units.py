"""Report table, groups, labels, notation, escaping and the CLI options (hand-built cases)."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from reports_cases import FIXTURES

from swisstb_io.cli import cli
from swisstb_io.errors import UnknownFormatError
from swisstb_io.model import Color, Outcome, Player, Rating, RoundResult, Tournament
from swisstb_io.reports import ReportError, ReportOptions, build, render
from swisstb_io.reports._labels import label_for, parse_labels
from swisstb_io.reports._table import fide_cell
from swisstb_io.tiebreaks import CalcOptions, StandingsResult, parse_spec, standings

W, B = Color.WHITE, Color.BLACK
EXPLAIN = CalcOptions(explain=True)


def _p(sn: int, name: str, rating: int | None, team: str, results: list[RoundResult]) -> Player:
    return Player(start_no=sn, name=name, team=team, results=tuple(results),
                  ratings=(Rating("USCF", rating),) if rating else ())


def four_draws(name1: str = "One") -> Tournament:
    """1-2 and 3-4 draw in round 1: everybody has 0.5 and Solkoff 0.5, so all four share
    place 1; teams A = {1, 3} and B = {2, 4}."""
    d = Outcome.DRAW
    return Tournament(name="Four <draws> & co", players=(
        _p(1, name1, 1500, "A", [RoundResult(d, 2, W)]),
        _p(2, "Two", 1900, "B", [RoundResult(d, 1, B)]),
        _p(3, "Three", None, "A", [RoundResult(d, 4, W)]),
        _p(4, "Four", 2100, "B", [RoundResult(d, 3, B)]),
    ))


def ladder() -> Tournament:
    """A round robin of 4 where 1 > 2 > 3 > 4 (each wins against all below)."""
    players = []
    ratings = {1: 2050, 2: 1850, 3: 1750, 4: None}
    rounds = {1: [2, 3, 4], 2: [1, 4, 3], 3: [4, 1, 2], 4: [3, 2, 1]}
    for sn, opps in rounds.items():
        res = [RoundResult(Outcome.WIN if sn < o else Outcome.LOSS, o, W if sn < o else B)
               for o in opps]
        players.append(_p(sn, f"P{sn}", ratings[sn], "AB"[sn % 2], res))
    return Tournament(name="Ladder", players=tuple(players))


def test_shared_places_stay_shared_inside_groups() -> None:
    rep = build(standings(four_draws(), "SOLK"), ReportOptions(groups="team"))
    assert [r.place_text for r in rep.rows] == ["1-4"] * 4
    assert [g.title for g in rep.groups] == ["A", "B"]
    assert [(r.start_no, r.place_text) for r in rep.groups[0].rows] == [(1, "1-2"), (3, "1-2")]


def test_rating_classes_rank_inside_each_class_and_may_overlap() -> None:
    rep = build(standings(ladder(), "SOLK"), ReportOptions(groups="rating:<1800,<1900,2000+"))
    titles = [g.title for g in rep.groups]
    assert titles == ["Under 1800", "Under 1900", "2000 and above", "Unrated"]
    under_1900 = rep.groups[1]
    assert [(r.start_no, r.place) for r in under_1900.rows] == [(2, 1), (3, 2)]
    assert [(r.start_no, r.place) for r in rep.groups[0].rows] == [(3, 1)]
    assert [r.start_no for r in rep.groups[3].rows] == [4]
    # CSV: one row per player per group, the overall place kept next to the group place
    rows = list(csv.reader(io.StringIO(render(rep, "csv").decode())))
    assert rows[0][-2:] == ["Group", "Group place"]
    assert [(r[1], r[0], r[-2], r[-1]) for r in rows[1:]] == [
        ("3", "3", "Under 1800", "1"), ("2", "2", "Under 1900", "1"),
        ("3", "3", "Under 1900", "2"), ("1", "1", "2000 and above", "1"),
        ("4", "4", "Unrated", "1")]


@pytest.mark.parametrize(("spec", "message"), [
    ("rating:", "needs classes"),
    ("rating:1800-", "'1800-' is not understood"),
    ("rating:1900-1800", "is empty"),
    ("colour", "'colour' is not understood"),
])
def test_bad_group_specs_are_explained(spec: str, message: str) -> None:
    with pytest.raises(ReportError, match=re.escape(message)):
        build(standings(ladder(), "SOLK"), ReportOptions(groups=spec))


def test_labels_styles_and_overrides() -> None:
    mm, bh = parse_spec("MM"), parse_spec("BH/C1")
    assert label_for(mm, parse_labels(None)) == "ModMed"
    assert label_for(bh, parse_labels(None)) == "BH/C1"
    assert label_for(mm, parse_labels("key")) == "MM"
    assert label_for(mm, parse_labels("name")) == "Modified Median"
    assert label_for(mm, parse_labels("name,mm=M")) == "M"
    with pytest.raises(ReportError, match="CODE=Label"):
        parse_labels("MM=")
    with pytest.raises(ReportError, match="unknown label style 'fancy'"):
        parse_labels("fancy")


def test_the_short_label_is_the_one_the_system_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    """``@tiebreak(label=…)`` is the only place a short header is written."""
    from swisstb_io.tiebreaks import registry

    system = registry.get_system("MM")._replace(label="MoMe")
    monkeypatch.setitem(registry._SYSTEMS, "MM", system)
    assert label_for(parse_spec("MM"), parse_labels(None)) == "MoMe"
    assert label_for(parse_spec("MM[own-unplayed=zero]"), parse_labels(None)) \
        == "MM[own-unplayed=zero]"  # a spec with options: its key


def test_csv_header_uses_labels() -> None:
    out = render(standings(ladder(), "MM,SOLK"), "csv", ReportOptions(labels="MM=M,SOLK=S"))
    assert out.decode().splitlines()[0] == "Place,No,Name,Rating,Federation,Points,M,S"


@pytest.mark.parametrize(("outcome", "opp", "color", "cell"), [
    (Outcome.WIN, 12, W, "12w1"),
    (Outcome.DRAW, 3, B, "3b½"),
    (Outcome.LOSS_UNRATED, 4, W, "4wL"),
    (Outcome.FORFEIT_WIN, 7, Color.NONE, "7-+"),
    (Outcome.PAIRING_BYE, None, Color.NONE, "U"),
    (Outcome.HALF_BYE, None, Color.NONE, "H"),
    (Outcome.NOT_PAIRED, None, Color.NONE, ""),
])
def test_fide_notation(outcome: Outcome, opp: int | None, color: Color, cell: str) -> None:
    assert fide_cell(outcome, opp, color) == cell


def test_both_notations_in_the_crosstable() -> None:
    res = standings(ladder(), "SOLK")
    us = build(res, ReportOptions(notation="us"))
    fide = build(res, ReportOptions(notation="fide"))
    assert us.crosstable_rows()[0].cells == ("W2", "W3", "W4")
    assert fide.crosstable_rows()[0].cells == ("2w1", "3w1", "4w1")
    assert fide.crosstable_rows()[0].us == ("W2", "W3", "W4")
    assert "| 1 | P1 | 3 | 2w1 | 3w1 | 4w1 |" in render(fide, "md").decode()
    with pytest.raises(ReportError, match="unknown notation"):
        build(res, ReportOptions(notation="uk"))


EVIL = '<script>alert("x")</script> | *b* =HYPERLINK("http://x")'


def test_every_backend_escapes_names() -> None:
    res = standings(four_draws(EVIL), "SOLK", EXPLAIN)
    html = render(res, "html").decode()
    assert "<script>alert" not in html
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in html
    assert "<title>Four &lt;draws&gt; &amp; co</title>" in html
    md = render(res, "md").decode()
    assert "&lt;script&gt;" in md and "\\| \\*b\\*" in md and "<script>" not in md
    rows = list(csv.reader(io.StringIO(render(res, "csv").decode())))
    assert rows[1][2] == EVIL  # starts with '<': no formula prefix needed
    res2 = standings(four_draws('=HYPERLINK("http://x")'), "SOLK")
    rows2 = list(csv.reader(io.StringIO(render(res2, "csv").decode())))
    assert [r[2] for r in rows2 if r[1] == "1"] == ["'=HYPERLINK(\"http://x\")"]


def test_html_explains_every_value_that_has_an_explanation() -> None:
    res = standings(ladder(), "SOLK,CUM,RBT", EXPLAIN)
    html = render(res, "html").decode()
    assert html.count('class="why-open"') == 4 * 2  # RBT is undefined: nobody is tied
    assert "US Chess 34E2" in html and "<caption" in html and 'scope="row"' in html
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert html.count("<polyline") == 4


def _assert_explanation_data_complete(res: StandingsResult, keys: tuple[str, ...]) -> None:
    """The page's compact explanation data decodes to every explanation, text for text."""
    import lxml.html

    from swisstb_io.numbers import rule_decimal as decimal

    page = lxml.html.document_fromstring(render(res, "html").decode())
    data = json.loads(page.get_element_by_id("why-data").text or "")
    s = data["s"]
    digits = {c.key: c.digits for c in build(res).columns}
    assert list(digits) == list(keys)
    for row in res.rows:
        cells = data["p"][str(row.start_no)]
        for key, cell in zip(keys, cells, strict=True):
            e = row.values[key].explanation
            if e is None:
                assert cell is None
                continue
            assert s[cell[0]] == e.rule
            assert [s[n] for n in (cell[2] if len(cell) > 2 else [])] == list(e.notes)
            got = [(r[0], s[r[1]], r[2], r[3], s[r[4]] if len(r) > 4 else "",
                    s[r[5]] if len(r) > 5 else "") for r in cell[1]]
            assert got == [(r.round, r.result, r.opponent,
                            None if r.value is None else str(decimal(r.value, digits[key])),
                            r.note, r.dropped) for r in e.rows]


def test_html_explanation_data_is_complete() -> None:
    res = standings(ladder(), "SOLK,CUM,RBT", EXPLAIN)
    _assert_explanation_data_complete(res, ("SOLK", "CUM", "RBT"))


def test_html_explanation_data_of_rows_shared_between_columns() -> None:
    """BH/C1, BH and BH/C2 share their uncut rows (the page writes a shared row once):
    each column still decodes to its own rows, cut marks included."""
    from swisstb_io.api import load

    t = load(FIXTURES / "trf" / "held_swiss_9.trf").tournament
    res = standings(t, "BH/C1,BH,BH/C2,SB", EXPLAIN)
    shared = []
    for r in res.rows:
        cut, uncut = r.values["BH/C1"].explanation, r.values["BH"].explanation
        assert cut is not None and uncut is not None
        shared += [a is b for a, b in zip(cut.rows, uncut.rows, strict=True)]
    assert any(shared) and not all(shared)  # the case the page's sharing is for
    _assert_explanation_data_complete(res, ("BH/C1", "BH", "BH/C2", "SB"))


def test_unknown_format() -> None:
    with pytest.raises(UnknownFormatError, match="use one of text, md, csv, json, html"):
        render(standings(ladder(), "SOLK"), "pdf")


def test_json_groups() -> None:
    out = render(standings(four_draws(), "SOLK"), "json", ReportOptions(groups="team"))
    text = out.decode()
    assert '"title": "A"' in text and '"shared_with"' not in text
    groups = json.loads(text)["groups"]
    assert groups[0]["title"] == "A"
    assert all(set(e) == {"place", "last_place", "start_no"} for g in groups
               for e in g["standings"])


CSV_IN = FIXTURES / "swisssys_csv" / "spring_open.csv"


def test_cli_report_html_md_csv(tmp_path: Path) -> None:
    runner = CliRunner()
    for fmt in ("html", "md", "csv"):
        out = tmp_path / f"r.{fmt}"
        notation = ["--notation", "fide"] if fmt != "csv" else []  # csv has no crosstable
        res = runner.invoke(cli, ["report", str(CSV_IN), "-f", fmt, "--group", "state",
                                  *notation, "-o", str(out)])
        assert res.exit_code == 0, res.output
        assert out.read_bytes().startswith({"html": b"<!DOCTYPE html>",
                                            "md": b"# Gainesville Spring Swiss",
                                            "csv": b"Place,No,Name"}[fmt])
    res = runner.invoke(cli, ["report", str(CSV_IN), "-f", "csv", "--labels", "key"])
    assert res.exit_code == 0
    assert res.output.splitlines()[0].endswith("Points,MM,SOLK,CUM,OPPCUM")


def test_cli_plain_text_is_the_calculators_own() -> None:
    res = CliRunner().invoke(cli, ["report", str(CSV_IN)])
    from swisstb_io.api import read

    assert res.exit_code == 0
    want = render(standings(read(CSV_IN)), "text", ReportOptions(source=str(CSV_IN)))
    assert res.output == want.decode()


def test_cli_bad_group_is_a_usage_error() -> None:
    res = CliRunner().invoke(cli, ["report", str(CSV_IN), "-f", "md", "--group", "rating:x"])
    assert res.exit_code == 2
    assert "rating class 'x' is not understood; write <1800, 1800-1999 or 2000+" in res.output


def test_html_text_escapes_markup_and_writes_our_typography_as_references() -> None:
    from swisstb_io.reports.html_kit import html_text

    assert html_text("a < b & \"c\" 'd'") == "a &lt; b &amp; &quot;c&quot; &#x27;d&#x27;"
    assert html_text("FIDE C.07 §8.1 … ½ – x") == \
        "FIDE C.07 &sect;8.1 &hellip; &frac12; &ndash; x"
    assert html_text("Müller, Jürgen §1") == "Müller, Jürgen &sect;1"  # names stay UTF-8


def test_html_page_of_ascii_input_is_ascii_and_keeps_other_names_as_utf8() -> None:
    """An ASCII page encodes with one copy (a single ``…`` once made the HTML report ~8 %
    slower in a batch); names in any script are still written as they are."""
    from reports_cases import CASES

    page = render(CASES[1].result_for("html"), "html", CASES[1].report_options())
    assert page.isascii() and b"&sect;8.1" in page
    t = Tournament(name="Open", total_rounds=1, players=(
        _p(1, "Ølstad, Åse", 1500, "", [RoundResult(Outcome.WIN, 2, W)]),
        _p(2, "Иванов, Пётр", 1400, "", [RoundResult(Outcome.LOSS, 1, B)])))
    page = render(standings(t, "uscf", EXPLAIN), "html", ReportOptions())
    assert "Ølstad, Åse".encode() in page and "Иванов, Пётр".encode() in page
