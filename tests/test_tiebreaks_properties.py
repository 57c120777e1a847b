"""Properties of the US Chess tie-breaks over random consistent tournaments (hypothesis)."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import consistent_tournaments

from swisstb_io.model import Color, Outcome, Player, Rating, RoundResult, Tournament
from swisstb_io.reports import ReportOptions, render
from swisstb_io.tiebreaks import CalcOptions, standings

PAIR_OUTCOMES = [
    (Outcome.WIN, Outcome.LOSS),
    (Outcome.LOSS, Outcome.WIN),
    (Outcome.DRAW, Outcome.DRAW),
    (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    (Outcome.DOUBLE_FORFEIT, Outcome.DOUBLE_FORFEIT),
    (Outcome.WIN_UNRATED, Outcome.LOSS_UNRATED),
]
ALONE = [Outcome.PAIRING_BYE, Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE,
         Outcome.NOT_PAIRED]
ALL_US = "MM,SOLK,MED,CUM,OPPCUM,KASH,BLK,USSB,AVGOPP,OPPPERF,RBT"


@st.composite
def tournaments(draw: st.DrawFn) -> Tournament:
    """A consistent Swiss-like event: every game has both sides; byes, forfeits, absences."""
    n = draw(st.integers(2, 10))
    rounds = draw(st.integers(1, 6))
    results: list[list[RoundResult]] = [[] for _ in range(n)]
    for _ in range(rounds):
        order = draw(st.permutations(range(n)))
        absent = set(draw(st.lists(st.sampled_from(range(n)), max_size=2)))
        present = [i for i in order if i not in absent]
        for i in absent:
            results[i].append(RoundResult(draw(st.sampled_from(ALONE))))
        for a, b in zip(present[::2], present[1::2], strict=False):
            oa, ob = draw(st.sampled_from(PAIR_OUTCOMES))
            played = oa.played
            white = Color.WHITE if played else Color.NONE
            black = Color.BLACK if played else Color.NONE
            results[a].append(RoundResult(oa, b + 1, white))
            results[b].append(RoundResult(ob, a + 1, black))
        if len(present) % 2:
            results[present[-1]].append(RoundResult(draw(st.sampled_from(ALONE))))
    ratings = draw(st.lists(st.one_of(st.none(), st.integers(800, 2800)),
                            min_size=n, max_size=n))
    players = tuple(
        Player(i + 1, f"P{i + 1}", tuple(results[i]),
               ratings=(Rating("USCF", ratings[i]),) if ratings[i] else ())
        for i in range(n)
    )
    total = rounds + draw(st.integers(0, 3))
    return Tournament(name="random", players=players, total_rounds=total)


def _renumber(t: Tournament, perm: list[int]) -> Tournament:
    """Start number k becomes perm[k - 1]; players listed in a new order too."""
    new = {k + 1: v for k, v in enumerate(perm)}

    def move(r: RoundResult) -> RoundResult:
        return replace(r, opponent=new[r.opponent]) if r.opponent is not None else r

    players = [replace(p, start_no=new[p.start_no], results=tuple(map(move, p.results)))
               for p in t.players]
    players.sort(key=lambda p: p.start_no)
    return replace(t, players=tuple(players))


@settings(max_examples=40, deadline=None)
@given(t=tournaments(), data=st.data())
def test_renumbering_changes_no_value(t: Tournament, data: st.DataObject) -> None:
    perm = data.draw(st.permutations(range(1, len(t.players) + 1)))
    before = standings(t, ALL_US)
    after = standings(_renumber(t, list(perm)), ALL_US)
    new = {k + 1: v for k, v in enumerate(perm)}
    got = {r.start_no: r for r in after.rows}
    for row in before.rows:
        other = got[new[row.start_no]]
        assert other.points == row.points
        assert other.place == row.place
        for key, value in row.values.items():
            if key != "RBT":  # a group system: only computed for tied players
                assert other.values[key].value == value.value, (key, row.start_no)
        assert other.last_place == row.last_place


@settings(max_examples=50, deadline=None)
@given(t=tournaments())
def test_median_family_inequalities(t: Tournament) -> None:
    res = standings(t, "MM,SOLK,MED")
    half = Fraction(res.context.n_rounds, 2)
    for row in res.rows:
        mm, solk, med = (row.values[k].value for k in ("MM", "SOLK", "MED"))
        assert mm is not None and solk is not None and med is not None
        assert 0 <= mm <= solk
        assert 0 <= med <= solk
        if row.points > half:
            assert med <= mm


@settings(max_examples=40, deadline=None)
@given(t=tournaments())
def test_explanations_add_up(t: Tournament) -> None:
    res = standings(t, "MM,SOLK,MED,KASH,BLK,USSB", CalcOptions(explain=True))
    for row in res.rows:
        for key in ("MM", "SOLK", "MED", "KASH", "BLK", "USSB"):
            tv = row.values[key]
            assert tv.explanation is not None
            kept = [r.value for r in tv.explanation.rows if not r.dropped and r.value is not None]
            assert sum(kept, Fraction(0)) == tv.value, (key, row.start_no)


@settings(max_examples=60, deadline=None)
@given(t=tournaments())
def test_standings_are_ordered_and_places_consistent(t: Tournament) -> None:
    res = standings(t, "uscf")
    rows = res.rows
    assert sorted(r.start_no for r in rows) == sorted(p.start_no for p in t.players)
    for a, b in itertools.pairwise(rows):
        assert a.points >= b.points
        assert a.place <= b.place
        if a.place == b.place:
            assert a.values == b.values or all(
                a.values[k].value == b.values[k].value for k in a.values)
            assert a.last_place == b.last_place
    for k, r in enumerate(rows):
        assert r.place == 1 + sum(1 for x in rows if x.place < r.place)
        assert r.last_place == r.place - 1 + sum(1 for x in rows if x.place == r.place)
        assert r.place <= k + 1 <= r.last_place


@settings(max_examples=25, deadline=None)
@given(t=consistent_tournaments())
def test_any_point_system_and_numbering(t: Tournament) -> None:
    """Shared strategy: arbitrary start numbers and point systems (win may be worth 0)."""
    res = standings(t, ALL_US + ",USSB[scores=raw]", CalcOptions(explain=True))
    half = res.context.win * res.context.n_rounds
    for row in res.rows:
        mm, solk, med = (row.values[k].value for k in ("MM", "SOLK", "MED"))
        assert mm is not None and solk is not None and med is not None
        assert 0 <= med <= solk and 0 <= mm <= solk
        if 2 * res.context.points[res.context.index[row.start_no]] > half:
            assert med <= mm
    doc = json.loads(render(res, "json", ReportOptions(source="x", explain=True)))
    assert [s["start_no"] for s in doc["standings"]] == [r.start_no for r in res.rows]
    assert render(res, "text").count(b"\n") >= len(res.rows)
