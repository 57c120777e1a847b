"""The canonical model: outcome classes, point systems, player helpers."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace
from fractions import Fraction

import pytest

from swisstb_io.model import (
    MIRROR,
    Color,
    Outcome,
    Player,
    PointSystem,
    Rating,
    RoundResult,
    Tournament,
)


def test_every_outcome_with_an_opponent_has_a_mirror() -> None:
    for outcome in Outcome:
        if outcome.has_opponent and not outcome.name.startswith("INCONSISTENT"):
            assert MIRROR[MIRROR[outcome]] is outcome


def test_played_and_rated_classes() -> None:
    assert Outcome.WIN.played and Outcome.WIN.rated
    assert Outcome.WIN_UNRATED.played and not Outcome.WIN_UNRATED.rated
    assert not Outcome.FORFEIT_WIN.played and Outcome.FORFEIT_WIN.has_opponent
    assert Outcome.PAIRING_BYE.is_bye and not Outcome.PAIRING_BYE.has_opponent
    assert not Outcome.NOT_PAIRED.is_bye


def test_default_point_system_is_one_half_zero() -> None:
    ps = PointSystem()
    assert ps.points(Outcome.WIN) == 1
    assert ps.points(Outcome.DRAW_UNRATED) == Fraction(1, 2)
    assert ps.points(Outcome.PAIRING_BYE) == 1
    assert ps.points(Outcome.HALF_BYE) == Fraction(1, 2)
    assert ps.points(Outcome.DOUBLE_FORFEIT) == 0
    assert ps.points(Outcome.NOT_PAIRED) == 0
    assert ps.is_default


def test_three_one_zero_scoring_counts_points() -> None:
    ps = PointSystem(win=Fraction(3), draw=Fraction(1), pairing_bye=Fraction(3))
    p = Player(
        1,
        "A",
        (
            RoundResult(Outcome.WIN, 2, Color.WHITE),
            RoundResult(Outcome.DRAW, 3, Color.BLACK),
            RoundResult(Outcome.PAIRING_BYE),
        ),
    )
    assert p.points(ps) == 7
    assert p.points(ps, upto_round=2) == 4
    assert not ps.is_default


@pytest.mark.parametrize(("ps", "unit", "steps"), [
    (PointSystem(), 2, {Outcome.WIN: 2, Outcome.DRAW_UNRATED: 1, Outcome.HALF_BYE: 1,
                        Outcome.FORFEIT_WIN: 2, Outcome.NOT_PAIRED: 0}),
    (PointSystem(win=Fraction(3), draw=Fraction(1), pairing_bye=Fraction(3)), 2,
     {Outcome.WIN: 6, Outcome.DRAW: 2, Outcome.PAIRING_BYE: 6, Outcome.FULL_BYE: 2,
      Outcome.HALF_BYE: 1}),
    (PointSystem(win=Fraction(3), draw=Fraction(1), forfeit_win=Fraction(3),
                 pairing_bye=Fraction(3), full_bye=Fraction(3), half_bye=Fraction(1)), 1,
     {Outcome.WIN: 3, Outcome.DRAW: 1, Outcome.FORFEIT_DRAW: 1, Outcome.ZERO_BYE: 0}),
    (PointSystem(half_bye=Fraction(1, 4)), 4,
     {Outcome.WIN: 4, Outcome.DRAW: 2, Outcome.HALF_BYE: 1, Outcome.LOSS: 0}),
])
def test_point_units_give_every_outcome_in_whole_steps(
    ps: PointSystem, unit: int, steps: dict[Outcome, int]
) -> None:
    got = ps.units()
    assert got.unit == unit
    assert {o: got.points[o] for o in steps} == steps
    assert all(Fraction(got.points[o], unit) == ps.points(o) for o in Outcome)
    assert replace(ps).units() == got


def test_player_lookups() -> None:
    p = Player(
        5,
        "Beta, Berit",
        ratings=(Rating("USCF", 1850),),
        fide_rating=1900,
        national_ids=(("USCF", "12345678"),),
    )
    assert p.rating("fide") == 1900
    assert p.rating("uscf") == 1850
    assert p.rating("IND") is None
    assert p.national_id("uscf") == "12345678"
    assert p.result(3) == RoundResult(Outcome.NOT_PAIRED)


def test_models_are_frozen_and_replace_works() -> None:
    t = Tournament(name="Open", players=(Player(1, "A"),))
    with pytest.raises(FrozenInstanceError):
        t.name = "x"  # type: ignore[misc]
    t2 = replace(t, name="Closed")
    assert t.name == "Open" and t2.name == "Closed"


def test_rounds_and_round_robin_detection() -> None:
    p1 = Player(1, "A", (RoundResult(Outcome.WIN, 2, Color.WHITE), RoundResult(Outcome.NOT_PAIRED)))
    p2 = Player(2, "B", (RoundResult(Outcome.LOSS, 1, Color.BLACK),))
    t = Tournament(players=(p1, p2), total_rounds=5, pairing_system="FIDE_ROUNDROBIN")
    assert t.rounds == 5
    assert t.rounds_played == 1
    assert t.is_round_robin
    assert not replace(t, pairing_system="FIDE_DUTCH_2025").is_round_robin
    assert t.player(2) is p2
    with pytest.raises(KeyError):
        t.player(9)
