"""Multi-section files (project issue 15, item 4): every section read, listed, converted."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import swisstb_io
from swisstb_io import api
from swisstb_io.cli import cli
from swisstb_io.cli.convert import split_path

ROOT = Path(__file__).resolve().parent.parent
SJSON = ROOT / "fixtures" / "sjson" / "swisssys_115x_midevent.sjson"
CLUB = ROOT / "fixtures" / "sjson" / "club_championship.sjson"
DBF = ROOT / "fixtures" / "uscf_dbf" / "wintd_two_sections"


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    return res.exit_code, res.stdout, res.stderr


def test_a_dbf_report_reads_every_section() -> None:
    res = api.load(DBF, format="uscf-dbf")
    assert [(t.section, len(t.players)) for t in res.every_section()] == [
        ("Open", 5), ("Quad 1", 4)]
    assert res.tournament is res.all_sections[0]


def test_info_lists_each_section() -> None:
    code, out, _ = run("info", str(SJSON))
    assert code == 0
    assert ("sections:    Open, U1600\n"
            "  1 Open: 4 players, 3 rounds (2 paired) (shown above)\n"
            "  2 U1600: 3 players, 2 rounds (2 paired)\n") in out


def test_section_on_a_one_section_file_is_a_usage_error() -> None:
    trf = ROOT / "fixtures" / "trf" / "held_swiss_5.trf"
    for command in ("info", "report", "convert"):
        args = [command, str(trf), "--section", "2"] + (["/tmp/x.xml"] if command == "convert"
                                                       else [])
        code, _, err = run(*args)
        assert code == 2, command
        assert "holds one section; leave --section out" in err


def test_convert_to_the_same_format_keeps_every_section(tmp_path: Path) -> None:
    for src, out, fmt in ((SJSON, tmp_path / "e.sjson", "sjson"),
                          (DBF, tmp_path / "e.zip", "uscf-dbf")):
        code, _, _ = run("convert", str(src), str(out), "--from", fmt)
        assert code == 0
        back = api.load(out, format=fmt)
        assert [t.section for t in back.every_section()] == [
            t.section for t in api.load(src, format=fmt).every_section()]


def test_convert_to_a_one_section_format_needs_section_or_split(tmp_path: Path) -> None:
    code, _, err = run("convert", str(SJSON), str(tmp_path / "e.trf"))
    assert code == 2 and not (tmp_path / "e.trf").exists()
    assert ("holds 2 sections (1 'Open', 2 'U1600') and trf holds one: choose one with "
            "--section, or write one file per section with --split") in err
    code, _, _ = run("convert", str(SJSON), str(tmp_path / "e.trf"), "--section", "U1600")
    assert code == 0 and swisstb_io.read(tmp_path / "e.trf").player(3).name == "Gray, Gus"
    code, _, err = run("convert", str(SJSON), str(tmp_path / "s.trf"), "--split")
    assert code == 0
    one, two = tmp_path / "s-1-open.trf", tmp_path / "s-2-u1600.trf"
    assert [len(swisstb_io.read(p).players) for p in (one, two)] == [4, 3]
    assert err.count("cannot hold the section name") == 2  # one per file written


def test_split_paths() -> None:
    assert split_path("out.trf", 1, "Open") == "out-1-open.trf"
    assert split_path("dir/out", 2, "Quad 1") == "dir/out-2-quad-1"
    assert split_path("a.b/out", 3, "") == "a.b/out-3"


def test_library_writes_several_sections_where_the_format_holds_them(tmp_path: Path) -> None:
    import pytest

    from swisstb_io.errors import WriteError

    sections = api.load(CLUB).every_section()
    api.write(sections, tmp_path / "c.sjson", format="sjson")
    assert json.loads((tmp_path / "c.sjson").read_text())["Sections"][1]["Section name"] == \
        "Reserve"
    with pytest.raises(WriteError, match="holds one section"):
        api.dumps_sections(sections, "trf")


def test_report_without_section_reports_every_section() -> None:
    code, out, _ = run("report", str(SJSON))
    assert code == 0
    assert out.startswith("Section 1 of 2: Open\n====================\nLakeside Autumn Swiss\n")
    assert "\nSection 2 of 2: U1600\n=====================\nLakeside Autumn Swiss\n" in out
    _, one, _ = run("report", str(SJSON), "--section", "2")
    assert out.endswith(one)  # each block is the section's own report
    code, md, _ = run("report", str(SJSON), "-f", "md")
    assert code == 0 and md.startswith("## Section 1 of 2: Open\n\n")


def test_report_json_of_every_section() -> None:
    code, out, _ = run("report", str(SJSON), "-f", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["schema"] == "swisstb-report/3" and "standings" not in doc
    assert [(s["number"], s["section"]) for s in doc["sections"]] == [(1, "Open"),
                                                                      (2, "U1600")]
    _, one, _ = run("report", str(SJSON), "-f", "json", "--section", "U1600")
    assert doc["sections"][1]["report"] == json.loads(one)


def test_report_html_of_a_multi_section_file_is_one_page() -> None:
    """(Its ids, blocks and explanations: test_multisection_html.py.)"""
    code, out, _ = run("report", str(SJSON), "-f", "html")
    assert code == 0 and out.count("<!DOCTYPE html>") == 1
    assert '<h2 id="sec2">Section 2 of 2: U1600</h2>' in out
    code, out, _ = run("report", str(SJSON), "-f", "html", "--section", "1")
    assert code == 0 and out.startswith("<!DOCTYPE html>") and 'id="sec' not in out


def test_report_after_round() -> None:
    javafo = ROOT / "fixtures" / "trf" / "echecs_javafo_sample2.trf"
    code, out, _ = run("report", str(javafo), "--after-round", "2", "-t", "BH", "-f", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["event"]["rounds_played"] == 2
    first = next(r for r in doc["standings"] if r["start_no"] == 1)
    assert (first["points"], first["tiebreaks"]["BH"]) == (2, 2)
    for bad in ("0", "10"):
        code, _, err = run("report", str(javafo), "--after-round", bad)
        assert code == 2 and "is not a round of" in err


def test_batch_makes_one_event_per_section(tmp_path: Path) -> None:
    import shutil

    from swisstb_io.batch import Batch, BatchOptions

    season = tmp_path / "season"
    season.mkdir()
    shutil.copy(SJSON, season / "autumn.sjson")
    shutil.copy(ROOT / "fixtures" / "trf" / "held_swiss_5.trf", season / "held.trf")
    options = BatchOptions(formats=("json",), jobs=1)
    results = list(Batch(season, tmp_path / "site", options).run())
    assert [(r.rel, r.status) for r in results] == [
        ("autumn.sjson#1", "ok"), ("autumn.sjson#2", "ok"), ("held.trf", "ok")]
    index = json.loads((tmp_path / "site" / "index.json").read_text())
    assert [e["section"] for e in index["events"]] == ["Open", "U1600", ""]
    assert (tmp_path / "site" / "events" / "autumn.sjson.section2.json").is_file()
    again = list(Batch(season, tmp_path / "site", options).run())
    assert [r.status for r in again] == ["skipped"] * 3
