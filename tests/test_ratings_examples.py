"""Every worked example of the rating-change digest (ratings.md F.8 and U.9), and the
rules around them: editions by date, K, the 400-point rule, floors, initial ratings."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from ratings_build import event, one_player

from swisstb_io.model import Outcome
from swisstb_io.rating_change import (
    PlayerChange,
    RatingResult,
    RatingSystem,
    RulesError,
    parse_player_data,
    rating_changes,
)
from swisstb_io.rating_change.numbers import change as change_text
from swisstb_io.rating_change.numbers import expected as expected_text
from swisstb_io.rating_change.numbers import k as k_text

FIDE, USCF = RatingSystem.FIDE, RatingSystem.USCF

F1 = [(1920, "1-0"), (1780, "="), (2010, "0-1"), (1700, "1-0"), (2300, "0-1")]


def player(result: RatingResult, start_no: int = 1) -> PlayerChange:
    return next(p for p in result.players if p.start_no == start_no)


def data(text: str) -> object:
    return parse_player_data(text.encode(), "players.csv")


# ---------------------------------------------------------------- FIDE (F.8)


def test_f1_adult_k20_five_games() -> None:
    r = rating_changes(one_player(1850, "1990", F1), FIDE, explain=True)
    p = player(r)
    assert r.rules.edition.id == "fide-2025-10"
    assert (p.k, p.games, p.expected, p.change, p.new_rating) == (
        20, 5, Decimal("2.07"), Decimal("8.60"), 1859)
    assert [g.expected for g in p.lines] == [Decimal(x) for x in
                                            (".40", ".60", ".29", ".70", ".08")]
    assert [g.diff_used for g in p.lines] == [-70, 70, -160, 150, -400]
    assert p.lines[-1].diff == -450
    assert change_text(p, FIDE) == "8.60" and expected_text(p, FIDE) == "2.07"
    assert any(n.startswith("K 20 (default") for n in p.notes)


def test_f2_the_2025_amendment() -> None:
    r = rating_changes(one_player(2700, "1980", [(2200, "1-0")]), FIDE, explain=True)
    assert (player(r).k, player(r).change) == (10, Decimal("0.40"))
    assert player(r).lines[0].diff_used == 500
    assert (player(r, 2).k, player(r, 2).change) == (20, Decimal("-1.60"))
    before = rating_changes(one_player(2700, "1980", [(2200, "1-0")], start="2025-06-01"), FIDE)
    assert before.rules.edition.id == "fide-2024-03"
    assert player(before).change == Decimal("0.80")
    assert player(before, 2).change == Decimal("-1.60")


def test_f3_junior_k40_and_the_700_cap() -> None:
    t = one_player(1600, "2010", [(1600, "1-0")] * 12 + [(1600, "0-1")] * 6)
    p = player(rating_changes(t, FIDE))
    assert (p.k, p.expected, p.change, p.new_rating) == (38, Decimal("9.00"),
                                                          Decimal("114.00"), 1714)
    assert any("720 > 700: K 38" in n for n in p.notes)
    assert any(n.startswith("K 40: a junior") for n in p.notes)


def test_f4_first_rating_fides_own_case() -> None:
    t = one_player(None, "2000", [(1800, "1-0"), (1900, "1-0"), (1907, "1-0"),
                                  (1950, "0-1"), (1950, "0-1")])
    p = player(rating_changes(t, FIDE))
    assert (p.rating, p.k, p.expected, p.change, p.new_rating) == (None, None, None, None,
                                                                    1922)
    assert p.exact_rating is not None and round(p.exact_rating, 2) == Decimal("1922.43")
    assert "Ra = (9507 + 2 × 1800) / (5 + 2) = 1872.43" in p.summary
    assert "57 % → dp +50" in p.summary


def test_f5_below_the_floor() -> None:
    p = player(rating_changes(one_player(1405, "1980", [(1500, "0-1"), (1500, "0-1")]), FIDE))
    assert (p.change, p.new_rating) == (Decimal("-14.80"), None)
    assert any("1390 is below 1400: shown as unrated on the next list" in n for n in p.notes)


def test_f6_the_two_initial_rating_rules() -> None:
    games = [(1800, "1-0")] * 3 + [(1800, "=")] * 2
    assert player(rating_changes(one_player(None, "2000", games), FIDE)).new_rating == 1958
    old = rating_changes(one_player(None, "2000", games, start="2023-05-01"), FIDE)
    assert old.rules.edition.id == "fide-2022-01"
    assert player(old).new_rating == 1860


# ---------------------------------------------------------------- US Chess (U.9)

U1 = [(1400, "1-0"), (1500, "1-0"), (1600, "="), (1700, "0-1")]


@pytest.mark.parametrize(("rules", "change", "new"), [
    (None, "39.100", 1539), ("uscf-2023", "35.100", 1535), ("uscf-2017", "31.100", 1531)])
def test_u1_established_bonus_by_edition(rules: str | None, change: str, new: int) -> None:
    r = rating_changes(one_player(1500, "1980", U1, uscf=True), USCF, rules=rules, explain=True)
    p = player(r)
    assert r.rules.edition.id == (rules or "uscf-2025")
    assert (change_text(p, USCF), p.new_rating) == (change, new)
    assert k_text(p, USCF) == "38.8945"
    assert expected_text(p, USCF) == "1.7403"
    assert [round(g.expected, 6) for g in p.lines if g.expected is not None] == [
        Decimal("0.640065"), Decimal("0.5"), Decimal("0.359935"), Decimal("0.240253")]


def test_u2_provisional_special_formula() -> None:
    t = one_player(1400, "1980", [(1500, "1-0"), (1700, "0-1"), (1300, "=")], uscf=True)
    p = player(rating_changes(t, USCF, player_data=data("start_no,uscf_games\n1,4\n")))
    assert (p.k, change_text(p, USCF), p.new_rating) == (None, "42.857", 1443)
    assert p.exact_rating is not None
    assert abs(Fraction(p.exact_rating) - Fraction(10100, 7)) < Fraction(1, 10**25)


def test_u3_an_unrated_adult_wins_three_games() -> None:
    t = one_player(None, "", [(1400, "1-0"), (1500, "1-0"), (1600, "1-0")], uscf=True)
    r = rating_changes(t, USCF)
    p = player(r)
    assert (p.rating, p.change, p.new_rating) == (None, None, 2000)
    assert any("Step 3 estimate 1766.667" in n and "Step 4 intermediate rating 2000.000" in n
               for n in p.notes)
    assert any("nearest the prior rating 1300" in n for n in p.notes)
    assert [change_text(player(r, n), USCF) for n in (2, 3, 4)] == ["-1.510", "-2.424",
                                                                     "-3.801"]
    assert (player(r, 4).new_rating, k_text(player(r, 4), USCF)) == (1596, "41.8064")


def test_u4_a_floor_holds() -> None:
    games = [(1500, "0-1"), (1550, "0-1"), (1600, "0-1"), (1650, "0-1")]
    t = one_player(1620, "1980", games, uscf=True)
    p = player(rating_changes(t, USCF))
    assert (change_text(p, USCF), p.new_rating) == ("-80.101", 1540)
    assert expected_text(p, USCF) == "2.2512"
    held = player(rating_changes(t, USCF, player_data=data("start_no,uscf_peak\n1,1850\n")))
    assert (held.new_rating, change_text(held, USCF)) == (1600, "-20.000")
    assert any("held at the rating floor 1600" in n for n in held.notes)


def test_special_formula_within_400_is_the_linear_formula() -> None:
    # U.5: 1500 on 6 games, W v 1400, L v 1550, D v 1650 -> (9000 + 4600) / 9 = 1511.11
    t = one_player(1500, "1980", [(1400, "1-0"), (1550, "0-1"), (1650, "=")], uscf=True)
    p = player(rating_changes(t, USCF, player_data=data("start_no,uscf_games\n1,6\n")))
    assert p.new_rating == 1511
    assert p.exact_rating is not None
    assert abs(Fraction(p.exact_rating) - Fraction(13600, 9)) < Fraction(1, 10**25)


# ---------------------------------------------------------------- rules around them


def test_editions_by_date_and_forced() -> None:
    t = one_player(1850, "1990", F1, start=None)
    r = rating_changes(t, FIDE)
    assert r.rules.edition.id == "fide-2025-10" and "no date in the file" in r.rules.why
    early = rating_changes(one_player(1850, "1990", F1, start="2019-05-01"), FIDE)
    assert early.rules.edition.id == "fide-2022-01"
    assert "earlier rules are not modelled" in early.rules.why
    assert rating_changes(t, FIDE, rules="fide-2024-03").rules.edition.id == "fide-2024-03"
    with pytest.raises(RulesError, match="US Chess"):
        rating_changes(t, FIDE, rules="uscf-2025")
    us = rating_changes(one_player(1500, "", U1, uscf=True, start="2024-12-30",
                                   end="2025-01-02"), USCF)
    assert us.rules.edition.id == "uscf-2025" and "ended 2025-01-02" in us.rules.why


def test_2022_one_upgrade_only_in_the_game_of_the_greatest_difference() -> None:
    t = one_player(2300, "1980", [(1800, "1-0"), (1700, "1-0"), (1700, "1-0")],
                   start="2023-05-01")
    p = player(rating_changes(t, FIDE, explain=True))
    assert [g.diff_used for g in p.lines] == [500, 400, 600]  # first of the two 600s
    low = player(rating_changes(t, FIDE, explain=True), 3)
    assert low.lines[0].diff_used == -400  # the lower-rated side: every game


def test_unrated_opponents_forfeits_and_byes_do_not_count_for_fide() -> None:
    t = event([(1, 1800, "1980"), (2, None, "1980"), (3, 1700, "1980"), (4, 1900, "1980")],
              [(1, 1, 2, "1-0"), (2, 1, 3, "+-"), (3, 1, 4, "W-L"), (3, 2, 3, "=")],
              byes=[(2, 2, Outcome.HALF_BYE), (2, 4, Outcome.ZERO_BYE)])
    p = player(rating_changes(t, FIDE, explain=True))
    assert (p.games, p.change, p.new_rating) == (0, Decimal("0.00"), 1800)
    assert [g.why_not for g in p.lines] == [
        "opponent unrated: not counted (§8.3.1)", "forfeit win: not played (§5.1)",
        "won in less than one move: played, not rated (§5.1)"]
    assert len([n for n in p.notes if n.startswith("round ")]) == 3
    unrated = player(rating_changes(t, FIDE), 2)
    assert unrated.games == 2 and unrated.new_rating is None
    assert any("not rated yet: needs 3 more games against rated opponents" in n
               for n in unrated.notes)


def test_fide_k_from_player_data() -> None:
    t = one_player(1850, "1990", F1)
    given = player(rating_changes(t, FIDE, player_data=data("start_no,k\n1,40\n")))
    assert given.k == 40 and given.change == Decimal("17.20")
    new = player(rating_changes(t, FIDE, player_data=data("start_no,prior_games\n1,12\n")))
    assert new.k == 40
    was = player(rating_changes(t, FIDE, player_data=data("start_no,ever_2400\n1,yes\n")))
    assert was.k == 10
    period = player(rating_changes(t, FIDE, player_data=data(
        "start_no,k,period_games\n1,40,14\n")))
    assert period.k == 36  # 40 x 19 > 700: 700 // 19


def test_a_zero_score_gives_no_first_fide_rating() -> None:
    t = one_player(None, "2000", [(1800, "0-1")] * 5)
    p = player(rating_changes(t, FIDE))
    assert p.new_rating is None and any("§8.2.1" in n for n in p.notes)


def test_initial_rating_is_at_most_2200() -> None:
    t = one_player(None, "2000", [(2400, "1-0")] * 5)
    p = player(rating_changes(t, FIDE))
    assert p.new_rating == 2200 and any("maximum initial rating" in n for n in p.notes)


def test_us_age_based_start_rating() -> None:
    t = one_player(None, "2014/07/01", [(800, "=")], uscf=True, start="2026-07-01")
    p = player(rating_changes(t, USCF))
    assert any("start rating 600.0 (Step 1: born 2014-07-01; age 12.00" in n for n in p.notes)
    t2 = one_player(None, "2014", [(800, "=")], uscf=True, start="2026-07-01")
    assert any("year only: 1 July" in n for n in player(rating_changes(t2, USCF)).notes)


def test_us_file_ratings_used_when_none_is_a_us_chess_rating() -> None:
    t = one_player(1500, "1980", U1)  # FIDE ratings only
    r = rating_changes(t, USCF)
    assert any("used as US Chess ratings" in n for n in r.rules.notes)
    assert change_text(player(r), USCF) == "39.100"


def test_us_bonus_needs_three_games_and_no_opponent_thrice() -> None:
    t = event([(1, 1500, ""), (2, 1400, "")],
              [(1, 1, 2, "1-0"), (2, 2, 1, "0-1"), (3, 1, 2, "1-0")], uscf=True)
    p = player(rating_changes(t, USCF))
    assert not p.adjustments and any("met more than twice" in n for n in p.notes)


def test_us_bonus_allows_two_opponents_met_twice() -> None:
    t = event([(1, 1500, ""), (2, 1400, ""), (3, 1400, "")],
              [(1, 1, 2, "1-0"), (2, 1, 3, "1-0"), (3, 2, 1, "0-1"), (4, 3, 1, "0-1")],
              uscf=True)
    p = player(rating_changes(t, USCF))
    assert not any("met more than twice" in n for n in p.notes)
    assert any("B × √max(m, 4) = " in n for n in p.notes)  # the threshold was weighed


def test_us_dual_rated_k_above_2200() -> None:
    t = one_player(2300, "1980", U1[:3], uscf=True)
    plain = player(rating_changes(t, USCF))
    dual = player(rating_changes(t, USCF, dual_rated=True))
    assert plain.k is not None and dual.k is not None
    assert abs(Fraction(dual.k) - Fraction(plain.k) * Fraction(3, 4)) < Fraction(1, 10**30)
    assert any("dual-rated" in n for n in dual.notes)
