"""Team events: team rounds rolled up from board results, and team standings.

:func:`team_event` derives every team's rounds (:mod:`.matches`, whose docstring states the
roll-up rules) from the TRF-2026 team records (:mod:`.records`); the team standings rank the
teams with the one tie-break engine (:mod:`swisstb_io.tiebreaks`), a team being a
competitor of a team score table (:mod:`swisstb_io.tiebreaks.team_systems`).
"""

from __future__ import annotations

from .matches import (
    Board,
    Kind,
    TeamEntry,
    TeamEvent,
    TeamOptions,
    TeamRound,
    is_team_event,
    team_event,
)
from .records import MatchPoints, TeamRecords, read_records

__all__ = [
    "Board",
    "Kind",
    "MatchPoints",
    "TeamEntry",
    "TeamEvent",
    "TeamOptions",
    "TeamRecords",
    "TeamRound",
    "is_team_event",
    "read_records",
    "team_event",
]
