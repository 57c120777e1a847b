"""Conversions lose nothing silently (issue 33 items 9-11): what a target cannot hold is
said (and refused under ``--strict``), an ambiguous date has one reading per format and a
warning where the file does not say, and a club is not a team."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner

import swisstb_io as st
from swisstb_io.api import dumps_sections
from swisstb_io.cli import cli
from swisstb_io.losses import section_losses
from swisstb_io.model import Color, Outcome, Player, RoundResult, Tournament
from swisstb_io.registry import find
from swisstb_io.teams.kinds import is_team_event

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
CLEAN = FIXTURES / "check" / "clean.trf"


def _convert(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(cli, ["convert", *args])
    return res.exit_code, res.stderr


# item 9: the US Chess DBF cuts names


def _long_names(tmp_path: Path) -> Path:
    t = st.read(CLEAN)
    players = (dataclasses.replace(t.players[0], name="Abercrombie-Fitzgerald, Alexandra\nM"),
               *t.players[1:])
    path = tmp_path / "long.jch"
    path.write_bytes(st.dumps(dataclasses.replace(
        t, name="The Very Long Name of a Club Championship 2026", players=players),
        "chess-json"))
    return path


def test_the_dbf_says_what_it_cuts(tmp_path: Path) -> None:
    code, err = _convert(str(_long_names(tmp_path)), str(tmp_path / "out.zip"))
    assert code == 0
    lines = err.splitlines()
    assert (f"{tmp_path / 'out.zip'}: warning: the event name 'The Very Long Name of a Club "
            "Championship 2026' is cut to 35 characters, 'The Very Long Name of a Club "
            "Champi'") in lines
    # the name's line break is shown, never printed raw (item 12)
    assert (f"{tmp_path / 'out.zip'}: warning: player 1 (Abercrombie-Fitzgerald, "
            "Alexandra\\nM): the name is cut to 30 characters, 'Abercrombie-Fitzgerald, "
            "Alexan'") in lines
    back = st.read(tmp_path / "out.zip")
    assert back.name == "The Very Long Name of a Club Champi"


def test_the_dbf_refuses_to_cut_under_strict(tmp_path: Path) -> None:
    win, loss = (RoundResult(Outcome.WIN, 2, Color.WHITE), RoundResult(Outcome.LOSS, 1,
                                                                       Color.BLACK))
    t = Tournament(name="Club night", total_rounds=1, players=(
        Player(1, "Abercrombie-Fitzgerald, Alexandra", (win,)), Player(2, "Bo", (loss,))))
    src = tmp_path / "long.jch"
    src.write_bytes(st.dumps(t, "chess-json"))
    code, err = _convert(str(src), str(tmp_path / "ok.zip"))
    assert code == 0 and err.splitlines() == [  # the cut is the only loss
        f"{tmp_path / 'ok.zip'}: warning: player 1 (Abercrombie-Fitzgerald, Alexandra): "
        "the name is cut to 30 characters, 'Abercrombie-Fitzgerald, Alexan'"]
    code, err = _convert(str(src), str(tmp_path / "out.zip"), "--strict")
    assert code == 1 and "not written (--strict)" in err
    assert not (tmp_path / "out.zip").exists()


def _line(no: int, name: str, points: str, *rounds: str) -> str:
    """A 001 record (``rounds``: ``"2 w 1"``, ``"0000 - -"``)."""
    head = f"001 {no:>4}      {name:<33} {2200 - 100 * no}            {1000 + no}"
    return f"{head:<80}{points:>4}{no:>5}" + "".join(f"  {r:>8}" for r in rounds)


PAIRED = "\n".join([
    "012 Paired, not played", "042 2026/05/01", "142 2",
    _line(1, "Adams, Ann", "1.0", "2 w 1", "3 b  "),
    _line(2, "Brown, Bob", "0.0", "1 b 0", "4 w  "),
    _line(3, "Clark, Cy", "0.0", "0000 - -", "1 w  "),
    _line(4, "Davis, Di", "0.0", "0000 - -", "2 b  "), ""])


@pytest.mark.parametrize("ext", [".csv", ".zip"])
def test_opponents_of_a_round_paired_but_not_played(tmp_path: Path, ext: str) -> None:
    src = tmp_path / "paired.trf"
    src.write_text(PAIRED)
    assert st.read(src).player(1).results[1].opponent == 3  # round 2: paired, no result
    out = tmp_path / f"out{ext}"
    code, err = _convert(str(src), str(out))
    assert code == 0
    assert "cannot hold opponents of rounds paired but not played (no result yet) " \
           "(4 players)" in err
    code, err = _convert(str(src), str(tmp_path / f"strict{ext}"), "--strict")
    assert code == 1 and not (tmp_path / f"strict{ext}").exists()


def test_a_target_that_holds_them_says_nothing(tmp_path: Path) -> None:
    src = tmp_path / "paired.trf"
    src.write_text(PAIRED)
    code, err = _convert(str(src), str(tmp_path / "out.xml"))
    assert code == 0 and "opponents" not in err
    assert st.read(tmp_path / "out.xml").player(1).results[1].opponent == 3


def test_a_round_robin_section_is_said_not_only_the_first(tmp_path: Path) -> None:
    swiss = st.read(CLEAN)
    rr = dataclasses.replace(swiss, section="Reserve", pairing_system="ROUNDROBIN")
    said = [x.message for x in section_losses([swiss, rr], find("sjson"))]
    assert "the pairing system (section 2)" in said
    src = tmp_path / "two.zip"
    src.write_bytes(dumps_sections([swiss, rr], "uscf-dbf"))
    code, err = _convert(str(src), str(tmp_path / "two.sjson"))
    assert code == 0
    assert "sjson cannot hold the pairing system (section 2)" in err


def test_dbf_to_dbf_says_the_fields_of_the_old_layout(tmp_path: Path) -> None:
    src = FIXTURES / "uscf_dbf" / "legacy_1991.zip"
    code, err = _convert(str(src), str(tmp_path / "out.zip"))
    assert code == 0
    assert ("uscf-dbf cannot hold the event's fields of the original (1991) US Chess layout, "
            "which the revised layout has no field for: H_SCHOLAST, H_SECREC01, S_K_FACTOR"
            ) in err
    assert _convert(str(src), str(tmp_path / "strict.zip"), "--strict")[0] == 1


# item 10: dates


def _trf_dated(tmp_path: Path, start: str, end: str = "") -> Path:
    path = tmp_path / "dated.trf"
    path.write_text(CLEAN.read_text().replace(
        "042 2026/05/01\n", f"042 {start}\n" + (f"052 {end}\n" if end else "")))
    return path


def test_trf_reads_day_first_and_says_so(tmp_path: Path) -> None:
    r = st.load(_trf_dated(tmp_path, "03/05/2024"))
    assert r.tournament.start_date is not None
    assert r.tournament.start_date.value is not None
    assert r.tournament.start_date.value.isoformat() == "2024-05-03"
    assert [str(d) for d in r.diagnostics] == [
        f"{tmp_path / 'dated.trf'}:2:5: warning: the date '03/05/2024' is read as 3 May 2024 "
        "(day first, as TRF files write dates); the file does not say which number is the "
        "day: write 2024/05/03 to be sure"]


@pytest.mark.parametrize("start,end", [("2024/03/05", ""), ("24/09/2010", "02/10/2010"),
                                       ("03.05.2024", ""), ("05/05/2024", "")])
def test_a_trf_date_that_says_gets_no_warning(tmp_path: Path, start: str, end: str) -> None:
    assert st.load(_trf_dated(tmp_path, start, end)).diagnostics == ()


CSV = """# Event: Dates
# Start date: 03/05/2024
# Round dates: 03/05/2024; 03/06/2024
Pair,Name,Rd 1,Rd 2
1,"Alpha, Ann",W2,D2
2,"Beta, Bo",L1,D1
"""


def test_the_csv_reads_month_first_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "dates.csv"
    path.write_text(CSV)
    r = st.load(path)
    assert r.tournament.start_date is not None and r.tournament.start_date.value is not None
    assert r.tournament.start_date.value.isoformat() == "2024-03-05"
    assert r.tournament.round_dates == ("2024/03/05", "2024/03/06")
    assert sorted((d.location.line, d.code) for d in r.diagnostics) == [
        (2, "csv-unclear-date"), (3, "csv-unclear-date"), (3, "csv-unclear-date")]
    assert "read as 5 March 2024 (month first, the US order this format uses)" in str(
        r.diagnostics[0]) + str(r.diagnostics[-1])


def test_a_csv_date_that_says_gets_no_warning(tmp_path: Path) -> None:
    path = tmp_path / "dates.csv"
    path.write_text(CSV.replace("# Round dates: 03/05/2024; 03/06/2024\n",
                                "# Start date value: 2024-03-05\n"))
    assert st.load(path).diagnostics == ()
    path.write_text(CSV.replace("03/06/2024", "03/26/2024"))  # month first, certainly
    assert st.load(path).diagnostics == ()


def test_the_round_dates_mean_the_same_in_every_route(tmp_path: Path) -> None:
    src = tmp_path / "dates.csv"
    src.write_text(CSV)
    assert _convert(str(src), str(tmp_path / "out.trf"))[0] == 0
    lines = (tmp_path / "out.trf").read_text().splitlines()
    assert "042 2024/03/05" in lines
    assert any(x.startswith("132") and x.split()[1:] == ["24/03/05", "24/03/06"] for x in lines)
    assert _convert(str(src), str(tmp_path / "via.xml"))[0] == 0
    assert _convert(str(tmp_path / "via.xml"), str(tmp_path / "via.trf"))[0] == 0
    assert st.read(tmp_path / "via.trf").round_dates == ("24/03/05", "24/03/06")
    assert _convert(str(src), str(tmp_path / "back.csv"))[0] == 0  # written as it was
    assert (tmp_path / "back.csv").read_text().replace("\r\n", "\n") == CSV


# item 11: a club is not a team

CLUBS = """# Event: Club night
Pair,Name,Club,Rd 1,Rd 2
1,"Alpha, Ann",Rooks,W3,D2
2,"Beta, Bo",Rooks,L4,D1
3,"Gamma, Cy",Knights,L1,W4
4,"Delta, Di",Knights,W2,L3
"""


@pytest.mark.parametrize("to", [".trf", ".xml", ".jch"])
def test_a_club_column_stays_an_individual_event(tmp_path: Path, to: str) -> None:
    src = tmp_path / "clubs.csv"
    src.write_text(CLUBS)
    assert not is_team_event(st.read(src))
    out = tmp_path / f"out{to}"
    code, err = _convert(str(src), str(out))
    assert code == 0
    assert not is_team_event(st.read(out))
    if to == ".trf":
        assert "310" not in out.read_text()
        assert ("trf cannot hold team names of players in an individual event (clubs): a "
                "team record would make it a team event (4 players)") in err
    report = CliRunner().invoke(cli, ["report", str(out)])
    assert report.exit_code == 0 and "Team standings" not in report.stdout
    assert "Pl No  Name" in report.stdout


def test_a_file_that_says_it_is_a_team_event_keeps_its_teams(tmp_path: Path) -> None:
    src = tmp_path / "teams.csv"
    src.write_text(CLUBS.replace("# Event: Club night\n",
                                 "# Event: Club match\n# Pairing system: FIDE_TEAM_BAKU\n"))
    code, err = _convert(str(src), str(tmp_path / "out.trf"))
    assert code == 0 and "clubs" not in err
    assert is_team_event(st.read(tmp_path / "out.trf"))


def test_the_loss_is_the_clubs_of_an_individual_event_only() -> None:
    clubs = Tournament(players=(Player(1, "Alpha, Ann", team="Rooks"),))
    assert "player.team:individual" in {x.entry for x in section_losses([clubs], find("trf"))}
    team_event = dataclasses.replace(clubs, pairing_system="FIDE_TEAM_BAKU")
    assert "player.team:individual" not in {
        x.entry for x in section_losses([team_event], find("trf"))}


def test_the_us_chess_submission_notes_the_cut_event_name() -> None:
    from swisstb_io.submit import normalize_meta, prepare_uscf

    t = dataclasses.replace(st.read(CLEAN), name="The Very Long Name of a Club Championship")
    sub = prepare_uscf([t], normalize_meta({"city": "Reno"}))
    assert [(p.subject, p.what, p.message) for p in sub.problems if p.what == "event name"] == [
        ("event", "event name", "cut to 35 characters: 'The Very Long Name of a Club Champi'")]


def test_an_sjson_overview_date_reads_month_first_and_says_so(tmp_path: Path) -> None:
    import json

    path = tmp_path / "club.sjson"
    path.write_text(json.dumps({"Overview": {"Program": "SwissSys", "Tournament title": "T",
                                             "Starting date": "03/05/2024"}, "Sections": []}))
    r = st.load(path)
    assert r.tournament.start_date is not None and r.tournament.start_date.value is not None
    assert r.tournament.start_date.value.isoformat() == "2024-03-05"
    assert [d.code for d in r.diagnostics] == ["sjson-unclear-date"]
    path.write_text(json.dumps({"Overview": {"Starting date": "2024-03-05"}, "Sections": []}))
    assert st.load(path).diagnostics == ()
