"""Every team system on a hand-made event whose values are computed by hand below.

``fixtures/team/own_team_board_criteria.trf`` (written for this project, MIT): 4 teams of
4 boards, 3 rounds, 2026 rules, match points primary (2-1-0), 352 WBWB.  Board results of
the first-named team (the other team has the opposite)::

    round 1  A(1)-B(2) 1 0 0 1  (2-2)    C(3)-D(4) 1 1 1 0  (3-1)
    round 2  C-A       = = = =  (2-2)    B-D       1 1 0 0  (2-2)
    round 3  A-D       1 1 = 0  (2½-1½)  B-C       1 = 1 0  (2½-1½)

Totals: A 4 MP 6.5 GP, B 4 / 6.5, C 3 / 6.5, D 1 / 4.5.  Board points over the event:
A [2½, 1½, 1, 1½], B [2, 2½, 2, 0].  A and B are tied on both scores and drew their
match, so EDE does not separate them; the knock-out criteria of their match (A 1 0 0 1,
B 0 1 1 0) do: TBR board 1 puts A ahead, BBE boards 1-3 (1 v 2) puts B ahead, BC is 5 v 5.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from swisstb_io.api import read
from swisstb_io.errors import TiebreakError
from swisstb_io.teams.standings import team_standings

FIX = Path(__file__).resolve().parent.parent / "fixtures"
OWN = FIX / "team" / "own_team_board_criteria.trf"
HELD = FIX / "team" / "held_team_2024.trf"

#: code -> {team: value}, by hand (module docstring).
HAND = {
    "MPTS": {1: 4, 2: 4, 3: 3, 4: 1},
    "GPTS": {1: Fraction(13, 2), 2: Fraction(13, 2), 3: Fraction(13, 2), 4: Fraction(9, 2)},
    "MPVGP": {1: Fraction(13, 2), 4: Fraction(9, 2)},
    # BH:MP: A's opponents B 4 + C 3 + D 1; D's: C 3 + B 4 + A 4
    "BH:MP": {1: 8, 2: 8, 3: 9, 4: 11},
    "BH:MP/C1": {1: 7, 4: 8},
    "BH:GP": {1: Fraction(35, 2), 4: Fraction(39, 2)},
    # FB:MP (§8.3, round 3 drawn): A's opponents B 3, C 4, D 2
    "FB:MP": {1: 9},
    # EMMSB: A = B 4 x 1 + C 3 x 1 + D 1 x 2; B = A 4 x 1 + D 1 x 1 + C 3 x 2
    "EMMSB": {1: 9, 2: 11, 3: 6, 4: 4},
    "SB:MP": {1: 9, 2: 11},
    # /C1 cuts the lowest-MP opponent (D), /C2 then C
    "EMMSB/C1": {1: 7, 2: 10, 3: 4, 4: 4},
    "EMMSB/C2": {1: 4, 2: 4},
    # EGGSB: A = 6.5 x 2 + 6.5 x 2 + 4.5 x 2.5
    "EGGSB": {1: Fraction(149, 4)},
    # EMGSB: A = B 4 x 2 + C 3 x 2 + D 1 x 2.5; EGMSB: A = 6.5 x 1 + 6.5 x 1 + 4.5 x 2
    "EMGSB": {1: Fraction(33, 2)},
    "EGMSB": {1: 22},
    # SSSC: F = ⌊2 x 3 rounds / 4 boards⌋ = 1: A = 6.5 + 8 / 1; /K2: 6.5 + 8 / 2;
    # /F: 6.5 + FB 9; /C1: 6.5 + BH/C1 7
    "SSSC": {1: Fraction(29, 2)},
    "SSSC/K2": {1: Fraction(21, 2)},
    "SSSC/F": {1: Fraction(31, 2)},
    "SSSC/C1": {1: Fraction(27, 2)},
    # USAT (34G2): opponents' final MP on 1-½-0: A 2, B 2, C 1.5, D 0.5;
    # A = B 2 x 2 + C 1.5 x 2 + D 0.5 x 2.5; B = A 2 x 2 + D 0.5 x 2 + C 1.5 x 2.5
    "USAT": {1: Fraction(33, 4), 2: Fraction(35, 4)},
    "34G2": {1: Fraction(33, 4)},
    # PS:MP: A 1 + 2 + 4; C 2 + 3 + 3; D 0 + 1 + 1
    "PS:MP": {1: 7, 3: 8, 4: 2},
    # KS:MP: MP against opponents with at least half of 6: A v B 1 + v C 1; B v A 1 + v C 2
    "KS:MP": {1: 2, 2: 3},
    # AOB:MP: A's opponents' BH:MP 8, 9, 11 -> 28 / 3, 2 decimals
    "AOB:MP": {1: Fraction(933, 100)},
    # on match points WIN / WON / STD count matches (A: won round 3; ½ + ½ + 1) ...
    "WIN": {1: 1, 4: 0},
    "WON": {1: 1},
    "STD": {1: 2, 3: Fraction(3, 2)},
    # ... on game points games (A won boards 1 and 4 of round 1, 1 and 2 of round 3)
    "WIN:GP": {1: 4, 2: 6},
    "WON:GP": {1: 4},
    "STD:GP": {1: Fraction(13, 2)},
    # BC: A 1 x 2.5 + 2 x 1.5 + 3 x 1 + 4 x 1.5 = 14.5; B 2 + 5 + 6 + 0 = 13 (the lower
    # count ranks higher, C.07 §12.1)
    "BC": {1: Fraction(29, 2), 2: 13},
}


@pytest.mark.parametrize("code", sorted(HAND))
def test_values_computed_by_hand(code: str) -> None:
    ts = team_standings(read(OWN), code)
    key = ts.result.chain[0].key
    got = {s.start_no: s.values[key].value for s in ts.result.rows}
    assert {team: got[team] for team in HAND[code]} == HAND[code]


@pytest.mark.parametrize(("chain", "ahead"), [
    ("EDE,EDET", 1),   # TBR on their match: board 1, A 1 - B 0
    ("EDE,EDEB", 2),   # BBE on their match: boards 1-3, A 1 - B 2
    ("EDE,EDEBT", 2),  # BBE first
    ("TBR", 1),        # the event: board 1, A 2½ - B 2
    ("BBE", 2),        # the event: boards 1-3, A 5 - B 6½
    ("BC", 2),         # the event: B 13 < A 14½
])
def test_board_criteria_separate_the_tied_teams(chain: str, ahead: int) -> None:
    ts = team_standings(read(OWN), chain)
    places = {s.start_no: s.place for s in ts.result.rows}
    behind = 3 - ahead
    assert (places[ahead], places[behind]) == (1, 2), chain


def test_ede_and_board_count_of_the_match_leave_a_tie() -> None:
    """EDE: A and B drew (1-1 MP, 2-2 GP); EDEC: BC of their match 1 + 4 = 2 + 3."""
    ts = team_standings(read(OWN), "EDE,EDEC,DE:MP")
    places = {s.start_no: s.place for s in ts.result.rows}
    assert places[1] == places[2] == 1
    values = {s.start_no: s.values for s in ts.result.rows}
    assert values[1]["EDE"].value == values[2]["EDE"].value == 1  # not separated: both 1st


def test_esb_with_p_counts_a_forfeit_against_the_scheduled_opponent() -> None:
    """Held, team #1 won round 6 by forfeit (330 -+, v #6), 2 MP: /P replaces the dummy by
    team 6's adjusted score in that one round, for EMMSB as for BH (x 2 MP scored)."""
    ts = team_standings(read(HELD), "EMMSB,EMMSB/P,BH:MP,BH:MP/P")
    one = {s.start_no: s.values for s in ts.result.rows}[1]
    v = {k: one[k].value for k in ("EMMSB", "EMMSB/P", "BH:MP", "BH:MP/P")}
    assert v["BH:MP"] != v["BH:MP/P"]
    assert v["EMMSB/P"] - v["EMMSB"] == 2 * (v["BH:MP/P"] - v["BH:MP"])  # type: ignore[operator]


def test_sssc_factor_must_be_positive() -> None:
    with pytest.raises(TiebreakError, match="positive"):
        team_standings(read(OWN), "SSSC/K0")


def test_codes_that_do_not_apply_are_clear_errors() -> None:
    t = read(OWN)
    with pytest.raises(TiebreakError, match=r"takes no /M1"):
        team_standings(t, "EGGSB/M1")
    with pytest.raises(TiebreakError, match=r"takes no /K2"):
        team_standings(t, "BH:MP/K2")
    with pytest.raises(TiebreakError, match=r"score suffix must be :MP or :GP"):
        team_standings(t, "BH:XP")


def test_explanations_name_the_match_the_dummy_and_the_deciding_criterion() -> None:
    """Held 2026, team #1: round 3 v #7 (whose ZPB in round 7 counts as a draw, 7 MP);
    round 6 a forfeit win, the dummy capped at #6's adjusted 7 MP (16.4.1); the C1 cut.
    Held 2024, EDEC: #11 and #14 drew 2-2; BC of their match puts #11 ahead (Ex. 46)."""
    from swisstb_io.tiebreaks import CalcOptions

    explain = CalcOptions(explain=True)
    ts = team_standings(read(FIX / "team" / "held_team_2026.trf"), "EMMSB/C1", options=explain)
    e = {s.start_no: s.values["EMMSB/C1"].explanation for s in ts.result.rows}[1]
    assert e is not None
    rows = {r.round: r for r in e.rows}
    assert rows[3].note.startswith("3-1 played: opponent 7: 7 MP (adjusted: 6 scored")
    assert rows[6].note == ("4-0 forfeit-win: dummy opponent capped at 7 MP, the adjusted "
                            "score of the scheduled opponent 6 (16.4.1) x own 2 MP = 7 x 2 "
                            "= 14")
    assert [r.round for r in e.rows if r.dropped] == [1]
    ts = team_standings(read(HELD), "EDEC", options=explain)
    e = {s.start_no: s.values["EDEC"].explanation for s in ts.result.rows}[11]
    assert e is not None
    assert [(r.round, r.opponent, r.note) for r in e.rows] == [
        (3, 14, "v 14: 2-2 GP, 1 MP (played)")]
    assert "GP does not separate the group (§13.3.1)" in e.notes
    assert "BC: team 11 ahead (§13.3.2)" in e.notes
