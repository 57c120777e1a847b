"""Prize lists in the other commands: ``report --prizes`` (a Prize column in every format,
the list after the text report, a section of the HTML page, ``prizes`` in the JSON) and
``batch`` (``<event>.prizes.toml`` beside an event, or ``--prizes`` for all)."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from swisstb_io.batch import Batch, BatchOptions
from swisstb_io.batch.render import prize_file_beside
from swisstb_io.cli import cli

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "prizes"
EVENT = str(FIX / "example1.csv")
PRIZES = str(FIX / "example1.toml")


def report(*args: str) -> tuple[int, str, str]:
    r = CliRunner().invoke(cli, ["report", *args], prog_name="swisstb")
    return r.exit_code, r.stdout, r.stderr


def test_report_text_has_a_prize_column_and_the_list() -> None:
    code, out, _ = report(EVENT, "--prizes", PRIZES)
    assert code == 0
    head = next(line for line in out.splitlines() if line.startswith("Pl No"))
    assert head.endswith("Prize")
    assert any(line.endswith("$216.67 + Top U1800 trophy") for line in out.splitlines())
    assert "\nPrize list: Example 1\n" in out
    plain = report(EVENT)[1]
    assert "Prize" not in plain and out.startswith(plain.split("\nPl No")[0])


def test_report_json_md_csv_html() -> None:
    doc = json.loads(report(EVENT, "--prizes", PRIZES, "-f", "json")[1])
    assert doc["schema"] == "swisstb-report/3"
    assert doc["prizes"]["schema"] == "swisstb-prizes/1"
    assert doc["prizes"]["fund"]["paid"] == "1150.01"
    assert "prizes" not in json.loads(report(EVENT, "-f", "json")[1])
    md = report(EVENT, "--prizes", PRIZES, "-f", "md")[1]
    assert "| Place | No | Name | Rating | Points | Cum | Prize |" in md
    rows = list(csv.reader(io.StringIO(report(EVENT, "--prizes", PRIZES, "-f", "csv")[1])))
    assert rows[0][-1] == "Prize" and rows[1][-1] == "$500.00 + 1st place trophy"
    page = report(EVENT, "--prizes", PRIZES, "-f", "html")[1]
    assert '<button type="button">Prize</button>' in page
    assert '<section aria-labelledby="s-prizes"' in page and 'id="s-prizes"' in page
    assert "<td>$216.67</td>" in page


def test_report_bad_prize_file(tmp_path: Path) -> None:
    bad = tmp_path / "p.toml"
    bad.write_text('schema = "swisstb-prizes/1"\n[[group]]\nid = "x"\nkind = "place"\n'
                   "cash = [1, 2]\n", encoding="utf-8")
    code, _, err = report(EVENT, "--prizes", str(bad))
    assert code == 1 and err.startswith(f"Error: {bad}:5:1: place 2 pays more")


def _season(tmp_path: Path) -> Path:
    season = tmp_path / "season"
    season.mkdir()
    for name in ("example1", "example3"):
        shutil.copy(FIX / f"{name}.csv", season / f"{name}.csv")
    shutil.copy(FIX / "example1.toml", season / "example1.prizes.toml")
    return season


def test_prize_file_beside(tmp_path: Path) -> None:
    season = _season(tmp_path)
    assert prize_file_beside(str(season / "example1.csv")) == str(
        season / "example1.prizes.toml")
    assert prize_file_beside(str(season / "example3.csv")) is None


def test_batch_puts_prize_lists_on_event_pages(tmp_path: Path) -> None:
    season, out = _season(tmp_path), tmp_path / "site"
    results = {r.rel: r for r in Batch(season, out, BatchOptions(jobs=1)).run()}
    assert {r.status for r in results.values()} == {"ok"}  # the .toml is not an event
    assert set(results) == {"example1.csv", "example3.csv"}
    page1 = (out / "events" / "example1.csv.html").read_text(encoding="utf-8")
    page3 = (out / "events" / "example3.csv.html").read_text(encoding="utf-8")
    assert "Prize list: Example 1" in page1 and "s-prizes" not in page3
    doc = json.loads((out / "events" / "example1.csv.json").read_text(encoding="utf-8"))
    assert doc["prizes"]["fund"]["paid"] == "1150.01"
    # unchanged: skipped; a changed prize file redoes its event only
    assert {r.status for r in Batch(season, out, BatchOptions(jobs=1)).run()} == {"skipped"}
    (season / "example1.prizes.toml").write_text(
        (FIX / "example1.toml").read_text(encoding="utf-8").replace("150]", "400]"),
        encoding="utf-8")
    again = {r.rel: r.status for r in Batch(season, out, BatchOptions(jobs=1)).run()}
    assert again == {"example1.csv": "ok", "example3.csv": "skipped"}
    assert "$400.00" in (out / "events" / "example1.csv.html").read_text(encoding="utf-8")


def test_batch_prizes_for_every_event_and_a_bad_prize_file(tmp_path: Path) -> None:
    season, out = _season(tmp_path), tmp_path / "site"
    options = BatchOptions(jobs=1, prizes=str(FIX / "example3.toml"))
    results = {r.rel: r for r in Batch(season, out, options).run()}
    page = (out / "events" / "example3.csv.html").read_text(encoding="utf-8")
    assert "Prize list: Example 3" in page and results["example1.csv"].status == "ok"
    bad = tmp_path / "bad.toml"
    bad.write_text("schema = 1\n", encoding="utf-8")
    results = {r.rel: r for r in Batch(season, out, BatchOptions(jobs=1, prizes=str(bad),
                                                                 force=True)).run()}
    failed = results["example1.csv"]
    assert failed.status == "failed" and failed.line is None
    assert failed.message.startswith(f"prize file {bad}:1:1: the file must start with schema")
    missing = BatchOptions(jobs=1, prizes=str(tmp_path / "none.toml"), force=True)
    failed = {r.rel: r for r in Batch(season, out, missing).run()}["example3.csv"]
    assert failed.message.startswith(f"prize file {tmp_path / 'none.toml'}: cannot read")


def test_batch_cli_prizes_option(tmp_path: Path) -> None:
    season, out = _season(tmp_path), tmp_path / "site"
    r = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out), "-j", "1", "-f", "html",
                                 "--prizes", str(FIX / "example3.toml")], prog_name="swisstb")
    assert r.exit_code == 0, r.stderr
    assert "Prize list: Example 3" in (out / "events" / "example1.csv.html").read_text(
        encoding="utf-8")
