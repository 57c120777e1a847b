"""Every worked example (§5) and test vector (§6, §1.9) of the prize notes, with the exact
amounts, through the same path as ``swisstb prizes``: the fixture event is read, ranked by
its declared tie-break, and the prize file's prizes are distributed."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from swisstb_io import load
from swisstb_io.prizes import PrizeResult, parse_prize_file, prize_list

HERE = Path(__file__).resolve().parent.parent / "fixtures" / "prizes"


def run(event: str, prizes: str | None = None, *edits: tuple[str, str]) -> PrizeResult:
    """Distribute ``prizes.toml`` (default: the event's name) over ``event.csv``; each edit
    replaces one piece of the prize file's text (it must be there)."""
    text = (HERE / f"{prizes or event}.toml").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    t = load(HERE / f"{event}.csv").tournament
    return prize_list(t, parse_prize_file(text, f"{prizes or event}.toml"))


def cash(result: PrizeResult) -> dict[str, Decimal]:
    """Paid cash by player name (players without cash left out)."""
    out = {}
    for e in result.entrants:
        amount = result.cash(e.start_no)
        if amount:
            out[e.name] = Decimal(amount.numerator) / Decimal(amount.denominator)
    return out


def items(result: PrizeResult) -> dict[str, str]:
    return {a.prize.item: a.entrant.name for a in result.items}


def d(text: str) -> Decimal:
    return Decimal(text)


# -- §5 Example 1 ----------------------------------------------------------------------------

def test_example1_pool_of_second_third_and_u1800() -> None:
    r = run("example1")
    assert cash(r) == {"A": d("500"), "B": d("216.67"), "C": d("216.67"), "D": d("216.67")}
    assert items(r) == {"1st place trophy": "A", "Top U1800 trophy": "D"}
    assert r.paid == Fraction("1150.01") and r.owed == 1150
    assert any("$650.00 pooled, $216.67 each (32B3)" in line for line in r.explanations)
    notes = dict(r.player_notes)
    assert any("unrated" in n for n in notes[6])  # F: unrated, not U1800


def test_example1_exact_total_gives_the_spare_cent_by_ranking() -> None:
    r = run("example1", None, ('rounding = "up"', 'rounding = "exact-total"'))
    assert cash(r) == {"A": d("500"), "B": d("216.67"), "C": d("216.67"), "D": d("216.66")}
    assert r.paid == 1150


@pytest.mark.parametrize(("u1800", "expected"), [
    ("250", {"A": d("500"), "B": d("250"), "C": d("250"), "D": d("250")}),
    ("400", {"A": d("500"), "B": d("250"), "C": d("250"), "D": d("400")}),
])
def test_example1_variations_of_the_u1800_amount(u1800: str, expected: dict[str, Decimal]) -> None:
    r = run("example1", None, ("cash = [150]", f"cash = [{u1800}]"))
    assert cash(r) == expected


def test_example1_u1800_400_is_the_32b3_exception() -> None:
    r = run("example1", None, ("cash = [150]", "cash = [400]"))
    assert any("32B3 exception" in line for line in r.explanations)


def test_example1_d_on_four_shares_u1800_with_e() -> None:
    r = run("example1_d4", "example1")
    assert cash(r) == {"A": d("500"), "B": d("250"), "C": d("250"), "D": d("75"),
                       "E": d("75")}


def test_example1_rule_2014_unchanged() -> None:
    r = run("example1", None, ('rounding = "up"', 'rounding = "up"\nrule32b3 = "2014"'))
    assert cash(r) == cash(run("example1"))


# -- §5 Example 2 (F-21917) ------------------------------------------------------------------

def test_example2_cap_of_the_rated_player() -> None:
    r = run("example2")
    third = d("1266.67")
    assert cash(r) == {"A": d("12000"), "B": d("3500"), "C": d("3500"), "D": d("3500"),
                       "E": d("1000"), "F": third, "G": third, "H": third}
    assert items(r) == {"Champion trophy": "A", "Top U1700 plaque": "F"}
    assert "not u1700: 1700 is not under 1700" in r.player_notes[3]
    assert any("E capped at $1,000.00" in line for line in r.explanations)


def test_example2_without_the_cap_2014() -> None:
    r = run("example2", None, ('rounding = "up"', 'rounding = "up"\nrule32b3 = "2014"'))
    assert [cash(r)[n] for n in "EFGH"] == [d("1200")] * 4


def test_example2_with_an_unrated_player_carves_out_u1700() -> None:
    r = run("example2_unrated", "example2")
    c = cash(r)
    assert [c[n] for n in "FGH"] == [d("1000")] * 3
    assert c["E"] == c["I"] == d("900")


# -- §5 Example 3: Hort, rating, women and team prizes ---------------------------------------

HORT_EXACT = {"A": d("95"), "B": d("85"), "C": d("60"), "D": d("31.67"), "E": d("21.67"),
              "F": d("16.66"), "G": d("30"), "I": d("15")}


def test_example3_hort_exact_total() -> None:
    r = run("example3")
    assert cash(r) == HORT_EXACT
    assert [(t.team, t.paid, t.score) for t in r.teams] == [("Nord", 60, Fraction(43, 2))]
    assert r.paid == r.owed == 415
    assert [(a.prize.label, a.entrant.name) for a in r.items] == [
        ("1st main", "A"), ("2nd main", "B"), ("3rd main", "C")]


def test_example3_hort_whole_units_rounded_up() -> None:
    r = run("example3", None, ('rounding = "exact-total"', 'rounding = "up"\nunit = 1'))
    c = cash(r)
    assert (c["D"], c["E"], c["F"]) == (d("32"), d("22"), d("17"))
    assert r.paid - r.owed == 1  # the Hort table's €71 against €70 [S:HORT]


def test_example3_equal_sharing() -> None:
    r = run("example3", None, ('sharing = "hort"', 'sharing = "equal"'))
    c = cash(r)
    assert (c["A"], c["B"]) == (d("90"), d("90"))
    assert (c["D"], c["E"], c["F"]) == (d("23.34"), d("23.33"), d("23.33"))


def test_example3_no_sharing() -> None:
    r = run("example3", None, ('sharing = "hort"', 'sharing = "none"'))
    c = cash(r)
    assert [c[n] for n in "ABCDEF"] == [d(x) for x in ("100", "80", "60", "40", "20", "10")]


# -- §6 more test vectors --------------------------------------------------------------------

def test_wintd_youth_shares_in_the_pool() -> None:
    c = cash(run("wintd_youth"))
    assert c == {n: d("162.50") for n in ("Adult A", "Adult B", "Youth C", "Adult D")}


def test_rulebook_example_1() -> None:
    assert cash(run("rulebook1")) == {"P1": d("150"), "P2": d("150"), "P3": d("25"),
                                      "P4": d("25"), "P5": d("25")}


def test_rulebook_example_2_classes() -> None:
    assert cash(run("rulebook2")) == {"M1": d("200"), "M2": d("200"), "M3": d("200"),
                                      "A": d("100"), "B": d("50")}


def test_rulebook_example_2_under_prizes() -> None:
    assert cash(run("rulebook2", "rulebook2_under")) == {
        "M1": d("200"), "M2": d("200"), "M3": d("200"), "A": d("75"), "B": d("75")}


def test_rulebook_example_3() -> None:
    assert cash(run("rulebook3")) == {"M1": d("225"), "M2": d("225"), "M3": d("100"),
                                      "A1": d("100"), "A2": d("100"), "B1": d("100"),
                                      "A3": d("50")}


def test_33d2_example_5_cash_and_trophies() -> None:
    r = run("d2_ex5")
    assert cash(r) == {"Low": d("80"), "Mid": d("75"), "High": d("75")}
    assert items(r) == {"U2200 trophy 1": "Low", "U2200 trophy 2": "Mid",
                        "U2000 trophy": "Late"}


def test_33d2_example_1_cash_and_trophies() -> None:
    r = run("d2_ex1")
    assert cash(r) == {"Top": d("200"), "Second": d("75"), "Third": d("75"),
                       "A-first": d("20"), "A-second": d("20")}
    assert items(r)["Class A trophy"] == "A-first"


def test_immitt_cap_and_the_next_score_group() -> None:
    r = run("immitt")
    c = cash(r)
    assert c["Master"] == d("536")
    assert [c[n] for n in ("U1", "U2", "U3")] == [d("817")] * 3
    assert [c[f"N{k}"] for k in range(1, 6)] == [d("46")] * 5


def test_immitt_without_the_cap_is_swisssys_8882() -> None:
    r = run("immitt", None, ('rating = "uscf"', 'rating = "uscf"\nrule32b3 = "2014"'))
    c = cash(r)
    assert [c[n] for n in ("Master", "U1", "U2", "U3")] == [d("746.75")] * 4


def test_f19463() -> None:
    c = cash(run("f19463"))
    assert c["C"] == d("500")
    assert [c[n] for n in ("U1", "U2", "U3")] == [d("766.67")] * 3


def test_yapdq_cap_is_the_tenth_place() -> None:
    r = run("yapdq")
    c = cash(r)
    assert [c[n] for n in ("R1", "R2", "R3")] == [d("600")] * 3
    assert [c[n] for n in ("U1", "U2", "U3")] == [d("666.67")] * 3
    assert [u.prize.label for u in r.unawarded] == ["15th place"]


def test_f17265_b_prize_to_the_next_b_player() -> None:
    assert cash(run("f17265")) == {"First": d("300"), "A-player": d("112.51"),
                                   "B-player": d("112.51"), "B-next": d("75")}


def test_f192_class_b_goes_into_the_pool_by_32b4() -> None:
    r = run("f192")
    assert cash(r) == {"B-player": d("26"), "C-player": d("26"), "C1": d("10"),
                       "C2": d("10")}
    assert "B-late" not in cash(r)
    (missing,) = r.unawarded
    assert missing.prize.group.id == "class-de" and "no eligible player" in missing.reason


def test_based_on_2000_b125_with_75_entries_pays_60_percent() -> None:
    r = run("ten", "based_on_2000")
    assert r.scale.factor == Fraction(3, 5)
    assert [p.amount for pool in r.pools for p in pool.prizes] == [600, 360, 240]


def test_based_on_450_b30_with_10_entries_pays_a_third() -> None:
    r = run("ten", "based_on_450")
    assert r.scale.entries == 10 and r.scale.factor == Fraction(1, 3)
    assert r.owed == 150
    assert "no 50 % floor" in r.scale.note


def test_based_on_1000_b50_with_10_entries_pays_the_50_percent_floor() -> None:
    r = run("ten", "based_on_1000")
    assert r.scale.factor == Fraction(1, 2)
    assert r.owed == 500


def test_guaranteed_group_under_a_based_on_fund() -> None:
    r = run("ten", "based_on_1000", ("based_on = 50", 'based_on = 50\nguaranteed = ["place"]'))
    assert r.owed == 1000
