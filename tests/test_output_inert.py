"""Output stays inert (issue 33 item 12): a name from the file with an escape sequence, a
bell, a NUL, a C1 control or a right-to-left override is shown in md and csv reports (the
batch's too) and the prize list as the text report shows it; a CSV cell that a spreadsheet
would run as a formula, even after a line feed or spaces, gets a leading ``'``."""

from __future__ import annotations

import csv
import dataclasses
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import swisstb_io as st
from swisstb_io.batch import Batch, BatchOptions
from swisstb_io.cli import cli
from swisstb_io.textsafe import spreadsheet_safe, spreadsheet_unsafe

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"

RAW = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""What must never reach the output: C0 controls (but tab, line feed and carriage
return), DEL, C1 controls, bidirectional marks and overrides."""

NAMES = ["Red\x1b[31m, Ann\x07", "Nul\x00l, Bob\x9b2J", "\u202eredro, Cy", "=1+1",
         " =HYPERLINK(1)", "\n=cmd|' /C calc'!A0", "  @SUM(1)", " -5+3"]


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    t = st.read(FIXTURES / "prizes" / "example1.csv")
    players = tuple(dataclasses.replace(p, name=NAMES[k % len(NAMES)] + ("" if k < len(NAMES)
                                                                         else f" {k}"))
                    for k, p in enumerate(t.players))
    path = tmp_path / "hostile.jch"
    path.write_bytes(st.dumps(dataclasses.replace(t, players=players), "chess-json"))
    return path


def _cells(data: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(data)) for cell in row]


def _assert_inert_csv(data: str) -> None:
    assert not RAW.search(data)
    for cell in _cells(data):
        assert not re.match(r"[\n\r\t]|\s*[=+@]|\s*-(?!\d)", cell), repr(cell)


@pytest.mark.parametrize("fmt", ["md", "csv"])
def test_report_md_and_csv_are_inert(hostile: Path, fmt: str) -> None:
    res = CliRunner().invoke(cli, ["report", str(hostile), "--format", fmt])
    assert res.exit_code == 0, res.stderr
    assert not RAW.search(res.stdout)
    assert "Red\\x1b[31m, Ann\\x07" in res.stdout.replace("\\\\", "\\").replace("\\[", "[")
    if fmt == "csv":
        _assert_inert_csv(res.stdout)
        assert {"'=1+1", "' =HYPERLINK(1)", "\\n=cmd|' /C calc'!A0", "'  @SUM(1)"} <= set(
            _cells(res.stdout))


def test_the_batch_md_and_csv_are_inert(hostile: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    res = list(Batch(hostile.parent, out, BatchOptions(formats=("md", "csv"), jobs=1)).run())
    assert [r.status for r in res] == ["ok"]
    md = (out / "events" / "hostile.jch.md").read_text("utf-8")
    data = (out / "events" / "hostile.jch.csv").read_text("utf-8")
    assert not RAW.search(md)
    _assert_inert_csv(data)


@pytest.mark.parametrize("fmt", ["md", "csv", "text"])
def test_the_prize_list_is_inert(hostile: Path, fmt: str) -> None:
    res = CliRunner().invoke(cli, ["prizes", str(hostile), "-p",
                                   str(FIXTURES / "prizes" / "example1.toml"), "-f", fmt])
    assert res.exit_code == 0, res.stderr
    assert not RAW.search(res.stdout)
    if fmt == "csv":
        _assert_inert_csv(res.stdout)


@pytest.mark.parametrize("text", ["\n=1+1", " =1", "   +x", " @a", "\nplain", " -x"])
def test_a_formula_after_a_line_feed_or_spaces_is_neutralised(text: str) -> None:
    assert spreadsheet_safe(text) == "'" + text
    assert spreadsheet_unsafe(spreadsheet_safe(text)) == text


@pytest.mark.parametrize("text", [" plain", " -5", " 12.5", "a =b"])
def test_plain_text_with_spaces_is_left_alone(text: str) -> None:
    assert spreadsheet_safe(text) == text
