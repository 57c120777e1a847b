"""The prize file's section in every reader that has sections (issue 28 item 10), and a
``path:line:col`` for every prize-file problem (item 11)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io import api
from swisstb_io.cli import cli
from swisstb_io.prizes import PrizeFileError, parse_prize_file, read_prize_file

ROOT = Path(__file__).resolve().parent.parent
FIX = ROOT / "fixtures"
RESERVE = FIX / "prizes" / "reserve_section.toml"
JCH = FIX / "chess-json" / "two_sections.jch"
SJSON = FIX / "sjson" / "club_championship.sjson"


def run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, list(args))
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exc_info
    return res.exit_code, res.stdout, res.stderr


@pytest.mark.parametrize("event", [JCH, SJSON], ids=["chess-json", "sjson"])
def test_the_prize_file_s_section_is_read_from_every_reader_with_sections(event: Path) -> None:
    code, out, err = run("prizes", str(event), "--prizes", str(RESERVE), "-f", "json")
    assert (code, err) == (0, "")
    reserve = {p.name for p in api.load(event, section="Reserve").tournament.players}
    assert len(reserve) == (3 if event == JCH else 4)
    assert {p["name"] for p in json.loads(out)["players"]} == reserve


def test_a_section_named_by_number(tmp_path: Path) -> None:
    prizes = tmp_path / "p.toml"
    prizes.write_text(RESERVE.read_text().replace('"Reserve"', '"2"'))
    code, out, _ = run("prizes", str(JCH), "--prizes", str(prizes), "-f", "json")
    assert code == 0 and len(json.loads(out)["players"]) == 3


@pytest.mark.parametrize("event", [JCH, SJSON], ids=["chess-json", "sjson"])
def test_no_section_chosen_is_the_usage_error_report_gives(tmp_path: Path, event: Path) -> None:
    prizes = tmp_path / "p.toml"
    prizes.write_text(RESERVE.read_text().replace('section = "Reserve"\n', ""))
    code, out, err = run("prizes", str(event), "--prizes", str(prizes))
    assert (code, out) == (2, "")
    _, _, from_report = run("report", str(event), "--prizes", str(prizes))
    assert err.splitlines()[-1] == from_report.splitlines()[-1]
    names = "1 'Open', 2 'Reserve'" if event == JCH else "1 'Championship', 2 'Reserve'"
    assert err.splitlines()[-1] == (f"Error: {event} holds 2 sections ({names}) and --prizes "
                                    "gives the prizes of one: choose it with --section")


def test_an_unknown_section_is_located_in_the_prize_file(tmp_path: Path) -> None:
    prizes = tmp_path / "p.toml"
    prizes.write_text(RESERVE.read_text().replace('"Reserve"', '"Juniors"'))
    code, _, err = run("prizes", str(JCH), "--prizes", str(prizes))
    assert (code, err) == (1, f"Error: {prizes}:5:1: [event] section 'Juniors' is not a "
                              f"section of {JCH} (its sections: Open, Reserve): fix it or give "
                              "--section\n")


@pytest.mark.parametrize(("name", "message"), [
    ("unclosed_array.toml", "9:1: not valid TOML: Unclosed array: the value of cash is never "
                            "closed (end it with ])"),
    ("nan_cash.toml", "9:1: cash must be a list of numbers >= 0 (got [500, nan])"),
])
def test_bad_prize_files_are_located(name: str, message: str) -> None:
    path = FIX / "prizes" / "bad" / name
    with pytest.raises(PrizeFileError) as err:
        read_prize_file(str(path))
    assert str(err.value) == f"{path}:{message}"


@pytest.mark.parametrize(("value", "shown"), [
    ("[inf]", "[inf]"), ("[-inf]", "[-inf]"), ("[nan, 5]", "[nan, 5]"), ('["5"]', '["5"]')])
def test_no_number_that_is_not_a_number_gets_through(value: str, shown: str) -> None:
    text = f'schema = "swisstb-prizes/1"\n[[group]]\nid = "p"\nkind = "place"\ncash = {value}\n'
    with pytest.raises(PrizeFileError) as err:
        parse_prize_file(text, "p.toml")
    assert str(err.value) == f"p.toml:5:1: cash must be a list of numbers >= 0 (got {shown})"
    for key in ("unit = nan", "floor_percent = inf"):
        table = "event" if key.startswith("unit") else "fund"
        with pytest.raises(PrizeFileError, match=r"p\.toml:3:1: "):
            parse_prize_file(f'schema = "swisstb-prizes/1"\n[{table}]\n{key}\n[[group]]\n'
                             'id = "p"\nkind = "place"\ncash = [1]\n', "p.toml")


def test_a_value_left_open_at_the_end_without_a_key_points_at_the_end() -> None:
    with pytest.raises(PrizeFileError) as err:
        parse_prize_file('schema = "swisstb-prizes/1"\n[[group]]\nid = "p"\nkind = "place"\n'
                         'cash = [1]\n[event', "p.toml")
    assert str(err.value).startswith("p.toml:6:")
