"""US Chess 34E tie-breaks: the worked examples T0-T3 of the US Chess notes, options, specs."""

from __future__ import annotations

import json
from fractions import Fraction as F

import pytest
from uscf_build import T1, wallchart, with_opponent_scores

from swisstb_io.errors import TiebreakError
from swisstb_io.tiebreaks import (
    CalcOptions,
    Context,
    get_system,
    parse_chain,
    parse_spec,
    standings,
)
from swisstb_io.tiebreaks.unplayed import us_adjusted as adjusted


def values(t, chain, **opts):  # type: ignore[no-untyped-def]
    res = standings(t, chain, CalcOptions(**opts))
    return {r.start_no: {k: v.value for k, v in r.values.items()} for r in res.rows}


def solo(cells: str, rounds: int | None = None) -> dict[str, F | None]:
    """Values of player 1 whose opponents (2, 3, …) play only against them."""
    rows = {1: ("P", 1500, cells)}
    flip = {"W": "L", "L": "W", "D": "D", "X": "F", "F": "X"}
    n = len(cells.split())
    for k, c in enumerate(cells.split()):
        if c[0] in flip:
            opp = int(c[1:])
            mine = ["-"] * n
            mine[k] = f"{flip[c[0]]}1"
            rows[opp] = (f"O{opp}", 1500, " ".join(mine))
    t = wallchart(rows, rounds=rounds)
    return values(t, "CUM,KASH,CUM[unplayed=full-only]")[1]


# --------------------------------------------------------------------------- T1


T1_TABLE = {
    # sn: MM, MED, SOLK, CUM, OPPCUM, SB adj, SB raw, KASH, BLK, AVGOPP, OPPPERF (linear)
    1: ("5.5", "3.5", "6.5", "9", "16", "5.5", "6.25", 14, 2, "1425", F(4450, 3)),
    2: ("6.5", "3", "6.5", "4.5", "17.5", "2", "2.75", 7, 1, F(4700, 3), F(14075, 9)),
    4: ("6.5", "3", "6.5", "5.5", "16.5", "3.25", "3.75", 6, 3, F(4900, 3), F(4625, 3)),
    3: ("4", "4", "7.5", "3", "19", "1", "1.25", 4, 1, "1600", F(4925, 3)),
    5: ("0", "0", "3.5", "3", "9", "0", "0", 1, 0, "1800", "1725"),
}
T1_CODES = ("MM,MED,SOLK,CUM,OPPCUM,USSB,USSB[scores=raw],KASH,BLK,AVGOPP,"
            "OPPPERF[formula=linear]")


def test_t1_every_system() -> None:
    got = values(wallchart(T1, rounds=4), T1_CODES)
    keys = [s.key for s in parse_chain(T1_CODES)]
    for sn, row in T1_TABLE.items():
        assert got[sn] == {k: F(v) for k, v in zip(keys, row, strict=True)}, sn


def test_t1_opponent_performance_rounds_to_the_published_figures() -> None:
    # rules-uscf.md prints 1483.33, 1563.89, 1541.67, 1641.67, 1725 for 34E10.
    got = values(wallchart(T1, rounds=4), "OPPPERF[formula=linear]")
    printed = {sn: round(v["OPPPERF[formula=linear]"] * 100)  # type: ignore[operator]
               for sn, v in got.items()}
    assert printed == {1: 148333, 2: 156389, 4: 154167, 3: 164167, 5: 172500}


def test_t1_adjusted_scores() -> None:
    ctx = Context(wallchart(T1, rounds=4))
    adj = [ctx.frac(u) for u in adjusted(ctx)]
    assert dict(zip(ctx.start_nos, adj, strict=True)) == {
        1: F(7, 2), 2: F(2), 3: F(1), 4: F(2), 5: F(3, 2)}


def test_t1_default_order_puts_d_above_b() -> None:
    res = standings(wallchart(T1, rounds=4), "uscf")
    assert [r.start_no for r in res.rows] == [1, 4, 2, 3, 5]
    assert [r.place for r in res.rows] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize(("chain", "first"), [("KASH", 2), ("BLK", 4), ("RBT", None)])
def test_t1_other_orders(chain: str, first: int | None) -> None:
    res = standings(wallchart(T1, rounds=4), chain)
    tied = [r for r in res.rows if r.points == F(5, 2)]
    if first is None:  # their drawn game leaves them tied under 34E5
        assert [r.place for r in tied] == [2, 2]
        assert [(r.start_no, r.last_place) for r in tied] == [(2, 3), (4, 3)]
        assert tied[0].values["RBT"].value == 0
    else:
        assert tied[0].start_no == first and tied[1].place == 3


def test_t1_a4_participated_rounds_only() -> None:
    got = values(wallchart(T1, rounds=4), "CUM[rounds=participated],OPPCUM[rounds=participated]")
    assert got[5]["CUM[rounds=participated]"] == 2
    assert got[1]["OPPCUM[rounds=participated]"] == 15


def test_t1_forfeit_opponent_is_a_zero_not_the_no_show() -> None:
    chain = "SOLK,OPPCUM,OPPCUM[forfeits=include],SOLK[own-unplayed=omit]"
    got = values(wallchart(T1, rounds=4), chain)
    assert got[3]["SOLK"] == F(15, 2)  # not 9 (E's adjusted 1.5 would be added)
    assert got[3]["SOLK[own-unplayed=omit]"] == F(15, 2)  # a 0 adds nothing to a sum
    assert got[3]["OPPCUM"] == 19
    assert got[3]["OPPCUM[forfeits=include]"] == 22  # 19 + E's cumulative 3


def test_t1_mm_without_phantom_zeros() -> None:
    got = values(wallchart(T1, rounds=4), "MM[own-unplayed=omit]")
    assert got[2]["MM[own-unplayed=omit]"] == F(11, 2)
    assert got[4]["MM[own-unplayed=omit]"] == F(11, 2)


def test_t1_explanation_shows_the_dropped_phantom_zero() -> None:
    res = standings(wallchart(T1, rounds=4), "MM,CUM", CalcOptions(explain=True))
    b = next(r for r in res.rows if r.start_no == 2)
    mm = b.values["MM"].explanation
    assert mm is not None and "34E1" in mm.rule
    r3 = mm.rows[2]
    assert (r3.result, r3.value, r3.dropped) == ("B", 0, "lowest")
    assert "own unplayed round" in r3.note
    assert [r.dropped for r in mm.rows] == ["", "", "lowest", ""]
    assert "plus score" in mm.notes[0]
    data = json.loads(json.dumps(mm.to_json()))
    assert data["rounds"][0] == {"round": 1, "result": "L1", "opponent": 1, "value": "7/2",
                                 "note": "opponent's adjusted score 3.5", "dropped": ""}
    cum = b.values["CUM"].explanation
    assert cum is not None
    assert "minus 1 for the unplayed result (full-point bye, 34E3)" in cum.rows[2].note


# --------------------------------------------------------------------------- T0


def test_t0_1_adjusted_score_of_a_withdrawn_opponent() -> None:
    t = wallchart({
        1: ("Opp", None, "W2 W3 L4 - -"),
        2: ("P2", None, "L1 D3 D4 W3 D4"),
        3: ("P3", None, "D4 L1 D2 L2 B"),
        4: ("P4", None, "D3 D2 W1 B D2"),
    }, rounds=5)
    ctx = Context(t)
    assert ctx.frac(adjusted(ctx)[ctx.index[1]]) == 3


@pytest.mark.parametrize(
    ("cells", "cum"),
    [
        ("W2 L3 W4 D5 L6", "9"),  # T0.2
        ("W2 W3 D4 L5 L6", "10.5"),  # T0.3
        ("B W3 L4 D5 W6", "10"),  # T0.4
        ("W2 W3 W4 L5 L6", "12"),  # T0.5
        ("W2 L3 W4 L5 W6", "9"),  # T0.5
        ("W2 L3 W4 W5 D6", "10.5"),  # T0.6
        ("W2 L3 W4 D5", "6.5"),  # T0.7
        ("W2 W3 D4 L5", "8"),  # T0.7
        ("H W3 L4 W5", "5.5"),  # A3 half-point bye, default all-unplayed-points
    ],
)
def test_t0_cumulative(cells: str, cum: str) -> None:
    assert solo(cells)["CUM"] == F(cum)


def test_a3_half_point_bye_variant() -> None:
    assert solo("H W3 L4 W5")["CUM[unplayed=full-only]"] == F(6)


def test_cumulative_forfeit_win_is_subtracted_once() -> None:
    assert solo("X2 W3 L4")["CUM"] == F(1 + 2 + 2 - 1)


@pytest.mark.parametrize(("cells", "kash"), [("W2 W3 W4 W5 L6", 17), ("W2 W3 W4 D5 D6", 16),
                                             ("X2 B H L5", 1)])
def test_t0_8_kashdan(cells: str, kash: int) -> None:
    assert solo(cells)["KASH"] == kash


def test_t0_10_result_between_ranks_by_plus_minus_not_percentage() -> None:
    # A: 3-1 (+2) against the group; B: 1-0 (+1, 100 %); C: the rest.
    t = wallchart({
        1: ("A", None, "W3 W3 W3 L3 -"),
        2: ("B", None, "- - - - W3"),
        3: ("C", None, "L1 L1 L1 W1 L2"),
    })
    system = get_system("34E5")
    assert system.group_values is not None
    got = system.group_values(Context(t), parse_spec("RBT"), (1, 2, 3))
    assert got == {1: 2, 2: 1, 3: -3}
    strict = system.group_values(Context(t), parse_spec("RBT[mode=strict]"), (1, 2, 3))
    assert set(strict.values()) == {None}  # A and B never met
    strict2 = system.group_values(Context(t), parse_spec("RBT[mode=strict]"), (1, 3))
    assert strict2 == {1: 2, 3: -2}


# --------------------------------------------------------------------------- T2, T3


def test_t2_wintd_example() -> None:
    t = with_opponent_scores({
        1: [("W", "0"), ("W", "3"), ("W", "3"), ("W", "4"), ("L", "5")],
        2: [("W", "3"), ("W", "2"), ("L", "5"), ("W", "3"), ("W", "3")],
    }, 5)
    got = values(t, "SOLK,MM,MED")
    assert got[1] == {"SOLK": 15, "MM": 15, "MED": 10}
    assert got[2] == {"SOLK": 16, "MM": 14, "MED": 9}
    res = standings(t, "MM,SOLK")
    assert [r.start_no for r in res.rows if r.start_no in (1, 2)] == [1, 2]


T3_SCORES = ["6", "5.5", "5", "4.5", "4", "4", "3.5", "3", "2"]


@pytest.mark.parametrize(
    ("results", "mm"),
    [
        ("LLLLDWWWW", "21"),  # even 4.5/9: drop 6, 5.5, 2, 3
        ("LLWWWWWWL", "32.5"),  # plus 6/9: drop 2, 3
        ("LLLLWWWLL", "26"),  # minus 3/9: drop 6, 5.5
    ],
)
def test_t3_nine_round_discards(results: str, mm: str) -> None:
    games = [(res, score) for res, score in zip(results, T3_SCORES, strict=True)]
    t = with_opponent_scores({1: games}, 9)
    got = values(t, "MM,SOLK,MED,MM[discards=1]")[1]
    assert got["MM"] == F(mm)
    assert got["SOLK"] == F("37.5")
    assert got["MED"] == 21
    assert got["MM[discards=1]"] != got["MM"]


def test_median_with_fewer_values_than_discards_is_never_negative() -> None:
    # Even score 1/2 with a single game: the one value is both highest and lowest.
    t = wallchart({1: ("A", None, "W2"), 2: ("B", None, "L1")}, rounds=2)
    got = values(t, "MM,MED,SOLK")
    assert got[1] == {"MM": 0, "MED": 0, "SOLK": 0}
    assert got[2] == {"MM": 0, "MED": 0, "SOLK": 1}


def test_plus_minus_mid_event_and_scheduled_option() -> None:
    # 1.5 after 2 of 5 scheduled rounds: plus mid-event, minus against the schedule.
    # Opponents' adjusted scores: B 1 (D + an unplayed ½), C ½ (an unplayed ½ + L).
    t = wallchart({1: ("A", None, "D2 W3"), 2: ("B", None, "D1 -"), 3: ("C", None, "- L1")},
                  rounds=5)
    got = values(t, "MM,MM[plusminus=scheduled],MED")
    assert got[1]["MM"] == 1  # plus: the lowest (C's ½) dropped
    assert got[1]["MM[plusminus=scheduled]"] == F(1, 2)  # minus: the highest (B's 1) dropped
    assert got[1]["MED"] == 0


def test_sb_adjusted_swiss_raw_round_robin() -> None:
    rows = {
        1: ("A", None, "W2w W3b"),
        2: ("B", None, "L1b B"),
        3: ("C", None, "X4 L1w"),
        4: ("D", None, "F3 -"),
    }
    swiss = values(wallchart(rows), "USSB")
    rr = values(wallchart(rows, pairing_system="FIDE_ROUNDROBIN"), "USSB")
    assert swiss[1]["USSB"] == F(1, 2) + F(1, 2)  # B: 0 + ½ (bye), C: ½ (forfeit) + 0
    assert rr[1]["USSB"] == F(1) + F(1)  # raw: B 1 (bye), C 1 (forfeit win)
    rows[2] = ("B", None, "L1b W4")
    rows[4] = ("D", None, "F3 L2")
    assert values(wallchart(rows), "USSB")[1]["USSB"] == F(3, 2)
    assert values(wallchart(rows, pairing_system="FIDE_ROUNDROBIN"), "USSB")[1]["USSB"] == 2


def test_rating_systems_leave_out_unrated_unless_given_a_rating() -> None:
    t = wallchart({1: ("A", 1500, "W2 W3"), 2: ("B", None, "L1 -"), 3: ("C", 1700, "- L1")})
    got = values(t, "AVGOPP,AVGOPP/U1000,OPPPERF")
    assert got[1]["AVGOPP"] == 1700
    assert got[1]["AVGOPP/U1000"] == 1350
    assert got[2]["AVGOPP"] == 1500 and got[3]["AVGOPP"] == 1500
    assert got[1]["OPPPERF"] == 1500 - 400  # B has no rated game; C: (1500 - 400) / 1
    lonely = wallchart({1: ("A", 1500, "B"), 2: ("B", None, "U")})
    assert values(lonely, "AVGOPP,OPPPERF")[1] == {"AVGOPP": None, "OPPPERF": None}


def test_fide_rating_used_without_uscf_ratings() -> None:
    t = wallchart({1: ("A", 2000, "W2"), 2: ("B", 1800, "L1")}, uscf=False)
    assert values(t, "AVGOPP")[1]["AVGOPP"] == 1800
    assert values(t, "AVGOPP", rating="USCF")[1]["AVGOPP"] is None


def test_double_round_point_system_scales_byes() -> None:
    from dataclasses import replace

    from swisstb_io.model import PointSystem

    t = wallchart(T1, rounds=4)
    dbl = replace(t, point_system=PointSystem(
        win=F(2), draw=F(1), loss=F(0), forfeit_win=F(2), pairing_bye=F(2), full_bye=F(2),
        half_bye=F(1)))
    single = values(t, "MM,SOLK,CUM,OPPCUM,USSB,KASH")
    double = values(dbl, "MM,SOLK,CUM,OPPCUM,USSB,KASH")
    for sn in single:
        for key in ("MM", "SOLK", "CUM", "OPPCUM", "USSB"):
            assert double[sn][key] == 2 * single[sn][key], (sn, key)  # type: ignore[operator]
        assert double[sn]["KASH"] == single[sn]["KASH"]


# --------------------------------------------------------------------------- specs


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("modified-median", "MM"), ("34e1", "MM"), ("Solkoff", "SOLK"), ("34E3", "CUM"),
        ("opp-cumulative", "OPPCUM"), ("head-to-head", "RBT"), ("most-blacks", "BLK"),
        ("kashdan", "KASH"), ("sonneborn-berger", "USSB"), ("median", "MED"),
        ("opp-performance", "OPPPERF"), ("avg-opp-rating", "AVGOPP"), ("34E11", "AVGOPP"),
        ("lot", "LOT"), ("34E12", "LOT"), ("34E13", "LOT"), ("avgopp/u1400", "AVGOPP/U1400"),
        ("cum[unplayed=all-unplayed-points]", "CUM[unplayed=all-unplayed-points]"),
    ],
)
def test_aliases_resolve_to_codes(text: str, key: str) -> None:
    assert parse_spec(text).key == key


def test_presets() -> None:
    assert [s.key for s in parse_chain("uscf")] == ["MM", "SOLK", "CUM", "OPPCUM"]
    assert [s.key for s in parse_chain("USCF-Scholastic")][:3] == ["MM", "SOLK", "USSB"]
    assert [s.key for s in parse_chain("wintd")] == ["MM", "SOLK", "USSB", "CUM"]
    assert [s.key for s in parse_chain("PTS, uscf, KASH")][-1] == "KASH"


@pytest.mark.parametrize("code", ["34E4", "34e9"])
def test_edition_dependent_numbers_are_refused(code: str) -> None:
    with pytest.raises(TiebreakError, match=r"changed|edition") as info:
        parse_spec(code)
    assert "OPPCUM" in str(info.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XYZ", "unknown tie-break 'XYZ'; known codes: .*MM.*SOLK.*presets: .*uscf"),
        ("MM/C1", "takes no /C1 modifier"),
        ("MM[discards=7]", "discards='7' is not allowed"),
        ("MM[colour=1]", "unknown option"),
        ("CUM:GP", "the :GP suffix chooses match or game points in a team event; this is "
                   "an individual event, so write CUM without it"),
        ("BH:MP", "the :MP suffix .* team event; this is an individual event, so write BH"),
        ("bh:gp/c1", "the :GP suffix"),
        ("SOLK:XP", "must be :MP or :GP"),
        ("MM/!", "bad modifier"),
        ("", "empty tie-break code"),
    ],
)
def test_bad_specs(text: str, message: str) -> None:
    with pytest.raises(TiebreakError, match=message):
        parse_spec(text)


def test_duplicate_in_chain() -> None:
    with pytest.raises(TiebreakError, match="twice"):
        parse_chain("MM,modified-median")


def test_every_us_system_cites_its_rule() -> None:
    for code in ("MM", "SOLK", "CUM", "OPPCUM", "RBT", "BLK", "KASH", "USSB", "MED",
                 "OPPPERF", "AVGOPP", "LOT"):
        assert get_system(code).rule.startswith("US Chess 34E"), code
