"""Money: based-on funds (§1.7) and the four rounding modes of a pool (§3.4)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from swisstb_io.prizes.model import Fund, FundMode, Rounding
from swisstb_io.prizes.money import fund_scale, money, plain, points_text, round_shares

CENT = F(1, 100)
THIRDS = [F(650, 3)] * 3


@pytest.mark.parametrize(("mode", "paid"), [
    (Rounding.UP, ["216.67"] * 3),
    (Rounding.DOWN, ["216.66"] * 3),
    (Rounding.HALF_UP, ["216.67"] * 3),
    (Rounding.EXACT_TOTAL, ["216.67", "216.67", "216.66"]),
])
def test_rounding_modes(mode: Rounding, paid: list[str]) -> None:
    assert round_shares(THIRDS, mode, CENT) == [F(x) for x in paid]


def test_exact_total_gives_spare_units_to_the_largest_fractions_then_by_rank() -> None:
    hort = [F(95, 3), F(65, 3), F(50, 3)]  # 31.67, 21.67, 16.67: 70 in all
    assert round_shares(hort, Rounding.EXACT_TOTAL, CENT) == [F("31.67"), F("21.67"),
                                                               F("16.66")]
    assert round_shares(hort, Rounding.UP, F(1)) == [32, 22, 17]
    # floors 0, 1/4, 1/2 leave one unit; the first two tie on 1/8: the better ranked gets it
    assert round_shares([F(1, 8), F(3, 8), F(1, 2)], Rounding.EXACT_TOTAL, F(1, 4)) == [
        F(1, 4), F(1, 4), F(1, 2)]


def test_whole_units_are_paid_as_they_are() -> None:
    for mode in Rounding:
        assert round_shares([F(536), F(817)], mode, CENT) == [536, 817]


def test_half_up_rounds_a_half_up() -> None:
    assert round_shares([F("0.125")], Rounding.HALF_UP, CENT) == [F("0.13")]
    assert plain(F("0.125"), 2) == "0.13" and plain(F("-0.125"), 2) == "-0.13"


@pytest.mark.parametrize(("total", "based_on", "entries", "factor"), [
    (2000, 125, 75, F(3, 5)),   # TJ-Q: $2000 b/125, 75 entries -> 60 %
    (1000, 50, 20, F(1, 2)),    # over $500: at least 50 %
    (450, 30, 10, F(1, 3)),     # not over $500: no floor
    (1000, 50, 80, F(1)),       # never above 100 %
])
def test_based_on(total: int, based_on: int, entries: int, factor: F) -> None:
    fund = Fund(mode=FundMode.BASED_ON, based_on=based_on)
    assert fund_scale(fund, F(total), entries).factor == factor
    assert fund_scale(Fund(), F(total), entries).factor == 1


def test_printing() -> None:
    assert money(F(126667, 100), "USD", CENT) == "$1,266.67"
    assert money(F(32), "EUR", F(1)) == "€32"
    assert money(F(5), "CHF", CENT) == "5.00 CHF"
    assert points_text(F(9, 2)) == "4½" and points_text(F(7)) == "7"
    assert points_text(F(1, 2)) == "½" and points_text(F(9, 4)) == "2.25"
