"""Bonus and penalty points (Player.adjustments, TRF-2026 record 299) in the model, the TRF
reader and writer, the calculator and ``swisstb check``."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from pathlib import Path

import pytest

from swisstb_io.check import check_file
from swisstb_io.errors import TiebreakError, WriteError
from swisstb_io.model import Outcome, Player, PointAdjustment, PointSystem, RoundResult, Tournament
from swisstb_io.registry import ReadOptions, WriteOptions
from swisstb_io.tiebreaks import Context, standings
from swisstb_io.trf import read_trf, write_trf

TRF_DIR = Path(__file__).resolve().parent.parent / "fixtures" / "trf"
BONUS = "sharlybbp_indiv_299_bonus.trf"
PENALTY = "sharlybbp_indiv_299_penalty.trf"


def load(name: str) -> Tournament:
    return read_trf((TRF_DIR / name).read_bytes(), name, ReadOptions()).tournament


def without_adjustments(t: Tournament) -> Tournament:
    return dataclasses.replace(
        t, players=tuple(dataclasses.replace(p, adjustments=()) for p in t.players))


# --- model -----------------------------------------------------------------------------------


def test_player_points_include_adjustments_by_round() -> None:
    win, draw = RoundResult(Outcome.WIN, 2), RoundResult(Outcome.DRAW, 3)
    p = Player(1, "A", (win, draw, win), adjustments=(
        PointAdjustment(Fraction(-1, 2), 2, "late"), PointAdjustment(Fraction(3)),
    ))
    assert p.points() == Fraction(2) + Fraction(1, 2) - Fraction(1, 2) + 3
    assert p.points(upto_round=1) == 1  # the round-2 penalty is not there yet
    assert p.points(upto_round=2) == 1  # 1 + 1/2 - 1/2; the whole-event bonus only at the end
    assert p.points(upto_round=3) == Fraction(2)
    assert p.points(PointSystem(win=Fraction(3), draw=Fraction(1))) == 7 - Fraction(1, 2) + 3


# --- TRF reader ------------------------------------------------------------------------------


def test_blank_type_299_records_become_adjustments() -> None:
    bonus, penalty = load(BONUS), load(PENALTY)
    assert [p.adjustments for p in bonus.players] == [
        (), (), (), (PointAdjustment(Fraction(2), 1),), ()]
    assert [p.adjustments for p in penalty.players] == [
        (), (PointAdjustment(Fraction(-1, 2), 1),), (), (), ()]
    # the declared points column now agrees with the model's points
    for t in (bonus, penalty):
        assert [p.points(t.point_system) for p in t.players] == [
            p.declared_points for p in t.players]


def test_299_round_000_or_blank_is_the_whole_event_and_lists_several_players() -> None:
    text = ("012 X\n"
            "299           1.5  000    1    2\n"
            "299          -1.0         2\n"
            "299 W         1.0    1    1\n"  # typed: an abnormal result, not an adjustment
            "001    1      A                                                      2.5\n"
            "001    2      B                                                      0.5\n")
    t = read_trf(text.encode(), "t.trf", ReadOptions()).tournament
    assert t.players[0].adjustments == (PointAdjustment(Fraction(3, 2)),)
    assert t.players[1].adjustments == (PointAdjustment(Fraction(3, 2)),
                                        PointAdjustment(Fraction(-1)))


def test_299_with_a_bad_round_or_an_unknown_player_warns() -> None:
    text = ("012 X\n"
            "299           1.0  x1     1\n"
            "299           0.5         9\n"
            "001    1      A                                                      1.0\n")
    res = read_trf(text.encode(), "t.trf", ReadOptions())
    assert res.tournament.players[0].adjustments == (PointAdjustment(Fraction(1)),)
    assert [(d.code, str(d.location)) for d in res.diagnostics] == [
        ("trf-299-round", "t.trf:2:20"), ("trf-299-player", "t.trf:3:24")]
    assert "round 'x1' is not a number" in res.diagnostics[0].message
    assert "start number 9, which has no 001 record" in res.diagnostics[1].message


def test_team_events_keep_299_out_of_the_players() -> None:
    t = load("sharlybbp_team_299_all.trf")
    assert t.teams and all(p.adjustments == () for p in t.players)


# --- TRF writer ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [BONUS, PENALTY])
def test_299_files_are_written_back_byte_for_byte(name: str) -> None:
    data = (TRF_DIR / name).read_bytes()
    assert write_trf(load(name), WriteOptions()) == data


def test_changed_adjustments_are_refused_not_dropped() -> None:
    t = load(BONUS)
    changed = dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, adjustments=(PointAdjustment(Fraction(1)),))
        if p.start_no == 2 else p for p in t.players))
    with pytest.raises(WriteError, match=r"player 2: the point adjustments .* differ from the "
                       r"299 records"):
        write_trf(changed, WriteOptions())
    with pytest.raises(WriteError, match="player 4"):
        write_trf(without_adjustments(t), WriteOptions())


# --- calculator and standings ----------------------------------------------------------------


def test_bonus_fixture_ranks_with_the_bonus() -> None:
    res = standings(load(BONUS), ())
    assert [(r.place, r.start_no, r.points) for r in res.rows] == [
        (1, 4, 2), (2, 1, 1), (2, 3, 1), (2, 5, 1), (5, 2, 0)]


def test_penalty_fixture_ranks_with_the_penalty() -> None:
    res = standings(load(PENALTY), ())
    assert [(r.place, r.start_no, r.points) for r in res.rows] == [
        (1, 5, 1), (2, 1, Fraction(1, 2)), (2, 3, Fraction(1, 2)), (2, 4, Fraction(1, 2)),
        (5, 2, 0)]


def test_context_points_and_game_points() -> None:
    ctx = Context(load(BONUS))
    assert [ctx.frac(u) for u in ctx.points] == [1, 0, 1, 2, 1]
    assert [ctx.frac(u) for u in ctx.game_points] == [1, 0, 1, 0, 1]


@pytest.mark.parametrize("code", ["BH", "SB", "AOB", "USSB", "USSB[scores=raw]", "OPPCUM"])
def test_opponent_score_systems_ignore_adjustments(code: str) -> None:
    for name in (BONUS, PENALTY):
        t = load(name)
        with_adj = {r.start_no: r.values for r in standings(t, code).rows}
        plain = {r.start_no: r.values for r in standings(without_adjustments(t), code).rows}
        assert with_adj == plain, name


def test_an_adjustment_finer_than_the_point_system_is_a_clear_error() -> None:
    t = Tournament(players=(Player(1, "A", adjustments=(PointAdjustment(Fraction(1, 10)),)),))
    with pytest.raises(TiebreakError, match=r"player 1: adjustment of 1/10 points is not a "
                       r"multiple of 1/2 point"):
        Context(t)


def test_a_round_adjustment_counts_only_once_its_round_counts() -> None:
    win = RoundResult(Outcome.WIN, 2)
    loss = RoundResult(Outcome.LOSS, 1)
    t = Tournament(players=(
        Player(1, "A", (win,), adjustments=(PointAdjustment(Fraction(1), 2),)),
        Player(2, "B", (loss,), adjustments=(PointAdjustment(Fraction(1, 2)),)),
    ))
    ctx = Context(t)
    assert ctx.n_rounds == 1
    assert [ctx.frac(u) for u in ctx.points] == [1, Fraction(1, 2)]


# --- swisstb check ---------------------------------------------------------------------------


def test_check_ranks_the_299_fixtures_with_their_adjustments() -> None:
    # These bbpPairings fixtures fill the rank column with the start numbers, so ranks
    # still differ; what matters is that the places quoted include the bonus / penalty.
    bonus = {d.message for d in check_file(str(TRF_DIR / BONUS)).diagnostics}
    assert "player 4 (P4): declared rank 4, but swisstb ranks the player 1 by points " \
           "(no tie-breaks declared)" in bonus
    assert not any("points column" in m or "points-mismatch" in m for m in bonus)
    penalty = {d.message for d in check_file(str(TRF_DIR / PENALTY)).diagnostics}
    assert "player 2 (P2): declared rank 2, but swisstb ranks the player 5 by points " \
           "(no tie-breaks declared)" in penalty
    assert not any("points column" in m for m in penalty)
