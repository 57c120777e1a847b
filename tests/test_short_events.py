"""A cut or median modifier on an event too short for it (issue 28 item 4): computed the same
way in every command, 0 after cutting everything (FIDE's reference implementation never
cuts more values than there are rounds), with a note in every report."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io import api
from swisstb_io.cli import cli
from swisstb_io.tiebreaks import standings

ROOT = Path(__file__).resolve().parent.parent
ONE = ROOT / "fixtures" / "trf" / "own_one_round.trf"
FIVE = ROOT / "fixtures" / "trf" / "held_swiss_5.trf"
NOTE = ("BH/C1 on 1 round: nothing left after the cut; BH/M1 on 1 round: nothing left after "
        "the median")


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exc_info
    return res.exit_code, res.stdout, res.stderr


def test_everything_cut_gives_zero_and_says_so() -> None:
    result = standings(api.read(ONE), "BH,BH/C1,BH/M1")
    assert [row.values["BH/C1"].value for row in result.rows] == [Fraction(0)] * 3
    assert [row.values["BH/M1"].value for row in result.rows] == [Fraction(0)] * 3
    assert result.context.decisions["short_event_reason"] == NOTE
    assert "short_event_reason" not in standings(api.read(ONE), "BH").context.decisions


@pytest.mark.parametrize("fmt", ["text", "md", "html", "csv"])
def test_report_computes_and_notes_it_in_every_format(fmt: str) -> None:
    code, out, err = run("report", str(ONE), "-t", "BH/C1,BH/M1", "-f", fmt)
    assert (code, err) == (0, "")
    if fmt != "csv":
        assert NOTE in out.replace("&#x27;", "'")


def test_the_json_report_records_it_in_its_decisions() -> None:
    code, out, _ = run("report", str(ONE), "-t", "BH/C1,BH/M1", "-f", "json")
    doc = json.loads(out)
    assert code == 0 and doc["decisions"]["short_event_reason"] == NOTE
    assert [row["tiebreaks"]["BH/C1"] for row in doc["standings"]] == [0, 0, 0]


def test_after_round_and_a_whole_short_event_agree() -> None:
    """C2 on the first two rounds of a five-round event: the same note as on a 2-round file."""
    code, out, _ = run("report", str(FIVE), "-t", "BH/C2,SB", "--after-round", "2", "-f", "json")
    doc = json.loads(out)
    assert code == 0
    assert doc["decisions"]["short_event_reason"] == "BH/C2 on 2 rounds: nothing left after the cut"
    assert {row["tiebreaks"]["BH/C2"] for row in doc["standings"]} == {0}


def test_prizes_and_batch_compute_it_too(tmp_path: Path) -> None:
    prizes = tmp_path / "p.toml"
    prizes.write_text('schema = "swisstb-prizes/1"\n[event]\nsystem = "fide"\n\n'
                      '[[group]]\nid = "place"\nkind = "place"\ncash = [100]\n')
    code, out, err = run("prizes", str(ONE), "--prizes", str(prizes), "-t", "BH/C1")
    assert (code, err) == (0, "") and "Alpha, Ann" in out
    season = tmp_path / "season"
    season.mkdir()
    (season / "one.trf").write_bytes(ONE.read_bytes())
    code, _, err = run("batch", str(season), "-o", str(tmp_path / "site"), "-t", "BH/C1,BH/M1",
                       "--format", "json", "--jobs", "1")
    assert code == 0, err
    doc = json.loads((tmp_path / "site" / "events" / "one.trf.json").read_text())
    assert doc["decisions"]["short_event_reason"] == NOTE
