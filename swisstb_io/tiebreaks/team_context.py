"""The tie-break context of a team event: a team is a competitor.

A team event is ranked by the one engine: each team becomes a competitor of a
:class:`~.table.ScoreTable` whose rounds are its matches (:mod:`swisstb_io.teams`), scored
twice: in match points (MP) and in game points (GP).  :class:`TeamContext` is the context of
the primary score; ``ctx.mp`` and ``ctx.gp`` are the contexts of each score (one of them is
the team context itself), and a ``:MP`` / ``:GP`` spec runs any individual system (BH, FB,
SB, PS, WIN, STD, DE, ...) on that score (:meth:`TeamContext.for_spec`).  The draw and win
values the rules need are TD / TW for MP and D x boards / W x boards for GP (``teams.md``
§A.3.3); the 299 bonus lines enter each team's own score only, as for players.

A count on game points counts games: WIN, WON and STD on GP (the primary score when it is
GP, or a ``:GP`` suffix) run on :class:`GameContext`, whose rounds are the boards of every
match (the reference implementation counts them so; on MP they count matches).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from ..errors import TiebreakError
from ..model import Color, Outcome, Player, PointAdjustment, RoundResult, Tournament
from ..teams.kinds import Kind
from .context import CalcOptions, Context, Scoring
from .spec import Spec
from .table import ScoreTable
from .values import ExplainRow, num

if TYPE_CHECKING:  # the roll-up is loaded only for a team event (teams/kinds.py)
    from ..teams.matches import TeamEvent, TeamRound

_OUTCOME = {
    Kind.FORFEIT_WIN: Outcome.FORFEIT_WIN, Kind.FORFEIT_LOSS: Outcome.FORFEIT_LOSS,
    Kind.DOUBLE_FORFEIT: Outcome.DOUBLE_FORFEIT, Kind.PAB: Outcome.PAIRING_BYE,
    Kind.FPB: Outcome.FULL_BYE, Kind.HPB: Outcome.HALF_BYE, Kind.ZPB: Outcome.ZERO_BYE,
    Kind.ABSENT: Outcome.NOT_PAIRED,
}


def _result(row: TeamRound, event: TeamEvent) -> RoundResult:
    """A team's round as a competitor's :class:`~swisstb_io.model.RoundResult`."""
    if row.kind is not Kind.PLAYED:
        opp = row.opponent_no if row.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS,
                                               Kind.DOUBLE_FORFEIT) else None
        return RoundResult(_OUTCOME[row.kind], opp, row.color if opp else Color.NONE)
    assert row.opponent_no is not None
    theirs = event.rows[row.opponent_no][row.round - 1].mp
    outcome = (Outcome.WIN if row.mp > theirs else Outcome.LOSS if row.mp < theirs
               else Outcome.DRAW)
    if row.mp == theirs == event.match_points.loss:
        outcome = Outcome.LOSS  # 0-0: both lose
    return RoundResult(outcome, row.opponent_no, row.color)


def _scoring(values: Sequence[Sequence[Fraction]], extra: Sequence[Fraction],
             win: Fraction, draw: Fraction, loss: Fraction) -> Scoring:
    unit = math.lcm(*(v.denominator for row in values for v in row),
                    *(v.denominator for v in (*extra, win, draw, loss)))
    cells = tuple(tuple(int(v * unit) for v in row) for row in values)
    return Scoring(unit, int(win * unit), int(draw * unit), int(loss * unit), cells)


def _tournament(t: Tournament, event: TeamEvent, which: int) -> Tournament:
    """``t`` with the teams as its competitors (``which``: 1 = MP bonus lines, 2 = GP)."""
    players = []
    for team in event.teams:
        rows = event.rows[team.number]
        bonus = tuple(PointAdjustment(mp if which == 1 else gp, rnd)
                      for rnd, mp, gp in event.bonus.get(team.number, ())
                      if (mp if which == 1 else gp))
        players.append(Player(start_no=team.number, name=team.name,
                              results=tuple(_result(r, event) for r in rows), adjustments=bonus))
    return replace(t, players=tuple(players), teams=())


PER_GAME = frozenset({"WIN", "WON", "STD"})
"""Counts that count games, not matches, on game points."""


def _board_cells(row: TeamRound, event: TeamEvent) -> list[tuple[RoundResult, Fraction]]:
    """A team's round as one (result, game points) per board: the boards of a match as they
    were played (an empty board a 0 not paired), a round without boards (a bye, a match
    forfeited as a whole, a 299 override) its game points spread evenly over the boards."""
    n = event.boards
    opp = row.opponent_no
    if row.boards and sum(b.points for b in row.boards) == row.gp:
        cells = [(RoundResult(b.outcome, opp if b.opponent is not None else None,
                              b.color if b.opponent is not None else Color.NONE), b.points)
                 for b in row.boards[:n]]
        return cells + [(RoundResult(Outcome.NOT_PAIRED), Fraction(0))] * (n - len(cells))
    each = row.gp / n
    if row.kind is Kind.PLAYED:
        outcome = (Outcome.WIN if each == event.game_win else Outcome.DRAW
                   if each == event.game_draw else Outcome.LOSS)
    else:
        outcome = _OUTCOME[row.kind]
    return [(RoundResult(outcome, opp if outcome.has_opponent else None), each)] * n


class GameContext(Context):
    """A team event's game points with one round per board of every match (round r's
    boards 1..n are rounds (r-1)n+1..rn of the table), for counts that count games."""

    def __init__(self, t: Tournament, event: TeamEvent, options: CalcOptions | None) -> None:
        self.boards = event.boards
        players, values = [], []
        for team in event.teams:
            cells = [c for row in event.rows[team.number] for c in _board_cells(row, event)]
            players.append(Player(start_no=team.number, name=team.name,
                                  results=tuple(r for r, _ in cells)))
            values.append([v for _, v in cells])
        scoring = _scoring(values, (), event.game_win, event.game_draw, Fraction(0))
        super().__init__(replace(t, players=tuple(players), teams=(),
                                 total_rounds=event.rounds * event.boards), options, scoring)

    def explain_row(self, table: ScoreTable, i: int, rnd: int, value: Fraction | None,
                    note: str, opponent: int | None = None, dropped: str = "") -> ExplainRow:
        """The row of a board: its match's round, the board named in the note."""
        row = super().explain_row(table, i, rnd, value, note, opponent, dropped)
        match_round, board = divmod(rnd - 1, self.boards)
        return row._replace(round=match_round + 1, note=f"board {board + 1}: {note}")


class TeamContext(Context):
    """The context of a team event's primary score, with both scores' contexts."""

    def __init__(self, t: Tournament, event: TeamEvent, primary: str = "MP",
                 options: CalcOptions | None = None, primary_reason: str = "") -> None:
        if primary not in ("MP", "GP"):
            raise TiebreakError(f"primary score {primary!r}: use MP or GP")
        mpts = event.match_points
        rows = [event.rows[team.number] for team in event.teams]
        bonus = [v for lines in event.bonus.values() for _, mp_, gp_ in lines
                 for v in (mp_, gp_)]
        mp = _scoring([[r.mp for r in rs] for rs in rows], bonus, mpts.win, mpts.draw,
                      mpts.loss)
        boards = event.boards
        gp = _scoring([[r.gp for r in rs] for rs in rows], bonus, event.game_win * boards,
                      event.game_draw * boards, Fraction(0))
        self.event = event
        self.primary = primary
        self.primary_reason = primary_reason or f"{primary} (as given)"
        """Why the primary score is what it is (explanations say it)."""
        self.secondary = "GP" if primary == "MP" else "MP"
        mine, other = (mp, gp) if primary == "MP" else (gp, mp)
        which = {"MP": 1, "GP": 2}
        super().__init__(_tournament(t, event, which[primary]), options, mine)
        self.other = Context(_tournament(t, event, which[self.secondary]), self.options,
                             other)

    @property
    def mp(self) -> Context:
        return self if self.primary == "MP" else self.other

    @property
    def gp(self) -> Context:
        return self if self.primary == "GP" else self.other

    def score(self, name: str) -> Context:
        """The context of score ``name`` (``"MP"`` or ``"GP"``)."""
        return self.mp if name == "MP" else self.gp

    def for_spec(self, spec: Spec) -> Context:
        score = spec.score or self.primary
        if score == "GP" and spec.code in PER_GAME:
            return self.games
        return self if score == self.primary else self.other

    def match_text(self, start_no: int, rnd: int) -> str:
        """Team ``start_no``'s round ``rnd`` for explanations: ``3-1 played``, ``PAB``."""
        row = self.event.rows[start_no][rnd - 1]
        if row.opponent_no is None:
            return f"{row.kind.value} ({num(row.mp)} MP, {num(row.gp)} GP)"
        theirs = self.event.rows[row.opponent_no][rnd - 1]
        return f"{num(row.gp)}-{num(theirs.gp)} {row.kind.value}"

    @functools.cached_property
    def games(self) -> GameContext:
        """The context whose rounds are the boards (:class:`GameContext`)."""
        return GameContext(self.tournament, self.event, self.options)


def team_context(ctx: Context, spec: Spec) -> TeamContext:
    """``ctx`` as a team context; a team tie-break on an individual event is an error."""
    if not isinstance(ctx, TeamContext):
        raise TiebreakError(f"{spec.key} is a team tie-break ({spec.system.rule}); this is "
                            "an individual event")
    return ctx
