"""Properties of the rating-change estimates on generated events (hypothesis): swapping
two players' start numbers changes nothing but the numbers; each change is the sum of its
explanation's rows (the games' contributions and the parts that are no game's); the FIDE
change is K x (score - expected); an estimate without its explanation lines is the same
estimate."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import consistent_tournaments

from swisstb_io.model import Outcome, Player, Rating, RoundResult, Tournament
from swisstb_io.rating_change import PlayerChange, RatingSystem, rating_changes
from swisstb_io.rating_change.explain import explanation

SYSTEMS = st.sampled_from([RatingSystem.FIDE, RatingSystem.USCF])


def us_ratings(t: Tournament) -> Tournament:
    """The event with its ratings as US Chess ratings."""
    return replace(t, players=tuple(
        replace(p, ratings=(Rating("USCF", p.fide_rating),) if p.fide_rating else (),
                fide_rating=None) for p in t.players))


def swapped(t: Tournament, a: int, b: int) -> Tournament:
    """``t`` with players ``a`` and ``b`` renumbered (each takes the other's number)."""
    def number(n: int | None) -> int | None:
        return b if n == a else a if n == b else n

    def player(p: Player) -> Player:
        results = tuple(RoundResult(r.outcome, number(r.opponent), r.color) for r in p.results)
        start_no = number(p.start_no)
        assert start_no is not None
        return replace(p, start_no=start_no, results=results)

    return replace(t, players=tuple(player(p) for p in t.players))


def figures(p: PlayerChange) -> tuple[object, ...]:
    """Everything about a player's estimate that is not a start number."""
    lines = tuple(g._replace(opponent=None) for g in p.lines)
    return (p.name, p.rating, p.k, p.games, p.score, p.expected, p.change, p.new_rating,
            p.performance, p.formula, lines, p.adjustments, p.exact_rating, len(p.notes))


@settings(max_examples=60, deadline=None)
@given(consistent_tournaments(max_players=8, max_rounds=5, teams=False), SYSTEMS, st.data())
def test_swapping_two_start_numbers_changes_nothing_but_the_numbers(
        t: Tournament, system: RatingSystem, data: st.DataObject) -> None:
    if len(t.players) < 2:
        return
    if system is RatingSystem.USCF:
        t = us_ratings(t)
    a, b = data.draw(st.sampled_from([p.start_no for p in t.players]).flatmap(
        lambda x: st.tuples(st.just(x), st.sampled_from(
            [p.start_no for p in t.players if p.start_no != x]))))
    before = {p.start_no: p for p in rating_changes(t, system, explain=True).players}
    after = {p.start_no: p for p in rating_changes(swapped(t, a, b), system, explain=True).players}
    moved = {a: b, b: a}
    for start_no, p in before.items():
        q = after[moved.get(start_no, start_no)]
        assert figures(p) == figures(q)
        assert [moved.get(g.opponent, g.opponent) for g in p.lines if g.opponent] == [
            g.opponent for g in q.lines if g.opponent]


@settings(max_examples=80, deadline=None)
@given(consistent_tournaments(max_players=10, max_rounds=6, teams=False), SYSTEMS)
def test_a_change_is_the_sum_of_its_contributions(t: Tournament, system: RatingSystem) -> None:
    if system is RatingSystem.USCF:
        t = us_ratings(t)
    result = rating_changes(t, system, explain=True)
    for p in result.players:
        rows = explanation(p, result).rows
        total = sum((r.value for r in rows if r.value is not None and not r.dropped),
                    Fraction(0))
        counted = [r for r in rows if r.round and not r.dropped]
        assert len(counted) == p.games
        if p.change is not None:
            assert total == Fraction(p.change), p
        elif system is RatingSystem.USCF and p.exact_rating is not None:
            assert p.start_rating is not None
            assert Fraction(p.start_rating) + total == Fraction(p.exact_rating)
        if system is RatingSystem.FIDE and p.change is not None:
            assert p.k is not None and p.expected is not None
            assert Fraction(p.change) == Fraction(p.k) * (p.score - Fraction(p.expected))


@settings(max_examples=40, deadline=None)
@given(consistent_tournaments(max_players=10, max_rounds=6, teams=False), SYSTEMS)
def test_every_player_gets_one_estimate_with_a_reason_for_every_round_left_out(
        t: Tournament, system: RatingSystem) -> None:
    if system is RatingSystem.USCF:
        t = us_ratings(t)
    result = rating_changes(t, system, explain=True)
    assert [p.start_no for p in result.players] == sorted(p.start_no for p in t.players)
    for p in result.players:
        for g in p.lines:
            assert g.counted or g.why_not
        left_out = [g for g in p.lines if not g.counted]
        assert len([n for n in p.notes if n.startswith("round ")]) == len(left_out)
        if p.new_rating is not None and system is RatingSystem.USCF:
            assert p.new_rating >= 100


@settings(max_examples=40, deadline=None)
@given(consistent_tournaments(max_players=10, max_rounds=6, teams=False), SYSTEMS,
       st.booleans())
def test_without_explain_only_the_lines_are_left_out(t: Tournament, system: RatingSystem,
                                                     dual: bool) -> None:
    if system is RatingSystem.USCF:
        t = us_ratings(t)
    plain = rating_changes(t, system, dual_rated=dual)
    explained = rating_changes(t, system, dual_rated=dual, explain=True)
    assert not plain.explained and explained.explained
    assert all(p.lines == () for p in plain.players)
    assert [p._replace(lines=()) for p in explained.players] == list(plain.players)
    paired = {p.start_no: sum(r.outcome is not Outcome.NOT_PAIRED
                              for r in p.results[:t.rounds_paired]) for p in t.players}
    assert {p.start_no: len(p.lines) for p in explained.players} == paired
    if plain.players:
        with pytest.raises(ValueError, match="explain=True"):
            explanation(plain.players[0], plain)
