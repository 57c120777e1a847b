"""Team values as the rules define them (issue 28 item 6): BC is the board count itself
(C.07 §12.1, lower is better), EDE and its variants, TBR and BBE the team's rank in the
tied group (1 = best), as FIDE's reference implementation prints them; the registry
declares each system's direction and the ranking reads it; the JSON contract is
``swisstb-report/3`` and names each tie-break's direction.

``fixtures/expected/team/`` holds the reference's values in its own convention: BC the
positive board count; EDE / EDET / TBR / BBE the rank inside the tied group, and 0 when
the system separates nobody (or the team was not tied when it applied).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from click.testing import CliRunner

from swisstb_io.api import read
from swisstb_io.cli import cli
from swisstb_io.teams.standings import team_standings
from swisstb_io.tiebreaks import Direction, get_system
from swisstb_io.tiebreaks.ranking import int_keys
from swisstb_io.tiebreaks.values import TiebreakValue

FIX = Path(__file__).resolve().parent.parent / "fixtures"
OWN = FIX / "team" / "own_team_board_criteria.trf"
HELD_2024 = FIX / "team" / "held_team_2024.trf"
LOWER = ("BC", "TBR", "BBE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB")


def test_the_registry_declares_which_value_is_the_better() -> None:
    assert {code: get_system(code, team=True).direction for code in LOWER} == dict.fromkeys(
        LOWER, Direction.LOWER)
    for code in ("BH", "SB", "MPVGP", "EMMSB", "DE", "MM", "RBT"):
        assert get_system(code, team=True).direction is Direction.HIGHER, code


def test_ranking_reads_the_direction() -> None:
    values = [TiebreakValue(Fraction(v)) for v in (3, 1, 2)] + [None]
    assert int_keys(values) == [-3, -1, -2, 0]  # higher first, undefined last
    assert int_keys(values, Direction.LOWER) == [3, 1, 2, 4]


def test_board_count_is_the_sum_and_the_lower_ranks_higher() -> None:
    """A: 1 x 2.5 + 2 x 1.5 + 3 x 1 + 4 x 1.5 = 14.5, B: 2 + 5 + 6 + 0 = 13 (the module
    docstring of test_team_systems.py): B's lower count puts B first."""
    ts = team_standings(read(OWN), "BC")
    rows = {r.start_no: r for r in ts.result.rows}
    assert (rows[1].values["BC"].value, rows[2].values["BC"].value) == (Fraction(29, 2), 13)
    assert (rows[2].place, rows[1].place) == (1, 2)


def test_ede_is_the_rank_in_the_tied_group_as_the_reference_prints_it() -> None:
    """Held 2024 (gacrux): in the 10-MP group {5, 1, 2, 4, 3}, MPVGP leaves 2 and 4 tied
    on 17 GP; EDE gives 2 rank 1 and 4 rank 2, the reference's 1 and 2 (every other team
    0 there: alone after MPVGP, or not separated)."""
    exp = json.loads((FIX / "expected" / "team" / "held_team_2024.expected.json")
                     .read_text("utf-8"))
    want = {e["team"]: e["values"]["EDE"] for e in exp["standings"] if e["values"]["EDE"]}
    assert want == {2: 1, 4: 2}
    ts = team_standings(read(HELD_2024), "MPVGP,EDE")
    got = {r.start_no: r.values["EDE"].value for r in ts.result.rows}
    assert {team: got[team] for team in want} == want
    places = {r.start_no: r.place for r in ts.result.rows}
    assert places[2] < places[4]


def test_every_format_shows_the_values_as_defined() -> None:
    """BC as a positive count in every format, and the direction in the tie-break lists of
    text, Markdown, HTML (and its sort order) and JSON (``swisstb-report/3``)."""
    runner = CliRunner()
    args = ["report", str(OWN), "-t", "EDE,BC"]
    text = runner.invoke(cli, args).stdout
    assert "  BC   Board Count, FIDE C.07 §12.1; lower ranks higher" in text
    assert "-14.5" not in text and "14.5" in text
    md = runner.invoke(cli, [*args, "-f", "md"]).stdout
    assert "**BC**: Board Count (FIDE C.07 §12.1; lower ranks higher)" in md
    html = runner.invoke(cli, [*args, "-f", "html"]).stdout
    assert "Board Count (FIDE C.07 &sect;12.1; lower ranks higher)" in html
    # a click on a lower-ranks-higher column's header sorts the best team first
    assert ('data-type="num" data-col="1" class="num"><button type="button" '
            'title="Board Count, FIDE C.07 &sect;12.1, lower ranks higher">BC</button>') in html
    csv_rows = runner.invoke(cli, [*args, "-f", "csv"]).stdout.splitlines()
    head = csv_rows[0].split(",")
    bc_cells = {row.split(",")[1]: row.split(",")[head.index("BC")] for row in csv_rows[1:3]}
    assert bc_cells == {"1": "14.5", "2": "13.0"}
    doc = json.loads(runner.invoke(cli, [*args, "-f", "json"]).stdout)
    assert doc["schema"] == "swisstb-report/3"
    assert [(t["code"], t["direction"]) for t in doc["team_tiebreaks"]] == [
        ("EDE", "lower"), ("BC", "lower")]
    bc = {t["team_no"]: t["tiebreaks"]["BC"] for t in doc["team_standings"]}
    assert bc[1] == 14.5 and bc[2] == 13
