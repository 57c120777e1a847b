"""Byes entered ahead for rounds not paired yet (project issue 15, item 6) are shown in the
crosstable as entered ahead, ``(H)``, in columns after the rounds that count, in every
report that prints it; they count nowhere (test_future_rounds.py)."""

from __future__ import annotations

from pathlib import Path

import swisstb_io
from swisstb_io.reports import LEGENDS, ReportOptions, build, render
from swisstb_io.tiebreaks import CalcOptions, standings

ROOT = Path(__file__).resolve().parent.parent
MIDEVENT = ROOT / "fixtures" / "trf" / "own_midevent.trf"  # round 4: 4 H, 6 Z entered ahead


def _report(fmt: str, notation: str = "us", path: Path = MIDEVENT) -> str:
    t = swisstb_io.read(path)
    res = standings(t, "uscf", CalcOptions(explain=fmt == "html"))
    return render(res, fmt, ReportOptions(notation=notation)).decode()


def test_the_table_has_a_column_per_round_up_to_the_last_entered_ahead() -> None:
    t = swisstb_io.read(MIDEVENT)
    report = build(standings(t, "uscf"), ReportOptions(notation="fide"))
    assert (report.rounds, report.ahead_rounds) == (3, 1)
    lines = {x.start_no: x for x in report.crosstable_rows()}
    assert (lines[4].ahead, lines[4].ahead_us) == (("(H)",), ("(H)",))
    assert (lines[6].ahead, lines[6].ahead_us) == (("(Z)",), ("(U)",))
    assert lines[1].ahead == ("",) and len(lines[4].cells) == 3
    assert lines[4].progression[-1] == report.rows[0].points == 5 / 2  # the H is not in it
    assert report.legend.startswith(LEGENDS["fide"]) and "(H)" in report.legend


def test_text_crosstable() -> None:
    text = _report("text")
    assert "(H), (B), (U) in brackets: entered ahead for a round not paired yet" in text
    assert "No  Name          Pts R1  R2  R3  R4\n" in text
    assert " 4  Delta, Dee    2.5 W5  D2  X1  (H)\n" in text
    assert " 6  Foxtrot, Flo  0.5 D3  U   F2  (U)\n" in text
    assert " 1  Alpha, Ann    2.0 W2  W3  F4\n" in text


def test_markdown_and_html_crosstables() -> None:
    md = _report("md", "fide")
    assert "| No | Name | Points | R1 | R2 | R3 | R4 |" in md
    assert "| 4 | Delta, Dee | 2.5 | 5w1 | 2bD | 1b+ | (H) |" in md
    assert "| 6 | Foxtrot, Flo | 0.5 | 3b½ | Z | 2w- | (Z) |" in md
    html = _report("html")
    assert '<th scope="col">R4</th></tr>' in html
    assert ('<td><a href="#x1">X1</a></td><td title="entered ahead, counted nowhere">(H)</td>'
            "</tr>") in html
    assert "a bye entered ahead for a round not paired yet (counted nowhere).</p>" in html


def test_a_file_without_byes_entered_ahead_has_no_extra_column() -> None:
    path = ROOT / "fixtures" / "trf" / "held_swiss_5.trf"
    report = build(standings(swisstb_io.read(path), "uscf"))
    assert report.ahead_rounds == 0 and report.legend == LEGENDS["us"]
    assert all(x.ahead == () for x in report.crosstable_rows())
    assert "in brackets" not in _report("text", path=path)
