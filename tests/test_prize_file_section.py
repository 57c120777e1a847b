"""The prize file's ``[event] section`` beyond ``swisstb prizes`` (issue 28 item 10, the
two leftovers): ``report --prizes`` takes it without ``--section`` (a ``--section``
naming another section is a usage error), and ``batch`` gives a prize file beside a
multi-section file to that section only."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io import api
from swisstb_io.batch import Batch, BatchOptions
from swisstb_io.cli import cli

FIX = Path(__file__).resolve().parent.parent / "fixtures"
RESERVE = FIX / "prizes" / "reserve_section.toml"  # [event] section = "Reserve"
JCH = FIX / "chess-json" / "two_sections.jch"
SJSON = FIX / "sjson" / "club_championship.sjson"  # Championship, Reserve


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exc_info
    return res.exit_code, res.stdout, res.stderr


@pytest.mark.parametrize("event", [JCH, SJSON], ids=["chess-json", "sjson"])
def test_report_prizes_takes_the_prize_file_s_section(event: Path) -> None:
    code, out, err = run("report", str(event), "--prizes", str(RESERVE), "-f", "json")
    assert (code, err) == (0, ""), err
    doc = json.loads(out)
    reserve = {p.name for p in api.load(event, section="Reserve").tournament.players}
    assert {s["name"] for s in doc["standings"]} == reserve
    assert {p["name"] for p in doc["prizes"]["players"]} == reserve
    same = run("report", str(event), "--prizes", str(RESERVE), "-f", "json", "--section", "2")
    assert same[0] == 0 and json.loads(same[1])["standings"] == doc["standings"]


def test_a_section_that_contradicts_the_prize_file_is_a_usage_error() -> None:
    code, out, err = run("report", str(SJSON), "--prizes", str(RESERVE), "--section", "1")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == (
        f"Error: --section 1 is not the section the prize file names ({RESERVE}:5:1: "
        "'Reserve'): give one of the two")
    code, _, err2 = run("prizes", str(SJSON), "--prizes", str(RESERVE), "--section",
                        "championship")
    assert code == 2 and "is not the section the prize file names" in err2


def _season(tmp_path: Path, prize_text: str, event: Path = SJSON) -> Path:
    season = tmp_path / "season"
    season.mkdir()
    shutil.copy(event, season / event.name)
    (season / f"{event.stem}.prizes.toml").write_text(prize_text, encoding="utf-8")
    return season


@pytest.mark.parametrize("event", [JCH, SJSON], ids=["chess-json", "sjson"])
def test_batch_gives_a_prize_file_to_the_section_it_names(tmp_path: Path, event: Path
                                                          ) -> None:
    """A file of several sections (a SwissSys save file's sections, a Chess-JSON file's
    tournaments) is an event a section, and a prize file naming one goes to that one."""
    season = _season(tmp_path, RESERVE.read_text("utf-8"), event)
    out = tmp_path / "out"
    results = list(Batch(season, out, BatchOptions(formats=("json",))).run())
    assert [r.status for r in results] == ["ok", "ok"], [r.message for r in results]
    assert [r.warnings for r in results] == [(), ()]
    docs = {n: json.loads((out / "events" / f"{event.name}.section{n}.json")
                          .read_text("utf-8")) for n in (1, 2)}
    assert "prizes" not in docs[1]  # not the prize file's section
    assert docs[2]["prizes"]["schema"] == "swisstb-prizes/1"
    assert {p["name"] for p in docs[2]["prizes"]["players"]} == {
        s["name"] for s in docs[2]["standings"]}


def test_batch_gives_a_prize_file_without_a_section_to_every_section(tmp_path: Path) -> None:
    season = _season(tmp_path, RESERVE.read_text("utf-8").replace('section = "Reserve"\n', ""))
    out = tmp_path / "out"
    assert [r.status for r in Batch(season, out, BatchOptions(formats=("json",))).run()] == [
        "ok", "ok"]
    for n in (1, 2):
        doc = json.loads((out / "events" / f"club_championship.sjson.section{n}.json")
                         .read_text("utf-8"))
        assert "prizes" in doc


def test_batch_fails_an_event_whose_prize_file_names_no_section_of_it(tmp_path: Path) -> None:
    season = _season(tmp_path, RESERVE.read_text("utf-8").replace('"Reserve"', '"Juniors"'))
    results = list(Batch(season, tmp_path / "out", BatchOptions(formats=("json",))).run())
    assert [r.status for r in results] == ["failed", "failed"]
    assert results[0].message.startswith("prize file ")
    assert "[event] section 'Juniors' is not a section of" in results[0].message
    assert results[0].message.endswith("(its sections: Championship, Reserve): fix the "
                                       "prize file")
