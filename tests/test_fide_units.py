"""FIDE C.07 tie-breaks on tiny hand-built events; every expected value is worked out by hand
in the comments (rules-fide.md §A.2-A.7)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

import pytest
from fide_build import build

from swisstb_io.errors import TiebreakError
from swisstb_io.model import DateText, PointSystem
from swisstb_io.tiebreaks import CalcOptions, parse_spec, standings
from swisstb_io.tiebreaks.fide import (
    FideOptions,
    build_context,
    compute,
    direct_encounter,
    format_fixed,
    parse_fide_spec,
)
from swisstb_io.tiebreaks.fide._opponents import adjusted_scores

# T2: 1 W4, Z, L2 = 1 | 2 D3, D4, W1 = 2 | 3 D2, PAB, W4 = 2.5 | 4 L1, D2, L3 = 0.5
T2 = {1: ["W4", "Z", "L2b"], 2: ["D3", "D4", "W1"], 3: ["D2b", "PAB", "W4"],
      4: ["L1b", "D2b", "L3b"]}
# T4: round 1 player 1 wins by forfeit against 2.
T4 = {1: ["X2", "W3b"], 2: ["F1", "L4"], 3: ["D4", "L1"], 4: ["D3b", "W2b"]}
# T5: 1 W2, D3, X4 = 2.5 | 2 L1, W4, D3 = 1.5 | 3 W4, D1, D2 = 2 | 4 L3, L2, F1 = 0
T5 = {1: ["W2", "D3b", "X4"], 2: ["L1b", "W4", "D3b"], 3: ["W4b", "D1", "D2"],
      4: ["L3", "L2b", "F1"]}


def values(rows: dict[int, list[str]], code: str, **kw: object) -> dict[int, F | None]:
    opts = {k: kw.pop(k) for k in ("edition", "system", "unrated", "future_rounds") if k in kw}
    ctx = build_context(build(rows, **kw), FideOptions(**opts))  # type: ignore[arg-type]
    return {s: v.value for s, v in zip(ctx.start_nos, compute(ctx, code), strict=True)}


# --------------------------------------------------------------------------- unplayed rounds


def test_dummy_opponent_is_own_score_2024() -> None:
    # BH(1) = 0.5 (4) + 1.0 (ZPB: dummy = own 1.0) + 2.0 (2) = 3.5
    # BH(3) = 2.0 (2) + 2.5 (PAB: dummy = own 2.5) + 0.5 (4) = 5.0
    bh = values(T2, "BH", edition="2024")
    assert bh[1] == F(7, 2) and bh[3] == 5


def test_2026_caps_bye_dummy_at_half_the_maximum_16_4_2() -> None:
    # Player 3's PAB: min(own 2.5, 0.5 x 3 rounds = 1.5) -> BH 2.0 + 1.5 + 0.5 = 4.0
    assert values(T2, "BH", edition="2026")[3] == 4


def test_2026_caps_forfeit_dummy_at_opponents_adjusted_score_16_4_1() -> None:
    # Player 1 won by forfeit against 2 (adjusted 0): 2024 dummy 2.0, 2026 min(2.0, 0) = 0.
    assert values(T4, "BH", edition="2024")[1] == F(5, 2)
    assert values(T4, "BH", edition="2026")[1] == F(1, 2)


def test_bh_cut_removes_the_vur_when_it_is_worth_more_16_5() -> None:
    # Player 1: 0.5 (opp 4, least significant), 1.0 (ZPB, VUR), 2.0. The VUR goes: 2.5.
    assert values(T2, "BH/C1", edition="2024")[1] == F(5, 2)


def test_sb_cut_removes_the_played_value_when_the_vur_is_worth_less_16_5() -> None:
    # SB(1) = 0.5x1 + 1.0x0 (ZPB) + 2.0x0 = 0.5; the least significant value (0.5) is
    # worth more than the VUR (0), so it is the one cut: SB/C1 = 0.
    assert values(T2, "SB", edition="2024")[1] == F(1, 2)
    assert values(T2, "SB/C1", edition="2024")[1] == 0


def test_cut_reasons_are_explained() -> None:
    ctx = build_context(build(T2), FideOptions(edition="2024"))
    bh = compute(ctx, "BH/C1")[ctx.index[1]]
    sb = compute(ctx, "SB/C1")[ctx.index[1]]
    assert [p.round for p in bh.parts if p.cut] == [2] and "VUR" in bh.parts[1].cut
    assert [p.round for p in sb.parts if p.cut] == [1] and "16.5" in sb.parts[0].cut
    assert "dummy" in bh.parts[1].note and bh.article == "FIDE C.07 §8.1"


def test_requested_bye_at_the_end_counts_as_draw_for_opponents() -> None:
    # Player 4 of T1 ends with a ZPB: 0.5 + 0 + (½ instead of 0) = 1.0.
    t1 = {1: ["W2", "H", "L3b"], 2: ["L1b", "W4", "D5"], 3: ["D4b", "D5", "W1"],
          4: ["D3", "L2b", "Z"], 5: ["PAB", "D3b", "D2b"]}
    ctx = build_context(build(t1), FideOptions(edition="2024"))
    adj, _ = adjusted_scores(ctx, fore=False)
    assert ctx.frac(adj[ctx.index[4]]) == 1
    assert ctx.frac(adj[ctx.index[1]]) == F(3, 2)  # HPB not at the end: as given


def test_forfeit_loss_at_the_end_keeps_zero() -> None:
    ctx = build_context(build(T5), FideOptions(edition="2024"))
    adj, _ = adjusted_scores(ctx, fore=False)
    assert adj[ctx.index[4]] == 0


def test_zero_bye_before_a_pab_is_not_adjusted() -> None:
    rows = {1: ["W2", "Z", "PAB"], 2: ["L1b", "PAB", "Z"]}
    ctx = build_context(build(rows), FideOptions(edition="2024"))
    adj, _ = adjusted_scores(ctx, fore=False)
    assert ctx.frac(adj[ctx.index[1]]) == 2  # PAB is not a VUR: the ZPB stays 0
    assert ctx.frac(adj[ctx.index[2]]) == F(3, 2)  # ZPB at the end: ½


def test_fore_buchholz_draws_the_last_round() -> None:
    # FB(1) = 1.5 (2) + 2.0 (3) + 0.5 (4: last-round forfeit counted as a draw) = 4.0
    # FB(4) = 2.0 (3) + 1.5 (2) + 2.0 (1: 2.5 with X4 turned into a draw) = 5.5
    fb = values(T5, "FB", edition="2024")
    assert fb[1] == 4 and fb[4] == F(11, 2)
    assert values(T5, "BH", edition="2024")[1] == 6


# --------------------------------------------------------------------------- pre-2023 rules


def test_virtual_opponent_2009_two_rounds() -> None:
    # marceljuenemann FIDE_2009: A beats B over the board, then by forfeit.
    rows = {1: ["W2", "X2"], 2: ["L1b", "F1"]}
    assert values(rows, "BH", edition="2009") == {1: F(3, 2), 2: F(5, 2)}


def test_virtual_opponent_2009_third_round_unpaired() -> None:
    rows = {1: ["W2", "X2"], 2: ["L1b", "F1"]}
    # A: 1 + 1.5 + 3 = 5.5 ; B: 2 + 1.5 + 1 = 4.5
    # (round 3 is paired for nobody: it counts only as the scheduled rounds' unplayed one)
    assert values(rows, "BH", edition="2009", rounds=3, future_rounds="unplayed") == {
        1: F(11, 2), 2: F(9, 2)}
    assert values(rows, "BH", edition="2009", rounds=3) == {1: F(3, 2), 2: F(5, 2)}


def test_virtual_opponent_2009_unplayed_games_of_opponents_are_draws() -> None:
    # marceljuenemann FIDE_2009: A (1) beats B, C, D, E; B's later rounds are unplayed
    # (forfeit win, not paired, forfeit loss), so B shows 0 + ½ + ½ + ½ = 1.5 to A;
    # C, D and E show 3 each: BH(A) = 1.5 + 9 = 10.5.
    rows = {1: ["W2", "W3", "W4", "W5"], 2: ["L1b", "X6", "-", "F7"],
            3: ["W8", "L1b", "W13", "W15"], 4: ["W9", "W11", "L1b", "W16"],
            5: ["W10", "W12", "W14", "L1b"], 6: ["-", "F2"], 7: ["-", "-", "-", "X2"],
            8: ["L3b"], 9: ["L4b"], 10: ["L5b"], 11: ["-", "L4b"], 12: ["-", "L5b"],
            13: ["-", "-", "L3b"], 14: ["-", "-", "L5b"], 15: ["-", "-", "-", "L3b"],
            16: ["-", "-", "-", "L4b"]}
    assert values(rows, "BH", edition="2009")[1] == F(21, 2)


def test_virtual_opponent_2009_published_examples() -> None:
    # 9 rounds, P absent in round 3 with 1.5: 1.5 + 1 + 0.5 x 6 = 5.5;
    # then a forfeit win in round 4 with 1.5: 1.5 + 0 + 0.5 x 5 = 4.0.
    rows = {1: ["W2", "D3", "Z", "X2"], 2: ["L1b", "PAB", "-", "F1"], 3: ["PAB", "D1b"]}
    # "at the end" of 9 rounds: rounds 5-9, paired for nobody here, count as unplayed
    ctx = build_context(build(rows, rounds=9), FideOptions(edition="2009",
                                                           future_rounds="unplayed"))
    parts = compute(ctx, "BH")[ctx.index[1]].parts
    assert parts[2].value == F(11, 2) and parts[3].value == 4
    with pytest.raises(TiebreakError, match="FB"):
        compute(ctx, "FB")


# --------------------------------------------------------------------------- counts, PS, KS, STD


def test_counts() -> None:
    assert values(T5, "WIN")[1] == 2  # W2 and X4
    assert values(T5, "WON")[1] == 1
    assert values(T5, "GE") == {1: 3, 2: 3, 3: 3, 4: 2}  # 4's forfeit loss is a VUR
    assert values(T5, "REP") == values(T5, "GE")
    assert values(T5, "BPG") == {1: 1, 2: 2, 3: 1, 4: 1}
    assert values(T5, "BWG") == {1: 0, 2: 0, 3: 1, 4: 0}


def test_progressive_scores_and_cut() -> None:
    assert values(T5, "PS")[1] == 5  # 1 + 1.5 + 2.5
    assert values(T5, "PS/C1")[1] == 4


def test_koya_limits() -> None:
    # limit 50% x 3 = 1.5: opponents 2 (1.5) and 3 (2.0) count -> 1 + 0.5
    assert values(T5, "KS")[1] == F(3, 2)
    assert values(T5, "KS/L+1")[1] == F(1, 2)  # limit 2.0: only 3
    assert values(T5, "KS/L70")[1] == 0  # limit 2.1


def test_standard_points_under_three_one_zero() -> None:
    pts = PointSystem(win=F(3), draw=F(1), loss=F(0), forfeit_win=F(3), pairing_bye=F(3),
                      full_bye=F(3), half_bye=F(1))
    assert values(T5, "STD", points=pts) == {1: F(5, 2), 2: F(3, 2), 3: 2, 4: 0}


# --------------------------------------------------------------------------- ratings


RATED = {1: 2000, 2: 1801, 3: 1800, 4: 1500}


def test_aro_rounds_half_up_and_keeps_exact() -> None:
    ctx = build_context(build(T5, ratings=RATED))
    aro = compute(ctx, "ARO")[ctx.index[1]]  # opponents 2 and 3 over the board
    assert aro.value == 1801 and aro.exact == F(3601, 2) and aro.display == "1801"
    tpr = compute(ctx, "TPR")[ctx.index[1]]  # 1.5/2 = 75 % -> dp 193
    assert tpr.value == 1801 + 193


def test_rating_tiebreaks_undefined_with_an_unrated_player() -> None:
    ratings = {1: 2000, 2: 1801, 3: 1800, 4: None}
    ctx = build_context(build(T5, ratings=ratings))
    aro = compute(ctx, "ARO")
    assert all(v.value is None for v in aro)
    assert "4" in aro[0].reason and "unrated" in aro[0].reason
    assert compute(ctx, "ARO/U1400")[ctx.index[1]].value == 1801
    ctx2 = build_context(build(T5, ratings=ratings), FideOptions(unrated=1400))
    # player 3 met 4 (unrated: 1400), 1 (2000) and 2 (1801): 5201/3 = 1733.67 -> 1734
    aro3 = compute(ctx2, "ARO")[ctx2.index[3]]
    assert aro3.value == 1734 and aro3.exact == F(5201, 3)


def test_ptp_and_zero_score() -> None:
    ctx = build_context(build(T5, ratings=RATED))
    ptp = {s: v.value for s, v in zip(ctx.start_nos, compute(ctx, "PTP"), strict=True)}
    assert ptp[4] == 1800 - 800  # 0 points over the board: lowest opponent - 800


# --------------------------------------------------------------------------- direct encounter

# A 4-player round robin: A beats B, B beats C and D, C beats D, D beats A.
RR4 = {1: ["W2", "W3b", "L4b"], 2: ["L1b", "W4", "W3b"], 3: ["W4b", "L1", "L2"],
       4: ["L3", "L2b", "W1"]}


def test_de_recursive_subgroups() -> None:
    ctx = build_context(build(RR4), FideOptions(system="round-robin"))
    ranks, lines = direct_encounter(ctx, [1, 2, 3, 4])
    # first pass 2,2,1,1 -> {1,2} and {3,4}; second pass separates both pairs
    assert ranks == {1: 1, 2: 2, 3: 3, 4: 4}
    assert len(lines) == 3


def test_de_swiss_rule_in_a_round_robin_with_s() -> None:
    # /S: the leaders (2 points each) can be caught, so nobody is separated.
    ctx = build_context(build(RR4), FideOptions(system="round-robin"))
    assert direct_encounter(ctx, [1, 2, 3, 4], swiss=True)[0] == {1: 1, 2: 1, 3: 1, 4: 1}


def test_de_swiss_only_when_nobody_can_catch_up() -> None:
    ctx = build_context(build(T5), FideOptions(system="swiss"))
    # {1, 2, 4}: 1 beat 2, 2 beat 4; 1-4 was a forfeit (not a DE game): 4 could still
    # reach 1, as much as 1 has, so nobody is placed.
    assert direct_encounter(ctx, [1, 2, 4])[0] == {1: 1, 2: 1, 4: 1}
    # With /P the forfeit counts and everybody met everybody: 2, 1, 0 points.
    assert direct_encounter(ctx, [1, 2, 4], as_played=True)[0] == {1: 1, 2: 2, 4: 3}


def test_de_averages_repeated_games() -> None:
    rows = {1: ["W2", "D2b"], 2: ["L1b", "D1"]}
    ranks, lines = direct_encounter(build_context(build(rows)), [1, 2])
    assert ranks == {1: 1, 2: 2} and "3/4" in lines[0]


def test_de_in_standings_is_a_group_tiebreak() -> None:
    res = standings(build(RR4), "DE", CalcOptions(system="round-robin", explain=True))
    assert [r.start_no for r in res.rows] == [1, 2, 3, 4]
    assert res.rows[0].values["DE"].explanation is not None


# --------------------------------------------------------------------------- editions, systems


@pytest.mark.parametrize(("start", "edition"), [
    (dt.date(2026, 3, 1), "2026"), (dt.date(2026, 2, 28), "2024"), (dt.date(2019, 5, 1), "2024"),
])
def test_edition_from_start_date(start: dt.date, edition: str) -> None:
    assert build_context(build(T5, start=start)).edition == edition


def test_edition_without_date_and_override() -> None:
    ctx = build_context(build(T5, start=None))
    assert ctx.edition == "2026" and "no start date" in ctx.edition_reason
    t = build(T5).__class__(players=build(T5).players, start_date=DateText("28. 07. 2005"))
    assert "28. 07. 2005" in build_context(t).edition_reason
    assert build_context(build(T5), FideOptions(edition="2009")).edition == "2009"
    assert compute(build_context(build(T2)), "BH/V2")[2].value == 4  # /V2 forces 2026
    with pytest.raises(TiebreakError, match="1999"):
        FideOptions(edition="1999")


def test_system_never_guessed_from_player_count() -> None:
    # RR4 has the shape of a round robin (4 players, 3 rounds) but says nothing: Swiss.
    assert not build_context(build(RR4)).round_robin
    assert build_context(build(RR4, pairing_system="FIDE_ROUNDROBIN")).round_robin
    assert not build_context(build(RR4, pairing_system="FIDE_DUTCH_2025")).round_robin
    assert build_context(build(RR4), FideOptions(system="round-robin")).round_robin
    # the file's 192 record comes first; a contradicting option is reported, not applied
    ctx = build_context(build(RR4, pairing_system="FIDE_DUTCH_2025"),
                        FideOptions(system="round-robin"))
    assert not ctx.round_robin and "does not override" in ctx.system_reason


# --------------------------------------------------------------------------- specs, display


def test_spec_notation() -> None:
    assert parse_fide_spec("BH-C1") == parse_fide_spec("bh/c1").__class__(
        code="BH", cut_low=1, text="BH-C1")
    assert parse_fide_spec("BH/M1").cut_high == 1
    assert parse_fide_spec("KS/L+1").limit_offset == F(1, 2)
    assert parse_fide_spec("KS/L40").limit_pct == 40
    assert parse_fide_spec("ARO/U1400").unrated == 1400
    assert parse_fide_spec("REP").code == "GE"
    for bad in ("XYZ", "BH/Q", "WIN/C1", "KS/M1", "SB/M1"):
        with pytest.raises(TiebreakError):
            parse_fide_spec(bad)
    assert parse_spec("BH:GP/C1").code == "BH"
    with pytest.raises(TiebreakError, match="KS"):
        parse_spec("KS/C1")


def test_format_fixed_half_up() -> None:
    assert format_fixed(F(1261, 100), 2) == "12.61"
    assert format_fixed(F(12605, 1000), 2) == "12.61"
    assert format_fixed(F(-5, 2), 0) == "-3"
    assert format_fixed(F(7, 2), 1) == "3.5"


def test_cyclic_gc_state_is_restored() -> None:
    import gc

    assert gc.isenabled()
    standings(build(T5), "BH/C1,DE")
    assert gc.isenabled()
    gc.disable()
    try:
        standings(build(T5), "SB,DE")
        assert not gc.isenabled()
    finally:
        gc.enable()
