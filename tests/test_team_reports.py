"""Team events in every report format (issue 18, items 3 and 4): golden files of the team
view for the Held exercise (2026 rules) and the Grandmommy's Cup (its declared chain), the
``--view both`` and ``--group board`` reports, and the usage errors of the team options.

The golden files in fixtures/golden/reports/team_*.report.* are the CLI's exact output;
``pytest --update-golden`` rewrites them (review the diff before committing).
"""

from __future__ import annotations

import csv
import difflib
import io
import json
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner

from swisstb_io.api import load
from swisstb_io.cli import cli
from swisstb_io.reports import EXTENSIONS, REPORT_FORMATS
from swisstb_io.teams.standings import team_standings

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "fixtures" / "golden" / "reports"
HELD = "fixtures/team/held_team_2026.trf"
GRANDMOMMY = "fixtures/trf/echecs_grandmommyscup.trf"

CASES = {
    "team_held_2026": [HELD],
    "team_grandmommy": [GRANDMOMMY],
    "team_held_2026_both": [HELD, "--view", "both", "--group", "board", "-t", "EDE,BH:GP",
                            "--labels", "BH:GP=Buchholz GP,MM=Median"],
}


def _run(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, ["report", *args], prog_name="swisstb",
                             catch_exceptions=False)
    return res.exit_code, res.stdout_bytes.decode("utf-8"), res.stderr


def _check_golden(name: str, got: str, update: bool) -> None:
    path = GOLDEN / name
    if update:
        path.write_bytes(got.encode("utf-8"))
    want = path.read_bytes().decode("utf-8")
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), str(path),
                                    "rendered", lineterm="", n=2)
        pytest.fail("report differs from the golden file (pytest --update-golden rewrites "
                    "it):\n" + "\n".join(list(diff)[:60]))


@pytest.mark.parametrize(("case", "fmt"), [
    (case, fmt) for case in CASES for fmt in REPORT_FORMATS
    if not (case == "team_grandmommy" and fmt == "json")])  # its JSON: 260 KB, checked below
def test_team_report_matches_golden(case: str, fmt: str, update_golden: bool,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = _run(*CASES[case], "-f", fmt)
    assert code == 0, err
    _check_golden(f"{case}.report{EXTENSIONS[fmt]}", out, update_golden)


def test_team_rows_are_the_same_in_every_format(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CSV, the JSON and the text print each team's values alike (one table)."""
    monkeypatch.chdir(ROOT)
    rows = list(csv.DictReader(io.StringIO(_run(GRANDMOMMY, "-f", "csv")[1], newline="")))
    doc = json.loads(_run(GRANDMOMMY, "-f", "json")[1], parse_float=Decimal)
    assert len(rows) == len(doc["team_standings"]) == 50
    for row, entry in zip(rows, doc["team_standings"], strict=True):
        assert (int(row["Place"]), int(row["No"]), row["Team"]) == (
            entry["place"], entry["team_no"], entry["name"])
        assert Decimal(row["MP"]) == entry["match_points"]
        for code, value in entry["tiebreaks"].items():
            assert (None if row[code] == "-" else Decimal(row[code])) == value, (
                row["No"], code)
    text = _run(GRANDMOMMY)[1]
    first = next(line for line in text.splitlines() if line.startswith(" 1  16"))
    assert first.split()[-4:] == [rows[0][c] for c in ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P",
                                                       "MPVGP")]


def test_view_both_has_the_team_and_the_board_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    code, out, _ = _run(HELD, "--view", "both", "-f", "csv")
    assert code == 0
    teams, players = out.split("\r\n\r\n# Board players\r\n")
    assert teams.startswith("# Team standings\r\nPlace,No,Team,MP,GP,")
    assert len(teams.splitlines()) == 2 + 14
    assert players.startswith("Place,No,Name,Rating,Federation,Points,")
    assert len(players.splitlines()) == 1 + 84
    doc = json.loads(_run(HELD, "--view", "both", "-f", "json", "-t", "EDE")[1])
    ranked = team_standings(load(ROOT / HELD).tournament, "EDE").result.rows
    assert [e["team_no"] for e in doc["team_standings"]] == [s.start_no for s in ranked]
    assert len(doc["standings"]) == 84 and doc["tiebreaks"][0]["code"] == "MM"


def test_group_board_ranks_the_players_of_each_board(monkeypatch: pytest.MonkeyPatch) -> None:
    """Held: 14 teams of 6 players (4 boards, 2 reserves): six board tables of 14."""
    monkeypatch.chdir(ROOT)
    doc = json.loads(_run(HELD, "--view", "both", "--group", "board", "-f", "json")[1])
    groups = doc["groups"]
    assert [g["title"] for g in groups] == [f"Board {k}" for k in range(1, 7)]
    assert all(len(g["standings"]) == 14 for g in groups)
    teams = load(ROOT / HELD).tournament.teams
    for k, group in enumerate(groups):
        assert {e["start_no"] for e in group["standings"]} == {t.members[k] for t in teams}
    overall = [e["start_no"] for e in doc["standings"]]
    board1 = [e["start_no"] for e in groups[0]["standings"]]
    assert board1 == [sn for sn in overall if sn in set(board1)]  # the overall order
    assert [e["place"] for e in groups[0]["standings"]][:2] == [1, 2]


@pytest.mark.parametrize(("args", "message"), [
    ([HELD, "--group", "board"], "--group ranks the board players: add --view both"),
    ([HELD, "--view", "individual", "-t", "BH:MP"],
     "'BH:MP': the :MP suffix chooses match or game points in a team event; this is an "
     "individual event"),
    (["fixtures/trf/held_swiss_9.trf", "--view", "both"], "--view both: the file has no teams"),
    (["fixtures/trf/held_swiss_9.trf", "--group", "board"], "has a board"),
    ([HELD, "--view", "team", "--prizes", "x.toml"], "--view team: --prizes gives the board "
     "players' prizes"),
    ([HELD, "--playoff", "1,5"], "--playoff orders tied players by start number: use it "
     "with --view individual"),
    ([HELD, "--labels", "SB=Sonneborn"], "SB is not in the tie-break chain (MPVGP, EDE, "
     "BH:MP/C1, EMGSB/C1); label one of those"),
])
def test_team_usage_errors(args: list[str], message: str,
                           monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(ROOT)
    if "x.toml" in args:
        (tmp_path / "x.toml").write_text("", encoding="utf-8")
        args = [str(tmp_path / "x.toml") if a == "x.toml" else a for a in args]
    code, _, err = _run(*args)
    assert code == 2, err
    assert message in " ".join(err.split()), err


def test_html_team_crosstable_links_to_the_board_detail(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    page = _run(HELD, "-f", "html")[1]
    # round 6: team 6 forfeited to team 1 (330): both cells link to the match card
    assert '<td><a href="#m6-6-1">6+F</a></td>' in page
    assert '<td><a href="#m6-6-1">1-F</a></td>' in page
    assert '<table class="match" id="m6-6-1"><caption>6 Falcons 0-4 1 Antelopes ' \
           '(forfeit-loss)</caption>' in page
    assert '<td>PAB</td>' in page and '<p id="m5-12-0">12 Lynxes: PAB' in page
    data = json.loads(page.split('<script type="application/json" id="why-data">')[1]
                      .split("</script>")[0])
    assert data["c"] == ["MPVGP", "EDE", "BH:MP/C1", "EMGSB/C1"]
    assert data["n"]["t5"] == "Elephants"
    bh = data["p"]["t5"][2]
    assert bh is not None and data["s"][bh[0]].startswith("FIDE C.07 §8.1 Buchholz")


def test_team_explanations_in_text_and_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--explain``: every team value with its rows (text), and ``explain`` per team row
    (JSON), as players' values are explained."""
    monkeypatch.chdir(ROOT)
    code, text, _ = _run(HELD, "--explain")
    assert code == 0
    part = text.split("\nTeam explanations\n")[1]
    assert part.startswith("5 Elephants: 10 MP, 18 GP, place 1\n  MPVGP = 18\n")
    block = part.split("  BH:MP/C1 = 53\n")[1].split("  EMGSB/C1")[0].splitlines()
    assert block[0].startswith("    FIDE C.07 §8.1 Buchholz")
    assert len([line for line in block if line.startswith("    R")]) == 7
    assert any("[dropped: cut" in line for line in block)
    doc = json.loads(_run(HELD, "-f", "json", "--explain")[1])
    first = doc["team_standings"][0]
    assert first["team_no"] == 5 and set(first["explain"]) == set(first["tiebreaks"])
    bh = first["explain"]["BH:MP/C1"]
    assert bh["rule"].startswith("FIDE C.07 §8.1") and len(bh["rounds"]) == 7
    assert "explain" not in doc["standings"][0]  # the board players: no chain to explain
    plain = json.loads(_run(HELD, "-f", "json")[1])
    assert "explain" not in plain["team_standings"][0]


def test_a_team_table_without_its_crosstable_says_so() -> None:
    """JSON and CSV build the table without the team crosstable; asking for it then is an
    error, not an empty table."""
    from swisstb_io.reports import ReportError, build_team_report
    from swisstb_io.tiebreaks import standings

    t = load(ROOT / HELD).tournament
    ts, players = team_standings(t), standings(t, "PTS")
    lean = build_team_report(ts, players, crosstable=False).teams
    assert lean is not None and lean.crosstable is None and len(lean.matches) == 51
    with pytest.raises(ReportError, match="built without the team crosstable"):
        lean.crosstable_rows()
    full = build_team_report(ts, players).teams
    assert full is not None
    assert [x.cells[5] for x in full.crosstable_rows()][:6] == ["6+F", "4b2½", "5b3½", "2w1½",
                                                                "3w½", "1-F"]
