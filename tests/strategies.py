"""Hypothesis strategies shared by the tests: ``consistent_tournaments()``.

A generated tournament is self-consistent: every game is on both players' lines with the
mirrored outcome and opposite colours, at most one pairing-allocated bye per round, the
declared points are what the results score under the tournament's point system (a sane
one: loss <= draw <= win, byes and forfeits in between; see ``point_systems()``), and
results never end with a bare NOT_PAIRED (trailing absences are implicit).  Two players
may meet more than once.  Text fields are stripped, one line, and fit TRF's columns, so
every format that can hold the fields should give the tournament back unchanged.
Usage (``tests/`` is on ``sys.path``)::

    from strategies import consistent_tournaments

    @given(consistent_tournaments())
    def test_something(t): ...
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from fractions import Fraction

from hypothesis import strategies as st

from swisstb_io.model import (
    MIRROR,
    Color,
    DateText,
    Outcome,
    Player,
    PointSystem,
    RoundResult,
    Team,
    Tournament,
)

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéèüöñçøåŠšĐđ"
_TEXT = _LETTERS + "0123456789 -.'"


def one_line_text(max_size: int, min_size: int = 1) -> st.SearchStrategy[str]:
    """Stripped single-line text of letters, digits, spaces and a little punctuation."""
    return (
        st.text(alphabet=_TEXT, min_size=min_size, max_size=max_size)
        .map(lambda s: " ".join(s.split()))
        .filter(lambda s: len(s) >= min_size)
    )


_names = st.builds(
    lambda last, first: f"{last}, {first}" if first else last,
    one_line_text(15),
    one_line_text(15, min_size=0),
)
_PAIRED = (
    Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.WIN_UNRATED, Outcome.DRAW_UNRATED,
    Outcome.LOSS_UNRATED, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT,
)
_ABSENT = (Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.NOT_PAIRED)
_tenths = st.integers(min_value=0, max_value=40).map(lambda n: Fraction(n, 10))


@st.composite
def point_systems(draw: st.DrawFn) -> PointSystem:
    """Sane point systems: loss <= draw <= win, every bye and forfeit worth between loss
    and win; often the default, sometimes one that TRF's 162 record cannot express."""
    kind = draw(st.integers(min_value=0, max_value=2))
    if kind == 0:
        return PointSystem()
    loss, draw_, win = sorted(draw(st.lists(_tenths, min_size=3, max_size=3)))
    between = st.integers(int(loss * 10), int(win * 10)).map(lambda n: Fraction(n, 10))
    if kind == 1:
        return PointSystem(win=win, draw=draw_, loss=loss, forfeit_win=win, forfeit_loss=loss,
                           pairing_bye=draw(st.sampled_from((win, draw_))), full_bye=win,
                           half_bye=draw_, zero_bye=loss)
    return PointSystem(win=win, draw=draw_, loss=loss, forfeit_win=draw(between),
                       forfeit_loss=draw(between), pairing_bye=draw(between),
                       full_bye=draw(between), half_bye=draw(between), zero_bye=draw(between))


_dates = st.dates(min_value=dt.date(1950, 1, 1), max_value=dt.date(2099, 12, 31))


@st.composite
def _rounds(draw: st.DrawFn, start_nos: list[int], n_rounds: int) -> dict[int, list[RoundResult]]:
    results: dict[int, list[RoundResult]] = {sn: [] for sn in start_nos}
    for _ in range(n_rounds):
        order = draw(st.permutations(start_nos))
        n_absent = draw(st.integers(min_value=0, max_value=len(order)))
        absent, present = order[:n_absent], order[n_absent:]
        if len(present) % 2:
            results[present[-1]].append(RoundResult(Outcome.PAIRING_BYE))
            present = present[:-1]
        for sn in absent:
            results[sn].append(RoundResult(draw(st.sampled_from(_ABSENT))))
        for a, b in zip(present[::2], present[1::2], strict=True):
            outcome = draw(st.sampled_from(_PAIRED))
            if outcome.played or draw(st.booleans()):
                ca = draw(st.sampled_from((Color.WHITE, Color.BLACK)))
                cb = ca.opposite()
            else:
                ca = cb = Color.NONE
            results[a].append(RoundResult(outcome, b, ca))
            results[b].append(RoundResult(MIRROR[outcome], a, cb))
    for seq in results.values():
        while seq and seq[-1].outcome is Outcome.NOT_PAIRED:
            seq.pop()
    return results


@st.composite
def consistent_tournaments(
    draw: st.DrawFn, max_players: int = 10, max_rounds: int = 6, teams: bool = True
) -> Tournament:
    """A self-consistent tournament (see the module docstring)."""
    n = draw(st.integers(min_value=1, max_value=max_players))
    start_nos = sorted(draw(st.sets(st.integers(min_value=1, max_value=9999),
                                    min_size=n, max_size=n)))
    n_rounds = draw(st.integers(min_value=0, max_value=max_rounds))
    results = draw(_rounds(start_nos, n_rounds))
    points = draw(point_systems())
    players = []
    for sn in start_nos:
        p = Player(
            start_no=sn,
            name=draw(_names),
            results=tuple(results[sn]),
            sex=draw(st.sampled_from(("", "m", "w"))),
            title=draw(st.sampled_from(("", "GM", "IM", "FM", "CM", "WGM", "WIM", "WFM"))),
            fide_rating=draw(st.none() | st.integers(min_value=1000, max_value=2900)),
            federation=draw(st.sampled_from(("", "NOR", "ESP", "IND", "USA"))),
            fide_id=draw(st.sampled_from(("", "1503014", "24116068", "100000001"))),
            birth=draw(st.sampled_from(("", "1990/01/31", "1975", "2004/00/00"))),
            declared_rank=draw(st.none() | st.integers(min_value=1, max_value=9999)),
        )
        players.append(replace(p, declared_points=p.points(points)))
    team_list: tuple[Team, ...] = ()
    if teams and draw(st.booleans()):
        k = draw(st.integers(min_value=1, max_value=min(3, n)))
        names = draw(st.lists(one_line_text(20), min_size=k, max_size=k, unique=True))
        team_list = tuple(
            Team(name, tuple(start_nos[i::k]), number=i + 1) for i, name in enumerate(names)
        )
        team_of = {sn: team.name for team in team_list for sn in team.members}
        players = [replace(p, team=team_of[p.start_no]) for p in players]
    start = draw(st.none() | _dates)
    return Tournament(
        name=draw(one_line_text(40)),
        players=tuple(players),
        city=draw(one_line_text(20, min_size=0)),
        federation=draw(st.sampled_from(("", "NOR", "FID"))),
        start_date=None if start is None else DateText.from_date(start),
        end_date=None if start is None else DateText.from_date(start + dt.timedelta(days=2)),
        chief_arbiter=draw(one_line_text(30, min_size=0)),
        deputy_arbiters=tuple(draw(st.lists(one_line_text(20), max_size=2))),
        time_control=draw(one_line_text(20, min_size=0)),
        tournament_type=draw(st.sampled_from(("", "Individual: Swiss-System"))),
        pairing_system=draw(st.sampled_from(("", "FIDE_DUTCH_2025", "FIDE_ROUNDROBIN"))),
        total_rounds=draw(st.none() | st.integers(min_value=n_rounds, max_value=n_rounds + 3)),
        point_system=points,
        tiebreaks=draw(st.sampled_from(((), ("BH/C1", "BH", "SB"), ("DE", "WON")))),
        standings_order=draw(st.sampled_from(((), ("PTS", "BH/C1")))),
        teams=team_list,
    )
