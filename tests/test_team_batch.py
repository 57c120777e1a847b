"""``swisstb batch`` on team events (issue 18, item 5): team pages, team rows in the season
index (``index.json`` and ``index.html``), the exact CLI output and exit code."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from swisstb_io.api import load
from swisstb_io.cli import cli
from swisstb_io.teams.standings import team_standings

FIX = Path(__file__).resolve().parent.parent / "fixtures"
HELD = FIX / "team" / "held_team_2026.trf"
GRANDMOMMY = FIX / "trf" / "echecs_grandmommyscup.trf"
SWISS = FIX / "trf" / "held_swiss_9.trf"


def test_batch_gives_team_events_team_pages_and_index_rows(tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    for path in (HELD, GRANDMOMMY, SWISS):
        shutil.copy(path, src / path.name)
    res = CliRunner().invoke(cli, ["batch", str(src), "-o", str(out), "--jobs", "1",
                                   "--format", "html,json,md"], prog_name="swisstb")
    assert res.exit_code == 0, res.output
    assert res.stdout == "" and res.stderr.splitlines() == [
        f"{src / 'echecs_grandmommyscup.trf'}: ok",
        f"{src / 'held_swiss_9.trf'}: ok",
        f"{src / 'held_team_2026.trf'}: ok",
        f"3 events: 3 done, 0 unchanged, 0 failed; index: {out / 'index.html'}",
    ]
    index = json.loads((out / "index.json").read_text("utf-8"))
    events = {e["file"]: e for e in index["events"]}
    assert events["held_swiss_9.trf"]["kind"] == "individual"
    assert "teams" not in events["held_swiss_9.trf"]
    for name, path in (("held_team_2026.trf", HELD), ("echecs_grandmommyscup.trf", GRANDMOMMY)):
        entry = events[name]
        ranked = team_standings(load(path).tournament).result.rows
        assert entry["kind"] == "team"
        assert [row[:3] for row in entry["teams"]] == [[r.place, r.start_no, r.name]
                                                       for r in ranked]
        assert entry["winner"] == [r.name for r in ranked if r.place == 1]
    assert events["held_team_2026.trf"]["teams"][:2] == [[1, 5, "Elephants", "10", "18"],
                                                       [2, 1, "Antelopes", "10", "17.5"]]
    page = (out / "events" / "held_team_2026.trf.html").read_text("utf-8")
    assert '<h2 id="s-teams">Team standings</h2>' in page and 'id="team-crosstable"' in page
    report = json.loads((out / "events" / "held_team_2026.trf.json").read_text("utf-8"))
    assert report["event"]["kind"] == "team" and len(report["team_standings"]) == 14
    md = (out / "events" / "echecs_grandmommyscup.trf.md").read_text("utf-8")
    assert "| 1 | 16 | India 3 | 20 | 33.5 |" in md
    html = (out / "index.html").read_text("utf-8")
    assert '<h2 id="teams">Teams</h2>' in html and html.count('id="teams-table"') == 1
    assert ('<tr><td><a href="events/held_team_2026.trf.html#tx5">Exercises in '
            "Tie-Breaking 2.3") in html
    assert '<th scope="row">Elephants</th><td class="num">10</td><td class="num">18</td>' in html
    assert html.count("</tr>") - html.count("<thead><tr>") >= 14 + 50


def test_batch_index_has_no_team_section_without_team_events(tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    shutil.copy(SWISS, src / SWISS.name)
    res = CliRunner().invoke(cli, ["batch", str(src), "-o", str(out), "--jobs", "1"],
                             prog_name="swisstb")
    assert res.exit_code == 0
    assert 'id="teams"' not in (out / "index.html").read_text("utf-8")


def test_team_tiebreaks_rank_the_team_events_and_tiebreaks_the_individual_ones(
        tmp_path: Path) -> None:
    src, out = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    for path in (HELD, SWISS):
        shutil.copy(path, src / path.name)
    res = CliRunner().invoke(cli, ["batch", str(src), "-o", str(out), "--jobs", "1",
                                   "--format", "json", "--tiebreaks", "BH,SB",
                                   "--team-tiebreaks", "BH:MP,EMGSB"], prog_name="swisstb")
    assert res.exit_code == 0, res.output
    team = json.loads((out / "events" / "held_team_2026.trf.json").read_text("utf-8"))
    assert [c["code"] for c in team["team_tiebreaks"]] == ["BH:MP", "EMGSB"]
    expected = team_standings(load(HELD).tournament, "BH:MP,EMGSB")
    assert [r["team_no"] for r in team["team_standings"]] == [
        r.start_no for r in expected.result.rows]
    swiss = json.loads((out / "events" / "held_swiss_9.trf.json").read_text("utf-8"))
    assert [c["code"] for c in swiss["tiebreaks"]] == ["BH", "SB"]
    # a team code in the individual chain, or an individual-only chain error, is a usage error
    bad = CliRunner().invoke(cli, ["batch", str(src), "-o", str(out), "--team-tiebreaks",
                                   "BH:XX"], prog_name="swisstb")
    assert bad.exit_code == 2 and "BH:XX" in bad.stderr
