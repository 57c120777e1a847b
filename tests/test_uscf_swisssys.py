"""US Chess tie-breaks where SwissSys 11 settles what the rulebook leaves open (issue 17).

* 34E3/34E4: the points of every unplayed result are subtracted (½ for a half-point bye),
  rules-uscf.md A3; ``unplayed=full-only`` is the literal 34E3 reading;
* 34E10: SwissSys's opposition's performance (rules-uscf.md 34E10), ``formula=linear``
  the plain one;
* the 34E actual-play rule can be turned off for SwissSys's order (points, then the
  tie-breaks), and every report says whether it applied.
"""

from __future__ import annotations

import json
from fractions import Fraction as F
from pathlib import Path

import pytest
from click.testing import CliRunner
from uscf_build import T1, wallchart

from swisstb_io.api import write
from swisstb_io.cli import cli
from swisstb_io.tiebreaks import CalcOptions, standings


def values(t, chain, **opts):  # type: ignore[no-untyped-def]
    res = standings(t, chain, CalcOptions(**opts))
    return {r.start_no: {k: v.value for k, v in r.values.items()} for r in res.rows}


def explained(t, chain, sn):  # type: ignore[no-untyped-def]
    res = standings(t, chain, CalcOptions(explain=True))
    return {k: v.explanation for k, v in next(r for r in res.rows if r.start_no == sn)
            .values.items()}


# --------------------------------------------------------------------------- 34E3 / 34E4

# rules-uscf.md §5 (T1 notes): one player with H, W, L, W; running 0.5, 1.5, 1.5, 2.5.
HALF_BYE = {
    1: ("P", 1500, "H W2 L3 W4"),
    2: ("O2", 1500, "- L1 - -"), 3: ("O3", 1500, "- - W1 -"), 4: ("O4", 1500, "- - - L1"),
}


def test_cumulative_with_a_half_point_bye_under_both_options() -> None:
    got = values(wallchart(HALF_BYE, rounds=4), "CUM,CUM[unplayed=full-only]")[1]
    assert got == {"CUM": F(11, 2), "CUM[unplayed=full-only]": F(6)}


def test_cumulative_explanations_say_which_subtraction_applied() -> None:
    t = wallchart(HALF_BYE, rounds=4)
    default = explained(t, "CUM", 1)["CUM"]
    literal = explained(t, "CUM[unplayed=full-only]", 1)["CUM[unplayed=full-only]"]
    assert default is not None and literal is not None
    assert "½ per half-point bye" in default.rule and "34E3 names the one-point" in default.rule
    assert "SwissSys" in default.rule and ".md" not in default.rule
    assert default.rows[0].note == ("running score; minus 0.5 for the unplayed result "
                                    "(half-point bye, 34E3)")
    assert default.notes == ("minus 0.5 in all for unplayed results",)
    assert "as the 34E3 text names them" in literal.rule
    assert "not subtracted" in literal.rows[0].note
    assert literal.notes == ("0.5 from unplayed results below a full point (half-point byes) "
                             "not subtracted, as the 34E3 text reads",)


def test_cumulative_of_opposition_follows_the_option() -> None:
    # Player 2 met only player 1 (Cumulative 5.5 by default, 6 in the literal reading).
    got = values(wallchart(HALF_BYE, rounds=4), "OPPCUM,OPPCUM[unplayed=full-only]")[2]
    assert got == {"OPPCUM": F(11, 2), "OPPCUM[unplayed=full-only]": F(6)}


def test_cumulative_of_opposition_explanation_names_the_subtraction() -> None:
    t = wallchart(HALF_BYE, rounds=4)
    default = explained(t, "OPPCUM", 2)["OPPCUM"]
    literal = explained(t, "OPPCUM[unplayed=full-only]", 2)["OPPCUM[unplayed=full-only]"]
    assert default is not None and "½ per half-point bye" in default.rule
    assert literal is not None and "as its text names them" in literal.rule


def test_one_point_unplayed_results_are_subtracted_under_both_options() -> None:
    t = wallchart({1: ("P", 1500, "X2 B W3"), 2: ("O2", 1500, "F1 - -"),
                   3: ("O3", 1500, "- - L1")}, rounds=3)
    got = values(t, "CUM,CUM[unplayed=full-only]")[1]
    assert got == {"CUM": F(1 + 2 + 3 - 2), "CUM[unplayed=full-only]": F(1 + 2 + 3 - 2)}


# --------------------------------------------------------------------------- 34E10

def test_a_win_over_a_player_more_than_350_below_counts_as_350_below() -> None:
    # X (2000) beats Y (1400, 600 below: counts as 1650) and loses to P (1500):
    # SwissSys (1650 + 400 + 1500 - 400) / 2 = 1575; linear (1400 + 400 + 1500 - 400) / 2.
    t = wallchart({1: ("P", 1500, "W2 -"), 2: ("X", 2000, "L1 W3"), 3: ("Y", 1400, "- L2")})
    got = values(t, "OPPPERF,OPPPERF[formula=linear]")
    assert got[1] == {"OPPPERF": F(1575), "OPPPERF[formula=linear]": F(1450)}
    assert got[3] == got[1]  # Y's only opponent is X too
    notes = explained(t, "OPPPERF", 1)["OPPPERF"]
    assert notes is not None
    assert notes.notes == ("2's win over 3 (rated 1400, more than 350 below 2000) counts as 1650",
                           "mean 1575, rounded half up to 1575 (SwissSys)")
    assert "34E10" in notes.rule and "350" in notes.rule


@pytest.mark.parametrize(("loser", "perf"), [
    (1000, 1575),  # capped at 1650: (1650 + 400 + 1100) / 2
    (1649, 1575),  # 351 below: capped (uncapped would give 1574.5 -> 1574)
    (1650, 1575),  # exactly 350 below: not capped
    (1660, 1580),  # (1660 + 400 + 1100) / 2
])
def test_the_cap_starts_beyond_350_points(loser: int, perf: int) -> None:
    t = wallchart({1: ("P", 1500, "W2 -"), 2: ("X", 2000, "L1 W3"), 3: ("Y", loser, "- L2")})
    assert values(t, "OPPPERF")[1]["OPPPERF"] == perf


def test_a_negative_performance_counts_as_zero() -> None:
    # X's only game: a loss to P rated 100, performance 100 - 400 = -300.
    t = wallchart({1: ("P", 100, "W2"), 2: ("X", 900, "L1")})
    got = values(t, "OPPPERF,OPPPERF[formula=linear]")
    assert got[1] == {"OPPPERF": F(0), "OPPPERF[formula=linear]": F(-300)}
    notes = explained(t, "OPPPERF", 1)["OPPPERF"]
    assert notes is not None and notes.notes[0] == "2's performance -300 is negative: counts as 0"


def test_performances_are_truncated_and_the_mean_rounded_half_up() -> None:
    t = wallchart({1: ("P", 1500, "D2 W3 - -"), 2: ("X", 1800, "D1 - W5 L6"),
                   3: ("Y", 1700, "- L1 D4 -"), 4: ("Z", 1603, "- - D3 -"),
                   5: ("V", 1601, "- - L2 -"), 6: ("W", 1501, "- - - W2")})
    # X: (1500 + 1601 + 400 + 1501 - 400) / 3 = 1534; Y: (1500 - 400 + 1603) / 2 = 1351.5,
    # truncated to 1351; P's mean (1534 + 1351) / 2 = 1442.5, rounded half up to 1443.
    got = values(t, "OPPPERF,OPPPERF[formula=linear]")[1]
    assert got == {"OPPPERF": F(1443),
                   "OPPPERF[formula=linear]": (F(1534) + F(2703, 2)) / 2}  # 1442.75


def test_a_player_without_opponents_stays_undefined() -> None:
    t = wallchart({1: ("P", 1500, "B H"), 2: ("X", 1500, "- -")})
    got = values(t, "OPPPERF,OPPPERF[formula=linear]")
    assert got[1] == {"OPPPERF": None, "OPPPERF[formula=linear]": None}


UNRATED = {1: ("A", 1400, "L3 - W2"), 2: ("B", 1600, "- D3 L1"), 3: ("U", None, "W1 D2 -")}


def test_unrated_opponents_left_out_by_default_or_estimated() -> None:
    # omit: U (1400 + 400 + 1600) / 2 = 1700; A, vs rated B only: 1600 + 400 = 2000.
    # estimate: U rated at the average 1500 + 400 x (1 - 0) / 2 = 1700, so A's performance
    # is (1700 - 400 + 1600 + 400) / 2 = 1650; U's own performance is unchanged.
    got = values(wallchart(UNRATED), "OPPPERF,OPPPERF[unrated=estimate],OPPPERF/U1000")
    assert got[2] == {"OPPPERF": F(1850), "OPPPERF[unrated=estimate]": F(1675),
                      "OPPPERF/U1000": F(1500)}  # U at 1000: A (600 + 2000) / 2 = 1300


def test_the_swisssys_values_of_example_t1() -> None:
    # rules-uscf.md §5 T1.  Performances: A (1600 + 1450 [E 1200 capped] + 1400 + 1500
    # + 1200) / 4 = 1787.5 -> 1787; B 4700 / 3 -> 1566; C 4000 / 3 -> 1333; D 4900 / 3
    # -> 1633; E 1400.
    got = values(wallchart(T1, rounds=4), "OPPPERF")
    assert {sn: v["OPPPERF"] for sn, v in got.items()} == {
        1: (1566 + 1400 + 1633 + 1333) // 4,  # 5932 / 4 = 1483
        2: 1584,  # (1787 + 1333 + 1633) / 3 = 1584.33
        3: 1662,  # (1633 + 1566 + 1787) / 3 = 1662
        4: 1562,  # (1333 + 1787 + 1566) / 3 = 1562
        5: 1787,
    }


# --------------------------------------------------------------------------- 34E order

# Player 1's whole score is unplayed (B, X) and it leads on Most Blacks; player 2 scored
# in play (rules-uscf.md §1.6).
UNPLAYED = {
    1: ("Byes", None, "B X3 L4b L5b"),
    2: ("Player", None, "W6w L7w W8w L9w"),
    3: ("c", None, "- F1 - -"), 4: ("d", None, "- - W1w -"), 5: ("e", None, "- - - W1w"),
    6: ("f", None, "L2b - - -"), 7: ("g", None, "- W2b - -"), 8: ("h", None, "- - L2b -"),
    9: ("i", None, "- - - W2b"),
}


def _top(res):  # type: ignore[no-untyped-def]
    return [(r.place, r.start_no) for r in res.rows if r.points == 2]


def test_the_same_event_with_and_without_the_actual_play_rule() -> None:
    t = wallchart(UNPLAYED, rounds=4)
    with_rule = standings(t, "BLK")
    without = standings(t, "BLK", CalcOptions(actual_play_rule=False))
    assert _top(with_rule) == [(1, 2), (2, 1)]
    assert _top(without) == [(1, 1), (2, 2)]
    assert with_rule.actual_play_rule and not without.actual_play_rule
    assert with_rule.context.decisions["actual_play_rule_reason"].startswith(
        "US Chess 34E actual-play rule applied")
    assert without.context.decisions["actual_play_rule_reason"].startswith(
        "US Chess 34E actual-play rule not applied")


def test_a_chain_without_us_systems_says_nothing_about_the_rule() -> None:
    res = standings(wallchart(UNPLAYED, rounds=4), "BH")
    assert not res.actual_play_rule
    assert "actual_play_rule_reason" not in res.context.decisions


@pytest.fixture
def unplayed_trf(tmp_path: Path) -> Path:
    (tmp_path / "season").mkdir()
    path = tmp_path / "season" / "unplayed.trf"
    write(wallchart(UNPLAYED, rounds=4), path, format="trf16")
    return path


def test_report_option_no_actual_play_rule(unplayed_trf: Path) -> None:
    runner = CliRunner()
    on = runner.invoke(cli, ["report", str(unplayed_trf), "-t", "BLK"])
    off = runner.invoke(cli, ["report", str(unplayed_trf), "-t", "BLK", "--no-actual-play-rule"])
    assert on.exit_code == 0 and off.exit_code == 0, on.output + off.output
    assert ("US Chess 34E actual-play rule applied: points scored in play rank ahead of an "
            "all-unplayed tie") in on.stdout
    assert " 1  1  Byes *" not in on.stdout and " 2  1  Byes *" in on.stdout
    assert ("US Chess 34E actual-play rule not applied: points, then the tie-breaks "
            "(SwissSys's order)") in off.stdout
    assert " 1  1  Byes " in off.stdout and "*" not in off.stdout
    doc = json.loads(runner.invoke(cli, ["report", str(unplayed_trf), "-t", "BLK", "-f", "json",
                                         "--no-actual-play-rule"]).stdout)
    assert doc["decisions"]["actual_play_rule"] is False
    assert [s["start_no"] for s in doc["standings"][:2]] == [1, 2]


def test_batch_option_no_actual_play_rule(unplayed_trf: Path, tmp_path: Path) -> None:
    season = unplayed_trf.parent
    orders = {}
    for flag in ((), ("--no-actual-play-rule",)):
        out = tmp_path / f"out{len(flag)}"
        run = CliRunner().invoke(cli, ["batch", str(season), "-o", str(out), "--jobs", "1",
                                       "-f", "json", "-t", "BLK", "--glob", "*.trf", *flag])
        assert run.exit_code == 0, run.output
        doc = json.loads((out / "events" / "unplayed.trf.json").read_text("utf-8"))
        orders[bool(flag)] = ([s["start_no"] for s in doc["standings"][:2]],
                              doc["decisions"]["actual_play_rule"])
    assert orders == {False: ([2, 1], True), True: ([1, 2], False)}
