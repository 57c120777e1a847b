"""Properties of the prize calculation on random standings and prize files (§6):

* cash paid never exceeds the fund, except by rounding up (at most one unit per sharer);
* one cash prize per player: a player is in one pool of an exclusivity pool, and a pool
  holds no more prizes than sharers;
* tied players' shares of one US pool are equal unless capped, and nobody gets more than
  the largest prize he is eligible for;
* renumbering the players (and shuffling the input) changes nothing;
* with ``sharing = "none"`` the player-major loop equals the prize-major loop.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from swisstb_io.prizes import Entrant, award, parse_prize_file
from swisstb_io.prizes.eligibility import ineligible
from swisstb_io.prizes.model import PrizeFile
from swisstb_io.prizes.prizelist import Prize, group_prizes


@st.composite
def field(draw: st.DrawFn) -> list[Entrant]:
    n = draw(st.integers(1, 9))
    points = sorted((Fraction(draw(st.integers(0, 10)), 2) for _ in range(n)), reverse=True)
    out = []
    for rank, pts in enumerate(points, 1):
        rating = draw(st.one_of(st.none(), st.integers(1300, 2300)))
        out.append(Entrant(rank, f"P{rank}", pts, rank,
                           ratings={"uscf": rating} if rating else {}))
    return out


@st.composite
def prize_text(draw: st.DrawFn, system: str) -> str:
    cash = sorted(draw(st.lists(st.integers(1, 60).map(lambda x: x * 10), min_size=1,
                                max_size=6)), reverse=True)
    lines = ['schema = "swisstb-prizes/1"', "[event]", f'system = "{system}"',
             'rating = "uscf"', f'rounding = "{draw(st.sampled_from(["up", "exact-total"]))}"']
    if system == "fide":
        lines.append(f'sharing = "{draw(st.sampled_from(["none", "equal", "hort"]))}"')
    elif draw(st.booleans()):
        lines += ["[limits]", f"unrated_max = {draw(st.integers(1, 30)) * 10}"]
    lines += ["[[group]]", 'id = "place"', 'kind = "place"', f"cash = {cash}"]
    if draw(st.booleans()):
        lines += ["[[group]]", 'id = "pts"', 'kind = "points"',
                  f"min_points = {draw(st.integers(1, 5))}", f"cash = [{draw(st.integers(1, 9))}]"]
    for k in range(draw(st.integers(0, 2))):
        below = draw(st.sampled_from([1600, 1800, 2000]))
        under = sorted(draw(st.lists(st.integers(1, 40).map(lambda x: x * 5), min_size=1,
                                     max_size=2)), reverse=True)
        lines += ["[[group]]", f'id = "u{k}"', 'kind = "under"', f"below = {below}",
                  f"cash = {under}"]
    return "\n".join(lines) + "\n"


def prizes_of(pf: PrizeFile) -> list[Prize]:
    return [p for g in pf.groups for p in group_prizes(g, Fraction(1), pf.event.unit)]


@settings(max_examples=150, deadline=None)
@given(field(), st.data())
def test_us_paid_within_fund_one_prize_each_equal_shares(
        people: list[Entrant], data: st.DataObject) -> None:
    pf = parse_prize_file(data.draw(prize_text("uscf")))
    r = award(people, pf)
    slack = sum(len(pool.shares) for pool in r.pools) * pf.event.unit
    assert r.paid <= r.owed + slack
    seen: set[int] = set()
    limited = pf.limits.unrated_max is not None
    for pool in r.pools:
        assert len(pool.prizes) <= len(pool.shares)
        if not limited:  # a limit holds money back or passes it down
            assert sum((s.exact for s in pool.shares), Fraction(0)) == pool.total
            free = {s.exact for s in pool.shares if not s.capped}
            assert len(free) <= 1 or pool.rule == "points"
        for s in pool.shares:
            if s.given_up:
                continue
            assert s.entrant.start_no not in seen
            seen.add(s.entrant.start_no)
            best = max(p.amount for p in prizes_of(pf)
                       if ineligible(s.entrant, p.group, pf.event) is None)
            assert s.exact <= best
            if limited and not s.entrant.ratings:
                assert s.exact <= (pf.limits.unrated_max or 0)
    assert {p.key for pool in r.pools for p in pool.prizes}.isdisjoint(
        {u.prize.key for u in r.unawarded if not u.item})


@settings(max_examples=150, deadline=None)
@given(field(), st.data())
def test_fide_paid_within_fund_and_one_prize_each(
        people: list[Entrant], data: st.DataObject) -> None:
    pf = parse_prize_file(data.draw(prize_text("fide")))
    r = award(people, pf)
    slack = sum(len(pool.shares) for pool in r.pools) * pf.event.unit
    assert r.paid <= r.owed + slack
    if pf.event.rounding_mode.value == "exact-total":
        assert r.paid <= r.owed
    holders = [s.entrant.start_no for pool in r.pools for s in pool.shares if not s.given_up]
    assert len(holders) == len(set(holders))


def _renumber(people: list[Entrant], shift: int, reverse: bool) -> list[Entrant]:
    out = [Entrant(e.start_no * 7 % 101 + shift, e.name, e.points, e.rank,
                   ratings=e.ratings) for e in people]
    return out[::-1] if reverse else out


def _by_name(people: list[Entrant], pf: PrizeFile) -> dict[str, tuple[Fraction, tuple[str, ...]]]:
    r = award(people, pf)
    return {e.name: (r.cash(e.start_no), tuple(a.prize.label for a in r.items_of(e.start_no)))
            for e in r.entrants}


@settings(max_examples=100, deadline=None)
@given(field(), st.data(), st.integers(0, 50), st.booleans())
def test_renumbering_changes_nothing(people: list[Entrant], data: st.DataObject, shift: int,
                                     reverse: bool) -> None:
    pf = parse_prize_file(data.draw(prize_text(data.draw(st.sampled_from(["uscf", "fide"])))))
    assert _by_name(people, pf) == _by_name(_renumber(people, shift, reverse), pf)


def prize_major(people: list[Entrant], pf: PrizeFile) -> dict[int, str]:
    """Each prize in value order to the best-ranked eligible player holding none yet."""
    holder: dict[int, str] = {}
    for p in sorted((p for p in prizes_of(pf) if p.group.id != "pts"), key=Prize.fide_order):
        for e in sorted(people, key=lambda x: x.rank):
            if e.start_no not in holder and ineligible(e, p.group, pf.event) is None:
                holder[e.start_no] = p.label
                break
    return holder


@settings(max_examples=150, deadline=None)
@given(field(), st.data())
def test_fide_without_sharing_player_major_equals_prize_major(
        people: list[Entrant], data: st.DataObject) -> None:
    text = data.draw(prize_text("fide"))
    text = text.replace('sharing = "equal"', 'sharing = "none"').replace(
        'sharing = "hort"', 'sharing = "none"')
    pf = parse_prize_file(text)
    r = award(people, pf)
    player_major = {s.entrant.start_no: pool.prizes[0].label for pool in r.pools
                    for s in pool.shares if pool.rule != "points"}
    assert player_major == prize_major(people, pf)
