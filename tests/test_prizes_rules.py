"""The prize options beyond the worked examples: unrated limits (§3.1 step 8), points
prizes (33E), special and team prizes, withdrawals (32C1), ``min_eligible``, FIDE
``on_vacate = "lapse"`` and ``share_beyond_last``, items that follow cash (33D2a)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

from swisstb_io import load
from swisstb_io.prizes import Entrant, PrizeResult, award, parse_prize_file, prize_list
from swisstb_io.prizes.model import OnVacate

US = 'schema = "swisstb-prizes/1"\n[event]\ncurrency = "USD"\nrating = "uscf"\n'
FIDE = 'schema = "swisstb-prizes/1"\n[event]\nsystem = "fide"\nrating = "fide"\n'


def people(*rows: tuple[str, int | None, float], rating: str = "uscf",
           **extra: dict[str, object]) -> list[Entrant]:
    out = []
    for rank, (name, r, pts) in enumerate(rows, 1):
        fields = extra.get(name, {})
        out.append(Entrant(rank, name, Fraction(str(pts)), rank,
                           ratings={rating: r} if r else {}, **fields))  # type: ignore[arg-type]
    return out


def cash(r: PrizeResult) -> dict[str, Fraction]:
    return {e.name: r.cash(e.start_no) for e in r.entrants if r.cash(e.start_no)}


def test_unrated_limit_excess_to_the_others_then_the_next_score_group() -> None:
    pf = parse_prize_file(US + "[limits]\nunrated_max = 300\n"
                          '[[group]]\nid = "place"\nkind = "place"\ncash = [1000, 600]\n')
    r = award(people(("X", 2000, 5), ("Unr", None, 5), ("Next", 1900, 4)), pf)
    # 1600 / 2 = 800 each; Unr limited to 300; X up to what he would win alone (1000);
    # the remaining 300 is the remainder of 2nd place, for the next score group.
    assert cash(r) == {"X": 1000, "Unr": 300, "Next": 300}
    assert any("remainder of 2nd place" in line for line in r.explanations)


def test_unrated_limit_withheld() -> None:
    pf = parse_prize_file(US + '[limits]\nunrated_max = 300\nexcess = "withhold"\n'
                          '[[group]]\nid = "place"\nkind = "place"\ncash = [1000, 600]\n')
    r = award(people(("X", 2000, 5), ("Unr", None, 5), ("Next", 1900, 4)), pf)
    assert cash(r) == {"X": 1000, "Unr": 300}
    assert r.owed - r.paid == 300
    assert any(o.name == "limits.excess" and o.value == "withhold" for o in r.options)


def test_points_prize_takes_the_larger_and_the_given_up_cash_is_not_resplit() -> None:
    pf = parse_prize_file(US + '[[group]]\nid = "place"\nkind = "place"\ncash = [100, 10]\n'
                          '[[group]]\nid = "four"\nkind = "points"\nmin_points = 4\ncash = [20]\n')
    r = award(people(("A", 2000, 5), ("B", 1900, 4), ("C", 1800, 4), ("D", 1700, 3)), pf)
    # B and C share 2nd ($5 each) but each takes the $20 points prize instead.
    assert cash(r) == {"A": 100, "B": 20, "C": 20}
    given_up = [s for pool in r.pools for s in pool.shares if s.given_up]
    assert [s.entrant.name for s in given_up] == ["B", "C"]


def test_special_prize_stacks() -> None:
    pf = parse_prize_file(US + '[[group]]\nid = "place"\nkind = "place"\ncash = [100]\n'
                          '[[group]]\nid = "brilliancy"\nkind = "special"\ncash = [25]\n'
                          'award_to = ["A"]\n')
    r = award(people(("A", 2000, 5), ("B", 1900, 4)), pf)
    assert cash(r) == {"A": 125}


def test_special_prize_naming_nobody_is_not_awarded() -> None:
    pf = parse_prize_file(US + '[[group]]\nid = "best"\nkind = "special"\ncash = [25]\n'
                          "award_to = [99]\n")
    r = award(people(("A", 2000, 5)), pf)
    assert [u.reason for u in r.unawarded] == ["award_to names no player 99"]


def test_withdrawn_player_wins_nothing_unless_eligible() -> None:
    text = US + '[[group]]\nid = "place"\nkind = "place"\ncash = [100, 50]\n'
    field = people(("Gone", 2000, 5), ("Stay", 1900, 4))
    field[0] = Entrant(1, "Gone", Fraction(5), 1, ratings={"uscf": 2000}, withdrawn=True)
    assert cash(award(field, parse_prize_file(text))) == {"Stay": 100}
    text = text.replace('rating = "uscf"', 'rating = "uscf"\nwithdrawn_eligible = true')
    assert cash(award(field, parse_prize_file(text))) == {"Gone": 100, "Stay": 50}


def test_min_eligible() -> None:
    pf = parse_prize_file(US + '[[group]]\nid = "u1600"\nkind = "under"\nbelow = 1600\n'
                          "cash = [50]\nmin_eligible = 2\n")
    r = award(people(("A", 1500, 3), ("B", 1700, 2)), pf)
    assert cash(r) == {}
    assert "min_eligible" in r.unawarded[0].reason


def test_team_prize_ties_share_and_need_enough_members() -> None:
    pf = parse_prize_file(US + '[[group]]\nid = "team"\nkind = "team"\ncount = 2\n'
                          'cash = [100, 50]\nitems = ["Team cup"]\n')
    teams = {"A": {"fields": {"team": "X"}}, "B": {"fields": {"team": "Y"}},
             "C": {"fields": {"team": "Y"}}, "D": {"fields": {"team": "X"}},
             "E": {"fields": {"team": "Z"}}}
    field = people(("A", 2000, 4), ("B", 1900, 3.5), ("C", 1800, 2.5), ("D", 1700, 2), **teams)
    field.append(Entrant(5, "E", Fraction(9), 5, fields={"team": "Z"}))
    r = award(field, pf)
    assert [(t.team, t.score, t.paid, t.item) for t in r.teams] == [
        ("X", 6, 75, "Team cup"), ("Y", 6, 75, "")]
    assert any("Team Z: 1 member(s)" in line for line in r.explanations)


def test_fide_lapse_prize_whose_best_candidate_took_more() -> None:
    pf = parse_prize_file(FIDE + '[[group]]\nid = "main"\nkind = "place"\ncash = [100, 50]\n'
                          '[[group]]\nid = "women"\nkind = "criteria"\nsex = "F"\n'
                          'cash = [30]\non_vacate = "lapse"\n')
    field = people(("Anna", 2000, 5), ("Bob", 1900, 4), ("Cleo", 1800, 3), rating="fide")
    field = [Entrant(e.start_no, e.name, e.points, e.rank, ratings=e.ratings,
                     sex="M" if e.name == "Bob" else "F") for e in field]
    r = award(field, pf)
    assert cash(r) == {"Anna": 100, "Bob": 50}
    assert "lapsed" in r.unawarded[0].reason
    passing = replace(pf, groups=(pf.groups[0], replace(pf.groups[1], on_vacate=OnVacate.PASS)))
    r = award(field, passing)
    assert cash(r) == {"Anna": 100, "Bob": 50, "Cleo": 30}


def test_fide_equal_sharing_beyond_the_last_prize() -> None:
    text = FIDE + ('[[group]]\nid = "main"\nkind = "place"\ncash = [100, 50]\n'
                   'sharing = "equal"\n')
    field = people(("A", 2000, 5), ("B", 1900, 4), ("C", 1800, 4), rating="fide")
    assert cash(award(field, parse_prize_file(text))) == {"A": 100, "B": 25, "C": 25}
    off = text + "share_beyond_last = false\n"
    assert cash(award(field, parse_prize_file(off))) == {"A": 100, "B": 50}


def test_items_follow_cash_33d2a() -> None:
    text = US + ('[[group]]\nid = "place"\nkind = "place"\ncash = [100]\n'
                 '[[group]]\nid = "u1800"\nkind = "under"\nbelow = 1800\ncash = [300]\n'
                 'items = ["U1800 trophy"]\n')
    field = people(("Top", 2000, 5), ("Low1", 1700, 4), ("Low2", 1750, 3))
    # independent: the top-ranked U1800 player takes the trophy...
    r = award(field, parse_prize_file(text))
    assert [(a.prize.item, a.entrant.name) for a in r.items] == [("U1800 trophy", "Low1")]
    # ...and with items_follow_cash it goes with the $300 (Low1 wins it too, alone on 4).
    follow = text.replace('rating = "uscf"', 'rating = "uscf"\nitems_follow_cash = true')
    r = award(field, parse_prize_file(follow))
    assert [(a.prize.item, a.entrant.name, "cash" in a.why) for a in r.items] == [
        ("U1800 trophy", "Low1", True)]


def test_carve_out_option_is_named() -> None:
    text = US + '[[group]]\nid = "place"\nkind = "place"\ncash = [100]\n'
    r = award(people(("A", 2000, 5)), parse_prize_file(text))
    names = {o.name: (o.value, o.default) for o in r.options}
    assert names["carve_out"] == ("largest-gain", True)
    assert names["rule32b3"] == ("amended", True)


def test_one_cash_prize_per_player_unless_the_group_stacks() -> None:
    text = US + ('[[group]]\nid = "place"\nkind = "place"\ncash = [100, 50]\n'
                 '[[group]]\nid = "u1800"\nkind = "under"\nbelow = 1800\ncash = [80]\n')
    field = people(("Low", 1700, 5), ("High", 2000, 4), ("Other", 1600, 3))
    # exclusive: Low takes 1st ($100, more than U1800); U1800 passes down to Other.
    assert cash(award(field, parse_prize_file(text))) == {"Low": 100, "High": 50, "Other": 80}
    stacking = text + 'exclusive = ""\n'
    assert cash(award(field, parse_prize_file(stacking))) == {"Low": 180, "High": 50}
    own_pool = text + 'exclusive = "rating"\n'
    assert cash(award(field, parse_prize_file(own_pool))) == {"Low": 180, "High": 50}


def test_entrant_fields_from_an_event_file(tmp_path: Path) -> None:
    event = tmp_path / "e.csv"
    event.write_text(
        "# Tie-breaks: CUM\n"
        "Pair,Name,Rating,Sex,Born,Fed,Tags,Rd 1,Rd 2,Rd 3\n"
        '1,"House",2300,m,1970/01/01,USA,house,B,B,B\n'
        '2,"Kid",1500,w,2012,USA,"K-12, girls",B,B,H\n'
        '3,"Guest",1600,m,1990/05/05,CAN,,B,H,U\n'
        '4,"Left",1900,m,1980/01/01,USA,,B,B\n', encoding="utf-8")
    t = load(event).tournament
    text = US + ('[[group]]\nid = "place"\nkind = "place"\ncash = [100]\n'
                 '[[group]]\nid = "k12"\nkind = "criteria"\ntag = "K-12"\ncash = [30]\n'
                 '[[group]]\nid = "usa"\nkind = "criteria"\nfederation = "USA"\n'
                 "born_on_or_after = 2010-01-01\ncash = [20]\nexclusive = \"\"\n")
    r = prize_list(t, parse_prize_file(text))
    assert cash(r) == {"Kid": 120}  # 1st place, and the stacking USA junior bonus
    (k12,) = r.unawarded
    assert k12.prize.group.id == "k12" and "holds a larger" in k12.reason
    assert r.scale.entries == 3  # the house player does not count
    assert any("house player" in n for n in r.player_notes[1])
    assert any("did not complete" in n for n in r.player_notes[4])
    entrant = {e.name: e for e in r.entrants}["Kid"]
    assert entrant.sex == "F" and entrant.tags == {"k-12", "girls"}


def test_32b4_place_before_class_on_equal_amounts_f13188() -> None:
    """§1.4: with 3rd $100 and U2200 $100, two tied experts pool 2nd + 3rd, and the U2200
    prize drops to the next eligible player."""
    pf = parse_prize_file(US + '[[group]]\nid = "place"\nkind = "place"\ncash = [300, 200, 100]\n'
                          '[[group]]\nid = "u2200"\nkind = "under"\nbelow = 2200\ncash = [100]\n')
    r = award(people(("Top", 2400, 5), ("X1", 2100, 4), ("X2", 2050, 4), ("Next", 1900, 3)), pf)
    assert cash(r) == {"Top": 300, "X1": 150, "X2": 150, "Next": 100}
    assert [p.label for p in r.pools[1].prizes] == ["2nd place", "3rd place"]


def test_carve_out_largest_gain_or_file_order_when_two_exceptions_qualify() -> None:
    """§7.2 (unsourced): nested U2000 > U1800 sub-groups both gain by the 32B3 exception
    (no caps, 2014 text); the default takes the larger gain, file-order the first group."""
    text = US.replace('rating = "uscf"', 'rating = "uscf"\nrule32b3 = "2014"') + (
        '[[group]]\nid = "place"\nkind = "place"\ncash = [100]\n'
        '[[group]]\nid = "u1800"\nkind = "under"\nbelow = 1800\ncash = [500]\n'
        '[[group]]\nid = "u2000"\nkind = "under"\nbelow = 2000\ncash = [300]\n')
    field = people(("A", 2100, 4), ("B", 1900, 4), ("C", 1700, 4), ("D", 1750, 4))
    # the whole pool: 900 / 4 = 225 each; B, C, D alone on U2000 + U1800: 266.67 each
    # (gain 125); C, D alone on U1800: 250 each (gain 50)
    largest = award(field, parse_prize_file(text))
    assert cash(largest) == {"A": 100, "B": Fraction("266.67"), "C": Fraction("266.67"),
                             "D": Fraction("266.67")}
    first = award(field, parse_prize_file(text.replace(
        'rule32b3 = "2014"', 'rule32b3 = "2014"\ncarve_out = "file-order"')))
    # C, D take U1800; then A and B are solved again: B alone on U2000 beats half of
    # U2000 + 1st, another exception
    assert cash(first) == {"A": 100, "B": 300, "C": 250, "D": 250}
    assert [(o.value, o.default) for o in first.options if o.name == "carve_out"] == [
        ("file-order", False)]


def test_items_follow_cash_in_a_pool_one_each_in_ranking_order() -> None:
    text = US.replace('rating = "uscf"', 'rating = "uscf"\nitems_follow_cash = true') + (
        '[[group]]\nid = "place"\nkind = "place"\ncash = [300, 200]\n'
        'items = ["Gold", "Silver"]\n')
    r = award(people(("A", 2000, 4), ("B", 1900, 4)), parse_prize_file(text))
    assert cash(r) == {"A": 250, "B": 250}
    assert [(a.prize.item, a.entrant.name) for a in r.items] == [("Gold", "A"), ("Silver", "B")]


def test_fide_hort_beyond_the_last_prize_own_is_zero() -> None:
    text = FIDE + ('[[group]]\nid = "main"\nkind = "place"\ncash = [100, 50]\n'
                   'sharing = "hort"\nshare_beyond_last = true\n')
    field = people(("A", 2000, 5), ("B", 1900, 4), ("C", 1800, 4), rating="fide")
    r = award(field, parse_prize_file(text))
    assert cash(r) == {"A": 100, "B": Fraction("37.50"), "C": Fraction("12.50")}
    assert [(o.name, o.value, o.default) for o in r.options if "beyond" in o.name] == [
        ("main.share_beyond_last", "true", False)]


def test_two_limited_players_in_one_pool_stay_within_the_limit() -> None:
    pf = parse_prize_file(US + "[limits]\nunrated_max = 10\n"
                          '[[group]]\nid = "place"\nkind = "place"\ncash = [30]\n')
    r = award(people(("U1", None, 3), ("U2", None, 3)), pf)
    assert cash(r) == {"U1": 10, "U2": 10}
    (rest,) = r.unawarded
    assert rest.prize.amount == 10 and rest.prize.label == "remainder of 1st place"


def test_fide_a_player_beyond_two_last_prizes_joins_one_split() -> None:
    """Found by the property test: equal sharing of two groups, a third player tied with
    both holders joins only the more valuable group's split."""
    text = FIDE.replace('rating = "fide"', 'rating = "fide"\nsharing = "equal"') + (
        '[[group]]\nid = "place"\nkind = "place"\ncash = [10]\n'
        '[[group]]\nid = "u1600"\nkind = "under"\nbelow = 1600\ncash = [5]\n')
    field = people(("P1", None, 0), ("P2", 1300, 0), ("P3", 1300, 0), rating="fide")
    r = award(field, parse_prize_file(text))
    assert cash(r) == {"P1": 5, "P2": 5, "P3": 5}
    assert [[s.entrant.name for s in pool.shares] for pool in r.pools] == [["P1", "P3"], ["P2"]]
