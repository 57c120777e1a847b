"""FIDE C.07 tie-breaks on tiny hand-built events; every expected value is worked out by hand
in the comments (rules-fide.md §A.2-A.7)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

import pytest
from fide_build import build, context, explanation, ranks
from fide_build import values as field_values

from swisstb_io.errors import TiebreakError
from swisstb_io.model import DateText, PointSystem
from swisstb_io.tiebreaks import CalcOptions, Context, parse_spec, standings
from swisstb_io.tiebreaks.unplayed import adjusted_scores
from swisstb_io.tiebreaks.values import format_fixed

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
    ctx = context(build(rows, **kw), **opts)  # type: ignore[arg-type]
    return field_values(ctx, code)


def adjusted(ctx: Context, sno: int) -> F:
    """Player ``sno``'s adjusted score (16.3) as a Fraction."""
    adj, _ = adjusted_scores(ctx, ctx.fide_rules(), fore=False)
    return ctx.frac(adj[ctx.index[sno]])


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
    ctx = context(build(T2), edition="2024")
    bh = explanation(ctx, "BH/C1", 1)
    sb = explanation(ctx, "SB/C1", 1)
    assert [p.round for p in bh.rows if p.dropped] == [2] and "VUR" in bh.rows[1].dropped
    assert [p.round for p in sb.rows if p.dropped] == [1] and "16.5" in sb.rows[0].dropped
    assert "dummy" in bh.rows[1].note and bh.rule.startswith("FIDE C.07 §8.1 Buchholz")


def test_requested_bye_at_the_end_counts_as_draw_for_opponents() -> None:
    # Player 4 of T1 ends with a ZPB: 0.5 + 0 + (½ instead of 0) = 1.0.
    t1 = {1: ["W2", "H", "L3b"], 2: ["L1b", "W4", "D5"], 3: ["D4b", "D5", "W1"],
          4: ["D3", "L2b", "Z"], 5: ["PAB", "D3b", "D2b"]}
    ctx = context(build(t1), edition="2024")
    assert adjusted(ctx, 4) == 1
    assert adjusted(ctx, 1) == F(3, 2)  # HPB not at the end: as given


def test_forfeit_loss_at_the_end_keeps_zero() -> None:
    assert adjusted(context(build(T5), edition="2024"), 4) == 0


def test_zero_bye_before_a_pab_is_not_adjusted() -> None:
    rows = {1: ["W2", "Z", "PAB"], 2: ["L1b", "PAB", "Z"]}
    ctx = context(build(rows), edition="2024")
    assert adjusted(ctx, 1) == 2  # PAB is not a VUR: the ZPB stays 0
    assert adjusted(ctx, 2) == F(3, 2)  # ZPB at the end: ½


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
    ctx = context(build(rows, rounds=9), edition="2009", future_rounds="unplayed")
    parts = explanation(ctx, "BH", 1).rows
    assert parts[2].value == F(11, 2) and parts[3].value == 4
    assert "virtual opponent" in parts[2].note
    with pytest.raises(TiebreakError, match="FB"):
        field_values(ctx, "FB")


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
    ctx = context(build(T5, ratings=RATED))
    aro = field_values(ctx, "ARO")[1]  # opponents 2 and 3 over the board
    assert aro == 1801 and format_fixed(aro, 0) == "1801"
    assert "exact value 3601/2 = 1800.5000..., rounded half up" in explanation(
        ctx, "ARO", 1).notes[-1]
    assert field_values(ctx, "TPR")[1] == 1801 + 193  # 1.5/2 = 75 % -> dp 193
    assert explanation(ctx, "TPR", 1).notes[-1] == "ARO 1801 + dp(75%) +193"


def test_rating_tiebreaks_undefined_with_an_unrated_player() -> None:
    ratings = {1: 2000, 2: 1801, 3: 1800, 4: None}
    ctx = context(build(T5, ratings=ratings))
    assert all(v is None for v in field_values(ctx, "ARO").values())
    reason = explanation(ctx, "ARO", 1).notes[-1]
    assert "4" in reason and "unrated" in reason
    assert field_values(ctx, "ARO/U1400")[1] == 1801
    ctx2 = context(build(T5, ratings=ratings), unrated=1400)
    # player 3 met 4 (unrated: 1400), 1 (2000) and 2 (1801): 5201/3 = 1733.67 -> 1734
    assert field_values(ctx2, "ARO")[3] == 1734
    assert "exact value 5201/3" in explanation(ctx2, "ARO", 3).notes[-1]


def test_ptp_and_zero_score() -> None:
    ptp = field_values(context(build(T5, ratings=RATED)), "PTP")
    assert ptp[4] == 1800 - 800  # 0 points over the board: lowest opponent - 800


# --------------------------------------------------------------------------- direct encounter

# A 4-player round robin: A beats B, B beats C and D, C beats D, D beats A.
RR4 = {1: ["W2", "W3b", "L4b"], 2: ["L1b", "W4", "W3b"], 3: ["W4b", "L1", "L2"],
       4: ["L3", "L2b", "W1"]}


def test_de_recursive_subgroups() -> None:
    ctx = context(build(RR4), system="round-robin")
    got, lines = ranks(ctx, "DE", [1, 2, 3, 4])
    # first pass 2,2,1,1 -> {1,2} and {3,4}; second pass separates both pairs
    assert got == {1: 1, 2: 2, 3: 3, 4: 4}
    assert len(lines) == 3


def test_de_swiss_rule_in_a_round_robin_with_s() -> None:
    # /S: the leaders (2 points each) can be caught, so nobody is separated.
    ctx = context(build(RR4), system="round-robin")
    assert ranks(ctx, "DE/S", [1, 2, 3, 4])[0] == {1: 1, 2: 1, 3: 1, 4: 1}


def test_de_swiss_only_when_nobody_can_catch_up() -> None:
    ctx = context(build(T5), system="swiss")
    # {1, 2, 4}: 1 beat 2, 2 beat 4; 1-4 was a forfeit (not a DE game): 4 could still
    # reach 1, as much as 1 has, so nobody is placed.
    assert ranks(ctx, "DE", [1, 2, 4])[0] == {1: 1, 2: 1, 4: 1}
    # With /P the forfeit counts and everybody met everybody: 2, 1, 0 points.
    assert ranks(ctx, "DE/P", [1, 2, 4])[0] == {1: 1, 2: 2, 4: 3}


def test_de_averages_repeated_games() -> None:
    rows = {1: ["W2", "D2b"], 2: ["L1b", "D1"]}
    got, lines = ranks(context(build(rows)), "DE", [1, 2])
    assert got == {1: 1, 2: 2} and "1: 0.75, 2: 0.25" in lines[0]


def test_de_in_standings_is_a_group_tiebreak() -> None:
    res = standings(build(RR4), "DE", CalcOptions(system="round-robin", explain=True))
    assert [r.start_no for r in res.rows] == [1, 2, 3, 4]
    assert res.rows[0].values["DE"].explanation is not None


# --------------------------------------------------------------------------- editions, systems


@pytest.mark.parametrize(("start", "edition"), [
    (dt.date(2026, 3, 1), "2026"), (dt.date(2026, 2, 28), "2024"), (dt.date(2019, 5, 1), "2024"),
])
def test_edition_from_start_date(start: dt.date, edition: str) -> None:
    assert context(build(T5, start=start)).fide_rules().edition == edition


def test_edition_without_date_and_override() -> None:
    rules = context(build(T5, start=None)).fide_rules()
    assert rules.edition == "2026" and "no start date" in rules.edition_reason
    t = build(T5).__class__(players=build(T5).players, start_date=DateText("28. 07. 2005"))
    assert "28. 07. 2005" in context(t).fide_rules().edition_reason
    assert context(build(T5), edition="2009").fide_rules().edition == "2009"
    assert field_values(context(build(T2)), "BH/V2")[3] == 4  # /V2 forces 2026
    with pytest.raises(TiebreakError, match="1999"):
        context(build(T5), edition="1999").fide_rules()


def test_system_never_guessed_from_player_count() -> None:
    # RR4 has the shape of a round robin (4 players, 3 rounds) but says nothing: Swiss.
    assert not context(build(RR4)).fide_rules().round_robin
    assert context(build(RR4, pairing_system="FIDE_ROUNDROBIN")).fide_rules().round_robin
    assert not context(build(RR4, pairing_system="FIDE_DUTCH_2025")).fide_rules().round_robin
    assert context(build(RR4), system="round-robin").fide_rules().round_robin
    # the file's 192 record comes first; a contradicting option is reported, not applied
    rules = context(build(RR4, pairing_system="FIDE_DUTCH_2025"),
                    system="round-robin").fide_rules()
    assert not rules.round_robin and "does not override" in rules.system_reason


# --------------------------------------------------------------------------- specs, display


def test_spec_notation() -> None:
    c1 = parse_spec("bh/c1")
    assert (c1.code, c1.key, c1.cut_low, c1.cut_high) == ("BH", "BH/C1", 1, 0)
    m1 = parse_spec("BH/M1")
    assert (m1.cut_low, m1.cut_high) == (1, 1)
    assert parse_spec("KS/L+1").limit_offset == F(1, 2)
    assert parse_spec("KS/L40").limit_pct == 40
    assert parse_spec("ARO/U1400").unrated == 1400
    assert parse_spec("REP").code == "GE"
    assert parse_spec("BH/V0").edition == "2009" and parse_spec("BH").edition is None
    assert parse_spec("DE/P").played and parse_spec("DE/S").swiss and parse_spec("AOB/F").fore
    for bad in ("XYZ", "BH/Q", "WIN/C1", "KS/M1", "SB/M1"):
        with pytest.raises(TiebreakError):
            parse_spec(bad)
    with pytest.raises(TiebreakError, match="KS"):
        parse_spec("KS/C1")


def test_team_score_suffix_is_refused_on_an_individual_event() -> None:
    for text in ("BH:MP", "BH:GP/C1", "SB:MP", "DE:GP"):
        with pytest.raises(TiebreakError, match="team event; this is an individual event"):
            parse_spec(text)


def test_format_fixed_half_up() -> None:
    assert format_fixed(F(1261, 100), 2) == "12.61"
    assert format_fixed(F(12605, 1000), 2) == "12.61"
    assert format_fixed(F(-5, 2), 0) == "-3"
    assert format_fixed(F(7, 2), 1) == "3.5"


def test_the_engine_never_switches_the_garbage_collector(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import gc

    def refuse() -> None:
        raise AssertionError("the tie-break engine switched the collector")

    monkeypatch.setattr(gc, "disable", refuse)
    monkeypatch.setattr(gc, "enable", refuse)
    res = standings(build(T5), "BH/C1,SB,DE", CalcOptions(explain=True))
    assert [r.start_no for r in res.rows] == [1, 3, 2, 4]


def test_bad_future_rounds_option_is_refused() -> None:
    with pytest.raises(TiebreakError, match="future_rounds 'later'"):
        values(T5, "BH", future_rounds="later")
