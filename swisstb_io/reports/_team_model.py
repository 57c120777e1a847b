"""The team part of the neutral report table: what every backend prints for a team event.

A team event's report is the individual :class:`~._model.Report` of its board players with
a :class:`TeamTable` in :attr:`~._model.Report.teams`: the team standings (one
:class:`TeamRow` per team, its values as :class:`~._model.Cell` like a player's), the team
crosstable (:class:`TeamCrossRow`, cells such as ``8w2½``, ``6+F``, ``PAB``) and every match
board by board (:class:`MatchCard`).  :func:`._team_table.build_teams` makes it from the team
standings; nothing here knows about an output format.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import NamedTuple

from ._labels import ReportError
from ._model import Column, Row
from ._options import View


class TeamRow(NamedTuple):
    """One team's line of the team standings.

    ``row`` is a :class:`~._model.Row` like a player's: its ``start_no`` is the team number
    (310 TPN), ``points`` the primary score (with 299 bonus lines), ``rating`` ``None``,
    ``cells`` the team tie-break values."""

    row: Row
    match_points: Decimal
    mp_text: str
    game_points: Decimal
    gp_text: str
    members: tuple[int, ...]
    """The team's players (start numbers), in board order (310)."""


class TeamCrossRow(NamedTuple):
    """One team's line of the team crosstable (one item per round in each tuple)."""

    team_no: int
    name: str
    cells: tuple[str, ...]
    """``8w2½`` (opponent, colour, game points), ``6+F`` / ``6-F`` (forfeited match),
    ``PAB``, ``FPB``, ``HPB``, ``ZPB``, ``-`` (absent)."""
    matches: tuple[str | None, ...]
    """The :attr:`MatchCard.key` of each round's match, ``None`` for a bye or absence."""
    mp_text: str
    gp_text: str


class BoardLine(NamedTuple):
    """One board of a match: the players (start numbers, ``None`` = empty board) and the
    result from the white team's side (``1-0``, ``½-½``, ``0-1``, ``+-``, ``-+``, ``--``)."""

    board: int
    white: int | None
    black: int | None
    result: str


class MatchCard(NamedTuple):
    """One match (or team bye: ``black_team`` ``None``) with its boards."""

    round: int
    white_team: int
    black_team: int | None
    kind: str
    """``played``, ``forfeit-win``, ``forfeit-loss``, ``double-forfeit`` or a bye kind (the
    white team's side)."""
    result: str | None
    """``W`` / ``D`` / ``L`` for the white team; ``None`` for a bye."""
    mp: tuple[Decimal, ...]
    """``(white, black)``, one item for a bye."""
    gp: tuple[Decimal, ...]
    boards: tuple[BoardLine, ...]

    @property
    def key(self) -> str:
        """``m3-8-1``: round, white team, black team (the HTML anchor of the match)."""
        return f"m{self.round}-{self.white_team}-{self.black_team or 0}"


class TeamTable(NamedTuple):
    """The team part of a report (module docstring)."""

    view: View
    header: tuple[tuple[str, str], ...]
    """Event facts as ``(label, value)``: teams, boards, primary score, match points."""
    summary: str
    """``14 teams, 4 boards, 7 rounds; match points primary (192 …); TW 2 TD 1 TL 0``."""
    reasons: tuple[str, ...]
    """The rule edition and the Swiss / round-robin decision, with why."""
    chain_text: str
    chain_origin: str
    """``given``, ``declared`` or ``default``."""
    notes: tuple[str, ...]
    """The roll-up's notes (a PAB without 320, 299 defaults)."""
    columns: tuple[Column, ...]
    rows: tuple[TeamRow, ...]
    crosstable: tuple[TeamCrossRow, ...] | None
    """By team number; ``None`` when the table was built without it (JSON and CSV do not
    print it; see :meth:`crosstable_rows`)."""
    matches: tuple[MatchCard, ...]
    """Round by round, white team's number order."""
    rounds: int
    boards: int
    primary: str
    """``MP`` or ``GP``."""
    primary_reason: str
    names: Mapping[int, str]
    """Team names by number."""
    players: Mapping[int, str]
    """Board players' names by start number (the match cards)."""
    explained: bool

    def crosstable_rows(self) -> tuple[TeamCrossRow, ...]:
        """:attr:`crosstable`; a :class:`~._labels.ReportError` if the table was built
        without it."""
        if self.crosstable is None:
            raise ReportError("this team table was built without the team crosstable; "
                              "build it with crosstable=True")
        return self.crosstable

    @property
    def individual(self) -> bool:
        """Whether the board players' standings follow (``--view both``)."""
        return self.view is View.BOTH
