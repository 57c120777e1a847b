"""The competitor x round score table: the one input every tie-break system reads.

A *competitor* is whoever the standings rank (a player today; a team in a team event),
numbered by its start number; a *cell* is one competitor's round.  The table holds every
cell in one list per quantity, cell ``k = i * rounds + r`` for competitor index ``i`` and
round ``r`` (0-based), and the same data row by row (``rows(...)``).  Points are integers
in units of ``1 / unit`` of the point system (2 for 1-½-0), so sums are exact integers.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TypeVar

from ..errors import TiebreakError
from ..model import NOT_PAIRED, Color, Outcome, RoundResult

T = TypeVar("T")

_PAIRED = {o: o.has_opponent for o in Outcome}
"""Whether an outcome has an opponent (bye and absence: none), looked up once per cell."""
_PLAYED = {o: o.played for o in Outcome}

Competitor = tuple[int, Sequence[RoundResult]]
"""(start number, results by round) of one competitor."""


class ScoreTable:
    """Every cell of every competitor over ``rounds`` rounds (missing rounds: not paired,
    rounds beyond ``rounds`` left out).

    * ``outcome[k]``, ``color[k]``, ``pts[k]`` (units: the outcome's points, or the
      ``cell_points`` given per competitor and round, e.g. a team's game points);
    * ``opp[k]``: the opponent's index, ``-1`` without one (byes, absences), also set for
      forfeits (the scheduled opponent);
    * ``played[k]``: a game played over the board (it has an opponent);
    * ``unplayed``: the cells without a game over the board, in order.
    """

    def __init__(self, competitors: Sequence[Competitor], rounds: int,
                 points: Mapping[Outcome, int],
                 cell_points: Sequence[Sequence[int]] | None = None) -> None:
        self.start_nos: tuple[int, ...] = tuple(sn for sn, _ in competitors)
        self.index: dict[int, int] = {sn: i for i, sn in enumerate(self.start_nos)}
        if len(self.index) != len(self.start_nos):
            twice = next(sn for k, sn in enumerate(self.start_nos)
                         if sn in self.start_nos[:k])
            raise TiebreakError(f"two players have start number {twice}")
        self.rounds = rounds
        cells: list[RoundResult] = []
        for _, results in competitors:
            cells.extend(results[:rounds])
            cells.extend([NOT_PAIRED] * (rounds - len(results)))
        self.cells = cells
        self.outcome: list[Outcome] = [c.outcome for c in cells]
        self.pts: list[int] = [points[o] for o in self.outcome]
        if cell_points is not None:  # a score that is not a function of the outcome
            self.pts = [p for row in cell_points
                        for p in (*row[:rounds], *[0] * (rounds - len(row)))]
        index = self.index
        self.opp: list[int] = [index.get(c.opponent, -2) if _PAIRED[o] and c.opponent is not None
                               else -1 for c, o in zip(cells, self.outcome, strict=True)]
        if -2 in self.opp:
            k = self.opp.index(-2)
            raise TiebreakError(
                f"player {self.start_nos[k // rounds]}, round {k % rounds + 1}: opponent "
                f"{cells[k].opponent} is not in the tournament"
            )
        self.played: list[bool] = [_PLAYED[o] and j >= 0
                                   for o, j in zip(self.outcome, self.opp, strict=True)]
        self.unplayed: list[int] = [k for k, played in enumerate(self.played) if not played]

    def __len__(self) -> int:
        return len(self.start_nos)

    @functools.cached_property
    def color(self) -> list[Color]:
        return [c.color for c in self.cells]

    def row_starts(self) -> range:
        """The first cell of each competitor's row."""
        return range(0, len(self.cells), self.rounds) if self.rounds else range(len(self))

    def rows(self, flat: list[T]) -> list[list[T]]:
        """``flat`` (one item per cell) cut into one row per competitor."""
        nr = self.rounds
        return [flat[k:k + nr] for k in self.row_starts()]

    def row_sums(self, flat: Sequence[int]) -> list[int]:
        """The sum of ``flat`` (one number per cell) over each competitor's row."""
        nr = self.rounds
        return [sum(flat[k:k + nr]) for k in self.row_starts()]

    @functools.cached_property
    def totals(self) -> list[int]:
        """Each competitor's points over the table's rounds, in units (no adjustments)."""
        return self.row_sums(self.pts)
